import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { matchPath } from '../app/route-match.ts';
import { SetupError } from './errors.ts';

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
  /** The client build: index.html, routes.json, assets/ and the prerendered pages. */
  readonly clientDir: string;
  /** Told when routes.json is missing and only "/" is known. */
  readonly warn?: (message: string) => void;
}

/** The client build, checked and read at start-up. */
export interface ClientBuild {
  readonly clientDir: string;
  /** Each known route with the file that answers it, relative to clientDir. */
  readonly pages: ReadonlyMap<string, string>;
  /**
   * Answers a page request no route took: a redirect when the path is a page's address written another
   * way (`/react/`, `/react/index.html`), else 404 with the site's not-found page. `matchPath` decides,
   * as it does in the browser.
   */
  sendNotFoundPage(reply: FastifyReply, url: string): FastifyReply;
}

/**
 * Checks that there is a client build and reads its routes. Kept apart from `registerStaticSite` so that
 * the server's not-found and error handlers, which must be set before any route, can already use the page.
 */
export async function readClientBuild(options: StaticSiteOptions): Promise<ClientBuild> {
  const clientDir = path.resolve(options.clientDir);
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    throw new SetupError(
      'ClientBuildMissing',
      `There is no client build in ${clientDir} (index.html is missing), so there is no site to serve. Run \`npm run build\` first.`,
    );
  }
  const routes = await readRoutes(clientDir, options.warn);
  const pages = new Map(routes.map((route) => [route, pageFileFor(clientDir, route)]));
  const notFoundPage = existsSync(path.join(clientDir, '404.html')) ? '404.html' : 'index.html';
  const routeSet = new Set(routes);
  return {
    clientDir,
    pages,
    sendNotFoundPage: (reply, url) => {
      const query = url.indexOf('?');
      const match = matchPath(query === -1 ? url : url.slice(0, query), routeSet);
      if (match.kind === 'redirect') return reply.redirect(query === -1 ? match.to : match.to + url.slice(query), 301);
      // No ETag or Last-Modified: a 304 would turn this 404 into a "not modified" of someone else's page.
      return reply.code(404).sendFile(notFoundPage, { etag: false, lastModified: false });
    },
  };
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

  for (const [route, page] of build.pages) app.get(route, (_request, reply) => reply.sendFile(page));
  // Other ways of writing a route get the not-found answer, which redirects them: so do the page files
  // themselves, and `/react/`, which the file routes above would otherwise take for a folder.
  const otherSpellings = new Set(['/index.html', '/404.html', ...[...build.pages.values()].map((file) => `/${file}`)]);
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

/** The prerendered page of a route when the build wrote one, otherwise the app shell. */
function pageFileFor(clientDir: string, route: string): string {
  const prerendered = route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
  return existsSync(path.join(clientDir, prerendered)) ? prerendered : 'index.html';
}

const routePattern = /^\/([a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*)?$/;

/** Reads routes.json, the list of the site's routes that the build writes next to index.html. */
export async function readRoutes(clientDir: string, warn?: (message: string) => void): Promise<string[]> {
  const file = path.join(clientDir, 'routes.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    warn?.(
      `${file} is missing, so only "/" is served as a page and every other path is not found. Rebuild the site with \`npm run build\`.`,
    );
    return ['/'];
  }

  let routes: unknown;
  try {
    routes = JSON.parse(text);
  } catch (error) {
    throw new SetupError(
      'RoutesManifestInvalid',
      `${file} is not valid JSON (${(error as Error).message}). Rebuild the site with \`npm run build\`.`,
      {
        cause: error,
      },
    );
  }
  if (!Array.isArray(routes)) {
    throw new SetupError(
      'RoutesManifestInvalid',
      `${file} must hold a JSON array of routes such as ["/", "/react"]. Rebuild the site with \`npm run build\`.`,
    );
  }
  const bad = routes.filter((route) => typeof route !== 'string' || !routePattern.test(route));
  if (bad.length > 0) {
    throw new SetupError(
      'RoutesManifestInvalid',
      `${file} lists ${bad.map((route) => JSON.stringify(route)).join(', ')}, which ${bad.length === 1 ? 'is not a route' : 'are not routes'}: a route is "/" or lower-case words joined by dashes after a slash, such as "/web-development". Fix the page's \`route\` and rebuild.`,
    );
  }
  return [...new Set(routes as string[])];
}
