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
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { hkdfSync, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import { loggerOptions } from '../../server/request-log.ts';
import { formatContentSecurityPolicy } from '../../server/security.ts';
import type { EditorProject } from '../server/api.ts';
import { editorRoutes, faultBody, parseJson, READ_JSON_BODY, refusal } from '../server/routes.ts';
import { foreignOrigin } from '../server/served.ts';
import { AccountError, allows, type Account, type Accounts, type Session, type SignedIn } from './accounts/index.ts';
import type { ChangeSet, ChangeSets, Person } from './change-sets.ts';
import { readShareToken, shareToken } from './share.ts';
import { inWords, SignInThrottle } from './sign-in-throttle.ts';
import { sitePreview } from '../server/site-preview.ts';
import { serviceRoutes } from './routes.ts';
import { createOidc, OidcFailed, openPending, sealPending, type OidcSettings } from './oidc.ts';

export interface EditorServiceOptions {
  readonly accounts: Accounts;
  /** The working copy of the live branch: the pictures shown outside a change set come from here. */
  readonly project: EditorProject;
  /** Where edits go: one git worktree per change set, reviewed before it is merged into the live branch. */
  readonly changeSets: ChangeSets;
  /** Tells the publishers that a change set waits for their review (an e-mail where SMTP is set up). */
  readonly notifyReview?: (changeSet: ChangeSet, publishers: readonly Account[]) => Promise<void>;
  /** The built editor: assets/ and its pages under src/editor/ui/ (index.html, preview/, account/). */
  readonly uiDir: string;
  /** The checkout the service runs from (the section pictures in docs/images/sections/). */
  readonly codeRoot: string;
  readonly publicUrl: URL;
  readonly secureCookies: boolean;
  readonly trustProxy?: false | number | string;
  readonly logLevel?: string;
  /** Where the JSON log lines go (standard output when unset); the tests read them. */
  readonly logStream?: { write(line: string): void };
  /** Whether a change set must be published by someone who did not write it (EDITOR_REVIEW, config.ts). */
  readonly review?: 'one-person' | 'two-person';
  /** Picture uploads allowed per account and window (30 a minute). */
  readonly uploadLimit?: { readonly max: number; readonly windowMs: number };
  /**
   * Failed sign-ins before each next one waits (5 per account, four times that per address), and the
   * longest wait (15 minutes); `now` for tests.
   */
  readonly signInThrottle?: { readonly free?: number; readonly maxDelayMs?: number; readonly now?: () => number };
  /** Reports the database's health for /healthz. */
  readonly ping?: () => Promise<void>;
  /** Company single sign-on through OpenID Connect, beside the local accounts (oidc.ts). */
  readonly oidc?: OidcSettings;
  /** Signs the preview links shared with people outside (share.ts); kept across restarts so links keep working. */
  readonly shareSecret: Buffer;
}

/** Names of the two cookies: the session (HttpOnly) and its CSRF token, which the editor's page reads and echoes. */
function cookieNames(secure: boolean) {
  // `__Host-` binds a cookie to this exact origin (Secure, Path=/, no Domain): another subdomain cannot set it.
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}editor_session`, csrf: `${prefix}editor_csrf`, oidc: `${prefix}editor_oidc` };
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
    /**
     * The signed-in person, or null. Decorated on Fastify's request type, so that reading it never
     * falls through to Object.prototype: a value planted there must not sign anyone in.
     */
    editorSession: Session | null;
  }
}

export async function buildEditorService(options: EditorServiceOptions): Promise<FastifyInstance> {
  const { accounts, project, uiDir } = options;
  const names = cookieNames(options.secureCookies);
  const app = Fastify({
    logger: {
      ...loggerOptions(options.logLevel ?? 'info'),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // A count of proxies in front: believe that many hops from this server, and no more.
    trustProxy:
      typeof options.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(options.trustProxy)
        : (options.trustProxy ?? false),
    bodyLimit: READ_JSON_BODY,
    // A shared link's token (share.ts) is 102 characters; Fastify's default allows 100 in a parameter.
    routerOptions: { maxParamLength: 160 },
    // Uploads are the largest bodies; the route table says how large each may be.
    return503OnClosing: true,
  });

  // Every body arrives as bytes: the route table parses JSON itself, with the editor's own refusals.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // Cookies are read and written by @fastify/cookie (the `cookie` package's parser, whose result has no
  // prototype), not by hand; registered first, so that request.cookies is there for every hook below.
  await app.register(fastifyCookie);
  app.decorateRequest('editorSession', null);
  // One answer for what a handler did not answer itself (a body Fastify refused, a refusal thrown
  // outside a route's own try): the editor's refusals keep their status, Fastify's own 4xx theirs,
  // and anything else is a fault, logged with its stack and told without it.
  app.setErrorHandler(async (error, request, reply) => {
    const refused = refusal(error);
    if (refused) return reply.code(refused.status).send(refused.body);
    const { statusCode: status, error: code, message } = error as { statusCode?: unknown; error?: unknown; message?: unknown };
    // A refusal built with its own name and words (the rate limits' 429s) goes out as it was built.
    if (typeof status === 'number' && status >= 400 && status < 500 && typeof code === 'string' && code.startsWith('Editor'))
      return reply.code(status).send({ error: code, message });
    if (typeof status === 'number' && status >= 400 && status < 500)
      return reply.code(status).send({
        error: status === 413 ? 'EditorTooLarge' : 'EditorBadRequest',
        message:
          status === 413
            ? 'This request is larger than the editor takes at this address. Nothing was saved; a text this long does not belong on a page.'
            : `The editor could not read this request (${(error as Error).message}).`,
      });
    request.log.error({ err: error, route: request.routeOptions.url }, 'The editor failed on a request.');
    return reply.code(500).send(faultBody);
  });

  app.addHook('onRequest', async (request, reply) => {
    // A request naming another host (a forged Host header, DNS rebinding) never reaches the editor.
    // The health check tells nothing and is asked by address (a container's probe), so it is exempt.
    if (request.headers.host !== options.publicUrl.host && request.url !== '/healthz') {
      return reply.code(421).send({
        error: 'EditorHostRefused',
        message: `This editor answers at ${options.publicUrl.origin} only. Open that address.`,
      });
    }
    const token = request.cookies[names.session];
    if (token) {
      const session = await accounts.session(token);
      if (session) request.editorSession = session;
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    // Same-origin only: a picture asked for by a change set's preview names that change set in its Referer.
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (options.publicUrl.protocol === 'https:') reply.header('strict-transport-security', 'max-age=31536000');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(rateLimit, { global: false });
  await app.register(fastifyStatic, { root: uiDir, serve: false });

  const cookieOptions = (httpOnly: boolean, maxAge?: number): CookieSerializeOptions => ({
    path: '/',
    sameSite: 'strict',
    httpOnly,
    secure: options.secureCookies,
    ...(maxAge === undefined ? {} : { maxAge }),
  });
  // No Max-Age: the cookies last while the browser does, and the server ends the session itself (idle
  // and absolute timeouts, sign-out). A Max-Age from sign-in ended sessions still in use.
  const startSession = (reply: FastifyReply, signedIn: SignedIn) =>
    reply
      .setCookie(names.session, signedIn.token, cookieOptions(true))
      .setCookie(names.csrf, signedIn.csrf, cookieOptions(false));
  const endSession = (reply: FastifyReply) =>
    reply.setCookie(names.session, '', cookieOptions(true, 0)).setCookie(names.csrf, '', cookieOptions(false, 0));

  const ipOf = (request: FastifyRequest) => request.ip;
  /** A write must come from the editor's own page and carry the session's CSRF token. */
  const refuseForeignWrite = (request: FastifyRequest, reply: FastifyReply, session: Session | undefined) => {
    // The whole origin, scheme included: http://<host> is another origin than the https one people use.
    const origin = request.headers.origin;
    const foreign =
      foreignOrigin(request.raw) ??
      (origin !== undefined && origin !== options.publicUrl.origin ? 'it was sent by a page of another origin' : undefined);
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
  // The single sign-on's return address: a request per sign-in, limited per address like any page.
  const limited = {
    config: {
      rateLimit: {
        max: 10,
        timeWindow: 15 * 60_000,
        keyGenerator: ipOf,
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => ({
          statusCode: 429,
          error: 'EditorSignInLimited',
          message: `Too many sign-in attempts from this address. Try again in ${context.after}.`,
        }),
      },
    },
  };
  // Failures only, per account and per address, slowed down rather than locked (sign-in-throttle.ts).
  const throttle = new SignInThrottle({
    free: options.signInThrottle?.free ?? 5,
    maxDelayMs: options.signInThrottle?.maxDelayMs ?? 15 * 60_000,
    ...(options.signInThrottle?.now ? { now: options.signInThrottle.now } : {}),
  });
  // An office behind one proxy shares an address: it gets four times an account's free failures.
  const addressThrottle = new SignInThrottle({
    free: 4 * (options.signInThrottle?.free ?? 5),
    maxDelayMs: options.signInThrottle?.maxDelayMs ?? 15 * 60_000,
    ...(options.signInThrottle?.now ? { now: options.signInThrottle.now } : {}),
  });
  const slowedDown = (reply: FastifyReply, wait: number, what: string) =>
    reply
      .code(429)
      .header('retry-after', String(Math.ceil(wait / 1000)))
      .send({
        error: 'EditorSignInLimited',
        message: `There were several failed ${what} just now, so the next one waits: try again in ${inWords(wait)}. If you have forgotten your password, ask an administrator for a new invitation link.`,
      });
  app.post('/auth/sign-in', async (request, reply) => {
    if (refuseForeignWrite(request, reply, undefined)) return reply;
    const body = parseJson(bodyOf(request));
    const account = [`account ${field(body, 'email').trim().toLowerCase().slice(0, 254)}`];
    const address = [`address ${ipOf(request)}`];
    const wait = Math.max(throttle.wait(account), addressThrottle.wait(address));
    if (wait > 0) {
      request.log.warn({ event: 'editor.sign-in-limited' }, 'A sign-in waits after several failures.');
      return slowedDown(reply, wait, 'sign-ins to this account or from this address');
    }
    try {
      const signedIn = await accounts.signIn(field(body, 'email'), field(body, 'password'), { ip: ipOf(request) });
      throttle.succeeded(account);
      addressThrottle.succeeded(address);
      request.log.info({ event: 'editor.signed-in', role: signedIn.account.role }, 'Signed in.');
      startSession(reply, signedIn);
      return { account: signedIn.account };
    } catch (error) {
      if (error instanceof AccountError && error.code === 'SignInFailed') {
        const slowed = [throttle.failed(account), addressThrottle.failed(address)];
        if (slowed.some(Boolean))
          await accounts.audit({
            action: 'session.sign-in-slowed',
            subject: account[0]!.slice('account '.length),
            detail: slowed[0] ? 'failures to this account' : 'failures from this address',
            ip: ipOf(request),
          });
      }
      request.log.warn({ event: 'editor.sign-in-failed' }, 'A sign-in was refused.');
      return accountError(reply, error);
    }
  });
  // An invitation's token is a secret like a password: guesses at it are slowed down per address too.
  const invitationGuess = async (
    request: FastifyRequest,
    reply: FastifyReply,
    work: (body: Record<string, unknown>) => Promise<unknown>,
  ) => {
    if (refuseForeignWrite(request, reply, undefined)) return reply;
    const address = [`invitation ${ipOf(request)}`];
    const wait = addressThrottle.wait(address);
    if (wait > 0) return slowedDown(reply, wait, 'uses of invitation links from this address');
    const body = parseJson(bodyOf(request));
    try {
      const answer = await work(body);
      addressThrottle.succeeded(address);
      return answer;
    } catch (error) {
      if (error instanceof AccountError && error.code === 'InvitationInvalid') addressThrottle.failed(address);
      return accountError(reply, error);
    }
  };
  app.post('/auth/invitation', async (request, reply) =>
    invitationGuess(request, reply, async (body) => {
      const account = await accounts.invitation(field(body, 'token'));
      if (!account)
        throw new AccountError(
          'InvitationInvalid',
          'This invitation link has been used or has expired. Ask an administrator for a new one.',
        );
      return { email: account.email, name: account.name, role: account.role };
    }),
  );
  app.post('/auth/accept', async (request, reply) =>
    invitationGuess(request, reply, async (body) => {
      const signedIn = await accounts.acceptInvitation(field(body, 'token'), field(body, 'password'), { ip: ipOf(request) });
      startSession(reply, signedIn);
      return { account: signedIn.account };
    }),
  );
  app.post('/auth/sign-out', async (request, reply) => {
    const session = request.editorSession;
    if (session && refuseForeignWrite(request, reply, session)) return reply;
    const token = request.cookies[names.session];
    if (token) await accounts.signOut(token, { ip: ipOf(request) });
    endSession(reply);
    return { signedOut: true };
  });
  // --- single sign-on -------------------------------------------------------------------------------
  const oidc = options.oidc && createOidc(options.oidc);
  // Derived from the client secret, so that every instance behind a load balancer opens the others' cookies.
  const pendingSecret = options.oidc
    ? Buffer.from(hkdfSync('sha256', options.oidc.clientSecret, '', 'editor oidc pending sign-in', 32))
    : Buffer.alloc(0);
  // Lax, unlike the session: the provider's redirect back is a navigation from its site, which a Strict cookie does not follow.
  const pendingCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.setCookie(names.oidc, value, { path: '/', sameSite: 'lax', httpOnly: true, secure: options.secureCookies, maxAge });
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  app.get('/auth/options', async () => ({ oidc: oidc ? { label: oidc.label } : null }));
  app.get('/auth/oidc/start', async (request, reply) => {
    if (!oidc) return reply.code(404).send({ error: 'EditorNotFound', message: 'Single sign-on is not set up for this editor.' });
    try {
      const next = new URL(request.url, options.publicUrl).searchParams.get('next') ?? undefined;
      const { url, pending } = await oidc.start(next);
      pendingCookie(reply, sealPending(pending, pendingSecret), 600);
      return reply.redirect(url.href, 303);
    } catch (error) {
      if (!(error instanceof OidcFailed)) throw error;
      request.log.warn(
        { event: 'editor.oidc-failed', reason: error.reason, detail: error.detail },
        'Single sign-on could not start.',
      );
      return reply.code(503).send({ error: error.code, message: error.message });
    }
  });
  app.get('/auth/oidc/callback', limited, async (request, reply) => {
    if (!oidc) return reply.code(404).send({ error: 'EditorNotFound', message: 'Single sign-on is not set up for this editor.' });
    const pending = openPending(request.cookies[names.oidc] ?? '', pendingSecret);
    // Used once, whatever happens next.
    pendingCookie(reply, '', 0);
    const failed = (status: number, message: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Sign-in failed · Content editor</title><main style="font-family:system-ui;max-width:32rem;margin:10vh auto"><h1>Sign-in failed</h1><p>${escapeHtml(message)}</p><p><a href="/sign-in">Back to sign in</a></p></main></html>`,
        );
    try {
      const person = await oidc.finish(new URL(request.url, options.publicUrl), pending);
      const signedIn = await accounts.signInExternal(person, { ip: ipOf(request) });
      startSession(reply, signedIn);
      request.log.info({ event: 'editor.signed-in', method: 'openid-connect', role: signedIn.account.role }, 'Signed in.');
      // A page that moves on, not a redirect: a redirect chain that began on the provider's site counts
      // as cross-site, and the new SameSite=Strict session cookie would not be sent with it.
      const next = escapeHtml(pending?.next ?? '/');
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><meta http-equiv="refresh" content="0;url=${next}"><a href="${next}">Continue to the editor</a>`);
    } catch (error) {
      if (error instanceof OidcFailed) {
        request.log.warn(
          { event: 'editor.oidc-failed', reason: error.reason, detail: error.detail },
          'A single sign-on was refused.',
        );
        return failed(error.reason === 'unavailable' ? 503 : 400, error.message);
      }
      if (error instanceof AccountError) {
        request.log.warn({ event: 'editor.oidc-no-account' }, 'Single sign-on for an address without an editor account.');
        return failed(403, error.message);
      }
      throw error;
    }
  });

  app.get('/auth/me', async (request, reply) => {
    const session = request.editorSession;
    if (!session) return reply.code(401).send({ error: 'EditorSignedOut', message: 'You are not signed in.' });
    return { account: session.account, expiresAt: session.expiresAt, shared: true };
  });

  const person = (session: Session): Person => ({ email: session.account.email, name: session.account.name });
  /** Whether this person may work in the change set: its owner, and anyone who may publish. */
  const mayEnter = (session: Session, changeSet: ChangeSet) =>
    changeSet.owner.email === session.account.email || allows(session.account.role, 'publisher');
  const signedOut = (reply: FastifyReply) =>
    reply.code(401).send({
      error: 'EditorSignedOut',
      message: 'Your session has ended. Sign in again in a new tab; what you changed here is kept in this browser.',
    });
  const roleRefused = (reply: FastifyReply, needed: string, session: Session) =>
    reply.code(403).send({
      error: 'EditorRoleRefused',
      message: `Only a ${needed} may do this; you are signed in as a ${session.account.role}. Ask a ${needed} to do it.`,
    });
  const answerFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const refused = refusal(error);
    if (refused) return reply.code(refused.status).send(refused.body);
    if (error instanceof AccountError) {
      const status = { AccountExists: 409, AccountMissing: 404, LastAdmin: 409, PasswordWeak: 422 }[error.code as string] ?? 400;
      return reply.code(status).send({ error: error.code, message: error.message });
    }
    request.log.error({ err: error, route: request.routeOptions.url }, 'The editor failed on a request.');
    return reply.code(500).send(faultBody);
  };

  /**
   * Uploads per account and minute: each is decoded and re-encoded, seconds of CPU for a large photo,
   * so one account cannot keep the service busy for everyone. Counted before the body is read.
   */
  const uploadLimit = {
    max: options.uploadLimit?.max ?? 30,
    timeWindow: options.uploadLimit?.windowMs ?? 60_000,
    keyGenerator: (request: FastifyRequest) => request.editorSession?.account.email ?? `address ${ipOf(request)}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string; max: number }) => ({
      statusCode: 429,
      error: 'EditorUploadLimited',
      message: `You have uploaded ${context.max} pictures in the last minute, as many as the editor takes. Wait ${context.after}, then upload the rest; nothing you uploaded is lost.`,
    }),
  };

  // --- the editor's API, inside a change set ----------------------------------------------------------
  // Publishing the working copy directly is what `npm run edit` does; here a change set is published
  // after review instead (below), so that address is not mounted at all.
  for (const [path, route] of Object.entries(editorRoutes).filter(([path]) => path !== '/api/publish')) {
    app.route({
      method: route.method,
      url: path,
      ...(route.raw ? { bodyLimit: route.raw, config: { rateLimit: uploadLimit } } : {}),
      handler: async (request, reply) => {
        const session = request.editorSession;
        if (!session) return signedOut(reply);
        // A forged write is named as such before anything about the account is said.
        if (route.method === 'POST' && refuseForeignWrite(request, reply, session)) return reply;
        if (!allows(session.account.role, route.role)) return roleRefused(reply, route.role, session);
        const url = new URL(request.url, options.publicUrl);
        try {
          const changeSet = options.changeSets.get(String(request.headers['x-change-set'] ?? ''));
          if (!mayEnter(session, changeSet))
            return reply.code(403).send({
              error: 'EditorForbidden',
              message: `"${changeSet.title}" is ${changeSet.owner.name || changeSet.owner.email}'s change set; only they and the publishers work in it. Start a change set of your own.`,
            });
          if (changeSet.state === 'published' || changeSet.state === 'withdrawn')
            return reply.code(409).send({
              error: 'EditorConflict',
              message: `"${changeSet.title}" is ${changeSet.state}; nothing more can be saved in it. Start a new change set.`,
            });
          const raw = bodyOf(request);
          const body = route.raw ? {} : parseJson(raw);
          const run = () =>
            route.handle(
              { root: options.changeSets.root(changeSet.id) },
              {
                body,
                raw,
                query: url.searchParams,
                author: { name: session.account.name || session.account.email, email: session.account.email },
              },
            );
          const answer = await (route.writes ? options.changeSets.guard(changeSet.id, run) : run());
          if (route.audit)
            await accounts.audit({
              action: route.audit.action,
              actor: session.account.email,
              subject: `${changeSet.id} ${changeSet.title}`,
              detail: route.audit.detail({ body, raw, query: url.searchParams }, answer).slice(0, 500),
              ip: ipOf(request),
            });
          return answer;
        } catch (error) {
          return answerFailure(request, reply, error);
        }
      },
    });
  }

  // --- change sets: start, ask for review, comment, send back, publish ------------------------------
  for (const route of serviceRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const session = request.editorSession;
        if (!session) return signedOut(reply);
        if (route.method === 'POST' && refuseForeignWrite(request, reply, session)) return reply;
        if (!allows(session.account.role, route.role)) return roleRefused(reply, route.role, session);
        try {
          const id = (request.params as { id?: string }).id;
          const changeSet = id === undefined ? undefined : options.changeSets.get(id);
          if (changeSet && !mayEnter(session, changeSet))
            return reply.code(403).send({
              error: 'EditorForbidden',
              message: `"${changeSet.title}" is ${changeSet.owner.name || changeSet.owner.email}'s change set; only they and the publishers may see it.`,
            });
          const body = route.method === 'POST' ? parseJson(bodyOf(request)) : {};
          const audit = (action: string, subject: ChangeSet, detail?: string) =>
            accounts.audit({
              action,
              actor: session.account.email,
              subject: `${subject.id} ${subject.title}`,
              ...(detail ? { detail } : {}),
              ip: ipOf(request),
            });
          const notifyPublishers = async (subject: ChangeSet) => {
            if (!options.notifyReview) return;
            const publishers = (await accounts.list()).filter(
              (a) => allows(a.role, 'publisher') && a.email !== session.account.email,
            );
            await options
              .notifyReview(subject, publishers)
              .catch((error: unknown) =>
                request.log.warn({ err: error, event: 'editor.notify-failed' }, 'The publishers could not be told of a review.'),
              );
          };
          return await route.handle({
            changeSets: options.changeSets,
            session,
            by: person(session),
            changeSet,
            body,
            query: new URL(request.url, options.publicUrl).searchParams,
            params: request.params as Record<string, string>,
            share: (subject, expires) =>
              new URL(`/shared/${shareToken(options.shareSecret, subject.id, expires, session.account.id)}`, options.publicUrl)
                .href,
            audit,
            notifyPublishers,
            accounts,
            review: options.review ?? 'one-person',
            invitationLink: (token) => new URL(`/invite#${token}`, options.publicUrl).href,
          });
        } catch (error) {
          return answerFailure(request, reply, error);
        }
      },
    });
  }
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

  // --- the site as it would be published: a change set's, the live branch's, and shared links ----------
  app.get('/api/live/page', async (request, reply) => {
    if (!request.editorSession) return signedOut(reply);
    try {
      return await sitePreview(project, new URL(request.url, options.publicUrl).searchParams.get('route'));
    } catch (error) {
      return answerFailure(request, reply, error);
    }
  });
  /**
   * The change set a shared link's token shows, while it is not withdrawn and its maker may still
   * publish: demoting or removing the person who gave out a link withdraws it.
   */
  const sharedChangeSet = async (token: string): Promise<ChangeSet | undefined> => {
    const shared = readShareToken(options.shareSecret, token);
    if (!shared) return undefined;
    const maker = (await accounts.list()).find((account) => account.id === shared.maker);
    if (!maker || !allows(maker.role, 'publisher')) return undefined;
    try {
      const changeSet = options.changeSets.get(shared.changeSet);
      return changeSet.state === 'withdrawn' ? undefined : changeSet;
    } catch {
      return undefined;
    }
  };
  const linkGone = (reply: FastifyReply) =>
    reply.code(410).send({
      error: 'EditorLinkExpired',
      message: 'This preview link has expired or been withdrawn. Ask the person who sent it for a new one.',
    });
  app.get('/shared/:token', async (request, reply) =>
    (await sharedChangeSet((request.params as { token: string }).token))
      ? page(reply, 'site-preview/index.html')
      : linkGone(reply),
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
  const page = (reply: FastifyReply, file: string) =>
    reply.header('cache-control', 'no-store').sendFile(`src/editor/ui/${file}`, uiDir);
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
    const section = /^\/docs\/images\/sections\/([a-z0-9-]+\.webp)$/.exec(path);
    if (section && request.editorSession) {
      const picture = insideFolder(sectionPictures, section[1]!);
      return picture ? reply.sendFile(picture.file, picture.folder) : notFound();
    }
    const found = insideFolder(from, path.slice(1));
    return found ? reply.sendFile(found.file, found.folder) : notFound();
  }

  return app;
}
