import type { Outline } from '../outline.ts';

/** The section's heading, then one heading a level below it per card (the cards are filled in by the build). */
export const outline: Outline<'collection-list'> = (section, { top }) => [
  { level: top, path: ['heading'] },
  ...(section.entries ?? []).map((_, i) => ({ level: top + 1, path: ['entries', i, 'title'] })),
];
