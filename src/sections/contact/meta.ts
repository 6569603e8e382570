import type { SectionMeta } from '../meta-types.ts';

export const meta: SectionMeta<'contact'> = {
  // Its form sends an enquiry: the page it is on is where every page's next step leads.
  enquiry: true,
  htmlForms: () => [{ submission: 'contact' }],
};
