/**
 * The Vite content plugin: validates `content/` against `schemas/` at build time and serves it to
 * the app as plain-data modules, one per page, so a route's JavaScript carries only its own page.
 *
 *   virtual:content/site         site settings + the icons and logos they use
 *   virtual:content/pages        the route table: route, title and a lazy loader per page
 *   virtual:content/page/<name>  one page + its icons, logos and shared blocks
 *
 * ajv and the YAML parser run only here, in Node; the browser receives JSON-like data.
 * In `vite build` any content error fails the build; in `vite dev` it is printed in the terminal
 * and shown in the browser overlay, the server keeps running, and fixing the file recovers.
 */
import { relative, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { checkContent, type ContentOptions, type ContentResult } from './check.ts';
import { formatProblems } from './format.ts';
import type { Problem } from './catalog.ts';

const PREFIX = 'virtual:content/';
const RESOLVED = '\0' + PREFIX;

/** Options of the content plugin; every folder defaults to the project layout. */
export interface ContentPluginOptions {
  readonly contentDir?: string;
  readonly schemaDir?: string;
  readonly publicDir?: string;
}

/** Thrown into Vite so the terminal and the overlay show the file, position and frame. */
function contentError(problems: readonly Problem[], root: string) {
  const errors = problems.filter((p) => p.severity === 'error');
  const first = errors[0]!;
  const error = new Error(formatProblems(errors)) as Error & Record<string, unknown>;
  error.name = 'ContentError';
  error.plugin = 'content';
  error.id = resolve(root, first.file);
  error.loc = { file: resolve(root, first.file), line: first.line, column: first.column - 1 };
  error.frame = first.frame;
  // The stack of this Error points into the plugin, which tells a marketer nothing.
  error.stack = '';
  return error;
}

export function contentPlugin(pluginOptions: ContentPluginOptions = {}): Plugin {
  let root = process.cwd();
  let options: ContentOptions = { root };
  let isBuild = false;
  let result: ContentResult | undefined;
  let pending: Promise<ContentResult> | undefined;
  let logger: { info(msg: string): void; warn(msg: string): void; error(msg: string): void } = console;

  const run = () => (pending = checkContent(options).then((r) => (result = r)));
  const current = async () => result ?? (await (pending ?? run()));

  const report = (r: ContentResult) => {
    const color = !process.env.NO_COLOR;
    if (r.errors > 0) logger.error(`\n${formatProblems(r.problems, color)}\n`);
    else if (r.warnings > 0) logger.warn(`\n${formatProblems(r.problems, color)}\n`);
  };

  return {
    name: 'content',
    enforce: 'pre',

    configResolved(config) {
      root = config.root;
      isBuild = config.command === 'build';
      logger = config.logger;
      options = {
        root,
        contentDir: resolve(root, pluginOptions.contentDir ?? process.env.CONTENT_DIR ?? 'content'),
        schemaDir: resolve(root, pluginOptions.schemaDir ?? 'schemas'),
        publicDir: resolve(root, pluginOptions.publicDir ?? config.publicDir ?? 'public'),
      };
    },

    async buildStart() {
      const r = await run();
      for (const file of r.files) this.addWatchFile(file);
      if (isBuild) {
        if (r.errors > 0) {
          // Rollup prints `error.message`; the whole list is in it, so every problem shows at once.
          this.error(contentError(r.problems, root));
        }
        if (r.warnings > 0) report(r);
      } else report(r);
    },

    resolveId(id) {
      if (id.startsWith(PREFIX)) return RESOLVED + id.slice(PREFIX.length);
      return undefined;
    },

    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const r = await current();
      for (const file of r.files) this.addWatchFile(file);
      if (r.errors > 0) throw contentError(r.problems, root);
      const name = id.slice(RESOLVED.length);
      if (name === 'site') {
        return `export default ${JSON.stringify({ site: r.site!.site, ...r.site!.assets })};`;
      }
      if (name === 'pages') {
        const entries = r.pages.map(
          (p) =>
            `  { route: ${JSON.stringify(p.page.route)}, title: ${JSON.stringify(p.page.title)}, load: () => import(${JSON.stringify(PREFIX + 'page/' + p.name)}) }`,
        );
        return `export default [\n${entries.join(',\n')}\n];`;
      }
      if (name.startsWith('page/')) {
        const page = r.pages.find((p) => p.name === name.slice('page/'.length));
        if (!page) return this.error(`No content file defines the page module "${name}".`);
        const shared = page.usesHire && r.hire ? { hire: r.hire.template } : {};
        return `export default ${JSON.stringify({ page: page.page, file: page.file, shared, ...page.assets })};`;
      }
      return this.error(`Unknown content module "${PREFIX}${name}".`);
    },

    generateBundle() {
      // The production server needs the route table to tell pages from unknown paths (404).
      const routes = result?.pages.map((p) => p.page.route).sort() ?? [];
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(routes, null, 2) + '\n' });
    },

    configureServer(server: ViteDevServer) {
      const watched = (file: string) =>
        (file.startsWith(options.contentDir!) && /\.ya?ml$/.test(file)) ||
        (file.startsWith(options.schemaDir!) && file.endsWith('.json'));
      server.watcher.add([options.contentDir!, options.schemaDir!]);
      const onChange = async (file: string) => {
        if (!watched(file)) return;
        const r = await run();
        for (const env of Object.values(server.environments)) {
          for (const mod of [...env.moduleGraph.idToModuleMap.values()]) {
            if (mod.id?.startsWith(RESOLVED)) env.moduleGraph.invalidateModule(mod);
          }
        }
        if (r.errors > 0) {
          report(r);
          const error = contentError(r.problems, root);
          server.ws.send({
            type: 'error',
            err: { message: error.message, stack: '', id: error.id as string, frame: error.frame as string, loc: error.loc as { file: string; line: number; column: number }, plugin: 'content' },
          });
        } else {
          logger.info(`content: ${relative(root, file)} is valid; reloading.`);
          server.ws.send({ type: 'full-reload', path: '*' });
        }
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
    },
  };
}
