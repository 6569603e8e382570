import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { api } from './api/index.ts';
import { isFormPost, sendProblemPage } from './api/form-post.ts';
import { createFormPageRenderer, type FormPageRenderer } from './form-pages.ts';
import { defaultRateLimit, type RateLimitConfig } from './config.ts';
import { clientErrorHandler, isPeerGone, registerClientGone } from './connection.ts';
import { HttpError, toHttpError } from './errors.ts';
import { Readiness, registerHealthCheck } from './health.ts';
import { defaultClientDir } from './paths.ts';
import { registerRateLimit, type SharedRateLimitStore } from './rate-limit.ts';
import { RequestLogController, registerRequestIdHeader, requestIdOf } from './request-log.ts';
import { registerSecurityHeaders } from './security.ts';
import { readClientBuild, registerStaticSite } from './static.ts';
import type { Storage } from './storage/index.ts';

/** Largest accepted request body; the longest form (contact) stays well under it. */
export const bodyLimit = 32 * 1024;

export interface AppOptions {
  /** Where submissions are saved; the caller opens and closes it. */
  readonly storage: Storage;
  /** The client build, with the server-facts.json the build writes beside the pages; dist/client by default. */
  readonly clientDir?: string;
  /** The server sends e-mail (SMTP_URL and NOTIFY_FROM): senders get the confirmation their form's settings ask for. */
  readonly confirmations?: boolean;
  /** The roles one may apply for, instead of those of the build's server-facts.json. */
  readonly roles?: readonly string[];
  /** The privacy notice's version to record with submissions, instead of that of the build's server-facts.json. */
  readonly noticeVersion?: string | null;
  /** Origins of other sites allowed to call the API (normalised, see `normaliseOrigin`). */
  readonly allowedOrigins?: readonly string[];
  readonly rateLimit?: RateLimitConfig;
  /** Redis for rate-limit counts shared by every instance; counted in this process when left out. */
  readonly sharedRateLimit?: SharedRateLimitStore;
  /** Turned to "stopping" on shutdown, which /healthz reports; a fresh one when left out. */
  readonly readiness?: Readiness;
  /** How long /healthz waits for the database; 2 s by default. */
  readonly healthTimeoutMs?: number;
  readonly trustProxy?: boolean | string;
  /** Draws a form's page again around a plain HTML post; the build's render bundle (dist/render) when left out. */
  readonly renderFormPage?: FormPageRenderer;
  /** Fastify logger settings; no logging when left out (tests). */
  readonly logger?: FastifyServerOptions['logger'];
}

/** Builds the web server: the static site, the form API and the headers and errors they share. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request, without personal data.
    logController: new RequestLogController(),
    bodyLimit,
    // Fastify turns off Node's limit on how long a request may take to arrive; a client trickling a body a
    // byte at a time would hold its connection (and a shutdown) for ever. A form of 32 KB arrives in seconds.
    requestTimeout: 60_000,
    trustProxy: options.trustProxy ?? false,
    // A well-formed X-Request-Id from the proxy in front, otherwise a new UUID; echoed in the response.
    genReqId: requestIdOf,
    // What Node's HTTP parser refuses is answered in the API's error format and logged at info (connection.ts).
    clientErrorHandler,
  });

  registerClientGone(app);
  registerSecurityHeaders(app);
  registerRequestIdHeader(app);

  // What the server knows of the content comes from the build, never from content/ (src/content/build/server-facts.ts).
  const site = await readClientBuild({ clientDir: options.clientDir ?? defaultClientDir });
  const { facts } = site;
  const roles = options.roles ?? facts.roles;
  if (roles.length === 0) {
    app.log.warn(
      'The build lists no role one may apply for, so every job application will be refused. Publish a role (content/roles/) and rebuild.',
    );
  }
  const noticeVersion = options.noticeVersion !== undefined ? options.noticeVersion : facts.noticeVersion;
  if (noticeVersion === null) {
    app.log.warn(
      'The build has no page at /privacy, so submissions are stored without the version of a privacy notice. Restore content/pages/privacy.yaml and rebuild.',
    );
  }

  // Both handlers are set before any plugin or route: Fastify gives each plugin the handlers of its parent
  // as they are when the plugin is registered.
  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request)) return site.sendNotFoundPage(reply, request.url);
    const error = new HttpError('NotFound');
    return reply.code(error.statusCode).send(error.toBody());
  });

  app.setErrorHandler((caught, request, reply) => {
    const error = toHttpError(caught);
    if (isPeerGone(caught)) {
      // The connection broke under the request (an upload cut off, a tab closed): nobody is left to answer.
      const { name, message } = caught as Error;
      request.log.info(
        { event: 'http.client_gone', err: { type: name, message } },
        'The client closed the connection before its request was read in full; nothing was saved or sent.',
      );
      return reply.hijack();
    }
    if (error.statusCode >= 500) {
      // Only what identifies the fault: an error object may carry submitted values (pg's `detail`, say).
      const { name, message, stack, code } = caught as Error & { code?: unknown };
      request.log.error({ err: { type: name, message, stack, code } }, 'Request failed');
    }
    if (error.name === 'NotFound' && isPageRequest(request)) return site.sendNotFoundPage(reply, request.url);
    // A browser's own form post shows its answer as a page: JSON would be shown as text.
    if (isFormPost(request)) return sendProblemPage(request, reply, error);
    return reply.code(error.statusCode).send(error.toBody());
  });

  // Plugins that hook into route registration (compression, rate limits) come before the routes.
  // Pages are compressed here, when asked for, not by the build (scripts/prerender.ts): quality 5 took
  // 1.2 ms for a 94 KB page and gave 7 % fewer bytes than the plugin's default of 4, which took longer.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await registerRateLimit(app, options.sharedRateLimit);

  registerHealthCheck(app, {
    storage: options.storage,
    readiness: options.readiness ?? new Readiness(),
    ...(options.healthTimeoutMs === undefined ? {} : { timeoutMs: options.healthTimeoutMs }),
  });
  await registerStaticSite(app, site);
  await app.register(api, {
    prefix: '/api/v1',
    storage: options.storage,
    roles,
    noticeVersion,
    allowedOrigins: options.allowedOrigins ?? [],
    rateLimit: options.rateLimit ?? defaultRateLimit,
    formPosts: { renderer: options.renderFormPage ?? createFormPageRenderer(site), forms: facts.forms },
    // A confirmation is queued only where it can be sent: the server has e-mail, and the form's setting is on.
    confirm: {
      contact: options.confirmations === true && facts.replies?.contact.confirmationEmail === true,
      application: options.confirmations === true && facts.replies?.application.confirmationEmail === true,
    },
  });

  return app;
}

/** A visitor's browser asking for a page or file, as opposed to a call of the API. */
function isPageRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  return (request.method === 'GET' || request.method === 'HEAD') && path !== '/api' && !path.startsWith('/api/');
}
