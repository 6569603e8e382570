import type { SectionMeta } from '../meta-types.ts';
import { headingAndItems } from '../outline.ts';

export const meta: SectionMeta<'projects'> = {
  // The carousel shows the list `repeat` times over.
  outline: headingAndItems('items', 'title', (section: { repeat?: number }) => section.repeat ?? 2),
  carousel: { list: 'items', field: 'title' },
};
