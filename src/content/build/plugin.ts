/**
 * The Vite content plugin: validates `content/` against `schemas/` at build time and serves it to
 * the app as plain-data modules, one per page, so a route's JavaScript carries only its own page.
 *
 *   virtual:content/site         site settings + the icons and logos they use
 *   virtual:content/pages        the route table: route and a lazy loader per page (in a
 *                                build, of the page's data file, `assets/pages/<name>-<hash>.js`,
 *                                which the prerender reads from the client build: page-data.ts)
 *   virtual:content/page/<name>  dev server: one page + its icons, logos and shared blocks
 *   virtual:content/gallery      dev server only: every section type's schema examples, prepared
 *                                like a page, for the section gallery at `/__sections`
 *
 * ajv and the YAML parser run only here, in Node; the browser receives JSON-like data.
 * In `vite build` any content error fails the build. In `vite dev` the check starts once the server
 * listens and content modules wait for it; an error is printed in the terminal and shown in the
 * browser overlay, the server keeps running, and fixing the file recovers. How an edit reaches the
 * browser is dev-updates.ts's.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { checkContent, type ContentOptions, type ContentResult } from '../check.ts';
import { checkGallery } from './gallery.ts';
import { formatProblems } from '../cli/format.ts';
import type { Problem } from '../catalog.ts';
import { copyBytes, plannedCopies, PICTURES_PATH } from './pictures.ts';
import { dataModule } from './page-data.ts';
import { contentModules, LogoFiles, perCheck, PREFIX } from './modules.ts';
import { serverFacts, SERVER_FACTS_FILE } from './server-facts.ts';
import { followContentEdits } from './dev-updates.ts';

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
  let logger: { info(msg: string): void; warn(msg: string): void; error(msg: string): void } = console;
  /** The last check, or the one under way: every content module is made from it. */
  let checked: Promise<ContentResult> | undefined;
  /** The dev server's record of the modules the browser was given (dev-updates.ts); none in a build. */
  let served: Map<string, string> | undefined;
  const logos = new LogoFiles();
  const { pageData, moduleCode } = contentModules(logos);

  const check = () => (checked = checkContent(options));
  const current = () => checked ?? check();

  /**
   * In a build, each page's data is a file of its own (`assets/pages/<name>-<hash>.js`, a module that
   * exports it as JSON), written by this plugin, not a module of the bundle: to the bundler a page's
   * data was a chunk to parse, minify and write, about a millisecond and a half of CPU a page, for
   * data that needs none of it. Made once per check; the hash is of the file, so a change renames it.
   */
  const pageDataFiles = perCheck(
    (r) =>
      new Map(
        r.pages.map((p) => {
          const source = dataModule(JSON.stringify(pageData(p, r.site)));
          const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
          return [p.name, { fileName: `assets/pages/${p.name}-${hash}.js`, source }] as const;
        }),
      ),
  );
  /**
   * The route table of a build: each page's route and data file. The browser imports the file when it
   * needs the page; the prerender reads it (page-data.ts): its bundle held every page's data as a JSON
   * string before, 19.5 MB at a thousand pages for the bundler to copy and each renderer to compile.
   */
  const buildRouteTable = (r: ContentResult, consumer: 'client' | 'server'): string => {
    const files = pageDataFiles(r);
    // A call per page, not an object: the table is in every page's entry script, and grows with the site.
    const entries = r.pages.map((p) => {
      const args = [p.page.route, `/${files.get(p.name)!.fileName}`].map((value) => JSON.stringify(value));
      return `  page(${args.join(', ')})`;
    });
    const page =
      consumer === 'client'
        ? // A computed address: the bundler leaves the import to the browser instead of looking for the file.
          'const page = (route, data) => ({ route, data, load: () => import(/* @vite-ignore */ data) });'
        : `import { readPageData } from ${JSON.stringify(fileURLToPath(new URL('./page-data.ts', import.meta.url)))};\n` +
          'const page = (route, data) => ({ route, data, load: () => readPageData(data) });';
    return `${page}\nexport default [\n${entries.join(',\n')}\n];`;
  };

  const watched = (file: string) =>
    (file.startsWith(options.contentDir!) && /\.ya?ml$/.test(file)) || (file.startsWith(options.schemaDir!) && file.endsWith('.json'));

  const report = (r: Pick<ContentResult, 'problems' | 'errors' | 'warnings'>) => {
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
        // Template text may stay while a page is written in the dev server; it is never published.
        unfinished: isBuild ? 'fail' : 'warn',
      };
    },

    // One instance serves both builds of `vite build` (vite.config.ts), which read the same files.
    sharedDuringBuild: true,

    async buildStart() {
      // The dev server checks once it listens (configureServer); a content module waits for that check.
      if (!isBuild) return;
      // The second build of `vite build` reuses the first one's check, already reported.
      if (checked) return;
      const r = await check();
      for (const file of r.files) this.addWatchFile(file);
      if (r.errors > 0) {
        // Rollup prints `error.message`; the whole list is in it, so every problem shows at once.
        this.error(contentError(r.problems, root));
      }
      if (r.warnings > 0) report(r);
    },

    resolveId(id) {
      if (id.startsWith(PREFIX)) return RESOLVED + id.slice(PREFIX.length);
      return undefined;
    },

    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const name = id.slice(RESOLVED.length);
      const r = await current();
      // No addWatchFile here: buildStart watches every content file once, and the dev server's own
      // watcher covers the content and schema folders. Adding every file for every page module cost
      // a million calls at a thousand pages (2.4 s of a 12 s client build).
      if (r.errors > 0) throw contentError(r.problems, root);
      if (name === 'pages' && isBuild) return buildRouteTable(r, this.environment.config.consumer);
      const code = name === 'gallery' ? undefined : moduleCode(name, r);
      if (code !== undefined) {
        served?.set(name, code);
        return code;
      }
      if (name.startsWith('page/')) return this.error(`No content file defines the page module "${name}".`);
      if (name === 'gallery') {
        // The gallery is a tool for the dev server; a production bundle must never contain it.
        if (isBuild) return this.error(`${PREFIX}gallery is served by the dev server only; import it behind \`import.meta.env.DEV\`.`);
        const gallery = await checkGallery(options);
        if (gallery.result.errors > 0) throw contentError(gallery.result.problems, root);
        const assets = logos.inline(gallery.assets);
        // Served, so that an edit reloads it: it is made of every section type's examples.
        served?.set('gallery', '');
        return `export default ${JSON.stringify({ sections: gallery.sections, shared: gallery.shared, ...assets })};`;
      }
      return this.error(`Unknown content module "${PREFIX}${name}".`);
    },

    async generateBundle() {
      const result = await checked;
      // What the production server reads at start instead of content/ (server-facts.ts): the routes, to tell
      // pages from unknown paths (404), the roles one may apply for and the privacy notice's version.
      // routes.json is the route list alone, for the tools that read it (pages:decode, the benchmarks).
      const facts = serverFacts(result ?? { pages: [], site: undefined }, root);
      this.emitFile({ type: 'asset', fileName: SERVER_FACTS_FILE, source: JSON.stringify(facts, null, 2) + '\n' });
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(facts.routes, null, 2) + '\n' });
      for (const [fileName, source] of logos.files) this.emitFile({ type: 'asset', fileName, source });
      // The pages' data files and the pictures' copies are published with the client; the server build only names them.
      if (this.environment.config.consumer !== 'client') return;
      if (result) for (const { fileName, source } of pageDataFiles(result).values()) this.emitFile({ type: 'asset', fileName, source });
      for (const url of plannedCopies()) {
        const source = await copyBytes(url);
        if (source) this.emitFile({ type: 'asset', fileName: url.slice(1), source });
      }
    },

    // Content and schema files are dev-updates.ts's to answer: Vite's own answer to a changed file its
    // modules depend on is a full reload, which would undo a page update.
    handleHotUpdate({ file }) {
      return watched(file) ? [] : undefined;
    },

    configureServer(server) {
      server.watcher.add([options.contentDir!, options.schemaDir!]);
      server.middlewares.use((req, res, next) => {
        const svg = req.url ? logos.files.get(req.url.slice(1).split('?')[0]!) : undefined;
        if (!svg) return next();
        res.setHeader('content-type', 'image/svg+xml');
        res.end(svg);
      });
      // A picture's copies are made when a page first asks for them, then come from the cache.
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0];
        if (!url?.startsWith(PICTURES_PATH)) return next();
        copyBytes(url).then(
          (bytes) => {
            if (!bytes) return next();
            res.setHeader('content-type', url.endsWith('.avif') ? 'image/avif' : 'image/webp');
            res.end(bytes);
          },
          (error: unknown) => next(error),
        );
      });
      served = followContentEdits(server, {
        root,
        watched,
        check,
        codeOf: (name, r) => moduleCode(name, r),
        resolvedPrefix: RESOLVED,
        report,
        overlay: (r) => {
          const error = contentError(r.problems, root);
          return { message: error.message, id: error.id as string, frame: error.frame as string, loc: error.loc as { file: string; line: number; column: number } };
        },
      });
      // The first check starts once the server listens and Vite has printed where (setImmediate: after
      // the listen callbacks), so that neither waits for content; the terminal shows what it found.
      // Without a server of its own (middleware mode), at once.
      const first = () =>
        void current().then(report, (error: unknown) => logger.error(`\n${error instanceof Error ? error.message : String(error)}\n`));
      if (server.httpServer) server.httpServer.once('listening', () => setImmediate(first));
      else first();
    },
  };
}
