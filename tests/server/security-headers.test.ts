import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlyScript, earlyScriptSource } from '../../src/app/startup/early-script.ts';
import { applyPrefetchRules } from '../../src/sections/careers/prefetch.ts';
import { createHash } from 'node:crypto';
import {
  anyStorage,
  contactUrl,
  createTestApp,
  hashedAsset,
  tempDir,
  validContact,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';

let underTest: StorageUnderTest;
let app: FastifyInstance;
let behindProxy: FastifyInstance;
const client = tempDir('client');

beforeAll(async () => {
  underTest = await anyStorage.open();
  writeClientBuild(client.dir);
  app = await createTestApp(underTest.storage, client.dir);
  behindProxy = await createTestApp(underTest.storage, client.dir, { trustProxy: true });
});

afterAll(async () => {
  await app?.close();
  await behindProxy?.close();
  await underTest?.cleanup();
  client.remove();
});

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const expectedCsp =
  `default-src 'self'; script-src 'self' ${earlyScriptSource} ${hashOf(applyPrefetchRules)}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; ` +
  "media-src 'self'; connect-src 'self'; frame-src https://www.google.com https://maps.google.com; object-src 'none'; " +
  "base-uri 'self'; frame-ancestors 'none'; form-action 'self'";

describe('security headers', () => {
  it.each([
    ['a page', { method: 'GET', url: '/react' }, 200],
    ['the app shell of a route without a prerendered page', { method: 'GET', url: '/start' }, 200],
    ['a hashed asset', { method: 'GET', url: hashedAsset }, 200],
    ['the not-found page', { method: 'GET', url: '/no-such-page' }, 404],
    ['a redirect', { method: 'GET', url: '/react/' }, 301],
    ['an API answer', { method: 'POST', url: contactUrl, payload: validContact }, 201],
    ['an API error', { method: 'POST', url: contactUrl, payload: {} }, 400],
    ['an unknown API address', { method: 'GET', url: '/api/v1/unknown' }, 404],
  ] as const)('are sent with %s', async (_case, request, status) => {
    const response = await app.inject(request);

    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject({
      'content-security-policy': expectedCsp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
    });
    const permissions = String(response.headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'autoplay=(self)']) {
      expect(permissions).toContain(feature);
    }
  });

  it('keep scripts free of unsafe-inline and unsafe-eval', async () => {
    const response = await app.inject({ url: '/' });
    const scriptSrc = String(response.headers['content-security-policy'])
      .split('; ')
      .find((directive) => directive.startsWith('script-src'));

    expect(scriptSrc).toBe(`script-src 'self' ${hashOf(earlyScript)} ${hashOf(applyPrefetchRules)}`);
  });

  it('allow the inline scripts (the early script, the careers speculation rules) by the hashes of their exact bytes', () => {
    expect(earlyScriptSource).toBe(hashOf(earlyScript));
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const response = await app.inject({ url: '/' });

    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const response = await behindProxy.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });

    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent on the word of a proxy that is not trusted', async () => {
    const response = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });

    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
