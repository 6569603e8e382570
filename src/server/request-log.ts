import { isIPv4, isIPv6 } from 'node:net';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

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

/** The path of a URL without its query string, which may carry personal data, and without absurd lengths. */
export function pathOf(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/**
 * Logger settings for Fastify: pino's default request serializer (used when Fastify logs an error with its
 * request) would write the full client address and query string, so it is replaced by one that masks them.
 */
export function loggerOptions(level: string): Exclude<NonNullable<FastifyServerOptions['logger']>, boolean> {
  return {
    level,
    serializers: {
      req: (request) => ({
        method: request.method,
        url: pathOf(request.url),
        remoteAddress: maskIp(request.ip),
      }),
    },
  };
}

/**
 * Fastify's request log lines, replaced by one line per request (method, path, status, duration, masked
 * address) written when the response is finished. Fastify's own lines carry the full address and the query
 * string; bodies and headers are never logged.
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
    if (error) reply.log.error({ ...line, err: { type: error.name, message: error.message } }, message);
    else reply.log.info(line, message);
  }
}
