import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/server/storage/group-commit.ts';
import { openStorage, type NotificationChannel } from '../../src/server/storage/index.ts';
import { anyStorage, storageCases, tempDir, validApplication, validContact, type StorageUnderTest } from './helpers.ts';

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
      {
        type: 'application',
        id: expect.any(String),
        createdAt: '2026-01-01T11:00:00.000Z',
        ...validApplication,
        // Left out, so null; and sent without a CV, as an API client's application is.
        portfolio: null,
        spam: true,
        noticeVersion: null,
        page: null,
        files: [],
      },
    ]);
  });

  it('records the version of the privacy notice a submission was sent under', async () => {
    const contact = await underTest.storage.saveContact({ ...validContact, spam: false, noticeVersion: '2026-11-25+0123456789' });
    const application = await underTest.storage.saveApplication({
      ...validApplication,
      spam: false,
      noticeVersion: '2026-11-25+0123456789',
    });

    expect((await underTest.storage.listContacts()).find((c) => c.id === contact.id)?.noticeVersion).toBe(
      '2026-11-25+0123456789',
    );
    expect((await underTest.storage.listApplications()).find((a) => a.id === application.id)?.noticeVersion).toBe(
      '2026-11-25+0123456789',
    );
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

describe.each(storageCases)('the notification outbox on $name', (storageCase) => {
  let underTest: StorageUnderTest;
  let clock: Date;
  const at = (iso: string) => {
    clock = new Date(iso);
    return clock;
  };

  beforeEach(async () => {
    clock = new Date('2026-02-01T08:00:00.000Z');
    underTest = await storageCase.open({ now: () => clock, notify: ['email', 'webhook'] });
  });

  afterEach(async () => {
    await underTest?.cleanup();
  });

  const claim = (now: Date, limit = 10) =>
    underTest.storage.claimNotifications({ channels: ['email', 'webhook'], limit, leaseMs: 60_000, now });

  it('queues one notification per channel with each submission, due at once, and none for spam', async () => {
    const saved = await underTest.storage.saveContact({ ...validContact, spam: false });
    await underTest.storage.saveApplication({ ...validApplication, spam: true });

    const deliveries = await underTest.storage.listDeliveries();
    expect(
      deliveries.map((d) => [d.channel, d.submissionType, d.submissionId, d.status, d.attempts, d.nextAttemptAt]).sort(),
    ).toEqual([
      ['email', 'contact', saved.id, 'pending', 0, saved.createdAt],
      ['webhook', 'contact', saved.id, 'pending', 0, saved.createdAt],
    ]);
  });

  it('stores neither the submission nor its notifications when a notification row cannot be written', async () => {
    // A channel the outbox refuses (null breaks its NOT NULL constraint) stands for any failure of that insert.
    const broken = await underTest.reopen({ notify: ['email', null as unknown as NotificationChannel] });
    try {
      await expect(broken.saveContact({ ...validContact, spam: false })).rejects.toThrow();

      expect(await underTest.storage.listContacts()).toEqual([]);
      expect(await underTest.storage.listDeliveries()).toEqual([]);
    } finally {
      await broken.close();
    }
  });

  it('hands a due notification to one claimant only, until its lease runs out', async () => {
    const saved = await underTest.storage.saveContact({ ...validContact, spam: false });

    const first = await claim(at('2026-02-01T08:00:01.000Z'));
    expect(first.map((c) => [c.delivery.channel, c.delivery.attempts, c.submission?.id]).sort()).toEqual([
      ['email', 1, saved.id],
      ['webhook', 1, saved.id],
    ]);
    expect(first[0]?.submission).toEqual(saved);
    expect(await claim(at('2026-02-01T08:01:00.000Z'))).toEqual([]);

    const second = await claim(at('2026-02-01T08:01:01.000Z'));
    expect(second.map((c) => c.delivery.attempts)).toEqual([2, 2]);
    expect(second[0]?.delivery.lockToken).not.toBe(first[0]?.delivery.lockToken);
  });

  it('records a failed attempt only for the current holder of the claim', async () => {
    await underTest.storage.saveContact({ ...validContact, spam: false });
    const [stale] = await claim(at('2026-02-01T08:00:00.000Z'), 1);
    const [current] = await claim(at('2026-02-01T08:05:00.000Z'), 1);
    expect(current?.delivery.id).toBe(stale?.delivery.id);

    const retryAt = new Date('2026-02-01T08:10:00.000Z');
    expect(await underTest.storage.recordFailedAttempt(stale!.delivery, { error: 'late', retryAt })).toBe(false);
    expect(await underTest.storage.recordFailedAttempt(current!.delivery, { error: 'refused', retryAt })).toBe(true);

    const [row] = await underTest.storage.listDeliveries({ idPrefix: current!.delivery.id });
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastError: 'refused',
      nextAttemptAt: retryAt.toISOString(),
      lockedUntil: null,
    });
  });

  it('does not release a notification that is being sent when asked to retry it', async () => {
    await underTest.storage.saveContact({ ...validContact, spam: false });
    const claimed = await claim(at('2026-02-01T08:00:00.000Z'));

    expect(
      await underTest.storage.retryDeliveries(
        claimed.map((c) => c.delivery.id),
        at('2026-02-01T08:00:30.000Z'),
      ),
    ).toBe(0);
    expect(
      await underTest.storage.retryDeliveries(
        claimed.map((c) => c.delivery.id),
        at('2026-02-01T08:01:00.000Z'),
      ),
    ).toBe(2);
  });

  it('purges submissions made before the cut-off with their notifications, after counting them in a dry run', async () => {
    at('2025-01-01T10:00:00.000Z');
    const old = await underTest.storage.saveContact({ ...validContact, spam: false });
    await underTest.storage.saveApplication({ ...validApplication, spam: true });
    at('2026-01-01T10:00:00.000Z');
    const recent = await underTest.storage.saveContact({ ...validContact, spam: false });
    const cutOff = '2025-06-01T00:00:00.000Z';

    expect(await underTest.storage.purgeSubmissions(cutOff, { dryRun: true })).toEqual({
      contacts: 1,
      applications: 1,
      deliveries: 2,
    });
    expect(await underTest.storage.listContacts()).toHaveLength(2);

    expect(await underTest.storage.purgeSubmissions(cutOff)).toEqual({ contacts: 1, applications: 1, deliveries: 2 });
    expect((await underTest.storage.listContacts()).map((c) => c.id)).toEqual([recent.id]);
    expect(await underTest.storage.listApplications()).toEqual([]);
    const left = await underTest.storage.listDeliveries();
    expect(left.map((d) => d.submissionId)).toEqual([recent.id, recent.id]);
    expect(left.some((d) => d.submissionId === old.id)).toBe(false);
    expect(await underTest.storage.purgeSubmissions(cutOff)).toEqual({ contacts: 0, applications: 0, deliveries: 0 });
  });
});

describe('group commit on SQLite', () => {
  let underTest: StorageUnderTest;

  beforeEach(async () => {
    underTest = await anyStorage.open({ notify: ['email'] });
  });

  afterEach(async () => {
    await underTest?.cleanup();
  });

  it('commits the saves of one event-loop turn in one transaction, and each is stored once its promise resolves', async () => {
    const before = underTest.storage.commitStats!;

    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        underTest.storage.saveContact({ ...validContact, username: `Visitor ${i}`, spam: false }),
      ),
    );

    expect(underTest.storage.commitStats).toEqual({ transactions: before.transactions + 1, writes: before.writes + 20 });
    const other = await underTest.reopen();
    try {
      expect((await other.listContacts()).map((c) => c.id).sort()).toEqual(saved.map((s) => s.id).sort());
      expect(await other.listDeliveries()).toHaveLength(20);
    } finally {
      await other.close();
    }
  });

  it('fails only the save that cannot be written, and commits its neighbours in the same transaction', async () => {
    const before = underTest.storage.commitStats!;

    const results = await Promise.allSettled([
      underTest.storage.saveContact({ ...validContact, username: 'Before', spam: false }),
      underTest.storage.saveContact({ ...validContact, username: null as unknown as string, spam: false }),
      underTest.storage.saveContact({ ...validContact, username: 'After', spam: false }),
    ]);

    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_NOTNULL' });
    expect(underTest.storage.commitStats).toEqual({ transactions: before.transactions + 1, writes: before.writes + 2 });
    expect((await underTest.storage.listContacts()).map((c) => c.username).sort()).toEqual(['After', 'Before']);
    // The failed save's notification went with it.
    expect(await underTest.storage.listDeliveries()).toHaveLength(2);
  });
});

describe('GroupCommit', () => {
  it('rejects every write of a batch whose COMMIT fails, and stores none of them', async () => {
    const database = new Database(':memory:');
    try {
      database.pragma('foreign_keys = ON');
      database.exec(`
        create table parent (id text primary key);
        create table child (id text primary key, parent text references parent (id) deferrable initially deferred);
        insert into parent values ('p');
      `);
      const commit = new GroupCommit(database, async (work) => work());
      const insert = (id: string, parent: string) =>
        commit.write([{ sql: 'insert into child values (?, ?)', parameters: [id, parent] }]);

      // The dangling reference is only checked at COMMIT, so the whole transaction fails there.
      const results = await Promise.allSettled([insert('a', 'p'), insert('b', 'missing'), insert('c', 'p')]);

      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(database.prepare('select count(*) as n from child').get()).toEqual({ n: 0 });
      expect(database.inTransaction).toBe(false);

      // The committer is usable afterwards.
      await insert('d', 'p');
      expect(database.prepare('select id from child').pluck().all()).toEqual(['d']);
      expect(commit.stats).toEqual({ transactions: 1, writes: 1 });
    } finally {
      database.close();
    }
  });
});
