import type { SectionMeta } from '../meta-types.ts';

export const meta: SectionMeta<'cta-banner'> = {
  // A page that ends with its own banner has chosen its last words; the site's is not added after it.
  closesPage: true,
};
