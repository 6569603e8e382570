/**
 * The one map from a section `type` to what the engine needs to know about it (./meta-types.ts):
 * its heading outline, whether it opens a page, its carousel, the collection it lists, the texts
 * the build fills in. Each type declares its facts in `src/sections/<type>/meta.ts`; `{}` is a type
 * with one heading, its own, and nothing else to know. Like the registry of components it must
 * cover every section schema, or the typecheck fails. Unlike the registry it is read in Node by the
 * content check and the server, so neither it nor a meta file imports a component or CSS.
 */
import type { SectionType } from '../generated/schema-types.ts';
import { meta as cardGrid } from './card-grid/meta.ts';
import { meta as careers } from './careers/meta.ts';
import { meta as carousel } from './carousel/meta.ts';
import { meta as collectionList } from './collection-list/meta.ts';
import { meta as contact } from './contact/meta.ts';
import { meta as ctaBanner } from './cta-banner/meta.ts';
import { meta as hero } from './hero/meta.ts';
import { meta as hire } from './hire/meta.ts';
import { meta as jobOpening } from './job-opening/meta.ts';
import { meta as locations } from './locations/meta.ts';
import type { AnySectionMeta, SectionMeta } from './meta-types.ts';
import { meta as pageHero } from './page-hero/meta.ts';
import { meta as projects } from './projects/meta.ts';
import { meta as prose } from './prose/meta.ts';
import { meta as slideBanner } from './slide-banner/meta.ts';
import { meta as team } from './team/meta.ts';
import { meta as timeline } from './timeline/meta.ts';

export const sectionMeta = {
  'card-grid': cardGrid,
  careers,
  carousel,
  'collection-list': collectionList,
  contact,
  'cta-banner': ctaBanner,
  hero,
  hire,
  'job-opening': jobOpening,
  locations,
  marquee: {},
  overview: {},
  'page-hero': pageHero,
  projects,
  prose,
  'service-list': {},
  'slide-banner': slideBanner,
  team,
  'tech-stack': {},
  timeline,
} satisfies { readonly [T in SectionType]: SectionMeta<T> };

/**
 * The facts of the section type named `type` in content; undefined for a name that is no section
 * type (the schema check reports it). Each entry of the map was checked against its own type above;
 * here the section is known only as data, so its hooks take it as such.
 */
export function metaOf(type: unknown): AnySectionMeta | undefined {
  if (typeof type !== 'string' || !Object.hasOwn(sectionMeta, type)) return undefined;
  return sectionMeta[type as SectionType] as unknown as AnySectionMeta;
}

/** Every section type with its facts, in the map's (alphabetical) order. */
export const allSectionMeta = (): [SectionType, AnySectionMeta][] =>
  (Object.keys(sectionMeta) as SectionType[]).map((type) => [type, metaOf(type)!]);
