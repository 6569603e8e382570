import { describe, expect, it } from 'vitest';
import { applicationUrl, contactUrl, validApplication, validContact, withTestApp } from './helpers.ts';

const ctx = withTestApp({ rateLimit: { max: 2, timeWindowMs: 60_000 } });

const post = (url: string, payload: object, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('rate limit per address and endpoint', () => {
  it('answers 429 RateLimited with Retry-After once an address has used its allowance', async () => {
    expect((await post(contactUrl, validContact, '203.0.113.7')).statusCode).toBe(201);
    expect((await post(contactUrl, validContact, '203.0.113.7')).statusCode).toBe(201);

    const refused = await post(contactUrl, validContact, '203.0.113.7');

    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ error: 'RateLimited', message: expect.stringMatching(/Wait .*minute/) });
    expect(refused.headers['content-security-policy']).toBeDefined();
  });

  it('counts each endpoint separately', async () => {
    await post(contactUrl, validContact, '203.0.113.8');
    await post(contactUrl, validContact, '203.0.113.8');

    expect((await post(applicationUrl, validApplication, '203.0.113.8')).statusCode).toBe(201);
  });

  it('counts each address separately', async () => {
    await post(contactUrl, validContact, '203.0.113.9');
    await post(contactUrl, validContact, '203.0.113.9');

    expect((await post(contactUrl, validContact, '198.51.100.1')).statusCode).toBe(201);
  });
});
