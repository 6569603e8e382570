/**
 * The one map from a section `type` to its component. It must cover every section schema:
 * a schema in `schemas/sections/` without a component here fails the typecheck.
 * Components load on demand, so a page downloads only the sections it uses.
 */
import type { ComponentType } from 'react';
import type { SectionOf, SectionType } from '../generated/schema-types.ts';

/** Props every section component receives. */
export interface SectionProps<T extends SectionType> {
  readonly section: SectionOf<T>;
  /** Position of the section on its page (0 is the first, above the fold). */
  readonly index: number;
}

type Registry = { readonly [T in SectionType]: () => Promise<{ default: ComponentType<SectionProps<T>> }> };

export const registry = {
  'card-grid': () => import('./card-grid/index.tsx'),
  careers: () => import('./careers/index.tsx'),
  carousel: () => import('./carousel/index.tsx'),
  'collection-list': () => import('./collection-list/index.tsx'),
  contact: () => import('./contact/index.tsx'),
  'cta-banner': () => import('./cta-banner/index.tsx'),
  hero: () => import('./hero/index.tsx'),
  hire: () => import('./hire/index.tsx'),
  'job-opening': () => import('./job-opening/index.tsx'),
  locations: () => import('./locations/index.tsx'),
  marquee: () => import('./marquee/index.tsx'),
  overview: () => import('./overview/index.tsx'),
  'page-hero': () => import('./page-hero/index.tsx'),
  projects: () => import('./projects/index.tsx'),
  prose: () => import('./prose/index.tsx'),
  'service-list': () => import('./service-list/index.tsx'),
  'slide-banner': () => import('./slide-banner/index.tsx'),
  team: () => import('./team/index.tsx'),
  'tech-stack': () => import('./tech-stack/index.tsx'),
  timeline: () => import('./timeline/index.tsx'),
} satisfies Registry;

/** A component for any section; the registry's typing guarantees it matches the section's type. */
export type AnySectionComponent = ComponentType<{ section: never; index: number }>;
