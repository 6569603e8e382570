import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createTestSchema, postgresAnswers } from './postgres-schemas.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readiness } from '../../src/server/health.ts';
import { loggerOptions } from '../../src/server/request-log.ts';
import { openStorage, type Storage } from '../../src/server/storage/index.ts';
import {
  contactUrl,
  createTestApp,
  storageCases,
  tempDir,
  testDatabaseUrl,
  validContact,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';
import { eventDeadlineMs } from '../helpers/deadlines.ts';
import { closeAfterTest } from '../helpers/processes.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const client = tempDir('client');
const clientDir = writeClientBuild(client.dir);
afterAll(() => client.remove());

function logCollector(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { ...loggerOptions(level), stream } };
}

describe.each(storageCases)('/healthz on $name', (storageCase) => {
  let underTest: StorageUnderTest;
  let app: FastifyInstance;
  const log = logCollector();

  beforeAll(async () => {
    underTest = await storageCase.open();
    // A limit of 1 per window: probes must never count against it.
    app = await createTestApp(underTest.storage, clientDir, { logger: log.logger, rateLimit: { max: 1, timeWindowMs: 60_000 } });
  });
  afterAll(async () => {
    await app?.close();
    await underTest?.cleanup();
  });

  it('answers 200 {"status":"ok"} when the database answers, never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('is not rate-limited and not logged at info level, however often it is probed', async () => {
    log.lines.length = 0;
    for (let probe = 0; probe < 20; probe += 1) {
      const response = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.5' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect(log.lines).toEqual([]);
  });

  it('answers HEAD as well, for probes that send it', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/healthz' });
    expect(response.statusCode).toBe(200);
  });
});

describe('/healthz when something is wrong', () => {
  let underTest: StorageUnderTest;
  beforeAll(async () => {
    underTest = await storageCases[0]!.open();
  });
  afterAll(() => underTest?.cleanup());

  /** The real storage (its methods live on its prototype, so it is not spread), with a `ping` the test controls. */
  function storageWithPing(ping: () => Promise<void>): Storage {
    return Object.assign(Object.create(underTest.storage) as Storage, { ping });
  }

  it('answers 503 with a reason, without the error details, and logs the failure once', async () => {
    const log = logCollector();
    let failing = true;
    const app = await createTestApp(
      storageWithPing(() =>
        failing ? Promise.reject(new Error('SQLITE_IOERR: disk I/O error at /srv/secret/submissions.db')) : Promise.resolve(),
      ),
      clientDir,
      { logger: log.logger },
    );
    try {
      for (let probe = 0; probe < 3; probe += 1) {
        const response = await app.inject({ method: 'GET', url: '/healthz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'unavailable', reason: 'The database did not answer.' });
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).not.toMatch(/SQLITE|secret/);
      }
      const warnings = log.lines.filter((line) => line.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ err: { message: expect.stringContaining('SQLITE_IOERR') } });

      failing = false;
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(log.lines.some((line) => line.level === 30 && /passes again/.test(String(line.msg)))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the database does not answer in time', async () => {
    const app = await createTestApp(
      storageWithPing(() => new Promise(() => {})),
      clientDir,
      { healthTimeoutMs: 50 },
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', reason: 'The database did not answer.' });
    } finally {
      await app.close();
    }
  });

  it('answers 503 once the server is shutting down, while still serving other requests', async () => {
    const readiness = new Readiness();
    const app = await createTestApp(underTest.storage, clientDir, { readiness });
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      readiness.stop();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', reason: 'The server is shutting down.' });
      expect((await app.inject({ method: 'GET', url: '/react' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it.runIf(postgresAnswers)(
    'follows PostgreSQL going away and coming back, and survives a connection dropped mid-query',
    async () => {
      const target = new URL(testDatabaseUrl);
      const proxy: TcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      closeAfterTest(proxy.port, 'the TCP proxy in front of PostgreSQL', () => proxy.close());
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      const schema = await createTestSchema(admin);
      await admin.end();
      const viaProxy = new URL(testDatabaseUrl);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const storage = await openStorage({ kind: 'postgres', connectionString: viaProxy.href, schema }, { onIdleError: () => {} });
      // A probe fails at once when the proxy refuses connections; the deadline only matters on a busy machine.
      const app = await createTestApp(storage, clientDir, { healthTimeoutMs: 5000 });
      try {
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

        // A submission whose query is on the wire when the connection drops: pg emits 'error' on the checked-out
        // client, which used to be an uncaught exception that stopped the whole server.
        proxy.freeze();
        const inFlight = app.inject({ method: 'POST', url: contactUrl, payload: validContact });
        await proxy.frozenBytes();
        await proxy.cut();
        expect((await inFlight).statusCode).toBe(500);

        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
        await proxy.restore();
        await expect
          .poll(async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode, { timeout: eventDeadlineMs })
          .toBe(200);
      } finally {
        await app.close();
        await storage.close();
      }
    },
  );
});
