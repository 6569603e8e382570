/**
 * Draws a form's page again around a plain HTML post the server could not accept: the page as the build
 * wrote it, with its form rendered by the same bundle that rendered the page (dist/render), showing the
 * values as typed and a message at each field, and the same state written into the page as JSON
 * (src/forms/posted.ts) so that the app, if it starts, hydrates what is shown.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRERENDER_BUNDLE_DIR } from '../build/build-paths.ts';
import { POSTED_FORM_ELEMENT, postedFormJson, type PostedForm } from '../forms/posted.ts';
import { repoRoot } from './paths.ts';
import { readPageText, type ClientBuild } from './static.ts';

/** The HTML of the page `posted.route` with `posted` in its form; undefined when the build has no such page. */
export type FormPageRenderer = (posted: PostedForm) => Promise<string | undefined>;

interface RenderBundle {
  render(path: string, posted?: PostedForm | null): Promise<{ readonly html: string }>;
  readPagesFrom(clientDir: string): void;
}

/** Where the build put the render bundle (scripts/build-server.mjs keeps dist/server as deep as src/server). */
export const defaultRenderBundle = join(repoRoot, PRERENDER_BUNDLE_DIR, 'entry-server.mjs');

/**
 * A renderer of the build's form pages. The bundle (React and every section) loads on the first post that
 * needs it, not at start-up: most servers never draw a page.
 */
export function createFormPageRenderer(
  site: Pick<ClientBuild, 'clientDir' | 'pages'>,
  bundle = defaultRenderBundle,
): FormPageRenderer {
  let loaded: Promise<RenderBundle> | undefined;
  const plainRenders = new Map<string, Promise<string>>();
  const load = () =>
    (loaded ??= (async () => {
      // React picks its build when first loaded: the visitors' HTML comes from production React, as at build time.
      process.env.NODE_ENV ??= 'production';
      const module = (await import(pathToFileURL(bundle).href)) as RenderBundle;
      module.readPagesFrom(site.clientDir);
      return module;
    })());
  return async (posted) => {
    const { route } = posted;
    const page = site.pages.get(route);
    if (!page) return undefined;
    const [html, renderer] = await Promise.all([readPageText(site.clientDir, page), load()]);
    // The stored page holds the app exactly as the bundle renders it with no post; that part is replaced.
    // Rendered once per route: the build, and so that render, does not change while the server runs.
    if (!plainRenders.has(route))
      plainRenders.set(
        route,
        renderer.render(route).then((rendered) => rendered.html),
      );
    const plain = await plainRenders.get(route)!;
    const at = html.indexOf(plain);
    if (at === -1) {
      throw new Error(
        `FormPageMismatch: the stored page of ${route} does not hold what the render bundle draws for it, so its form cannot be drawn again. The pages and dist/render come from different builds: deploy the whole of dist/ from one \`npm run build\`.`,
      );
    }
    const withForm = (await renderer.render(route, posted)).html;
    const state = `<script type="application/json" id="${POSTED_FORM_ELEMENT}">${postedFormJson(posted)}</script>`;
    const rest = html.slice(at + plain.length);
    const bodyEnd = rest.lastIndexOf('</body>');
    return html.slice(0, at) + withForm + (bodyEnd === -1 ? rest + state : rest.slice(0, bodyEnd) + state + rest.slice(bodyEnd));
  };
}
