import type { SectionMeta } from '../meta-types.ts';

export const meta: SectionMeta<'page-hero'> = {
  // The opener most pages should have, so the first one HeadingOrder suggests.
  opensPage: { rank: 1 },
  backgrounds: ['image'],
};
