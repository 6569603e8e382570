import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzTargets, rawExchanges, rawKindNames, sendRaw, type RawOutcome } from '../../scripts/bench/hostile-requests.ts';
import { loggerOptions } from '../../src/server/request-log.ts';
import { createTestApp, fixtureRoles, storageCases, tempDir, writeClientBuild, type StorageUnderTest } from './helpers.ts';

/** Fixed, so that a failure is the same on every run; `npm run bench:fuzz` plays thousands more with other seeds. */
const seed = 35;
const perEndpoint = rawKindNames.length * 8;

describe.each(storageCases)('clients that break HTTP or vanish, on $name', (storageCase) => {
  const client = tempDir('client');
  const logLines: string[] = [];
  let underTest: StorageUnderTest;
  let app: FastifyInstance;
  const outcomes: { kind: string; ending: string; outcome: RawOutcome }[] = [];

  beforeAll(async () => {
    underTest = await storageCase.open();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = await createTestApp(underTest.storage, writeClientBuild(client.dir), {
      logger: { ...loggerOptions('info'), stream },
      // The rate limit stays on: it is the plugin that used to fail on a vanished client's address.
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const target of fuzzTargets(fixtureRoles)) {
      const exchanges = [...rawExchanges(target, seed, perEndpoint)];
      // Eight at a time, as several visitors and one attacker would be.
      for (let i = 0; i < exchanges.length; i += 8) {
        const batch = exchanges.slice(i, i + 8);
        const results = await Promise.all(batch.map((exchange) => sendRaw(port, exchange)));
        results.forEach((outcome, j) => outcomes.push({ kind: batch[j]!.kind, ending: batch[j]!.ending, outcome }));
      }
    }
    // Closing waits for the requests still being handled, so every line they log is in by then.
    await app.close();
  });

  afterAll(async () => {
    await app?.close();
    await underTest?.cleanup();
    client.remove();
  });

  it('writes every log line as JSON, none at error level and none with a stack trace', () => {
    const lines = logLines.map((line) => JSON.parse(line) as { level: number; err?: { stack?: string } });
    expect(lines.length).toBeGreaterThan(perEndpoint);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.filter((line) => line.err?.stack !== undefined)).toEqual([]);
  });

  it('logs a malformed request and a vanished client at info, each naming what happened', () => {
    const events = logLines.map((line) => JSON.parse(line) as { event?: string; level: number });
    const malformed = events.filter((e) => e.event === 'http.malformed');
    const gone = events.filter((e) => e.event === 'http.client_gone');
    expect(malformed.length).toBeGreaterThan(0);
    expect(gone.length).toBeGreaterThan(0);
    expect([...malformed, ...gone].every((e) => e.level === 30)).toBe(true);
  });

  it('answers every client that waits with a 4xx, and well-formed chunked bodies as any other', () => {
    const awaited = outcomes.filter((o) => o.ending === 'wait');
    expect(awaited.filter((o) => o.outcome.status === undefined)).toEqual([]);
    for (const { kind, outcome } of awaited) {
      // The generator's free text sometimes holds a character the schema refuses: then a 400 is right.
      if (kind === 'chunked-valid') expect([201, 400], kind).toContain(outcome.status);
      else expect(outcome.status, kind).toBeGreaterThanOrEqual(400);
      expect(outcome.status, kind).toBeLessThan(500);
    }
    const chunked = awaited.filter((o) => o.kind === 'chunked-valid');
    expect(chunked.filter((o) => o.outcome.status === 201).length).toBeGreaterThan(chunked.length / 2);
    expect(awaited.find((o) => o.kind === 'headers-too-large')?.outcome.status).toBe(431);
    expect(awaited.find((o) => o.kind === 'length-and-chunked')?.outcome.status).toBe(400);
  });
});
