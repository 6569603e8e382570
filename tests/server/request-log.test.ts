import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loggerOptions, maskIp, pathOf } from '../../src/server/request-log.ts';
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

describe('pathOf', () => {
  it.each([
    ['/contact?email=asha@example.in', '/contact'],
    ['/asha.verma@example.in', '/[email]'],
    ['/mail/asha%40example.in/x', '/mail/[email]/x'],
    ['/call/+91%2098765%2043210', '/call/[number]'],
    ['/call/9876543210', '/call/[number]'],
    ['/assets/index-4f2a9c1b.js', '/assets/index-4f2a9c1b.js'],
    ['/web-development', '/web-development'],
  ])('writes %s as %s', (url, logged) => {
    expect(pathOf(url)).toBe(logged);
  });
});

describe('request ids', () => {
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

  it('keeps a well-formed X-Request-Id from the proxy, echoes it and logs it', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/react', headers: { 'x-request-id': 'lb-7f3a.91:2' } });

    expect(response.headers['x-request-id']).toBe('lb-7f3a.91:2');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'lb-7f3a.91:2', path: '/react', status: 200 })]);
  });

  it.each([
    ['one with a line break', 'abc\r\nSet-Cookie: x=1'.replace(/[\r\n]/g, ' ')],
    ['one with spaces and quotes', '" OR 1=1'],
    ['an overlong one', 'a'.repeat(129)],
    ['an empty one', ''],
  ])('replaces %s with a new UUID', async (_case, header) => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/react', headers: { 'x-request-id': header } });

    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(lines[0]?.reqId).toBe(id);
  });

  it('gives every request its own id, errors included', async () => {
    const first = await app.inject({
      method: 'POST',
      url: contactUrl,
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    const second = await app.inject({ method: 'GET', url: '/nothing-here' });

    expect(first.statusCode).toBe(400);
    expect(second.statusCode).toBe(404);
    expect(first.headers['x-request-id']).toBeDefined();
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('never writes what visitors send, whatever they send', async () => {
    lines.length = 0;
    const personal = { ...validContact, username: 'Meera Pillai', email: 'meera.p@example.in', mobile: '+91 91234 56789' };
    const bodies = [
      JSON.stringify(personal),
      JSON.stringify({ ...personal, extra: 'x' }),
      JSON.stringify(personal).slice(0, -5),
      JSON.stringify({ ...personal, email: 'meera.p@example' }),
      `{"email":"meera.p@example.in", "username": Meera Pillai}`,
    ];
    for (const payload of bodies) {
      await app.inject({
        method: 'POST',
        url: `${contactUrl}?email=meera.p@example.in`,
        payload,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.23', 'user-agent': 'Meera Pillai' },
        remoteAddress: '198.51.100.23',
      });
    }
    await app.inject({ method: 'GET', url: '/meera.p@example.in' });

    expect(lines.length).toBeGreaterThanOrEqual(bodies.length + 1);
    const written = JSON.stringify(lines);
    for (const value of ['Meera', 'meera.p@example', '91234', '198.51.100.23', projectWords(personal.projectDetails)]) {
      expect(written).not.toContain(value);
    }
  });
});

/** A few words from the middle of a text, enough to spot it in a log. */
function projectWords(text: string): string {
  return text.split(' ').slice(2, 5).join(' ');
}
