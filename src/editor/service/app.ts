/**
 * The editor as a shared service (`npm run editor:start`): the built editor (dist/editor/ui), the
 * editor's API (src/editor/api/routes.ts, the same table `npm run edit` mounts) and sign-in, on one
 * Fastify server with no Vite at run time.
 *
 * Every API request is authorised here, by the role the route table names, never by what the page
 * shows: no session is 401, a role too low is 403, a write without the session's CSRF token or from
 * another site is 403, a request naming another host than EDITOR_PUBLIC_URL is 421. It serves the
 * editor's built files, the section pictures and the working copy's public/ folder, and nothing else.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import { loggerOptions } from '../../server/request-log.ts';
import { formatContentSecurityPolicy } from '../../server/security.ts';
import type { EditorProject } from '../api/api.ts';
import { faultBody, READ_JSON_BODY, refusal } from '../api/routes.ts';
import type { Account, Accounts, Session } from './accounts/index.ts';
import type { Storage } from '../../server/storage/index.ts';
import type { ChangeSet, ChangeSets, Person } from './change-sets.ts';
import type { WriterNews } from './notify.ts';
import type { OidcSettings } from './oidc.ts';
import type { BuildHook } from './build-hook.ts';
import fastifyPlugin from 'fastify-plugin';
import { cookieNames, serviceHttp } from './http.ts';
import { signInRoutes } from './sign-in.ts';
import { singleSignOnRoutes } from './single-sign-on.ts';
import { apiRoutes } from './api-routes.ts';
import { pageAndFileRoutes } from './files.ts';

export interface EditorServiceOptions {
  readonly accounts: Accounts;
  /** The working copy of the live branch: the pictures shown outside a change set come from here. */
  readonly project: EditorProject;
  /** Where edits go: one git worktree per change set, reviewed before it is merged into the live branch. */
  readonly changeSets: ChangeSets;
  /** Tells the publishers that a change set waits for their review (an e-mail where SMTP is set up). */
  readonly notifyReview?: (changeSet: ChangeSet, publishers: readonly Account[]) => Promise<void>;
  /** Tells a change set's writer it was sent back, or not published (src/editor/service/notify.ts). */
  readonly notifyWriter?: (changeSet: ChangeSet, news: WriterNews, by: Person, said: string) => Promise<void>;
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
  /** Asked for a build after each publish (EDITOR_BUILD_HOOK_URL; build-hook.ts). */
  readonly buildHook?: BuildHook;
  /** The site's submissions, for the inbox (inbox-routes.ts); without it the inbox says it is not connected. */
  readonly submissions?: Storage;
}

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
  const { accounts, uiDir } = options;
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
    const token = request.cookies[cookieNames(options.secureCookies).session];
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

  // --- health -------------------------------------------------------------------------------------
  app.get('/healthz', async (_request, reply) => {
    try {
      await options.ping?.();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'The accounts database does not answer.' });
    }
  });

  const http = serviceHttp(options);
  await app.register(signInRoutes, http);
  await app.register(singleSignOnRoutes, http);
  await app.register(apiRoutes, http);
  // Not encapsulated: its not-found handler answers for the whole service.
  await app.register(fastifyPlugin(pageAndFileRoutes), http);
  return app;
}
