import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../src/server/storage/index.ts';
import {
  applicationUrl,
  contactUrl,
  createTestApp,
  storageCases,
  tempDir,
  validApplication,
  validContact,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';

describe.each(storageCases)('form API on $name', (storageCase) => {
  let underTest: StorageUnderTest;
  let storage: Storage;
  let app: FastifyInstance;
  const client = tempDir('client');

  beforeAll(async () => {
    underTest = await storageCase.open();
    storage = underTest.storage;
    app = await createTestApp(storage, writeClientBuild(client.dir));
  });

  afterAll(async () => {
    await app?.close();
    await underTest?.cleanup();
    client.remove();
  });

  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

  describe('contact enquiries', () => {
    it('answers 201 with the id of a row that another connection can already read', async () => {
      const response = await post(contactUrl, validContact);

      expect(response.statusCode).toBe(201);
      const { id } = response.json<{ id: string }>();
      expect(Object.keys(response.json())).toEqual(['id']);
      const other = await underTest.reopen();
      try {
        const stored = (await other.listContacts()).find((row) => row.id === id);
        expect(stored).toMatchObject({ ...validContact, type: 'contact', spam: false });
        expect(Date.parse(stored?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      } finally {
        await other.close();
      }
    });

    it('stores values trimmed', async () => {
      const response = await post(contactUrl, { ...validContact, username: '  Asha  ', email: ' trim@example.in\n' });

      const stored = (await storage.listContacts()).find((row) => row.id === response.json().id);
      expect(stored).toMatchObject({ username: 'Asha', email: 'trim@example.in' });
    });

    it('accepts an empty company and stores it empty', async () => {
      const response = await post(contactUrl, { ...validContact, company: '   ' });

      expect(response.statusCode).toBe(201);
      const stored = (await storage.listContacts()).find((row) => row.id === response.json().id);
      expect(stored?.company).toBe('');
    });

    it('accepts a missing company and stores null', async () => {
      const { company: _company, ...withoutCompany } = validContact;
      const response = await post(contactUrl, withoutCompany);

      expect(response.statusCode).toBe(201);
      const stored = (await storage.listContacts()).find((row) => row.id === response.json().id);
      expect(stored?.company).toBeNull();
    });

    it('stores a filled-in honeypot flagged as spam and answers exactly as for a person', async () => {
      const response = await post(contactUrl, { ...validContact, website: 'https://cheap-pills.example' });

      expect(response.statusCode).toBe(201);
      expect(Object.keys(response.json())).toEqual(['id']);
      const stored = (await storage.listContacts()).find((row) => row.id === response.json().id);
      expect(stored?.spam).toBe(true);
    });

    it('does not flag a honeypot that holds only spaces', async () => {
      const response = await post(contactUrl, { ...validContact, website: '  ' });

      const stored = (await storage.listContacts()).find((row) => row.id === response.json().id);
      expect(stored?.spam).toBe(false);
    });
  });

  describe('job applications', () => {
    it('answers 201 with the id of the stored application', async () => {
      const response = await post(applicationUrl, validApplication);

      expect(response.statusCode).toBe(201);
      const stored = (await storage.listApplications()).find((row) => row.id === response.json().id);
      expect(stored).toMatchObject({ ...validApplication, type: 'application', spam: false });
    });

    it('stores a filled-in honeypot flagged as spam', async () => {
      const response = await post(applicationUrl, { ...validApplication, website: 'x' });

      expect(response.statusCode).toBe(201);
      const stored = (await storage.listApplications()).find((row) => row.id === response.json().id);
      expect(stored?.spam).toBe(true);
    });
  });

  it('stores nothing when a submission is refused', async () => {
    const before = (await storage.listContacts()).length + (await storage.listApplications()).length;

    await post(contactUrl, { ...validContact, email: 'not-an-address' });
    await post(applicationUrl, { ...validApplication, domain: 'Astronaut' });
    await app.inject({
      method: 'POST',
      url: contactUrl,
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });

    const after = (await storage.listContacts()).length + (await storage.listApplications()).length;
    expect(after).toBe(before);
  });
});
