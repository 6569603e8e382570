/**
 * What a client does to its own connection is the client's doing, not an outage: a request that is not
 * valid HTTP (a malformed chunked body, a header that cannot be parsed), an upload cut off half-way, a
 * visitor who closes the tab before the answer. Each is answered with a 4xx where anybody is left to
 * read it, and logged as one info line without a stack, so that nobody can fill the operators' error
 * alerts at will. Error-level lines stay for faults of the server itself.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { httpErrors, type ErrorBody, type HttpErrorName } from './errors.ts';
import { pathOf } from './request-log.ts';

export { isPeerGone } from './request-log.ts';

/**
 * True once the client has closed its connection: nothing can be answered any more, and its address is
 * gone too (Node forgets `remoteAddress` with the socket, which the rate limit needs to count it).
 */
export function clientGone(request: FastifyRequest): boolean {
  const socket = request.raw.socket as Socket | null | undefined;
  return socket === null || socket === undefined || socket.destroyed || socket.remoteAddress === undefined;
}

/**
 * Stops a request whose client left before its hooks ran; registered before the rate limit, which would
 * otherwise fail on the missing address.
 */
export function registerClientGone(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (clientGone(request)) {
      request.log.info(
        { event: 'http.client_gone', method: request.method, path: pathOf(request.url) },
        'The client closed the connection before its request was read; there is nobody to answer.',
      );
      reply.hijack();
    }
    done();
  });
}

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP parser refused with a 400 (408 for a request that
 * took too long, 431 for headers that are too large) in the API's error format, and logs it at info.
 */
/** Connections already answered by clientErrorHandler, left to close at the client's pace. */
const answered = new WeakSet<Socket>();

export function clientErrorHandler(
  this: { log: Pick<FastifyInstance['log'], 'info'> },
  error: Error & { code?: string },
  socket: Socket,
): void {
  // The parser may report the same broken connection again as more bytes arrive: it is answered once.
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const name: HttpErrorName =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'RequestTimeout'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'HeadersTooLarge'
        : 'NotHttp';
  const { statusCode, message } = httpErrors[name];
  const code = error.code ?? error.name;
  this.log.info(
    { event: 'http.malformed', code, status: statusCode },
    `A request that is not valid HTTP was refused with ${statusCode} (${code}).`,
  );
  // Nothing of an answer has gone out on this connection yet, or a status line now would corrupt it.
  if (!socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: name, message } satisfies ErrorBody);
  // A lingering close (as web servers do): the answer goes out with end(), then whatever the client
  // still sends is read and dropped until it closes its side. Closing a socket with unread bytes
  // makes the kernel send a reset, and a client that gets the reset first never sees the answer
  // (3 in 20,000 raw exchanges of bench:fuzz did, with destroy() right after the write).
  socket.setTimeout(5_000, () => socket.destroy());
  socket.on('end', () => socket.destroy());
  socket.resume();
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
  );
}
