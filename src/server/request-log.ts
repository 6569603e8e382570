import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * Hides the host part of an address so that a log line cannot identify a visitor, while still showing which
 * network a burst of requests came from: the last octet of IPv4, everything after the /48 prefix of IPv6.
 */
export function maskIp(ip: string | undefined): string {
  if (ip === undefined || ip === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return address.replace(/\.\d+$/, '.0');
  if (isIPv6(address)) {
    const head = address.split('::')[0] ?? '';
    const groups = head.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::`;
  }
  return 'unknown';
}

/**
 * The path of a URL without its query string, which may carry personal data, and without absurd lengths.
 * Anything in the path that looks like an e-mail address or a phone number (someone typing one into the
 * address bar, a mistyped link) is replaced too: no route of the site holds either.
 */
export function pathOf(url: string): string {
  const path = (url.split('?', 1)[0] ?? '')
    .replace(/[^/@\s]+(@|%40)[^/@\s]+/gi, '[email]')
    .replace(/(\+|%2B)?\d(?:[\d\s().-]|%20){5,}\d/gi, '[number]');
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** A request id a client or proxy may choose: short, printable, and safe in a header and a log line. */
const requestIdPattern = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * The id of a request: the X-Request-Id of the proxy in front (so that its log and ours can be joined) when it
 * is well formed, otherwise a new UUID. A malformed one is not trusted, as it would go into every log line.
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && requestIdPattern.test(header) ? header : randomUUID();
}

/** Sends the request id back in X-Request-Id, so that a visitor's report or a proxy log points at our log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

/**
 * Logger settings for Fastify: pino's default request serializer (used when Fastify logs an error with its
 * request) would write the full client address and query string, so it is replaced by one that masks them.
 */
/** The `err` of a log line: a `{ type, message }` the server chose as it is, an Error by its name and place. */
function keepErrorFields(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const { name, message, stack, code } = value as Error & { code?: unknown };
  return { type: name, message, stack, ...(code === undefined ? {} : { code }) };
}

export function loggerOptions(level: string): Exclude<NonNullable<FastifyServerOptions['logger']>, boolean> {
  return {
    level,
    serializers: {
      req: (request) => ({
        method: request.method,
        url: pathOf(request.url),
        remoteAddress: maskIp(request.ip),
      }),
      // Pino's own serializer names a plain object's type `Object`; the server logs `{ type, message }`
      // that it picked itself (never the whole error, which may carry submitted values), so keep them.
      err: keepErrorFields as never,
    },
  };
}

/** Socket errors that say only that the other side is gone. */
const peerGoneCodes = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_PREMATURE_CLOSE']);

export const isPeerGone = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && peerGoneCodes.has(String((error as { code?: unknown }).code));

/**
 * Fastify's request log lines, replaced by one line per request (method, path, status, duration, masked
 * address; Fastify adds the request id as `reqId`) written when the response is finished. Fastify's own lines
 * carry the full address and the query string; bodies and headers are never logged. Routes marked
 * `config.quietLog` (health probes) are logged at debug level.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The completed line says everything; two lines per request double the log for nothing.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const path = pathOf(request.url);
    const line = { method: request.method, path, status: reply.statusCode, ms, ip: maskIp(request.ip) };
    const message = `${request.method} ${path} ${reply.statusCode} ${ms}ms`;
    // A response that breaks because the client left is the client's doing; any other is worth a look.
    if (error && isPeerGone(error))
      reply.log.info({ ...line, event: 'http.client_gone', err: { type: error.name, message: error.message } }, message);
    else if (error) reply.log.error({ ...line, err: { type: error.name, message: error.message } }, message);
    else if (request.routeOptions.config?.quietLog === true) reply.log.debug(line, message);
    else reply.log.info(line, message);
  }
}
