import type { Outline } from '../outline.ts';

/** Every tab's roles are in the page, each an h3; tabs only hide the panels once it is interactive. */
export const outline: Outline<'careers'> = (section, { top }) => [
  { level: top, path: ['heading'] },
  ...section.tabs.flatMap((tab, t) => (tab.roles ?? []).map((_, r) => ({ level: 3, path: ['tabs', t, 'roles', r, 'role'] }))),
];
