import type { Outline } from '../outline.ts';

/** Each slide's heading; the first slide's is the page's h1 when the banner opens the page. */
export const outline: Outline<'slide-banner'> = (section, { top }) => [
  ...section.slides.map((_, i) => ({ level: top === 1 && i === 0 ? 1 : 2, path: ['slides', i, 'heading'] })),
  ...(section.intro ? [{ level: 2, path: ['intro', 'heading'] }] : []),
];
