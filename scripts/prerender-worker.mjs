/**
 * Renders pages for scripts/prerender.ts, in a worker thread: the prerender runs two of them (one per
 * core), and they are started without tsx's module loader, which the server bundle does not need and
 * which made loading its thousand page modules about a third slower (plain JavaScript for that reason).
 *
 * Messages: it posts `{ routes, url }` once the bundle is loaded, answers `{ id, path }` with
 * `{ id, rendered }` or `{ id, error }`, and `{ id, path, traced: true }` with `{ id, traced }`.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { serverEntry, clientDir } = workerData;
// React reads NODE_ENV once, when first loaded; the visitors' HTML must come from production React.
process.env.NODE_ENV = 'production';
const server = await import(pathToFileURL(serverEntry).href);
assertProductionReact();

/**
 * Stops the build if the server bundle's React is its development build after all. React's entry
 * modules re-export the build NODE_ENV chose, so the functions the bundle renders with are compared
 * with the production build's own.
 */
function assertProductionReact() {
  const load = createRequire(serverEntry);
  // By file path: the packages' export maps do not name their builds.
  const build = (entry, file) => load(join(dirname(load.resolve(entry)), 'cjs', file));
  const used = load('react-dom/server');
  const production = build('react-dom/server', 'react-dom-server-legacy.node.production.js');
  if (used.renderToString !== production.renderToString || load('react') !== build('react', 'react.production.js')) {
    throw new Error(
      'PrerenderNotProduction: the pages would be rendered by development React. Something loaded React before scripts/prerender-worker.mjs set NODE_ENV=production.',
    );
  }
}

// Each page's data is read from its file in the client build, as the browser imports it.
server.readPagesFrom(clientDir);

parentPort.on('message', async ({ id, path, traced }) => {
  try {
    if (traced) {
      // For the rendered-page check: the page drawn with its texts marked (src/content/rendered/trace.ts).
      parentPort.postMessage({ id, traced: (await server.renderTraced(path)) ?? null });
      return;
    }
    const { html, head, sectionTypes, pageData, status, searchable } = await server.render(path);
    parentPort.postMessage({ id, rendered: { html, head, sectionTypes: [...sectionTypes], pageData, status, searchable } });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
parentPort.postMessage({ routes: server.routePaths(), url: server.site.site.url });
