/**
 * The headings a section draws, declared beside its component, so that the content check can keep
 * each page's outline in order (`HeadingOrder`) without a second description of every section.
 * tests/unit/content-lint.test.ts renders every section type and holds each outline to its
 * component's real headings.
 */
import type { SectionOf, SectionType, SharedContent } from '../generated/schema-types.ts';

/** One heading a section draws: its level (1 for h1) and the field, inside the section, whose text it shows. */
export interface OutlineHeading {
  readonly level: number;
  readonly path: readonly (string | number)[];
}

export interface OutlineContext {
  /** The level of the section's own heading: the first section of a page holds its h1. */
  readonly top: 1 | 2;
  /** The shared content a section may draw on (the hiring template of `hire`), when there is any. */
  readonly shared: Partial<SharedContent>;
}

/** The headings of a section of type `T`, in page order. */
export type Outline<T extends SectionType> = (section: SectionOf<T>, context: OutlineContext) => OutlineHeading[];

/** Most sections draw one heading, their own. */
export const headingOnly = (_section: unknown, { top }: OutlineContext): OutlineHeading[] => [{ level: top, path: ['heading'] }];

/** A section's heading, then an h3 for each entry of one of its lists, `times` times over. */
export const headingAndItems =
  (list: string, field: string, times: (section: never) => number = () => 1) =>
  (section: object, { top }: OutlineContext): OutlineHeading[] => {
    const value = (section as Record<string, unknown>)[list];
    const entries: unknown[] = Array.isArray(value) ? value : [];
    return [
      { level: top, path: ['heading'] },
      ...Array.from({ length: times(section as never) }, () =>
        entries.map((_, i) => ({ level: 3, path: [list, i, field] })),
      ).flat(),
    ];
  };
