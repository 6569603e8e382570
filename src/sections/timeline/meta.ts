import type { SectionMeta } from '../meta-types.ts';
import { headingAndItems } from '../outline.ts';

export const meta: SectionMeta<'timeline'> = {
  outline: headingAndItems('items', 'title'),
};
