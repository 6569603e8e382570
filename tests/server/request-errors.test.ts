import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../src/server/storage/index.ts';
import { applicationUrl, contactUrl, createTestApp, validContact, withTestApp } from './helpers.ts';

const ctx = withTestApp();

describe('request bodies that are not JSON', () => {
  it('answers 415 UnsupportedMediaType to a body of another type, such as XML', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/xml' },
      payload: '<username>Asha</username>',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'UnsupportedMediaType',
      message: expect.stringMatching(/Content-Type: application\/json/),
    });
  });

  it('answers 415 to text/plain, which Fastify would otherwise parse', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: applicationUrl,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(validContact),
    });

    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('UnsupportedMediaType');
  });

  it('answers 415 to a request with neither a body nor a Content-Type', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: contactUrl });

    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('UnsupportedMediaType');
  });

  it('accepts JSON sent with a charset parameter', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(validContact),
    });

    expect(response.statusCode).toBe(201);
  });

  it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', '"windows-1252"'])(
    'answers 415 naming the charset to JSON declared as %s',
    async (charset) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: contactUrl,
        headers: { 'content-type': `application/json; charset=${charset}` },
        payload: JSON.stringify(validContact),
      });

      expect(response.statusCode).toBe(415);
      expect(response.json().error).toBe('UnsupportedMediaType');
      expect(response.json().message).toContain(charset.replace(/"/g, '').toLowerCase());
    },
  );

  it.each(['utf-8', 'UTF-8', 'utf8', '"utf-8"'])('accepts JSON declared as %s', async (charset) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': `application/json; charset=${charset}` },
      payload: JSON.stringify({ ...validContact, email: `c${charset.length}${charset.charCodeAt(1)}@example.com` }),
    });

    expect(response.statusCode).toBe(201);
  });
});

describe('malformed and oversized bodies', () => {
  it('answers 400 InvalidJson naming the syntax problem', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "Asha",}',
    });

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('InvalidJson');
    expect(body.message).toMatch(/^The request body is not valid JSON \(.*(position|JSON).*\)/);
  });

  it('answers 400 InvalidJson to an empty JSON body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'InvalidJson', message: expect.stringMatching(/empty/) });
  });

  it('answers 413 PayloadTooLarge above 32 KB', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...validContact, projectDetails: 'x'.repeat(33 * 1024) }),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('PayloadTooLarge');
  });

  it('accepts a body just under 32 KB as far as the size goes', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...validContact, projectDetails: 'x'.repeat(31 * 1024) }),
    });

    // Too long for the schema, but refused by validation, not by the size limit.
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ValidationFailed');
  });
});

describe('unknown API addresses', () => {
  it.each([
    ['GET', '/api/v1/contact/create-contact'],
    ['POST', '/api/v1/nothing-here'],
    ['GET', '/api'],
    ['DELETE', '/api/v1/services/create-service'],
  ])('answers %s %s with a JSON 404 NotFound', async (method, url) => {
    const response = await ctx.app.inject({ method: method as 'GET', url });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().error).toBe('NotFound');
  });
});

describe('when the database fails', () => {
  let failing: FastifyInstance;
  const failingStorage: Storage = {
    kind: 'sqlite',
    saveContact: () => Promise.reject(new Error('SQLITE_IOERR: disk I/O error at /secret/path/submissions.db')),
    saveApplication: () => Promise.reject(new Error('connection refused')),
    listContacts: async () => [],
    listApplications: async () => [],
    readApplicationFile: async () => undefined,
    ping: () => Promise.reject(new Error('SQLITE_IOERR: disk I/O error at /secret/path/submissions.db')),
    claimNotifications: async () => [],
    recordDelivered: async () => {},
    recordFailedAttempt: async () => false,
    listDeliveries: async () => [],
    retryDeliveries: async () => 0,
    purgeSubmissions: async () => ({ contacts: 0, applications: 0, deliveries: 0 }),
    erasePerson: async () => ({ contacts: 0, applications: 0, notifications: 0, unsent: 0 }),
    recordAudit: async () => {},
    listAudit: async () => [],
    listInbox: async () => ({ items: [], total: 0, offset: 0, limit: 50 }),
    inboxChoices: async () => ({ pages: [], roles: [] }),
    readInboxItem: async () => undefined,
    changeInboxItem: async () => false,
    enquiriesByPage: async () => ({}),
    onNotificationsQueued: () => () => {},
    commitStats: undefined,
    close: async () => {},
  };

  beforeAll(async () => {
    failing = await createTestApp(failingStorage, ctx.clientDir);
  });
  afterAll(() => failing?.close());

  it('answers 500 InternalError without revealing what failed', async () => {
    const response = await failing.inject({ method: 'POST', url: contactUrl, payload: validContact });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'InternalError', message: expect.stringMatching(/not saved/) });
    expect(response.body).not.toMatch(/SQLITE|secret|stack/i);
  });
});
