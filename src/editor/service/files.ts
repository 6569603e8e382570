/**
 * The editor's pages, shared previews for people without an account, and every other GET: the
 * editor's code, the section pictures and the public folder of the change set the asking page shows,
 * each resolved to its real path inside its folder. Mounted unencapsulated (it answers what no other
 * route does, through the not-found handler).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { editorRoutes } from '../api/routes.ts';
import { sitePreview } from '../api/site-preview.ts';
import { copyBytes } from '../../content/build/pictures.ts';
import type { ServiceHttp } from './http.ts';

export async function pageAndFileRoutes(app: FastifyInstance, http: ServiceHttp): Promise<void> {
  const { options, sharedChangeSet, page, ipOf, answerFailure, mayEnter } = http;
  const { project, uiDir } = options;
  // Fastify answers an API address with the wrong method 404; the editor says which method it takes.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const route = path === '/api/publish' ? undefined : editorRoutes[path];
    if (route)
      return reply
        .code(405)
        .send({ error: 'EditorBadRequest', message: `${request.url.split('?')[0]} answers ${route.method} only.` });
    if (request.method === 'GET' || request.method === 'HEAD') return serveFile(request, reply);
    return reply.code(404).send({ error: 'EditorNotFound', message: 'The editor has nothing at this address.' });
  });

  const linkGonePage = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>This preview link does not work</title>
<main style="font: 1.1rem/1.5 system-ui, sans-serif; max-width: 36rem; margin: 15vh auto; padding: 0 1.25rem; color: #101828">
<h1 style="font-size: 1.6rem">This preview link does not work</h1>
<p>It has expired, been withdrawn, or been changed on its way to you (a character missing at its end, say).
Nothing is wrong on your side. Ask the person who sent it for a new link.</p>
</main>
</html>
`;
  const linkGone = (reply: FastifyReply) =>
    reply.code(410).send({
      error: 'EditorLinkExpired',
      message: 'This preview link has expired or been withdrawn. Ask the person who sent it for a new one.',
    });
  // The link itself is opened by a person, in a browser: a page in words, not the JSON its preview reads.
  app.get('/shared/:token', async (request, reply) =>
    (await sharedChangeSet((request.params as { token: string }).token))
      ? page(reply, 'site-preview/index.html')
      : reply.code(410).type('text/html; charset=utf-8').send(linkGonePage),
  );
  // Drawing a page runs the content check: whoever holds a link may ask for pages at a reader's pace, no faster.
  app.get(
    '/shared/:token/page',
    { config: { rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: ipOf } } },
    async (request, reply) => {
      const changeSet = await sharedChangeSet((request.params as { token: string }).token);
      if (!changeSet) return linkGone(reply);
      try {
        return await sitePreview(
          { root: options.changeSets.contentRoot(changeSet.id) },
          new URL(request.url, options.publicUrl).searchParams.get('route'),
        );
      } catch (error) {
        return answerFailure(request, reply, error);
      }
    },
  );

  // --- pages and files ----------------------------------------------------------------------------
  // Signed out, the person comes back to the same address after signing in (a review link in an e-mail).
  app.get('/', async (request, reply) =>
    request.editorSession
      ? page(reply, 'index.html')
      : reply.redirect(request.url === '/' ? '/sign-in' : `/sign-in?${new URLSearchParams({ next: request.url })}`, 303),
  );
  app.get('/index.html', async (_request, reply) => reply.redirect('/', 301));
  app.get('/preview', async (request, reply) =>
    request.editorSession
      ? page(reply, 'preview/index.html')
      : reply.code(401).send({ error: 'EditorSignedOut', message: 'Sign in first.' }),
  );
  app.get('/site-preview', async (request, reply) =>
    request.editorSession
      ? page(reply, 'site-preview/index.html')
      : reply.redirect(`/sign-in?${new URLSearchParams({ next: request.url })}`, 303),
  );
  app.get('/sign-in', async (_request, reply) => page(reply, 'account/index.html'));
  app.get('/invite', async (_request, reply) => page(reply, 'account/index.html'));

  /**
   * Whose public folder a picture comes from: the change set the asking page shows (its `?cs=` in the
   * Referer, which same-origin requests carry), where new uploads are, else the live working copy.
   */
  const publicDirOf = async (request: FastifyRequest): Promise<string | undefined> => {
    const session = request.editorSession;
    try {
      const referer = new URL(request.headers.referer ?? '');
      // A shared preview's pictures, for someone without an account: only its change set's.
      const shared = /^\/shared\/([^/]+)$/.exec(referer.pathname)?.[1];
      const sharedSet =
        shared === undefined || referer.origin !== options.publicUrl.origin ? undefined : await sharedChangeSet(shared);
      if (sharedSet) return join(options.changeSets.contentRoot(sharedSet.id), 'public');
      if (!session) return undefined;
      const id = referer.searchParams.get('cs');
      const changeSet = id && session ? options.changeSets.get(id) : undefined;
      const root = changeSet && session && mayEnter(session, changeSet) ? options.changeSets.root(changeSet.id) : undefined;
      if (root && existsSync(root)) return join(root, 'public');
    } catch {
      // No referer, or one naming no change set this person may see: the live pictures.
    }
    return session ? join(project.root, 'public') : undefined;
  };
  const sectionPictures = join(options.codeRoot, 'docs/images/sections');
  /**
   * `file` of `folder` as a path inside the folder's real path, resolved through every symbolic link,
   * or undefined when it is missing, no plain file, or really lies elsewhere: a link in the site's
   * public/ folder must never serve the accounts database or the signing secret.
   */
  const insideFolder = (folder: string, file: string): { folder: string; file: string } | undefined => {
    try {
      const realFolder = realpathSync(folder);
      const real = realpathSync(join(folder, file));
      if (!real.startsWith(realFolder + sep) || !statSync(real).isFile()) return undefined;
      return { folder: realFolder, file: relative(realFolder, real) };
    } catch {
      return undefined;
    }
  };
  /** A GET that is no page: the editor's code, a section's picture, or a file of the site's public folder. */
  async function serveFile(request: FastifyRequest, reply: FastifyReply) {
    const notFound = () => reply.code(404).send({ error: 'EditorNotFound', message: 'The editor has nothing at this address.' });
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]!);
    } catch {
      return notFound();
    }
    // No parent folders, no hidden files (.git, .env), no NUL: checked before any path is joined.
    if (path.includes('\0') || path.includes('\\') || path.split('/').some((part) => part === '..' || part.startsWith('.')))
      return notFound();
    // The editor's own code: hashed names, public like any site's scripts, needed before sign-in.
    if (/^\/assets\/[\w.-]+$/.test(path)) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(path.slice(1), uiDir);
    }
    // Everything else shows the company's content, published or not: signed-in people only, and a
    // shared preview's pictures to whoever has its link.
    const from = await publicDirOf(request);
    if (!from) return notFound();
    // A picture's copies (its AVIF twin, its phone-sized copy) that the preview's check planned: made on the
    // first ask, as the site's build makes them, so an upload shows at once and not as a broken picture.
    if (/^\/assets\/pictures\/[\w.-]+\.(?:avif|webp)$/.test(path)) {
      const bytes = await copyBytes(path).catch(() => undefined);
      if (!bytes) return notFound();
      return reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .type(path.endsWith('.avif') ? 'image/avif' : 'image/webp')
        .send(bytes);
    }
    const section = /^\/docs\/images\/sections\/([a-z0-9-]+\.webp)$/.exec(path);
    if (section && request.editorSession) {
      const picture = insideFolder(sectionPictures, section[1]!);
      return picture ? reply.sendFile(picture.file, picture.folder) : notFound();
    }
    const found = insideFolder(from, path.slice(1));
    return found ? reply.sendFile(found.file, found.folder) : notFound();
  }
}
