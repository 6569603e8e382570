/**
 * The code of the content modules (`virtual:content/site`, `pages`, `page/<name>`) made from a check:
 * the content plugin's (src/content/build/plugin.ts), which serves them in a build and in the dev server,
 * and whose dev server compares them to tell what an edit changed (dev-updates.ts).
 */
import { createHash } from 'node:crypto';
import type { CheckedPage, ContentResult } from '../check.ts';
import type { CollectedAssets, InlineAssets, LogoData } from './module-types.ts';
import { dataModule } from './page-data.ts';
import { withClosing } from '../../sections/closing.ts';

export const PREFIX = 'virtual:content/';

/**
 * Logos are files, not JavaScript: each one a page uses is emitted once as a content-hashed SVG
 * (cached for a year, loaded lazily by an <img>), and the page's data holds only its URL.
 */
export class LogoFiles {
  readonly files = new Map<string, string>();
  url(name: string, logo: LogoData): string {
    const [, , width, height] = logo.viewBox.split(' ');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${logo.viewBox}" width="${width}" height="${height}">${logo.body}</svg>`;
    const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
    const fileName = `assets/logos/${name}-${hash}.svg`;
    this.files.set(fileName, svg);
    return `/${fileName}`;
  }
  inline(assets: CollectedAssets): InlineAssets {
    return {
      icons: assets.icons,
      logos: Object.fromEntries(Object.entries(assets.logos).map(([name, logo]) => [name, this.url(name, logo)])),
    };
  }
}

/** What is derived from a check once, however many modules ask for it. */
export function perCheck<T>(make: (r: ContentResult) => T): (r: ContentResult) => T {
  const made = new WeakMap<ContentResult, T>();
  return (r) => (made.has(r) ? made.get(r)! : made.set(r, make(r)).get(r)!);
}

/** The modules of one set of logo files: a page's data names its logos by their file's address. */
export function contentModules(logos: LogoFiles) {
  /** Each check's pages by name: a search of the list for every page module grew with the square of the pages. */
  const pagesByName = perCheck((r) => new Map(r.pages.map((p) => [p.name, p])));

  /**
   * What the browser gets of a page: the page, ended by the site's closing banner when it takes it
   * (src/sections/closing.ts), its shared blocks, and its icons and logos.
   */
  const pageData = (page: CheckedPage, site: ContentResult['site']) => ({
    name: page.name,
    page: withClosing(page.page, site?.site),
    file: page.file,
    shared: page.shared,
    ...logos.inline(page.assets),
  });

  /** The code of a content module (`site`, `pages` or `page/<name>`), from a check without errors. */
  const moduleCode = (name: string, r: ContentResult): string | undefined => {
    if (name === 'site') return `export default ${JSON.stringify({ site: r.site!.site, ...logos.inline(r.site!.assets) })};`;
    if (name === 'pages') {
      const entries = r.pages.map(
        (p) => `  { route: ${JSON.stringify(p.page.route)}, load: () => import(${JSON.stringify(PREFIX + 'page/' + p.name)}) }`,
      );
      return `export default [\n${entries.join(',\n')}\n];`;
    }
    if (name.startsWith('page/')) {
      const page = pagesByName(r).get(name.slice('page/'.length));
      return page && dataModule(JSON.stringify(pageData(page, r.site)));
    }
    return undefined;
  };

  return { pagesByName, pageData, moduleCode };
}
