import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { envDatabases, tempDir, testDatabaseUrl, validContact, writeClientBuild } from './helpers.ts';

const client = tempDir('client');
const data = tempDir('data');
let server: ChildProcessWithoutNullStreams | undefined;

afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  client.remove();
  data.remove();
});

/** Collects everything the process prints; `waitFor` resolves when the output matches. */
function collectOutput(child: ChildProcessWithoutNullStreams) {
  let output = '';
  const waiters: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return {
    text: () => output,
    waitFor: (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) resolve(match);
        };
        waiters.push(check);
        check();
        child.once('exit', (code) => reject(new Error(`The server exited with ${code} before printing ${pattern}:\n${output}`)));
      }),
  };
}

describe('npm start', () => {
  it('serves the site and the API on PORT, stores in DATA_DIR, counts in REDIS_URL, and exits 0 on SIGTERM', async () => {
    writeClientBuild(client.dir);
    // The server itself, not the tsx wrapper: a wrapper killed by afterAll after a timeout would orphan it.
    server = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        CLIENT_DIR: client.dir,
        DATA_DIR: data.dir,
        DATABASE_URL: '',
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        // The count lives in a Redis that outlives this test: a low limit would refuse the next run's submission.
        API_RATE_LIMIT_MAX: '1000',
      },
    });
    const output = collectOutput(server);
    const [, port] = await output.waitFor(/Serving the site on http:\/\/localhost:(\d+)/);

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

    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    const log = output.text();
    expect(log).toMatch(/"msg":"POST \/api\/v1\/contact\/create-contact 201 [\d.]+ms"/);
    expect(log).toContain(`"reqId":"${requestId}"`);
    expect(log).toMatch(/The rate limit counts in Redis/);
    expect(log).not.toMatch(/healthz/);
    expect(log).not.toContain(validContact.email);
    // Every line, from the first to the last, is JSON for the operators' log tools.
    for (const line of log.split('\n').filter((l) => l.trim() !== '')) expect(() => JSON.parse(line), line).not.toThrow();
  }, 20_000);

  it('says why it cannot start in one JSON line at fatal level, and exits 1', async () => {
    const empty = tempDir('no-client');
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        CLIENT_DIR: empty.dir,
        DATA_DIR: data.dir,
        DATABASE_URL: '',
        REDIS_URL: '',
      },
    });
    server = child;
    const output = collectOutput(child);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    empty.remove();
    expect(code).toBe(1);
    const lines = output
      .text()
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { level: number; error?: string; msg: string });
    expect(lines.at(-1)).toMatchObject({ level: 60, error: 'ClientBuildMissing', msg: expect.stringContaining('npm run build') });
  }, 20_000);

  it('logs a PostgreSQL connection dropped while idle as a JSON warning, and reconnects', async () => {
    const postgres = envDatabases.find((c) => c.name === 'PostgreSQL')!;
    const opened = await postgres.open();
    // Its own application name, so that only this server's connections are ended (other tests share the database).
    const url = new URL(opened.env.DATABASE_URL!);
    url.searchParams.set('application_name', `main-idle-${process.pid}`);
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CLIENT_DIR: client.dir, DATABASE_URL: url.href, REDIS_URL: '' },
    });
    server = child;
    const output = collectOutput(child);
    const [, port] = await output.waitFor(/Serving the site on http:\/\/localhost:(\d+)/);
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
    await output.waitFor(/db\.idle_error/);
    expect((await submit()).status).toBe(201);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const line = output
      .text()
      .split('\n')
      .find((l) => l.includes('db.idle_error'))!;
    expect(JSON.parse(line)).toMatchObject({ level: 40, event: 'db.idle_error', msg: expect.stringContaining('reconnect') });
    await opened.cleanup();
  }, 30_000);
});
