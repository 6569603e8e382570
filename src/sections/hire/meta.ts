import type { SectionOf } from '../../generated/schema-types.ts';
import type { SectionMeta } from '../meta-types.ts';

/** The anchor of the hiring steps, so that a link can go to how hiring works: `/start#hire-steps`. */
export const stepsAnchor = (section: SectionOf<'hire'>) => `${section.id ?? 'hire'}-steps`;

export const meta: SectionMeta<'hire'> = {
  /**
   * The section's heading, then the shared hiring template one level below it: a heading per slide,
   * the steps and the reasons, each with its items one level further down. Those texts live in
   * content/shared/hire.yaml, so they are reported at the section that draws them.
   */
  outline: (section, { top, shared }) => {
    const template = shared.hire;
    if (!template) return [];
    const here = [] as const;
    const times = (n: number, level: number) => Array.from({ length: n }, () => ({ level, path: here }));
    return [
      { level: top, path: [section.heading === undefined ? 'label' : 'heading'] },
      ...times(template.slides.length, top + 1),
      ...times(1, top + 1),
      ...times(template.steps.items.length, top + 2),
      ...times(1, top + 1),
      ...times(template.reasons.items.length, top + 2),
    ];
  },
  // The template's slides are checked in content/shared/hire.yaml, where they are written.
  sharedCarousels: { hire: { list: 'slides', field: 'heading' } },
  anchors: (section) => [stepsAnchor(section)],
};
