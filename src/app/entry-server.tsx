/**
 * Server entry: renders one route to HTML at build time (scripts/prerender.ts). The page and all
 * its section components are loaded first, so the render is complete and never suspends.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import site from 'virtual:content/site';
import pages from 'virtual:content/pages';
import { App } from './App.tsx';
import { PostedFormContext } from '../forms/posted-context.ts';
import type { PostedForm } from '../forms/posted.ts';
import { headTags, type Crumb } from './head.ts';
import { entryFor, loadPage, withPageModule } from './startup/loader.ts';
import type { PageModule } from '../content/build/module-types.ts';
import type { Page, Site } from '../generated/schema-types.ts';
import { traceData, type TraceTable } from '../content/rendered/trace.ts';

export interface RenderedRoute {
  /** The markup of the app for the `#root` element. */
  readonly html: string;
  /** Head tags: title, description, canonical, Open Graph, Twitter, JSON-LD. */
  readonly head: string;
  /** Section types of the page, in order, so the build knows which code runs above the fold. */
  readonly sectionTypes: readonly string[];
  /** Address of the page's data file, which the browser imports; undefined for the not-found screen. */
  readonly pageData?: string;
  readonly status: number;
  /** Whether search engines may list it (`searchable` of the page): the sitemap lists only such pages. */
  readonly searchable: boolean;
}

/**
 * Renders `path` as the server answers it; with `posted`, its form as the server sends it back after a
 * plain HTML post it could not accept (src/server/form-pages.ts).
 */
export async function render(path: string, posted: PostedForm | null = null): Promise<RenderedRoute> {
  const entry = entryFor(path);
  const module = entry ? await loadPage(entry, 'all') : undefined;
  const html = renderApp(path, posted);
  const page = module?.page;
  return {
    html,
    head: headTags(site.site, page, page ? await parentsOf(page.route) : []),
    sectionTypes: page ? page.sections.map((s) => s.type) : [],
    ...(entry?.data ? { pageData: entry.data } : {}),
    status: entry ? 200 : 404,
    searchable: page !== undefined && page.searchable !== false,
  };
}

function renderApp(path: string, posted: PostedForm | null): string {
  return renderToString(
    <StrictMode>
      <PostedFormContext value={posted}>
        <StaticRouter location={path}>
          <App />
        </StaticRouter>
      </PostedFormContext>
    </StrictMode>,
  );
}

/** A page rendered for the content check, every text of its content marked with its origin. */
export interface TracedRoute {
  readonly html: string;
  readonly head: string;
  /** The marked values, by number: where each came from (src/content/rendered/trace.ts). */
  readonly table: TraceTable;
}

/**
 * Renders the page at `path` as `render` does, from its content, its shared blocks and the site settings
 * with every text marked with where it came from, for the rendered-page check (src/content/rendered/).
 * `change` draws the page from other content of the same route (a draft, or a test's mutation).
 * Undefined for a path no page has.
 */
export async function renderTraced(path: string, change?: (page: Page) => Page): Promise<TracedRoute | undefined> {
  const entry = entryFor(path);
  if (!entry) return undefined;
  const module = await loadPage(entry, 'all');
  const parents = await parentsOf(module.page.route);
  const table: TraceTable = [];
  const page = change ? change(module.page) : module.page;
  const traced: PageModule = {
    ...module,
    page: traceData(page, { kind: 'page', route: module.page.route }, table),
    shared: Object.fromEntries(
      Object.entries(module.shared).map(([name, data]) => [name, traceData(data, { kind: 'shared', name }, table)]),
    ),
  };
  const settings = site as { site: Site };
  const original = settings.site;
  settings.site = traceData(original, { kind: 'site' }, table);
  try {
    const html = withPageModule(traced, () => renderApp(path, null));
    return { html, head: headTags(settings.site, traced.page, parents), table };
  } finally {
    settings.site = original;
  }
}

/** The pages above a route, nearest last: `/careers` for `/careers/full-stack-developer`. */
async function parentsOf(route: string): Promise<Crumb[]> {
  const parents: Crumb[] = [];
  const parts = route.split('/').slice(1, -1);
  for (let i = 1; i <= parts.length; i++) {
    const entry = entryFor(`/${parts.slice(0, i).join('/')}`);
    if (!entry) continue;
    const { page } = await loadPage(entry, 'all');
    parents.push({ route: page.route, name: page.breadcrumb ?? page.title });
  }
  return parents;
}

export { readPagesFrom } from '../content/build/page-data.ts';

/** Every route of the site, from the content files. */
export const routePaths = () => pages.map((p) => p.route);
export { site };
