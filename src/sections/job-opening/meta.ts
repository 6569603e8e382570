import type { SectionMeta } from '../meta-types.ts';

export const meta: SectionMeta<'job-opening'> = {
  // The heading, then the two lists' headings a level below it; the card's role name is not a heading.
  outline: (_section, { top }) => [
    { level: top, path: ['heading'] },
    { level: top + 1, path: ['workHeading'] },
    { level: top + 1, path: ['skillsHeading'] },
  ],
  // The page of one role, whose card has the button to apply for it.
  roles: (section) => [section.role],
};
