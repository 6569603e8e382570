import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { spawningTestTimeoutMs } from '../helpers/deadlines.ts';
import { serving, startServerProcess } from './server-process.ts';
import { serviceAnswers, startRedis } from '../helpers/services.ts';
import { envDatabases, tempDir, testDatabaseUrl, validContact, writeClientBuild } from './helpers.ts';
import { postgresAnswers } from './postgres-schemas.ts';

const client = tempDir('client');
const data = tempDir('data');
// Every test serves it, whichever of them runs (the first is skipped without Redis).
writeClientBuild(client.dir);

afterAll(() => {
  client.remove();
  data.remove();
});

const startServer = startServerProcess;

const redisUp = await serviceAnswers(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', 'Redis', startRedis);

describe('npm start', () => {
  it.skipIf(!redisUp)(
    'serves the site and the API on PORT, stores in DATA_DIR, counts in REDIS_URL, and exits 0 on SIGTERM',
    async () => {
      const server = startServer({
        CLIENT_DIR: client.dir,
        DATA_DIR: data.dir,
        DATABASE_URL: '',
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        // The count lives in a Redis that outlives this test: a low limit would refuse the next run's submission.
        API_RATE_LIMIT_MAX: '1000',
      });
      const port = await server.listening(serving);

      const page = await fetch(`http://127.0.0.1:${port}/react`);
      expect(page.status).toBe(200);
      const submitted = await fetch(`http://127.0.0.1:${port}/api/v1/contact/create-contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validContact),
      });
      expect(submitted.status).toBe(201);
      const requestId = submitted.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const log = server.output();
      expect(log).toMatch(/"msg":"POST \/api\/v1\/contact\/create-contact 201 [\d.]+ms"/);
      expect(log).toContain(`"reqId":"${requestId}"`);
      expect(log).toMatch(/The rate limit counts in Redis/);
      expect(log).not.toMatch(/healthz/);
      expect(log).not.toContain(validContact.email);
      // Every line, from the first to the last, is JSON for the operators' log tools.
      for (const line of log.split('\n').filter((l) => l.trim() !== '')) expect(() => JSON.parse(line), line).not.toThrow();
    },
    spawningTestTimeoutMs,
  );

  it(
    'says why it cannot start in one JSON line at fatal level, and exits 1',
    async () => {
      const empty = tempDir('no-client');
      const server = startServer({ CLIENT_DIR: empty.dir, DATA_DIR: data.dir, DATABASE_URL: '', REDIS_URL: '' });
      const code = await server.exited;
      empty.remove();
      expect(code).toBe(1);
      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as { level: number; error?: string; msg: string });
      expect(lines.at(-1)).toMatchObject({
        level: 60,
        error: 'ClientBuildMissing',
        msg: expect.stringContaining('npm run build'),
      });
    },
    spawningTestTimeoutMs,
  );

  it.runIf(postgresAnswers)(
    'logs a PostgreSQL connection dropped while idle as a JSON warning, and reconnects',
    async () => {
      const postgres = envDatabases.find((c) => c.name === 'PostgreSQL')!;
      const opened = await postgres.open();
      // Its own application name, so that only this server's connections are ended (other tests share the database).
      const url = new URL(opened.env.DATABASE_URL!);
      url.searchParams.set('application_name', `main-idle-${process.pid}`);
      const server = startServer({ CLIENT_DIR: client.dir, DATABASE_URL: url.href, REDIS_URL: '' });
      const port = await server.listening(serving);
      const submit = () =>
        fetch(`http://127.0.0.1:${port}/api/v1/contact/create-contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(validContact),
        });
      expect((await submit()).status).toBe(201);

      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
          `main-idle-${process.pid}`,
        ]);
      } finally {
        await admin.end();
      }
      await server.waitForOutput(/db\.idle_error/);
      expect((await submit()).status).toBe(201);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('db.idle_error'))!;
      expect(JSON.parse(line)).toMatchObject({ level: 40, event: 'db.idle_error', msg: expect.stringContaining('reconnect') });
      await opened.cleanup();
    },
    spawningTestTimeoutMs,
  );
});
