/**
 * Shapes of the modules the content plugin serves to the app (`virtual:content/*`). The content
 * itself is typed by the generated schema types; these add what the build attaches to it.
 */
import type { Page, Section, SectionType, SharedContent, Site } from '../../generated/schema-types.ts';

/** A Lucide icon as SVG element descriptions on a 24 × 24 grid: `[tag, attributes]` pairs. */
export type IconNode = readonly (readonly [string, Readonly<Record<string, string | number>>])[];

/** A logo as the build reads it: the inner SVG markup and its view box. */
export interface LogoData {
  readonly viewBox: string;
  readonly body: string;
}

/** The icons a module's content uses (inlined: they are small) and the URLs of its logos (files). */
export interface InlineAssets {
  readonly icons: Readonly<Record<string, IconNode>>;
  /** Logo name → URL of the SVG file the build emits for it (content-hashed, cached for a year). */
  readonly logos: Readonly<Record<string, string>>;
}

/** The assets of a content file as the check collects them, before logos become files. */
export interface CollectedAssets {
  readonly icons: Readonly<Record<string, IconNode>>;
  readonly logos: Readonly<Record<string, LogoData>>;
}

/** `virtual:content/site`: the site settings and the assets they use. */
export interface SiteModule extends InlineAssets {
  readonly site: Site;
}

/** One entry of `virtual:content/pages`: enough to route to a page without loading it. */
export interface PageEntry {
  readonly route: string;
  /** In a build, the address of the page's data file (`/assets/pages/react-<hash>.js`), which `load` imports. */
  readonly data?: string;
  readonly load: () => Promise<{ readonly default: PageModule }>;
}

/** One page's data (`virtual:content/page/<name>`, or its file in a build): the page, the assets it uses and the shared blocks it includes. */
export interface PageModule extends InlineAssets {
  /** Name of the module: `react`, or `roles/full-stack-developer` for a page made from a collection entry. */
  readonly name: string;
  readonly page: Page;
  /** Source file of the page, relative to the project root (for messages). */
  readonly file: string;
  /** The shared content (content/shared/) the page's sections draw on. */
  readonly shared: Partial<SharedContent>;
}

/**
 * `virtual:content/gallery` (dev server only): every section type with its schema examples,
 * prepared like a page, for the section gallery at `/__sections`.
 */
export interface GalleryModule extends InlineAssets {
  readonly sections: readonly {
    readonly type: SectionType;
    /** The schema's description of the section type. */
    readonly description: string;
    /** Path of the schema file, relative to the project root. */
    readonly schema: string;
    readonly examples: readonly Section[];
  }[];
  readonly shared: Partial<SharedContent>;
}
