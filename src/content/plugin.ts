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
 * In `vite dev` the check runs on a thread of its own (check-service.ts, check-worker.ts), which the
 * server does not wait for before listening, and keeps what it read between starts (check/saved-reads.ts).
 * In `vite build` any content error fails the build; in `vite dev` it is printed in the terminal
 * and shown in the browser overlay, the server keeps running, and fixing the file recovers.
 * In `vite dev`, an edit that changes only pages (not the route table or the site settings) reaches
 * the browser as the new page data (`content:page`), which the app swaps in without a reload.
 */
import { createHash } from 'node:crypto';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';
import { checkContent, type ContentOptions, type ContentResult } from './check.ts';
import { checkGallery } from './gallery.ts';
import { formatProblems } from './format.ts';
import type { Problem } from './catalog.ts';
import { copyBytes, plannedCopies, PICTURES_PATH } from './pictures.ts';
import { cacheFolder } from './files.ts';
import { dataModule, readDataModule } from './page-data.ts';
import { contentModules, LogoFiles, perCheck, PREFIX } from './modules.ts';
import { CheckService, type CheckAnswer } from './check-service.ts';

const RESOLVED = '\0' + PREFIX;
/** How long after a page's data is served the last session's modules are checked, if nothing else is asked for. */
const CONFIRM_AFTER_MS = 500;
/** How long the check of the last session's modules waits for a browser to ask for a page at all. */
const CONFIRM_UNASKED_MS = 3000;
/** How long it waits for the data of the page a browser has started to load (the route table came first). */
const CONFIRM_LOADING_MS = 10_000;

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
  const logos = new LogoFiles();

  const run = () => (pending = checkContent(options).then((r) => (result = r)));
  /** The code of each content module the dev server has served, to tell what an edit changed. */
  const served = new Map<string, string>();
  /** Whether the browser shows the overlay of a content error. */
  let showingError = false;

  const { pageData, moduleCode } = contentModules(logos);
  /** The dev server's check, on a thread of its own (check-service.ts); a build checks on its own thread. */
  let service: CheckService | undefined;
  /** Has the dev server check the last session's modules it served, once the page is served (configureServer). */
  let confirmWhenServed: (after: number) => void = () => {};
  let confirming: ReturnType<typeof setTimeout> | undefined;

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
          const source = dataModule(JSON.stringify(pageData(p)));
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
  const current = async () => result ?? (await (pending ?? run()));

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
      // The dev server's check started with the server (configureServer), on its own thread; the
      // server listens without waiting for it, and only a content module does.
      if (service) return;
      // The second build of `vite build` reuses the first one's check, already reported.
      if (isBuild && result) return;
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
      const name = id.slice(RESOLVED.length);
      if (service && name !== 'gallery') {
        const answer = await service.modules([name]);
        if (answer.failure) throw new Error(answer.failure);
        if (answer.errors > 0) throw contentError(answer.problems, root);
        const code = answer.codes[name];
        if (code == null) {
          return this.error(name.startsWith('page/') ? `No content file defines the page module "${name}".` : `Unknown content module "${PREFIX}${name}".`);
        }
        served.set(name, code);
        // A page's data is the last content module a page needs; the route table and the site settings come first.
        if (answer.provisional) confirmWhenServed(name.startsWith('page/') ? CONFIRM_AFTER_MS : CONFIRM_LOADING_MS);
        return code;
      }
      const r = await current();
      // No addWatchFile here: buildStart watches every content file once, and the dev server's own
      // watcher covers the content and schema folders. Adding every file for every page module cost
      // a million calls at a thousand pages (2.4 s of a 12 s client build).
      if (r.errors > 0) throw contentError(r.problems, root);
      if (name === 'pages' && isBuild) return buildRouteTable(r, this.environment.config.consumer);
      const code = name === 'gallery' ? undefined : moduleCode(name, r);
      if (code !== undefined) {
        if (!isBuild) served.set(name, code);
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
        served.set('gallery', '');
        return `export default ${JSON.stringify({ sections: gallery.sections, shared: gallery.shared, ...assets })};`;
      }
      return this.error(`Unknown content module "${PREFIX}${name}".`);
    },

    async generateBundle() {
      // The production server needs the route table to tell pages from unknown paths (404).
      const routes = result?.pages.map((p) => p.page.route).sort() ?? [];
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(routes, null, 2) + '\n' });
      for (const [fileName, source] of logos.files) this.emitFile({ type: 'asset', fileName, source });
      // The pages' data files and the pictures' copies are published with the client; the server build only names them.
      if (this.environment.config.consumer !== 'client') return;
      if (result) for (const { fileName, source } of pageDataFiles(result).values()) this.emitFile({ type: 'asset', fileName, source });
      for (const url of plannedCopies()) {
        const source = await copyBytes(url);
        if (source) this.emitFile({ type: 'asset', fileName: url.slice(1), source });
      }
    },

    async closeBundle() {
      clearTimeout(confirming);
      await service?.close();
    },

    // Content and schema files are this plugin's to answer (configureServer's watcher): Vite's own
    // answer to a changed file its modules depend on is a full reload, which would undo a page update.
    handleHotUpdate({ file }) {
      return watched(file) ? [] : undefined;
    },

    configureServer(server: ViteDevServer) {
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
      // Kept per content folder, beside the other caches (node_modules/.cache), between starts.
      const folderKey = createHash('sha256').update(options.contentDir!).digest('hex').slice(0, 16);
      const savedReads = join(cacheFolder('content-reads'), `${folderKey}.json`);
      service = new CheckService(options, logos.files, savedReads);
      /** Whether the terminal has shown what a check of this session found. */
      let reported = false;
      // Checked at once, beside Vite's own start; the terminal shows what the check found when it ends.
      // When nothing changed since the last session, its modules answer at once, and the check
      // runs once the page is served (confirmWhenServed).
      service.start([]).then(
        (answer) =>
          answer.failure
            ? logger.error(`\n${answer.failure}\n`)
            : answer.provisional
              ? // If no browser asks for a page soon, the check runs all the same.
                confirmWhenServed(CONFIRM_UNASKED_MS)
              : ((reported = true), report(answer)),
        (error: unknown) => logger.error(`\n${error instanceof Error ? error.message : String(error)}\n`),
      );
      const checked = service;
      /** Checks the content (after `file` changed, or to confirm the last session's modules) and updates the browser. */
      const recheck = async (file: string | undefined) => {
        clearTimeout(confirming);
        // The gallery is not the check's to make (load above): asked for, it would come back as unknown.
        const names = [...served.keys()].filter((name) => name !== 'gallery');
        let answer: CheckAnswer;
        try {
          answer = await checked.check(names);
          if (answer.failure) throw new Error(answer.failure);
        } catch (error) {
          // A schema that cannot be read (half-typed JSON, a wrong rename marker) is a developer's
          // mistake to show, not a reason to stop the server: saving the fixed file recovers.
          const message = error instanceof Error ? error.message : String(error);
          logger.error(`\n${message}\n`);
          server.ws.send({ type: 'error', err: { message, stack: '', plugin: 'content' } });
          showingError = true;
          return;
        }
        for (const env of Object.values(server.environments)) {
          for (const mod of [...env.moduleGraph.idToModuleMap.values()]) {
            if (mod.id?.startsWith(RESOLVED)) env.moduleGraph.invalidateModule(mod);
          }
        }
        if (answer.errors > 0) {
          report(answer);
          const error = contentError(answer.problems, root);
          showingError = true;
          server.ws.send({
            type: 'error',
            err: { message: error.message, stack: '', id: error.id as string, frame: error.frame as string, loc: error.loc as { file: string; line: number; column: number }, plugin: 'content' },
          });
        } else {
          // What the browser has that changed: only pages, then the new data is sent and swapped in
          // (src/app/startup/loader.ts); anything else (the route table, the site settings, the
          // gallery, a page that is gone) needs the whole app again.
          // Confirming the last session's modules concerns them only; an edit may change the gallery too.
          const now = new Map((file ? [...served.keys()] : names).map((name) => [name, answer.codes[name] ?? undefined] as const));
          const changed = [...now].filter(([name, code]) => code !== served.get(name)).map(([name]) => name);
          // After an error the overlay is up, and only a reload takes it down.
          const onlyPages = !showingError && changed.every((name) => name.startsWith('page/') && now.get(name) !== undefined);
          showingError = false;
          for (const name of changed) served.set(name, now.get(name) ?? '');
          if (onlyPages) {
            for (const name of changed) {
              server.ws.send({ type: 'custom', event: 'content:page', data: readDataModule(now.get(name)!, name) });
            }
            if (file) logger.info(`content: ${relative(root, file)} is valid; ${changed.length > 0 ? 'page updated.' : 'nothing on screen changed.'}`);
            else if (changed.length > 0) logger.info('content: changed since the last session; page updated.');
          } else {
            served.clear();
            logger.info(`content: ${file ? `${relative(root, file)} is valid` : 'changed since the last session'}; reloading.`);
            server.ws.send({ type: 'full-reload', path: '*' });
          }
          // The first check of the session: its warnings, as a start without saved modules shows them.
          if (!reported) report(answer);
          reported = true;
        }
      };
      /**
       * The last session's modules are checked once the page the browser is loading has its data: the
       * page comes first. An edit before then checks anyway, and confirms them.
       */
      confirmWhenServed = (after) => {
        clearTimeout(confirming);
        confirming = setTimeout(() => void recheck(undefined), after);
        confirming.unref();
      };
      const onChange = (file: string) => (watched(file) ? recheck(file) : undefined);
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
    },
  };
}
