import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimitRedis, waitForRateLimitRedis } from '../../src/server/rate-limit.ts';
import { loggerOptions } from '../../src/server/request-log.ts';
import {
  anyStorage,
  applicationUrl,
  contactUrl,
  createTestApp,
  tempDir,
  validApplication,
  validContact,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';
import { eventDeadlineMs } from '../helpers/deadlines.ts';
import { serviceAnswers, startRedis } from '../helpers/services.ts';
import { closeAfterTest } from '../helpers/processes.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/** The Redis the tests share (REDIS_URL of the test run, or the local one). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAddress = new URL(redisUrl);
const redisUp = await serviceAnswers(redisUrl, 'Redis', startRedis);

const client = tempDir('client');
const clientDir = writeClientBuild(client.dir);
let underTest: StorageUnderTest;
/** Every client the tests open, closed at the end; every key prefix, deleted at the end. */
const clients: Redis[] = [];
const prefixes: string[] = [];

beforeAll(async () => {
  underTest = await anyStorage.open();
});

afterAll(async () => {
  const admin = new Redis(redisUrl);
  for (const prefix of prefixes) {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
  }
  await admin.quit();
  for (const redis of clients) redis.disconnect();
  await underTest?.cleanup();
  client.remove();
});

/** A key prefix of its own, so that tests running at the same time never share counts. */
function uniquePrefix(): string {
  const prefix = `test:rate-limit:${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
}

const quiet = { info: () => {}, warn: () => {} };

function logCollector() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { ...loggerOptions('info'), stream } };
}

/** One instance of the server, listening on a port of its own, counting in the Redis at `url`. */
async function startInstance(url: string, keyPrefix: string, max: number, logger?: object) {
  const redis = createRateLimitRedis(url);
  clients.push(redis);
  const app = await createTestApp(underTest.storage, clientDir, {
    rateLimit: { max, timeWindowMs: 60_000 },
    sharedRateLimit: { redis, keyPrefix },
    ...(logger === undefined ? {} : { logger }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  closeAfterTest(port, 'a server instance of the test', () => app.close());
  return { app, redis, port };
}

async function post(port: number, url: string, body: object): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

describe.skipIf(!redisUp)('rate limit shared through Redis', () => {
  it('counts the submissions of one address across two instances on different ports', async () => {
    const prefix = uniquePrefix();
    const a = await startInstance(redisUrl, prefix, 3);
    const b = await startInstance(redisUrl, prefix, 3);
    expect(await waitForRateLimitRedis(a.redis, quiet, eventDeadlineMs)).toBe(true);
    expect(await waitForRateLimitRedis(b.redis, quiet, eventDeadlineMs)).toBe(true);

    const statuses = [
      await post(a.port, contactUrl, validContact),
      await post(b.port, contactUrl, validContact),
      await post(a.port, contactUrl, validContact),
      await post(b.port, contactUrl, validContact),
      await post(a.port, contactUrl, validContact),
    ];

    // Each instance alone would have allowed 3; together they allowed 3 in all.
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // The other endpoint has its own count, in Redis too.
    expect(await post(b.port, applicationUrl, validApplication)).toBe(201);
    const keys = await a.redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(2);
  });

  it('keeps the counts of tests with different key prefixes apart', async () => {
    const [firstPrefix, secondPrefix] = [uniquePrefix(), uniquePrefix()];
    const first = await startInstance(redisUrl, firstPrefix, 1);
    const second = await startInstance(redisUrl, secondPrefix, 1);
    expect(await waitForRateLimitRedis(first.redis, quiet, eventDeadlineMs)).toBe(true);
    expect(await waitForRateLimitRedis(second.redis, quiet, eventDeadlineMs)).toBe(true);

    expect(await post(first.port, contactUrl, validContact)).toBe(201);
    expect(await post(second.port, contactUrl, validContact)).toBe(201);
    expect(await post(first.port, contactUrl, validContact)).toBe(429);
    expect(await first.redis.get((await first.redis.keys(`${firstPrefix}*`))[0] ?? 'none')).toBe('2');
    expect(await first.redis.get((await first.redis.keys(`${secondPrefix}*`))[0] ?? 'none')).toBe('1');
  });
});

describe.skipIf(!redisUp)('when Redis is unreachable', () => {
  let proxy: TcpProxy;

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: redisAddress.hostname, port: Number(redisAddress.port || 6379) });
  });
  afterAll(() => proxy?.close());

  const viaProxy = () => `redis://127.0.0.1:${proxy.port}`;

  it('keeps accepting submissions, counts per instance, warns once, and shares counts again when Redis is back', async () => {
    const log = logCollector();
    const prefix = uniquePrefix();
    const instance = await startInstance(viaProxy(), prefix, 2, log.logger);
    expect(await waitForRateLimitRedis(instance.redis, instance.app.log, eventDeadlineMs)).toBe(true);

    await proxy.cut();
    // While Redis is gone, this instance counts on its own: the limit still holds, nothing hangs or fails.
    expect(await post(instance.port, contactUrl, validContact)).toBe(201);
    expect(await post(instance.port, contactUrl, validContact)).toBe(201);
    expect(await post(instance.port, contactUrl, validContact)).toBe(429);
    const warnings = log.lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/cannot reach Redis.*Submissions are still accepted/);
    expect(await underTest.storage.listContacts()).not.toHaveLength(0);

    await proxy.restore();
    await expect.poll(() => instance.redis.status, { timeout: eventDeadlineMs }).toBe('ready');
    // Back on Redis, whose count for this address started afresh.
    expect(await post(instance.port, contactUrl, validContact)).toBe(201);
    expect(log.lines.some((line) => /reaches Redis again/.test(String(line.msg)))).toBe(true);
    expect(await instance.redis.keys(`${prefix}*`)).toHaveLength(1);
  });

  it('does not make a submission wait for a Redis that stopped answering', async () => {
    const instance = await startInstance(viaProxy(), uniquePrefix(), 5);
    expect(await waitForRateLimitRedis(instance.redis, quiet, eventDeadlineMs)).toBe(true);
    proxy.freeze();
    try {
      const started = Date.now();
      expect(await post(instance.port, contactUrl, validContact)).toBe(201);
      // Not a speed check: the command timeout is 500 ms, and a queued command would have waited for ever.
      expect(Date.now() - started).toBeLessThan(eventDeadlineMs);
    } finally {
      await proxy.restore();
    }
  });

  it('starts and accepts submissions when Redis is down from the start', async () => {
    await proxy.cut();
    try {
      const log = logCollector();
      const instance = await startInstance(viaProxy(), uniquePrefix(), 1, log.logger);
      expect(await waitForRateLimitRedis(instance.redis, instance.app.log, 300)).toBe(false);
      expect(log.lines.some((line) => line.level === 40 && /did not answer/.test(String(line.msg)))).toBe(true);

      expect(await post(instance.port, contactUrl, validContact)).toBe(201);
      expect(await post(instance.port, contactUrl, validContact)).toBe(429);
    } finally {
      await proxy.restore();
    }
  });
});
