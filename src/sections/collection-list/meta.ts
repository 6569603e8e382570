import type { SectionMeta } from '../meta-types.ts';

export const meta: SectionMeta<'collection-list'> = {
  // The section's heading, then one heading a level below it per card (the cards are filled in by the build).
  outline: (section, { top }) => [
    { level: top, path: ['heading'] },
    ...(section.entries ?? []).map((_, i) => ({ level: top + 1, path: ['entries', i, 'title'] })),
  ],
  listing: 'entries',
};
