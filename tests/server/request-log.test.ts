import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loggerOptions, maskIp } from '../../src/server/request-log.ts';
import {
  anyStorage,
  contactUrl,
  createTestApp,
  tempDir,
  validContact,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';

describe('maskIp', () => {
  it.each([
    ['203.0.113.42', '203.0.113.0'],
    ['::ffff:203.0.113.42', '203.0.113.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:db8::1', '2001:db8::'],
    ['::1', '::'],
    ['not an address', 'unknown'],
    [undefined, 'unknown'],
  ])('masks %s as %s', (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });
});

describe('request log', () => {
  const lines: Array<Record<string, unknown>> = [];
  let underTest: StorageUnderTest;
  let app: FastifyInstance;
  const client = tempDir('client');

  beforeAll(async () => {
    underTest = await anyStorage.open();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await createTestApp(underTest.storage, writeClientBuild(client.dir), { logger: { ...loggerOptions('info'), stream } });
  });

  afterAll(async () => {
    await app?.close();
    await underTest?.cleanup();
    client.remove();
  });

  it('writes one line per request with method, path, status and duration, and no personal data', async () => {
    lines.length = 0;
    await app.inject({
      method: 'POST',
      url: `${contactUrl}?email=asha@example.in`,
      payload: validContact,
      remoteAddress: '203.0.113.42',
    });

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      method: 'POST',
      path: contactUrl,
      status: 201,
      ip: '203.0.113.0',
      msg: expect.stringMatching(/^POST \/api\/v1\/contact\/create-contact 201 [\d.]+ms$/),
    });
    expect(typeof lines[0]?.ms).toBe('number');
    const written = JSON.stringify(lines);
    for (const personal of ['asha@example.in', validContact.username, validContact.mobile, '203.0.113.42']) {
      expect(written).not.toContain(personal);
    }
  });
});
