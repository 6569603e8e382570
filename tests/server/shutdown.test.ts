import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/server/storage/index.ts';
import { eventDeadlineMs, spawningTestTimeoutMs } from '../helpers/deadlines.ts';
import { serving, startServerProcess } from './server-process.ts';
import { contactUrl, envDatabases, tempDir, validContact, writeClientBuild } from './helpers.ts';

const client = tempDir('client');
writeClientBuild(client.dir);

afterAll(() => client.remove());

const databases = envDatabases;

function startServer(env: Record<string, string>) {
  return startServerProcess({ CLIENT_DIR: client.dir, LOG_LEVEL: 'info', ...env });
}

/**
 * Starts a POST over a raw socket that announces its body with `Expect: 100-continue`, as curl does for a large
 * body. `started` resolves once the server has answered `100 Continue`, so it has read the request's head and
 * holds the request, and the first third of the body is on its way; `sendRest` sends the remainder.
 * `response` resolves with the final status and body.
 */
function startPost(port: number, url: string, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  const bytes = Buffer.from(body);
  const head = Buffer.from(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  const firstPart = Math.floor(bytes.length / 3);
  let received = '';
  let heardContinue: () => void;
  const continued = new Promise<void>((resolve) => (heardContinue = resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (/^HTTP\/1\.1 100 /.test(received)) heardContinue();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const final = received.replace(/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/, '');
      const [headers = '', ...rest] = final.split('\r\n\r\n');
      resolve({ status: Number(headers.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
  socket.write(head);
  return {
    started: continued.then(() => void socket.write(bytes.subarray(0, firstPart))),
    response,
    sendRest: () => void socket.write(bytes.subarray(firstPart)),
  };
}

/** Resolves true once a new connection to the port is refused. */
async function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe.each(databases)('SIGTERM with $name', (database) => {
  it(
    'reports stopping, stops accepting, answers the request still arriving with 201, stores it, closes and exits 0',
    async () => {
      const db = await database.open();
      try {
        const server = startServer({ ...db.env, SHUTDOWN_DRAIN_MS: '1000' });
        const port = await server.listening(serving);
        const marker = `shutdown-${randomBytes(4).toString('hex')}`;
        const body = JSON.stringify({
          ...validContact,
          projectDetails: `${marker} ${'An honest long enquiry. '.repeat(180)}`.trim(),
        });
        const upload = startPost(port, contactUrl, body);
        await upload.started;

        server.child.kill('SIGTERM');
        await server.waitForOutput(/SIGTERM received/);

        // While draining, the server still answers, and tells load balancers it is going away.
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ status: 'unavailable', reason: 'The server is shutting down.' });

        // The rest of the body arrives only once the server has stopped accepting connections.
        await expect.poll(() => refusesConnections(port), { timeout: eventDeadlineMs, interval: 50 }).toBe(true);
        upload.sendRest();

        const answer = await upload.response;
        expect(answer.status).toBe(201);
        const { id } = JSON.parse(answer.body) as { id: string };
        expect(await server.exited).toBe(0);
        expect(server.output()).toMatch(/Stopped: every request was answered and the database is closed/);

        const storage = await openStorage(db.config);
        try {
          const stored = (await storage.listContacts()).filter((row) => row.projectDetails.startsWith(marker));
          expect(stored).toEqual([expect.objectContaining({ id, email: validContact.email })]);
        } finally {
          await storage.close();
        }
      } finally {
        await db.cleanup();
      }
    },
    spawningTestTimeoutMs,
  );
});
