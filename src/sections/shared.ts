import { createContext, useContext } from 'react';
import type { PageModule } from '../../content/module-types.ts';

/** Shared content blocks a page includes (the hiring template), as the build attached them. */
export const SharedContext = createContext<PageModule['shared']>({});
export const useShared = () => useContext(SharedContext);
