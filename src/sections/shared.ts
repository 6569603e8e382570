/**
 * Shared content (content/shared/<name>.yaml) for the sections that draw on it. A section's schema
 * names what it uses (`usesShared`); the build attaches exactly that to each page that has such a
 * section, and the page puts it here. Sections read it with `useShared(name)`.
 */
import { createContext, useContext } from 'react';
import type { SharedContent, SharedName } from '../generated/schema-types.ts';

export const SharedContext = createContext<Partial<SharedContent>>({});

/** The shared content `name`, or undefined when the page was built without it. */
export function useShared<N extends SharedName>(name: N): SharedContent[N] | undefined {
  return useContext(SharedContext)[name];
}
