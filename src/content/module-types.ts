/**
 * Shapes of the modules the content plugin serves to the app (`virtual:content/*`). The content
 * itself is typed by the generated schema types; these add what the build attaches to it.
 */
import type { HireTemplate, Page, Site } from '../generated/schema-types.ts';

/** A Lucide icon as SVG element descriptions on a 24 × 24 grid: `[tag, attributes]` pairs. */
export type IconNode = readonly (readonly [string, Readonly<Record<string, string | number>>])[];

/** A logo ready to inline: the inner SVG markup and its view box. */
export interface LogoData {
  readonly viewBox: string;
  readonly body: string;
}

/** The icons and logos a module's content uses, keyed by their content names. */
export interface InlineAssets {
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
  readonly title: string;
  readonly load: () => Promise<{ readonly default: PageModule }>;
}

/** `virtual:content/page/<name>`: one page, the assets it uses and the shared blocks it includes. */
export interface PageModule extends InlineAssets {
  readonly page: Page;
  /** Source file of the page, relative to the project root (for messages). */
  readonly file: string;
  readonly shared: { readonly hire?: HireTemplate };
}
