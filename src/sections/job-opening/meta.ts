import type { SectionMeta } from '../meta-types.ts';

/** The anchor of the Apply button: a link to `/careers/<role>#apply` opens the application form. */
export const APPLY_ANCHOR = 'apply';

export const meta: SectionMeta<'job-opening'> = {
  // The heading, then the headings of the lists a level below it; the card's role name is not a heading.
  outline: (_section, { top }) => [
    { level: top, path: ['heading'] },
    { level: top + 1, path: ['workHeading'] },
    { level: top + 1, path: ['skillsHeading'] },
    { level: top + 1, path: ['interviewHeading'] },
    { level: top + 1, path: ['benefitsHeading'] },
  ],
  // The page of one role, whose card has the button to apply for it.
  roles: (section) => [section.role],
  anchors: () => [APPLY_ANCHOR],
};
