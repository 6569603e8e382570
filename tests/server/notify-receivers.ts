/**
 * The far ends of notifications, run by the tests themselves: an SMTP server (smtp-server) and a webhook
 * receiver (node:http). Each records what it accepted, and can be told to refuse or to hang, to stand for a
 * mail server that is down or a receiver that stops answering mid-request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eventDeadlineMs } from '../helpers/deadlines.ts';

/** What the receiver does with the next message or request. */
export type ReceiverMode = 'accept' | 'refuse' | 'hang';

/** One e-mail as the SMTP server received it, headers parsed and body decoded. */
export interface ReceivedMail {
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

export interface SmtpReceiver {
  readonly port: number;
  readonly url: string;
  /** Messages it accepted (answered 250). */
  readonly accepted: ReceivedMail[];
  /** Messages it received, whatever it answered. */
  readonly received: ReceivedMail[];
  mode: ReceiverMode;
  /** Stops listening: connections are refused, as when the mail server is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 without TLS or authentication, on a free port. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const accepted: ReceivedMail[] = [];
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;
  const receiver: SmtpReceiver = {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    accepted,
    received,
    mode: 'accept',
    async start() {
      if (server !== undefined) return;
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        closeTimeout: 100,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
              from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            });
            received.push(mail);
            if (receiver.mode === 'hang') return; // never answers: the client waits until it gives up or dies
            if (receiver.mode === 'refuse') {
              callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
              return;
            }
            accepted.push(mail);
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.server.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
      port = (server.server.address() as AddressInfo).port;
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (closing === undefined) return;
      for (const connection of closing.connections) connection.close();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  await receiver.start();
  return receiver;
}

/** Splits a message into headers and a decoded text body (7bit or quoted-printable, UTF-8). */
function parseMail(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    // Quoted-printable text is ASCII: =XX is a byte of the UTF-8 text, = at a line end a soft line break.
    const encoded = body.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < encoded.length; i += 1) {
      const hex = encoded.slice(i + 1, i + 3);
      if (encoded[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(encoded.charCodeAt(i));
      }
    }
    body = Buffer.from(bytes).toString('utf8');
  }
  return { envelope, headers, text: body.replace(/\r\n/g, '\n') };
}

/** One webhook request as the receiver got it. */
export interface ReceivedRequest {
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body, as signed. */
  readonly body: string;
}

export interface WebhookReceiver {
  readonly port: number;
  readonly url: string;
  /** Requests it answered 2xx. */
  readonly accepted: ReceivedRequest[];
  /** Requests it received, whatever it answered. */
  readonly received: ReceivedRequest[];
  /** accept: 204; refuse: 500; hang: never answers. */
  mode: ReceiverMode;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const accepted: ReceivedRequest[] = [];
  const received: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got: ReceivedRequest = {
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(got);
      if (receiver.mode === 'hang') return;
      if (receiver.mode === 'refuse') {
        response.writeHead(500).end('receiver broken');
        return;
      }
      accepted.push(got);
      response.writeHead(204).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: WebhookReceiver = {
    port,
    url: `http://127.0.0.1:${port}/hooks/sutra`,
    accepted,
    received,
    mode: 'accept',
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}

/** Polls `condition` every 20 ms until it holds, failing after `timeoutMs` with `what`. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = eventDeadlineMs): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A WorkerLog that keeps what it is told, for assertions. */
export function recordingLog() {
  const lines: { level: 'info' | 'warn' | 'error'; message: string }[] = [];
  return {
    lines,
    text: () => lines.map((line) => `${line.level}: ${line.message}`).join('\n'),
    info: (message: string) => void lines.push({ level: 'info', message }),
    warn: (message: string) => void lines.push({ level: 'warn', message }),
    error: (message: string) => void lines.push({ level: 'error', message }),
  };
}
