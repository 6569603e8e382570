import type { SectionMeta } from '../meta-types.ts';

/** The anchor of the application form on a role's page: `/careers/<role>#apply` leads to it. */
export const APPLY_ANCHOR = 'apply';

export const meta: SectionMeta<'job-opening'> = {
  // The heading, then the headings of the lists a level below it; the card's role name is not a heading.
  outline: (_section, { top }) => [
    { level: top, path: ['heading'] },
    { level: top + 1, path: ['workHeading'] },
    { level: top + 1, path: ['skillsHeading'] },
    { level: top + 1, path: ['interviewHeading'] },
    { level: top + 1, path: ['benefitsHeading'] },
    { level: top + 1, path: ['applyHeading'] },
  ],
  // The page of one role, which ends with the form to apply for it.
  roles: (section) => [section.role],
  // Its card's application form, for that role.
  htmlForms: (section) => [{ submission: 'application', role: section.role }],
  anchors: () => [APPLY_ANCHOR],
};
