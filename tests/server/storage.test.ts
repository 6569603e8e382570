import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/server/storage/index.ts';
import { storageCases, tempDir, validApplication, validContact, type StorageUnderTest } from './helpers.ts';

describe.each(storageCases)('storage on $name', (storageCase) => {
  let underTest: StorageUnderTest;
  let clock = new Date('2026-01-01T09:00:00.000Z');
  const tick = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };

  beforeAll(async () => {
    underTest = await storageCase.open({ now: () => clock });
    const { storage } = underTest;
    await storage.saveContact({ ...validContact, username: 'First', spam: false });
    tick(60);
    await storage.saveContact({ ...validContact, username: 'Second', company: undefined, spam: true });
    tick(60);
    await storage.saveContact({ ...validContact, username: 'Third', spam: false });
    await storage.saveApplication({ ...validApplication, spam: true });
  });

  afterAll(async () => {
    await underTest?.cleanup();
  });

  it('creates its tables on first open and opens an existing database again without error', async () => {
    const again = await underTest.reopen();
    try {
      expect(await again.listContacts()).toHaveLength(3);
    } finally {
      await again.close();
    }
  });

  it('lists newest first by default and oldest first on request', async () => {
    const { storage } = underTest;

    expect((await storage.listContacts()).map((c) => c.username)).toEqual(['Third', 'Second', 'First']);
    expect((await storage.listContacts({ order: 'oldest' })).map((c) => c.username)).toEqual(['First', 'Second', 'Third']);
  });

  it('lists only submissions made at or after --since', async () => {
    const since = '2026-01-01T10:00:00.000Z';

    expect((await underTest.storage.listContacts({ since })).map((c) => c.username)).toEqual(['Third', 'Second']);
  });

  it('cuts the list to the limit', async () => {
    expect(await underTest.storage.listContacts({ limit: 1 })).toHaveLength(1);
  });

  it('reads back the spam flag and a missing company as they were saved', async () => {
    const [third, second] = await underTest.storage.listContacts();

    expect(second).toMatchObject({ username: 'Second', spam: true, company: null, createdAt: '2026-01-01T10:00:00.000Z' });
    expect(third).toMatchObject({ username: 'Third', spam: false, company: validContact.company });
  });

  it('keeps applications apart from enquiries', async () => {
    const applications = await underTest.storage.listApplications();

    expect(applications).toEqual([
      { type: 'application', id: expect.any(String), createdAt: '2026-01-01T11:00:00.000Z', ...validApplication, spam: true },
    ]);
  });

  it('stores text exactly, including quotes, non-Latin letters and emoji', async () => {
    const text = `Robert'); DROP TABLE applications;-- "quoted" नमस्ते 🙂`;
    const saved = await underTest.storage.saveContact({ ...validContact, projectDetails: text, spam: false });

    const stored = (await underTest.storage.listContacts()).find((c) => c.id === saved.id);
    expect(stored?.projectDetails).toBe(text);
  });
});

describe('opening storage that cannot be used', () => {
  it('fails with StorageUnavailable, without repeating the address, when PostgreSQL is unreachable', async () => {
    const opening = openStorage({ kind: 'postgres', connectionString: 'postgres://app:s3cret@127.0.0.1:1/site' });

    await expect(opening).rejects.toMatchObject({ name: 'StorageUnavailable', message: expect.stringContaining('DATABASE_URL') });
    await expect(opening).rejects.not.toMatchObject({ message: expect.stringContaining('s3cret') });
  });

  it('fails with StorageUnavailable when DATA_DIR cannot hold the SQLite file', async () => {
    const dir = tempDir('not-a-folder');
    try {
      const blocker = path.join(dir.dir, 'file');
      writeFileSync(blocker, '');

      await expect(openStorage({ kind: 'sqlite', file: path.join(blocker, 'submissions.db') })).rejects.toMatchObject({
        name: 'StorageUnavailable',
        message: expect.stringContaining('DATA_DIR'),
      });
    } finally {
      dir.remove();
    }
  });
});
