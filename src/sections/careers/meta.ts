import type { SectionMeta } from '../meta-types.ts';
import { applyPrefetchRules } from './prefetch.ts';

export const meta: SectionMeta<'careers'> = {
  // Every tab's roles are in the page, each an h3; tabs only hide the panels once it is interactive.
  outline: (section, { top }) => [
    { level: top, path: ['heading'] },
    ...section.tabs.flatMap((tab, t) => (tab.roles ?? []).map((_, r) => ({ level: 3, path: ['tabs', t, 'roles', r, 'role'] }))),
  ],
  listing: 'roles',
  // Each role's heading has an id, so a link can go straight to it: `/careers#role-full-stack-developer`.
  anchors: (section) => section.tabs.flatMap((tab) => (tab.roles ?? []).map((role) => `role-${role.id}`)),
  roles: (section) => section.tabs.flatMap((tab) => (tab.roles ?? []).map((role) => role.role)),
  speculationRules: applyPrefetchRules,
};
