/**
 * The editor's server: a Vite plugin that serves the editor's pages and puts its API (api.ts) on
 * HTTP under /api/. Only `npm run edit` uses it; the site's dev server, build and `npm start` never do.
 *
 * Safety: the editor writes files and holds unpublished work, so only its own page may use its API
 * (served.ts: another origin, another local port included, is refused, reads too), it serves
 * nothing but its code, the packages and the public files, and it listens on this computer only
 * (scripts/edit.ts): a team shares the editor through the service, with accounts (src/editor/service/).
 * A refusal never names a path of this computer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { EditorError } from '../shared/errors.ts';
import type { EditorProject } from '../api/api.ts';
import { loadDrawing } from './drawing.ts';
import { editorRoutes, faultBody, MAX_JSON_BODY, parseJson, refusal } from '../api/routes.ts';
import { foreignOrigin, isServed } from '../api/served.ts';

export interface EditorServerOptions {
  /** The project whose content is edited. */
  readonly root: string;
  /** The checkout whose code the editor runs and serves (the project itself unless told otherwise). */
  readonly codeRoot?: string;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify(body));
}

/**
 * The request's bytes, up to `limit`. A larger request is read to its end all the same (up to a
 * bound) and then refused: cutting it off while the browser still sends made the browser report
 * that the server did not answer, instead of showing why.
 */
function readRaw(req: IncomingMessage, limit: number, what: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit * 8) req.destroy();
    });
    req.on('end', () =>
      size > limit
        ? reject(
            new EditorError(
              'EditorTooLarge',
              `${what} is ${(size / 1024 / 1024).toFixed(1)} MB; the editor takes up to ${limit / 1024 / 1024} MB. Make it smaller and try again.`,
            ),
          )
        : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

export function editorPlugin(options: EditorServerOptions): Plugin {
  const served = { root: options.codeRoot ?? options.root, publicDir: join(options.root, 'public') };
  // Loaded at the first publish (a few seconds), which most sessions of the editor never reach.
  let drawing: ReturnType<typeof loadDrawing> | undefined;
  const project: EditorProject = {
    root: options.root,
    draw: async (content) => {
      // A load that failed is tried again at the next publish.
      drawing ??= loadDrawing(served.root).catch((error: unknown) => {
        drawing = undefined;
        throw error;
      });
      return (await drawing).drawSite(content);
    },
  };
  return {
    name: 'editor',
    configureServer(server: ViteDevServer) {
      server.httpServer?.on('close', () => void drawing?.then((loaded) => loaded.close()).catch(() => undefined));
      // The content plugin tells the site's pages to reload, or shows its error overlay, when a
      // content file changes. In the editor that file is the one being edited: a reload would throw
      // away what is on screen, and its problems are shown at the fields instead.
      server.ws.send = () => undefined;
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://editor');
        if (url.pathname.startsWith('/api/')) {
          const foreign = foreignOrigin(req);
          if (foreign)
            return send(res, 403, {
              error: 'EditorForbidden',
              message: `Refused: ${foreign}. Only the editor's own page may use it.`,
            });
        } else if (!isServed(url.pathname, served)) {
          return send(res, 404, { error: 'EditorNotFound', message: 'The editor has nothing at this address.' });
        }
        // The editor's two pages; everything else (its code, the site's sections) is Vite's.
        if (url.pathname === '/' || url.pathname === '/index.html') req.url = '/src/editor/ui/index.html';
        else if (url.pathname === '/preview') req.url = '/src/editor/ui/preview/index.html';
        const route = editorRoutes[url.pathname];
        if (!route) return next();
        if (req.method !== route.method)
          return send(res, 405, { error: 'EditorBadRequest', message: `${url.pathname} answers ${route.method} only.` });
        (req.method === 'POST'
          ? readRaw(req, route.raw ?? MAX_JSON_BODY, route.raw ? 'The picture' : 'The request')
          : Promise.resolve(Buffer.alloc(0))
        )
          .then((raw) => route.handle(project, { body: route.raw ? {} : parseJson(raw), raw, query: url.searchParams }))
          .then(
            (result) => send(res, 200, result),
            (error: unknown) => {
              const refused = refusal(error);
              if (refused) return send(res, refused.status, refused.body);
              // The details (paths, a stack) are for the terminal; the page gets what it needs to know.
              server.config.logger.error(`editor: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
              send(res, 500, faultBody);
            },
          );
      });
    },
  };
}
