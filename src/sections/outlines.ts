/**
 * The one map from a section `type` to its heading outline (./outline.ts). Like the registry of
 * components it must cover every section schema, or the typecheck fails; a type with headings of
 * its own declares them in `src/sections/<type>/outline.ts`.
 */
import type { SectionType } from '../generated/schema-types.ts';
import { outline as careers } from './careers/outline.ts';
import { outline as collectionList } from './collection-list/outline.ts';
import { outline as hire } from './hire/outline.ts';
import { outline as jobOpening } from './job-opening/outline.ts';
import { headingAndItems, headingOnly, type Outline } from './outline.ts';
import { outline as prose } from './prose/outline.ts';
import { outline as slideBanner } from './slide-banner/outline.ts';

export const outlines = {
  'card-grid': headingAndItems('cards', 'title'),
  careers,
  carousel: headingOnly,
  'collection-list': collectionList,
  contact: headingOnly,
  'cta-banner': headingOnly,
  hero: headingOnly,
  hire,
  'job-opening': jobOpening,
  locations: headingAndItems('cards', 'title'),
  marquee: headingOnly,
  overview: headingOnly,
  'page-hero': headingOnly,
  // The carousel shows the list `repeat` times over.
  projects: headingAndItems('items', 'title', (section: { repeat?: number }) => section.repeat ?? 2),
  prose,
  'service-list': headingOnly,
  'slide-banner': slideBanner,
  team: headingOnly,
  'tech-stack': headingOnly,
  timeline: headingAndItems('items', 'title'),
} satisfies { readonly [T in SectionType]: Outline<T> };
