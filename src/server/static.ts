import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPath } from '../app/route-match.ts';
import { SetupError } from './errors.ts';
import { readServerFacts, type ServerFacts } from './server-facts.ts';

/** Cache policy of the built site, by kind of file. */
export const cacheControl = {
  /** Files under assets/ have a content hash in their name: a changed file gets a new name. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** Pages must be revalidated (cheaply, by ETag) so that a deploy is seen at once. */
  html: 'no-cache',
  /** Media, fonts and icons keep their names across deploys; a day bounds how stale they can get. */
  other: 'public, max-age=86400',
} as const;

export interface StaticSiteOptions {
  /** The client build: index.html, server-facts.json, assets/ and the prerendered pages. */
  readonly clientDir: string;
}

/**
 * A page of the build: its file, relative to the client build, and whether the build stored only its
 * brotli copy (`react/index.html.br`, as `npm run build` does) or the file itself (the app shell of a
 * build that was not prerendered, or a page a deploy step wrote).
 */
export interface PageFile {
  readonly file: string;
  readonly brotliOnly: boolean;
}

/** The client build, checked and read at start-up. */
export interface ClientBuild {
  readonly clientDir: string;
  /** What the build wrote for the server: routes, roles, the privacy notice's version (server-facts.ts). */
  readonly facts: ServerFacts;
  /** Each known route with the page that answers it. */
  readonly pages: ReadonlyMap<string, PageFile>;
  /**
   * Answers a page request no route took: a redirect when the path is a page's address written another
   * way (`/react/`, `/react/index.html`), else 404 with the site's not-found page. `matchPath` decides,
   * as it does in the browser.
   */
  sendNotFoundPage(reply: FastifyReply, url: string): Promise<FastifyReply> | FastifyReply;
}

/**
 * Checks that there is a client build, reads what it says for the server and finds the page of each
 * route. Kept apart from `registerStaticSite` so that the server's not-found and error handlers, which
 * must be set before any route, can already use the page.
 */
export async function readClientBuild(options: StaticSiteOptions): Promise<ClientBuild> {
  const clientDir = path.resolve(options.clientDir);
  const shell = storedPage(clientDir, 'index.html');
  if (!shell) {
    throw new SetupError(
      'ClientBuildMissing',
      `There is no client build in ${clientDir} (neither index.html nor index.html.br is there), so there is no site to serve. Run \`npm run build\` first.`,
    );
  }
  const facts = await readServerFacts(clientDir);
  const { routes } = facts;
  const prerendered = (route: string) => storedPage(clientDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  // A route without a prerendered page gets the app shell, which renders it in the browser.
  const pages = new Map(routes.map((route) => [route, prerendered(route) ?? shell]));
  const notFoundPage = storedPage(clientDir, '404.html') ?? shell;
  const routeSet = new Set(routes);
  return {
    clientDir,
    facts,
    pages,
    sendNotFoundPage: (reply, url) => {
      const query = url.indexOf('?');
      const match = matchPath(query === -1 ? url : url.slice(0, query), routeSet);
      if (match.kind === 'redirect') return reply.redirect(query === -1 ? match.to : match.to + url.slice(query), 301);
      // No ETag or Last-Modified: a 304 would turn this 404 into a "not modified" of someone else's page.
      return sendPage(clientDir, reply.code(404), notFoundPage, { etag: false });
    },
  };
}

/** How the build stored a page: the file itself, or only its brotli copy. Undefined when neither is there. */
function storedPage(clientDir: string, file: string): PageFile | undefined {
  if (existsSync(path.join(clientDir, file))) return { file, brotliOnly: false };
  if (existsSync(path.join(clientDir, `${file}.br`))) return { file, brotliOnly: true };
  return undefined;
}

/** Whether the request's Accept-Encoding names brotli with a weight above zero. */
function acceptsBrotli(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith('q='));
    return coding === 'br' && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

const decodeBrotli = promisify(brotliDecompress);

/** If-None-Match's weak comparison: any listed tag, W/ or not, or `*`. */
function matchesEtag(header: string | undefined, tag: string): boolean {
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header !== undefined && header.split(',').some((listed) => listed.trim() === '*' || opaque(listed) === opaque(tag));
}

/** The HTML of a page of the build, decoded from its brotli copy when that is all the build stored. */
export async function readPageText(clientDir: string, page: PageFile): Promise<string> {
  if (!page.brotliOnly) return readFile(path.join(clientDir, page.file), 'utf8');
  return (await decodeBrotli(await readFile(path.join(clientDir, `${page.file}.br`)))).toString('utf8');
}

/**
 * Sends a page. A page stored as its brotli copy only goes out as it is to a client that accepts
 * brotli (every browser), through @fastify/static like any precompressed file; any other client gets
 * it decoded (0.2 ms for /react), which @fastify/compress then gzips if the client takes gzip. Both
 * answers carry the same weak ETag, from the stored file, so either revalidates to a 304.
 */
async function sendPage(
  clientDir: string,
  reply: FastifyReply,
  page: PageFile,
  { etag = true }: { etag?: boolean } = {},
): Promise<FastifyReply> {
  if (!page.brotliOnly || acceptsBrotli(reply.request)) {
    return reply.sendFile(page.file, etag ? {} : { etag: false, lastModified: false });
  }
  const stored = path.join(clientDir, `${page.file}.br`);
  reply.header('content-type', 'text/html; charset=utf-8');
  reply.header('cache-control', cacheControl.html);
  reply.header('vary', 'accept-encoding');
  if (etag) {
    // The form `send` gives the ETag of the brotli copy served to browsers.
    const { size, mtime } = await stat(stored);
    const tag = `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;
    reply.header('etag', tag);
    if (reply.statusCode === 200 && matchesEtag(reply.request.headers['if-none-match'], tag)) return reply.code(304).send();
  }
  return reply.send(await decodeBrotli(await readFile(stored)));
}

/**
 * Serves the client build: files as they are (a precompressed .br or .gz sibling when the browser accepts it)
 * except the HTML files, and each known route as its prerendered page (or the app shell). The HTML files are
 * reached only through their routes: `/react/index.html` served as a file would be a page at an address the
 * browser's router does not know.
 * Register @fastify/compress first: pages without a precompressed sibling are compressed on the fly.
 */
export async function registerStaticSite(app: FastifyInstance, build: ClientBuild): Promise<void> {
  const { clientDir } = build;
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    // Directories are not pages: known routes are served below, anything else is not found.
    index: false,
    redirect: false,
    preCompressed: true,
    // Hidden files (such as .gitkeep) are not part of the site.
    dotfiles: 'ignore',
    // send's own Cache-Control would apply one max-age to everything; setHeaders applies ours.
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(clientDir, file));
    },
  });

  for (const [route, page] of build.pages) app.get(route, (_request, reply) => sendPage(clientDir, reply, page));
  // Other ways of writing a route get the not-found answer, which redirects them: so do the page files
  // themselves (and their brotli copies, which are not pages at their own address), and `/react/`, which
  // the file routes above would otherwise take for a folder.
  const pageFiles = [...build.pages.values()].flatMap(({ file }) => [`/${file}`, `/${file}.br`]);
  const otherSpellings = new Set(['/index.html', '/index.html.br', '/404.html', '/404.html.br', ...pageFiles]);
  for (const route of build.pages.keys()) if (route !== '/') otherSpellings.add(`${route}/`);
  for (const url of otherSpellings) app.get(url, (request, reply) => build.sendNotFoundPage(reply, request.url));
}

/** The Cache-Control header of a file of the build, from its path inside the build. */
export function cacheControlFor(clientDir: string, file: string): string {
  // A precompressed sibling (index.html.br) is cached like the file it stands for.
  const relative = path
    .relative(clientDir, file)
    .replace(/\.(br|gz)$/, '')
    .split(path.sep)
    .join('/');
  if (relative.startsWith('assets/')) return cacheControl.hashedAsset;
  if (relative.endsWith('.html')) return cacheControl.html;
  return cacheControl.other;
}
