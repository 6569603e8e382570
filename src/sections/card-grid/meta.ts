import type { SectionMeta } from '../meta-types.ts';
import { headingAndItems } from '../outline.ts';

export const meta: SectionMeta<'card-grid'> = {
  outline: headingAndItems('cards', 'title'),
};
