/**
 * The editor as a shared service (`npm run editor:start`): the built editor (dist/editor/ui), the
 * editor's API (src/editor/server/routes.ts, the same table `npm run edit` mounts) and sign-in, on one
 * Fastify server with no Vite at run time.
 *
 * Every API request is authorised here, by the role the route table names, never by what the page
 * shows: no session is 401, a role too low is 403, a write without the session's CSRF token or from
 * another site is 403, a request naming another host than EDITOR_PUBLIC_URL is 421. It serves the
 * editor's built files, the section pictures and the working copy's public/ folder, and nothing else.
 */
import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import { loggerOptions } from '../../server/request-log.ts';
import { formatContentSecurityPolicy } from '../../server/security.ts';
import type { EditorProject } from '../server/api.ts';
import { editorRoutes, faultBody, MAX_JSON_BODY, parseJson, refusal } from '../server/routes.ts';
import { foreignOrigin } from '../server/served.ts';
import { AccountError, allows, type Accounts, type Session, type SignedIn } from './accounts/index.ts';

export interface EditorServiceOptions {
  readonly accounts: Accounts;
  /** The working copy whose content is edited and published. */
  readonly project: EditorProject;
  /** The built editor: assets/ and its pages under src/editor/ui/ (index.html, preview/, account/). */
  readonly uiDir: string;
  /** The checkout the service runs from (the section pictures in docs/images/sections/). */
  readonly codeRoot: string;
  readonly publicUrl: URL;
  readonly secureCookies: boolean;
  readonly trustProxy?: boolean;
  readonly logLevel?: string;
  /** Sign-in attempts allowed per address and window (10 in 15 minutes). */
  readonly signInLimit?: { readonly max: number; readonly windowMs: number };
  /** Reports the database's health for /healthz. */
  readonly ping?: () => Promise<void>;
}

/** Names of the two cookies: the session (HttpOnly) and its CSRF token, which the editor's page reads and echoes. */
function cookieNames(secure: boolean) {
  // `__Host-` binds a cookie to this exact origin (Secure, Path=/, no Domain): another subdomain cannot set it.
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}editor_session`, csrf: `${prefix}editor_csrf` };
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const sameSecret = (given: string | undefined, expected: string) =>
  given !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** The editor's pages draw the site's sections inline and in a same-origin frame; nothing comes from elsewhere. */
const policy = formatContentSecurityPolicy({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
});

declare module 'fastify' {
  interface FastifyRequest {
    editorSession?: Session;
  }
}

export async function buildEditorService(options: EditorServiceOptions): Promise<FastifyInstance> {
  const { accounts, project, uiDir } = options;
  const names = cookieNames(options.secureCookies);
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info'),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: MAX_JSON_BODY,
    // Uploads are the largest bodies; the route table says how large each may be.
    return503OnClosing: true,
  });

  // Every body arrives as bytes: the route table parses JSON itself, with the editor's own refusals.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    // A request naming another host (a forged Host header, DNS rebinding) never reaches the editor.
    // The health check tells nothing and is asked by address (a container's probe), so it is exempt.
    if (request.headers.host !== options.publicUrl.host && request.url !== '/healthz') {
      return reply.code(421).send({
        error: 'EditorHostRefused',
        message: `This editor answers at ${options.publicUrl.origin} only. Open that address.`,
      });
    }
    const token = readCookie(request, names.session);
    if (token) {
      const session = await accounts.session(token);
      if (session) request.editorSession = session;
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (options.publicUrl.protocol === 'https:') reply.header('strict-transport-security', 'max-age=31536000');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(rateLimit, { global: false });
  await app.register(fastifyStatic, { root: uiDir, serve: false });

  const cookie = (name: string, value: string, httpOnly: boolean, maxAge?: number) =>
    [
      `${name}=${encodeURIComponent(value)}`,
      'Path=/',
      'SameSite=Strict',
      ...(httpOnly ? ['HttpOnly'] : []),
      ...(options.secureCookies ? ['Secure'] : []),
      ...(maxAge === undefined ? [] : [`Max-Age=${maxAge}`]),
    ].join('; ');
  const startSession = (reply: FastifyReply, signedIn: SignedIn) => {
    const seconds = Math.max(0, Math.floor((Date.parse(signedIn.expiresAt) - Date.now()) / 1000));
    reply.header('set-cookie', [
      cookie(names.session, signedIn.token, true, seconds),
      cookie(names.csrf, signedIn.csrf, false, seconds),
    ]);
  };
  const endSession = (reply: FastifyReply) =>
    reply.header('set-cookie', [cookie(names.session, '', true, 0), cookie(names.csrf, '', false, 0)]);

  const ipOf = (request: FastifyRequest) => request.ip;
  /** A write must come from the editor's own page and carry the session's CSRF token. */
  const refuseForeignWrite = (request: FastifyRequest, reply: FastifyReply, session: Session | undefined) => {
    const foreign = foreignOrigin(request.raw);
    if (foreign) {
      void reply
        .code(403)
        .send({ error: 'EditorForbidden', message: `Refused: ${foreign}. Only the editor's own page may use it.` });
      return true;
    }
    if (session && !sameSecret(request.headers['x-csrf-token'] as string | undefined, session.csrf)) {
      void reply.code(403).send({
        error: 'EditorCsrfMissing',
        message:
          'This change did not come with the page’s security token. Reload the editor and try again; your work is kept in this browser.',
      });
      return true;
    }
    return false;
  };
  const bodyOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
  const field = (body: Record<string, unknown>, name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const accountError = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof AccountError)) throw error;
    const status = { SignInFailed: 401, InvitationInvalid: 410, PasswordWeak: 422 }[error.code as string] ?? 400;
    return reply.code(status).send({ error: error.code, message: error.message });
  };

  // --- health -------------------------------------------------------------------------------------
  app.get('/healthz', async (_request, reply) => {
    try {
      await options.ping?.();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'The accounts database does not answer.' });
    }
  });

  // --- sign-in ------------------------------------------------------------------------------------
  const limited = {
    config: {
      rateLimit: {
        max: options.signInLimit?.max ?? 10,
        timeWindow: options.signInLimit?.windowMs ?? 15 * 60_000,
        keyGenerator: ipOf,
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => ({
          statusCode: 429,
          error: 'EditorSignInLimited',
          message: `Too many sign-in attempts from this address. Try again in ${context.after}, or ask an administrator for a new invitation link.`,
        }),
      },
    },
  };
  app.post('/auth/sign-in', limited, async (request, reply) => {
    if (refuseForeignWrite(request, reply, undefined)) return reply;
    const body = parseJson(bodyOf(request));
    try {
      const signedIn = await accounts.signIn(field(body, 'email'), field(body, 'password'), { ip: ipOf(request) });
      request.log.info({ event: 'editor.signed-in', role: signedIn.account.role }, 'Signed in.');
      startSession(reply, signedIn);
      return { account: signedIn.account };
    } catch (error) {
      request.log.warn({ event: 'editor.sign-in-failed' }, 'A sign-in was refused.');
      return accountError(reply, error);
    }
  });
  app.post('/auth/invitation', limited, async (request, reply) => {
    if (refuseForeignWrite(request, reply, undefined)) return reply;
    const account = await accounts.invitation(field(parseJson(bodyOf(request)), 'token'));
    if (!account)
      return reply.code(410).send({
        error: 'InvitationInvalid',
        message: 'This invitation link has been used or has expired. Ask an administrator for a new one.',
      });
    return { email: account.email, name: account.name, role: account.role };
  });
  app.post('/auth/accept', limited, async (request, reply) => {
    if (refuseForeignWrite(request, reply, undefined)) return reply;
    const body = parseJson(bodyOf(request));
    try {
      const signedIn = await accounts.acceptInvitation(field(body, 'token'), field(body, 'password'), { ip: ipOf(request) });
      startSession(reply, signedIn);
      return { account: signedIn.account };
    } catch (error) {
      return accountError(reply, error);
    }
  });
  app.post('/auth/sign-out', async (request, reply) => {
    const session = request.editorSession;
    if (session && refuseForeignWrite(request, reply, session)) return reply;
    const token = readCookie(request, names.session);
    if (token) await accounts.signOut(token);
    endSession(reply);
    return { signedOut: true };
  });
  app.get('/auth/me', async (request, reply) => {
    const session = request.editorSession;
    if (!session) return reply.code(401).send({ error: 'EditorSignedOut', message: 'You are not signed in.' });
    return { account: session.account, expiresAt: session.expiresAt, shared: true };
  });

  // --- the editor's API ---------------------------------------------------------------------------
  for (const [path, route] of Object.entries(editorRoutes)) {
    app.route({
      method: route.method,
      url: path,
      ...(route.raw ? { bodyLimit: route.raw } : {}),
      handler: async (request, reply) => {
        const session = request.editorSession;
        if (!session)
          return reply.code(401).send({
            error: 'EditorSignedOut',
            message: 'Your session has ended. Sign in again in a new tab; what you changed here is kept in this browser.',
          });
        // A forged write is named as such before anything about the account is said.
        if (route.method === 'POST' && refuseForeignWrite(request, reply, session)) return reply;
        if (!allows(session.account.role, route.role))
          return reply.code(403).send({
            error: 'EditorRoleRefused',
            message: `Only a ${route.role} may do this; you are signed in as a ${session.account.role}. Ask a ${route.role} to do it.`,
          });
        const url = new URL(request.url, options.publicUrl);
        try {
          const raw = bodyOf(request);
          const result = await route.handle(project, {
            body: route.raw ? {} : parseJson(raw),
            raw,
            query: url.searchParams,
            author: { name: session.account.name || session.account.email, email: session.account.email },
          });
          if (path === '/api/publish')
            await accounts.audit({
              action: 'content.published',
              actor: session.account.email,
              detail: (result as { commit?: string }).commit ?? '',
              ip: ipOf(request),
            });
          return result;
        } catch (error) {
          const refused = refusal(error);
          if (refused) return reply.code(refused.status).send(refused.body);
          request.log.error({ err: error, route: path }, 'The editor failed on a request.');
          return reply.code(500).send(faultBody);
        }
      },
    });
  }
  // Fastify answers an API address with the wrong method 404; the editor says which method it takes.
  app.setNotFoundHandler(async (request, reply) => {
    const route = editorRoutes[request.url.split('?')[0]!];
    if (route)
      return reply
        .code(405)
        .send({ error: 'EditorBadRequest', message: `${request.url.split('?')[0]} answers ${route.method} only.` });
    if (request.method === 'GET' || request.method === 'HEAD') return serveFile(request, reply);
    return reply.code(404).send({ error: 'EditorNotFound', message: 'The editor has nothing at this address.' });
  });

  // --- pages and files ----------------------------------------------------------------------------
  const page = (reply: FastifyReply, file: string) =>
    reply.header('cache-control', 'no-store').sendFile(`src/editor/ui/${file}`, uiDir);
  app.get('/', async (request, reply) => (request.editorSession ? page(reply, 'index.html') : reply.redirect('/sign-in', 303)));
  app.get('/index.html', async (_request, reply) => reply.redirect('/', 301));
  app.get('/preview', async (request, reply) =>
    request.editorSession
      ? page(reply, 'preview/index.html')
      : reply.code(401).send({ error: 'EditorSignedOut', message: 'Sign in first.' }),
  );
  app.get('/sign-in', async (_request, reply) => page(reply, 'account/index.html'));
  app.get('/invite', async (_request, reply) => page(reply, 'account/index.html'));

  const publicDir = join(project.root, 'public');
  const sectionPictures = join(options.codeRoot, 'docs/images/sections');
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
    // Everything else shows the company's content, published or not: signed-in people only.
    if (!request.editorSession) return notFound();
    const section = /^\/docs\/images\/sections\/([a-z0-9-]+\.webp)$/.exec(path);
    if (section)
      return existsSync(join(sectionPictures, section[1]!)) ? reply.sendFile(section[1]!, sectionPictures) : notFound();
    const file = normalize(join(publicDir, path));
    if (!file.startsWith(publicDir + sep) || !existsSync(file) || !statSync(file).isFile()) return notFound();
    return reply.sendFile(file.slice(publicDir.length + 1), publicDir);
  }

  return app;
}
