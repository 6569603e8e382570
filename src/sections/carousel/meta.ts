import type { SectionMeta } from '../meta-types.ts';

export const meta: SectionMeta<'carousel'> = {
  carousel: { list: 'items', field: 'name' },
};
