import type { SectionMeta } from '../meta-types.ts';

export const meta: SectionMeta<'slide-banner'> = {
  // Each slide's heading; the first slide's is the page's h1 when the banner opens the page.
  outline: (section, { top }) => [
    ...section.slides.map((_, i) => ({ level: top === 1 && i === 0 ? 1 : 2, path: ['slides', i, 'heading'] })),
    ...(section.intro ? [{ level: 2, path: ['intro', 'heading'] }] : []),
  ],
  opensPage: { rank: 3 },
  carousel: { list: 'slides', field: 'heading' },
  backgrounds: ['slides[].image'],
};
