/**
 * Prerenders every route of the built site into its own HTML page (`dist/client/<route>/index.html`,
 * `404.html`), readable without JavaScript and hydrated by the client. Each page gets its head tags
 * from content, the CSS of the sections it uses inlined (no flash of unstyled content, one request
 * fewer), and preload hints for the code it will load. A page is stored only as its brotli copy
 * (`index.html.br`), which is what browsers are sent; the server decodes it for a client without
 * brotli (src/server/static.ts). Then writes sitemap.xml and robots.txt and precompresses the shared
 * text files (scripts, styles, icons) with brotli and gzip. Run by `npm run build` after `vite build`.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip as gzipCallback } from 'node:zlib';
import { earlyScript } from '../src/app/startup/early-script.ts';
import { allSectionMeta } from '../src/sections/meta.ts';
import { PRERENDER_BUNDLE_DIR } from '../src/build/build-paths.ts';
import { checkDrawnPages, type DrawnPage } from '../src/content/rendered/index.ts';
import { traceChanged } from '../src/content/rendered/as-published.ts';
import type { TraceTable } from '../src/content/rendered/trace.ts';
import { checkContent } from '../src/content/check.ts';
import { formatProblems, errorsFirst } from '../src/content/cli/format.ts';

const root = resolve(import.meta.dirname, '..');
const client = join(root, 'dist/client');
const serverEntry = join(root, PRERENDER_BUNDLE_DIR, 'entry-server.mjs');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

type Rendered = {
  html: string;
  head: string;
  sectionTypes: readonly string[];
  pageData?: string;
  status: number;
  searchable: boolean;
};
/**
 * The pages are rendered by worker threads (scripts/prerender-worker.mjs), one per core, each with
 * the server bundle; this thread puts each page together, writes it and compresses the files.
 */
type Traced = { html: string; head: string; table: TraceTable } | null;
type Answer = { id: number; rendered?: Rendered; traced?: Traced; error?: string };

class Renderers {
  private readonly pending = new Map<number, { resolve(answer: Answer): void; reject(e: Error): void }>();
  private readonly idle: Worker[] = [];
  private readonly waiting: ((worker: Worker) => void)[] = [];
  private next = 0;
  routes: string[] = [];
  url = '';

  async start(count: number): Promise<void> {
    const started = Array.from({ length: count }, () => {
      // Without the parent's `--import tsx`: the worker is plain JavaScript.
      const worker = new Worker(new URL('./prerender-worker.mjs', import.meta.url), {
        execArgv: [],
        workerData: { serverEntry, clientDir: client },
      });
      return new Promise<Worker>((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', (ready: { routes: string[]; url: string }) => {
          this.routes = ready.routes;
          this.url = ready.url;
          worker.off('error', reject);
          worker.on('message', (answer: Answer) => this.answered(worker, answer));
          worker.on('error', (error) => this.failAll(error));
          resolve(worker);
        });
      });
    });
    this.idle.push(...(await Promise.all(started)));
  }

  async render(path: string): Promise<Rendered> {
    return (await this.ask({ path })).rendered!;
  }

  /** The page drawn with its texts marked, for the rendered-page check; null for a path no page has. */
  async renderTraced(path: string): Promise<Traced> {
    return (await this.ask({ path, traced: true })).traced ?? null;
  }

  private async ask(message: { path: string; traced?: boolean }): Promise<Answer> {
    const worker = this.idle.pop() ?? (await new Promise<Worker>((resolve) => this.waiting.push(resolve)));
    const id = this.next++;
    const answer = new Promise<Answer>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    worker.postMessage({ id, ...message });
    return answer;
  }

  private answered(worker: Worker, answer: Answer) {
    const request = this.pending.get(answer.id)!;
    this.pending.delete(answer.id);
    const waiter = this.waiting.shift();
    if (waiter) waiter(worker);
    else this.idle.push(worker);
    if (answer.error === undefined) request.resolve(answer);
    else request.reject(new Error(`PrerenderFailed: rendering a page threw:\n${answer.error}`));
  }

  private failAll(error: Error) {
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }

  async stop(): Promise<void> {
    await Promise.all(this.idle.map((worker) => worker.terminate()));
  }
}
if (!existsSync(serverEntry)) {
  throw new Error(
    `PrerenderBundleMissing: ${relative(root, serverEntry)} is not there; \`vite build\` makes it (\`npm run build\` runs both).`,
  );
}
const renderers = new Renderers();
const rendererCount = Math.max(1, Math.min(2, availableParallelism()));
await renderers.start(rendererCount);

const manifest = JSON.parse(readFileSync(join(client, '.vite/manifest.json'), 'utf8')) as Manifest;
// The template is the client build's index.html; kept aside because "/" overwrites it.
const templateFile = join(root, PRERENDER_BUNDLE_DIR, 'template.html');
if (!existsSync(templateFile)) writeFileSync(templateFile, readFileSync(join(client, 'index.html'), 'utf8'));
const template = readFileSync(templateFile, 'utf8');
// Vite's app shell goes: the home page's brotli copy takes its place, and the shell left beside it
// would answer "/" to a client without brotli.
rmSync(join(client, 'index.html'), { force: true });

/** A chunk and every chunk it statically imports, once each. */
function closure(key: string, seen = new Set<string>()): ManifestChunk[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [chunk, ...(chunk.imports ?? []).flatMap((k) => closure(k, seen))];
}

const entryKey = 'index.html';
const bootKey = 'src/app/startup/boot.ts';
if (!manifest[entryKey] || !manifest[bootKey]) {
  throw new Error(
    `PrerenderEntryMissing: the client build has no ${manifest[entryKey] ? bootKey : entryKey} entry; check vite.config.ts.`,
  );
}
const entryFiles = new Set(closure(entryKey).map((c) => c.file));
const entryCss = new Set(closure(entryKey).flatMap((c) => c.css ?? []));

/**
 * What a prerendered page needs before it is interactive: its data file and the code of
 * its first section (preloaded; sections below hydrate as they come into view), and the CSS of all
 * its sections (inlined: their server HTML is on screen before their code arrives).
 */
function pageAssets(rendered: Rendered): { js: string[]; css: string[]; later: Map<string, string[]> } {
  const sectionKey = (type: string) => `src/sections/${type}/index.tsx`;
  const eager: string[] = rendered.sectionTypes.slice(0, 1).map(sectionKey);
  const js = [...new Set(eager.flatMap((k) => closure(k)).map((c) => c.file))].filter((f) => !entryFiles.has(f));
  // The page's data file (src/content/build/plugin.ts) imports nothing.
  if (rendered.pageData) js.push(rendered.pageData.slice(1));
  const all = [...new Set(rendered.sectionTypes)].map(sectionKey).flatMap((k) => closure(k));
  const css = [...new Set(all.flatMap((c) => c.css ?? []))].filter((f) => !entryCss.has(f));
  // The code each section below the first still needs, beyond what is preloaded with the entry.
  const later = new Map<string, string[]>();
  for (const type of rendered.sectionTypes.slice(1)) {
    const files = closure(sectionKey(type))
      .map((c) => c.file)
      .filter((f) => !entryFiles.has(f) && !js.includes(f));
    if (files.length > 0 && !later.has(type)) later.set(type, files);
  }
  return { js, css, later };
}

// The Latin subset of the variable Inter font is on every page; preloading it lets text render in
// the brand font at first paint instead of after the CSS is parsed (font-display: swap either way).
const fontFile = readdirSync(join(client, 'assets')).find((f) => /^inter-core-.*\.woff2$/.test(f));
const fontPreload = fontFile ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${fontFile}" />` : '';

const webManifest = template.match(/<link rel="manifest" href="([^"]+)"/)?.[1];

// The day of the build: the sitemap says every page was last changed then.
const builtOn = new Date().toISOString().slice(0, 10);
const written: string[] = [];

/**
 * A preload for the page's high-priority image (the hero poster or banner: its LCP element), so the
 * browser fetches it while it parses the head. When the image has an AVIF source, that is what a
 * browser supporting AVIF will pick, so that is what is preloaded.
 */
function lcpPreload(html: string): string {
  const img = html.match(/<img [^>]*fetchPriority="high"[^>]*>/);
  if (!img) return '';
  const before = html.slice(0, img.index);
  const picture = before.lastIndexOf('<picture');
  const source =
    picture > before.lastIndexOf('</picture>') ? before.slice(picture).match(/<source type="image\/avif"[^>]*>/)?.[0] : undefined;
  const attr = (tag: string | undefined, name: string) => tag?.match(new RegExp(` ${name}="([^"]+)"`))?.[1];
  // With a narrow copy, the preload offers the same candidates as the picture, so the browser
  // fetches the one it will display.
  const hint = (tag: string) => {
    const srcset = attr(tag, 'srcSet');
    return srcset?.includes(',')
      ? `imagesrcset="${srcset}" imagesizes="${attr(tag, 'sizes') ?? '100vw'}"`
      : `href="${srcset ?? attr(tag, 'src')}"`;
  };
  if (source) return `<link rel="preload" as="image" type="image/avif" ${hint(source)} fetchpriority="high" />`;
  return attr(img[0], 'src') ? `<link rel="preload" as="image" ${hint(img[0])} fetchpriority="high" />` : '';
}

/**
 * The template in the pieces a page is put together from, made once: its own links and scripts out
 * (the page gets its own), and the places for the page's head tags, its HTML and the boot script.
 */
const shell = (() => {
  const stripped = template
    .replace(/\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<link rel="manifest"[^>]*>/, '')
    .replace(/\s*<script type="module"[^>]*src="\/assets\/[^"]+\.js"[^>]*><\/script>/g, '');
  if (/<script type="module"[^>]*src="\/assets\/index-/.test(stripped)) {
    throw new Error('PrerenderEntryScriptLeft: the entry script is still in the template; update the patterns above.');
  }
  /** The template before the first match of `pattern`, the match, and after it. */
  const cut = (text: string, pattern: RegExp, what: string): [string, string, string] => {
    const found = pattern.exec(text);
    if (!found) throw new Error(`PrerenderTemplateChanged: index.html has no ${what}, where each page's own goes.`);
    return [text.slice(0, found.index), found[0], text.slice(found.index + found[0].length)];
  };
  const [beforeViewport, viewport, afterViewport] = cut(stripped, /<meta name="viewport"[^>]*>/, 'viewport meta tag');
  const [beforeTitle, , afterTitle] = cut(afterViewport, /<title>[^<]*<\/title>/, '<title>');
  const [beforeRoot, , afterRoot] = cut(afterTitle, /<div id="root"><\/div>/, 'empty <div id="root">');
  return {
    head: `${beforeViewport}${viewport}\n    `,
    title: beforeTitle,
    body: `${beforeRoot}<div id="root">`,
    root: '</div>\n    ',
    end: afterRoot,
  };
})();

/** A stylesheet's text, read once: most pages inline the same few. */
const cssTexts = new Map<string, string>();
const cssText = (file: string) => cssTexts.get(file) ?? cssTexts.set(file, readFileSync(join(client, file), 'utf8')).get(file)!;

/**
 * Writes a page as its brotli copy only, like nginx's `gzip_static always` with `gunzip`: every browser
 * accepts brotli and gets these bytes as they are, and the copy is a fifth of the page (18.6 of 88 KB
 * for /react), so the output grows by that much a page, not by the page and a copy. Quality 5, the
 * server's own for what it compresses on the fly: 1.4 ms for /react, where 11 took 90 ms for 11 % less.
 * Synchronously: on libuv's pool, the same work cost 2.2 ms of CPU a page in hand-overs, and this
 * thread mostly waits for the renderers anyway.
 */
function writePage(file: string, html: string): void {
  const data = Buffer.from(html);
  const params = {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params }));
}

/** The speculation rules each section type asks for (SectionMeta `speculationRules`), read once for every page. */
const speculation = allSectionMeta().flatMap(([type, meta]) =>
  meta.speculationRules ? [[type, meta.speculationRules] as const] : [],
);

async function prerender(path: string, outFile: string) {
  const rendered = await renderers.render(path);
  const { js, css, later } = pageAssets(rendered);
  // All CSS the first paint needs is inlined: the site-wide styles and those of the page's sections.
  const styles = [...entryCss, ...css].map(cssText).join('\n');
  // The stylesheets inlined here, named for Vite's loader of dynamic imports, which skips a stylesheet
  // the document already links; otherwise the code of each section waits a round trip for its CSS
  // again. A disabled stylesheet is neither fetched nor applied.
  const inlined = [...entryCss, ...css].map((file) => `<link rel="stylesheet" href="/${file}" disabled data-inlined />`).join('');
  // First the script that keeps presses made before the boot script runs (early-script.ts), then the
  // hero image: it is the largest paint, and the browser requests in document order.
  const early = [
    `<script>${earlyScript}</script>`,
    lcpPreload(rendered.html),
    `<style data-critical-css>${styles}</style>`,
    inlined,
    fontPreload,
  ]
    .filter(Boolean)
    .join('\n    ');
  // The app's code is not in the head: the boot script starts it once the first screen has painted
  // (src/app/startup/boot.ts), preloading the entry's imports and the page's own modules then.
  const preload = [...entryFiles].filter((file) => file !== manifest[entryKey]!.file).concat(js);
  // The web app manifest too: Chrome fetches it and an icon as soon as it sees the link, on every
  // page view, and on a slow phone that competes with the first screen.
  const boot =
    `<script type="module" src="/${manifest[bootKey]!.file}" data-boot ` +
    `data-entry="/${manifest[entryKey]!.file}" data-preload="${preload.map((f) => `/${f}`).join(' ')}"` +
    (later.size > 0
      ? ` data-sections="${[...later].map(([type, files]) => `${type}:${files.map((f) => `/${f}`).join(',')}`).join(' ')}"`
      : '') +
    `${webManifest ? ` data-manifest="${webManifest}"` : ''}></script>`;
  // What the page's section types let the browser fetch ahead (SectionMeta `speculationRules`): after the content,
  // where the links they name are.
  const rules = [
    ...new Set(speculation.filter(([type]) => rendered.html.includes(`data-section="${type}"`)).map(([, text]) => text)),
  ]
    .map((text) => `<script type="speculationrules">${text}</script>`)
    .join('');
  const html =
    shell.head + early + shell.title + rendered.head + shell.body + rendered.html + shell.root + rules + boot + shell.end;
  writePage(outFile, html);
  written.push(relative(client, outFile));
  drawn.set(path, rendered);
  return rendered;
}

/** Every page as drawn, by route, for the rendered-page check. */
const drawn = new Map<string, Rendered>();

const routes = renderers.routes;
// As many pages at a time as there are renderers: each waits for its HTML, then is written here.
const queue = routes.map(
  (route) => [route, route === '/' ? join(client, 'index.html') : join(client, route.slice(1), 'index.html')] as const,
);
// Pages that say `searchable: false` (a form's thank-you page) stay out of the sitemap.
const unlisted = new Set<string>();
await Promise.all(
  Array.from({ length: rendererCount }, async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const { searchable } = await prerender(...item);
      // A renderer that lost the field would empty the sitemap without a word.
      if (typeof searchable !== 'boolean')
        throw new Error(`PrerenderIncomplete: the render of ${item[0]} does not say whether it is searchable.`);
      if (!searchable) unlisted.add(item[0]);
    }
  }),
);
const notFound = await prerender('/__not-found__', join(client, '404.html'));
if (notFound.status !== 404) throw new Error('PrerenderNotFound: the not-found path did not render the not-found screen.');
await checkDrawn(routes);
await renderers.stop();

/**
 * The rendered-page check (src/content/rendered/): each page is drawn again with its texts marked, read
 * as a visitor gets it, and what it shows wrong is reported at the content value that produced it, by the
 * content check, as the content check reports everything. An error stops the build.
 */
async function checkDrawn(routes: readonly string[]): Promise<void> {
  const started = performance.now();
  const pages: DrawnPage[] = [];
  const waiting = [...routes];
  await Promise.all(
    Array.from({ length: rendererCount }, async () => {
      for (let route = waiting.shift(); route !== undefined; route = waiting.shift()) {
        const traced = await renderers.renderTraced(route);
        const published = drawn.get(route);
        if (traced && published) pages.push({ route, html: published.html, head: published.head, traced });
      }
    }),
  );
  // A picture's weight is that of the file the site serves, as this build wrote it.
  const sizeOf = (url: string) => {
    const file = join(client, decodeURIComponent(url.split(/[?#]/)[0]!));
    return file.startsWith(client) && existsSync(file) ? statSync(file).size : undefined;
  };
  const { findings, changed } = checkDrawnPages(pages, { sizeOf });
  if (changed.length > 0) throw traceChanged(changed);
  const took = Math.round(performance.now() - started);
  if (findings.length === 0) {
    console.log(`Checked the ${pages.length} drawn pages: nothing shown wrong (${took} ms).`);
    return;
  }
  const result = await checkContent({
    root,
    contentDir: resolve(root, process.env.CONTENT_DIR ?? 'content'),
    unfinished: 'fail',
    rendered: findings,
  });
  // Only what this check found: the content check passed before the build began.
  const shown = result.problems.filter((problem) => findings.some((finding) => finding.message === problem.message));
  console.log(formatProblems(errorsFirst(shown), process.stdout.isTTY));
  const errors = shown.filter((problem) => problem.severity === 'error').length;
  if (errors > 0) {
    throw new Error(
      `ContentShownWrong: ${errors} problem(s) in what the drawn pages show, listed above (${took} ms); fix them in the files named and build again.`,
    );
  }
}

// Search engines: every searchable route in the sitemap, and robots.txt pointing at it.
const url = renderers.url;
const sitemap =
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
  routes
    .filter((route) => !unlisted.has(route))
    .sort()
    .map((route) => `  <url><loc>${url}${route === '/' ? '/' : route}</loc><lastmod>${builtOn}</lastmod></url>`)
    .join('\n') +
  `\n</urlset>\n`;
writeFileSync(join(client, 'sitemap.xml'), sitemap);
writeFileSync(join(client, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${url}/sitemap.xml\n`);

// Precompressed siblings, served by the production server when the browser accepts them.
function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}
// Asynchronously, on libuv's thread pool, as many at a time as the machine has cores.
// Shared files (scripts, styles) are compressed once per build and downloaded once per visitor, so they
// get brotli's best (quality 11) and a gzip copy. Each page's data file (assets/pages/) is not: a page is one of
// possibly thousands, and a copy would cost build time and output for every page, visited or not. The
// server compresses it when it is asked for (src/server/app.ts), as a CDN in front would.
const pageDataDir = join(client, 'assets/pages') + sep;
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);
const toCompress = [...files(client)].filter(
  (file) => /\.(js|css|json|svg|xml|txt|webmanifest)$/.test(file) && !file.startsWith(pageDataDir) && statSync(file).size >= 512,
);
async function compressOne(file: string): Promise<void> {
  const data = readFileSync(file);
  const br = await brotli(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, await gzip(data, { level: 9 }));
}
let next = 0;
await Promise.all(
  Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    while (next < toCompress.length) await compressOne(toCompress[next++]!);
  }),
);
const compressed = toCompress.length;
console.log(`Prerendered ${written.length} pages (${routes.length} routes + 404.html); precompressed ${compressed} files.`);
