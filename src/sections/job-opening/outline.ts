import type { Outline } from '../outline.ts';

/** The heading, then the two lists' headings a level below it; the card's role name is not a heading. */
export const outline: Outline<'job-opening'> = (_section, { top }) => [
  { level: top, path: ['heading'] },
  { level: top + 1, path: ['workHeading'] },
  { level: top + 1, path: ['skillsHeading'] },
];
