import type { SectionMeta } from '../meta-types.ts';

export const meta: SectionMeta<'team'> = {
  carousel: { list: 'members', field: 'name' },
};
