import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyStorage,
  contactUrl,
  createTestApp,
  tempDir,
  validContact,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';

const partner = 'https://partner.example.com';
let underTest: StorageUnderTest;
let app: FastifyInstance;
let behindProxy: FastifyInstance;
const client = tempDir('client');

beforeAll(async () => {
  underTest = await anyStorage.open();
  writeClientBuild(client.dir);
  app = await createTestApp(underTest.storage, client.dir, { allowedOrigins: [partner] });
  behindProxy = await createTestApp(underTest.storage, client.dir, { trustProxy: true });
});

afterAll(async () => {
  await app?.close();
  await behindProxy?.close();
  await underTest?.cleanup();
  client.remove();
});

const postFrom = (server: FastifyInstance, headers: Record<string, string>) =>
  server.inject({ method: 'POST', url: contactUrl, payload: validContact, headers });

describe('Origin check', () => {
  it('refuses a foreign origin with 403 OriginNotAllowed and stores nothing', async () => {
    const before = (await underTest.storage.listContacts()).length;

    const response = await postFrom(app, { host: 'www.sutralabs.in', origin: 'https://evil.example' });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'OriginNotAllowed', message: expect.any(String) });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect((await underTest.storage.listContacts()).length).toBe(before);
  });

  it('accepts the origin the server is reached at', async () => {
    const response = await postFrom(app, { host: 'www.sutralabs.in', origin: 'http://www.sutralabs.in' });

    expect(response.statusCode).toBe(201);
  });

  it('compares origins without the default port', async () => {
    const response = await postFrom(app, { host: 'www.sutralabs.in:80', origin: 'http://www.sutralabs.in' });

    expect(response.statusCode).toBe(201);
  });

  it('refuses the same host on another scheme', async () => {
    const response = await postFrom(app, { host: 'www.sutralabs.in', origin: 'https://www.sutralabs.in' });

    expect(response.statusCode).toBe(403);
  });

  it('accepts the https origin behind a trusted proxy that says the request came over https', async () => {
    const response = await postFrom(behindProxy, {
      host: 'www.sutralabs.in',
      origin: 'https://www.sutralabs.in',
      'x-forwarded-proto': 'https',
    });

    expect(response.statusCode).toBe(201);
  });

  it('accepts an allowlisted origin and tells the browser so', async () => {
    const response = await postFrom(app, { host: 'www.sutralabs.in', origin: partner });

    expect(response.statusCode).toBe(201);
    expect(response.headers['access-control-allow-origin']).toBe(partner);
  });

  it('accepts a request without an Origin header', async () => {
    const response = await postFrom(app, {});

    expect(response.statusCode).toBe(201);
  });

  it("refuses the opaque origin 'null' that sandboxed frames send", async () => {
    const response = await postFrom(app, { origin: 'null' });

    expect(response.statusCode).toBe(403);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: contactUrl,
      headers: {
        host: 'www.sutralabs.in',
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it('answers the preflight of an allowlisted origin', async () => {
    const response = await preflight(partner);

    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(partner);
    expect(response.headers['access-control-allow-methods']).toBe('POST');
    expect(response.headers['access-control-allow-headers']).toBe('Content-Type');
  });

  it('refuses the preflight of a foreign origin', async () => {
    const response = await preflight('https://evil.example');

    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers when no origin is allowlisted', async () => {
    const response = await postFrom(behindProxy, { host: 'www.sutralabs.in', origin: 'http://www.sutralabs.in' });

    expect(response.statusCode).toBe(201);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
