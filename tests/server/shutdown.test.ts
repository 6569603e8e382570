import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/server/storage/index.ts';
import { contactUrl, envDatabases, tempDir, validContact, writeClientBuild } from './helpers.ts';

const client = tempDir('client');
writeClientBuild(client.dir);
const children: ChildProcessWithoutNullStreams[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  client.remove();
});

const databases = envDatabases;

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CLIENT_DIR: client.dir, LOG_LEVEL: 'info', ...env },
  });
  children.push(child);
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    waitFor: (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            waiters.delete(check);
            resolve(match);
          }
        };
        waiters.add(check);
        check();
        void exited.then((code) => reject(new Error(`The server exited with ${code} before printing ${pattern}:\n${output}`)));
      }),
  };
}

/**
 * Sends a request over a raw socket, its body in pieces, so that the request is still arriving when the
 * server is told to stop; `sendRest` sends the remaining pieces slowly. Resolves with the status and body.
 */
function slowPost(port: number, url: string, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  const bytes = Buffer.from(body);
  const head = Buffer.from(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
  );
  const firstPart = Math.floor(bytes.length / 3);
  let received = '';
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers = '', ...rest] = received.split('\r\n\r\n');
      resolve({ status: Number(headers.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
  socket.write(Buffer.concat([head, bytes.subarray(0, firstPart)]));
  return {
    response,
    sendRest: async (pieces: number, pauseMs: number) => {
      const rest = bytes.subarray(firstPart);
      const size = Math.ceil(rest.length / pieces);
      for (let at = 0; at < rest.length; at += size) {
        await sleep(pauseMs);
        socket.write(rest.subarray(at, at + size));
      }
    },
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
  it('reports stopping, stops accepting, answers the request still arriving with 201, stores it, closes and exits 0', async () => {
    const db = await database.open();
    try {
      const server = startServer({ ...db.env, SHUTDOWN_DRAIN_MS: '1000' });
      const [, port] = await server.waitFor(/Serving the site on http:\/\/localhost:(\d+)/);
      const marker = `shutdown-${randomBytes(4).toString('hex')}`;
      // A long message, so that it arrives in many pieces over a couple of seconds.
      const body = JSON.stringify({
        ...validContact,
        projectDetails: `${marker} ${'An honest long enquiry. '.repeat(180)}`.trim(),
      });
      const upload = slowPost(Number(port), contactUrl, body);
      await sleep(100);

      server.child.kill('SIGTERM');
      await server.waitFor(/SIGTERM received/);

      // While draining, the server still answers, and tells load balancers it is going away.
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'unavailable', reason: 'The server is shutting down.' });

      // The rest of the body arrives slowly, across the moment the server stops accepting connections.
      const rest = upload.sendRest(20, 100);
      await expect.poll(() => refusesConnections(Number(port)), { timeout: 5000, interval: 50 }).toBe(true);
      await rest;

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
  }, 30_000);
});
