import type { SectionMeta } from '../meta-types.ts';

export const meta: SectionMeta<'hero'> = {
  opensPage: { rank: 2 },
  carousel: { list: 'slides', field: 'label' },
  backgrounds: ['slides[].image'],
};
