import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectedFields,
  fuzzTargets,
  hostileRequests,
  readStoredRows,
  storedRowProblems,
} from '../../scripts/bench/hostile-requests.ts';
import { loggerOptions } from '../../src/server/request-log.ts';
import {
  contactUrl,
  createTestApp,
  fixtureRoles,
  storageCases,
  tempDir,
  validContact,
  withTestApp,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';

/** Fixed, so that a failure here is the same failure on every run; `npm run bench:fuzz` explores other seeds. */
const seed = 8;
const perEndpoint = 300;

describe.each(storageCases)('hostile request bodies on $name', (storageCase) => {
  const client = tempDir('client');
  const logLines: string[] = [];
  let underTest: StorageUnderTest;
  let app: FastifyInstance;

  beforeAll(async () => {
    underTest = await storageCase.open();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await createTestApp(underTest.storage, writeClientBuild(client.dir), {
      logger: { ...loggerOptions('info'), stream },
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    });
  });

  afterAll(async () => {
    await app?.close();
    await underTest?.cleanup();
    client.remove();
  });

  it.each(fuzzTargets(fixtureRoles))(
    'answers every hostile $name request below 500 and stores only what it acknowledged',
    async (target) => {
      const statuses = new Map<number, number>();
      const serverErrors: string[] = [];
      const acknowledged = new Map<string, Record<string, unknown>>();
      for (const request of hostileRequests(target, seed, perEndpoint)) {
        const response = await app.inject({
          method: request.method as 'POST',
          url: request.url,
          headers: request.headers,
          ...(request.body === undefined ? {} : { payload: request.body }),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          serverErrors.push(`${request.kind}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        if (response.statusCode === 201) acknowledged.set(response.json<{ id: string }>().id, expectedFields(request));
      }

      expect(serverErrors).toEqual([]);
      const rows = await readStoredRows(underTest.storage, target.name);
      expect(rows).toHaveLength(acknowledged.size);
      // Every row valid against schemas/api, and holding exactly what its 201 acknowledged.
      expect(storedRowProblems(target, rows, fixtureRoles, acknowledged)).toEqual([]);
      // The generator must reach both sides of the validator, or this test proves nothing.
      expect(acknowledged.size).toBeGreaterThan(perEndpoint / 20);
      expect(statuses.get(400)).toBeGreaterThan(perEndpoint / 4);
      const log = logLines.join('');
      for (const row of rows) expect(log).not.toContain(String(row.fields.email));
    },
  );
});

describe('bodies that are not UTF-8', () => {
  const ctx = withTestApp();

  it.each([
    ['a lone continuation byte', Buffer.from([0x80])],
    ['an overlong encoding of /', Buffer.from([0xc0, 0xaf])],
    ['a surrogate encoded as UTF-8', Buffer.from([0xed, 0xa0, 0x80])],
    ['a truncated sequence', Buffer.from([0xe2, 0x82])],
  ])('refuses %s with 400 InvalidJson instead of storing U+FFFD', async (_case, bytes) => {
    const [before, after] = JSON.stringify(validContact).split('Verma Textiles');
    const payload = Buffer.concat([Buffer.from(before!), Buffer.from('Verma '), bytes, Buffer.from(after!)]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/json' },
      payload,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'InvalidJson', message: expect.stringMatching(/not valid UTF-8/) });
    expect(await ctx.underTest.storage.listContacts()).toEqual([]);
  });

  it('accepts multi-byte characters however the body is split into chunks', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from(JSON.stringify({ ...validContact, company: 'वर्मा टेक्सटाइल्स 😀' })),
    });
    expect(response.statusCode).toBe(201);
  });
});
