import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AccountError,
  accountsConfig,
  allows,
  openAccounts,
  readName,
  roles,
  type Accounts,
  type AccountsOptions,
  type Role,
} from '../../src/editor/service/accounts/index.ts';
import {
  codePoints,
  hashPassword,
  loadCommonPasswords,
  needsRehash,
  passwordPolicy,
  passwordProblem,
  verifyPassword,
} from '../../src/editor/service/accounts/passwords.ts';
import { accountMigrations } from '../../src/editor/service/accounts/migrations.ts';
import { openStorage, type StorageConfig } from '../../src/server/storage/index.ts';
import { migrations as siteMigrations } from '../../src/server/storage/migrations.ts';
import { createTestSchema, postgresAnswers, testDatabaseUrl } from './postgres-schemas.ts';
import { tempDir } from './helpers.ts';
import { runs } from '../helpers/depth.ts';

/** The provider of the single sign-on tests. */
const idp = { issuer: 'https://accounts.example' };

/** An accounts store under test, with a way around it to read and change its tables directly. */
interface StoreUnderTest {
  readonly accounts: Accounts;
  readonly config: StorageConfig;
  /** Runs SQL on the same database, beside the store; returns the rows a query gives. */
  query(text: string): Promise<Record<string, unknown>[]>;
  /** The database's files as bytes (SQLite); empty for PostgreSQL, whose files are not ours to read. */
  files(): Buffer[];
  cleanup(): Promise<void>;
}

interface Backend {
  readonly name: string;
  open(options: AccountsOptions): Promise<StoreUnderTest>;
}

const sqlite: Backend = {
  name: 'SQLite',
  async open(options) {
    const { dir, remove } = tempDir('editor-accounts');
    const config: StorageConfig = { kind: 'sqlite', file: path.join(dir, 'editor.db') };
    const accounts = await openAccounts(config, options);
    return {
      accounts,
      config,
      async query(text) {
        const database = new Database(config.file);
        try {
          const statement = database.prepare(text);
          if (statement.reader) return statement.all() as Record<string, unknown>[];
          statement.run();
          return [];
        } finally {
          database.close();
        }
      },
      files: () => readdirSync(dir).map((name) => readFileSync(path.join(dir, name))),
      async cleanup() {
        await accounts.close();
        remove();
      },
    };
  },
};

/** PostgreSQL at TEST_DATABASE_URL, in a schema of this test's own (tests/server/postgres-schemas.ts). */
const postgres: Backend = {
  name: 'PostgreSQL',
  async open(options) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    const schema = await createTestSchema(admin);
    await admin.query(`set search_path to ${schema}`);
    const config: StorageConfig = { kind: 'postgres', connectionString: testDatabaseUrl, schema };
    const accounts = await openAccounts(config, options);
    return {
      accounts,
      config,
      query: async (text) => (await admin.query(text)).rows,
      files: () => [],
      async cleanup() {
        await accounts.close();
        await admin.end();
      },
    };
  },
};

const start = Date.parse('2026-03-02T09:00:00.000Z');
const minute = 60_000;
const hour = 60 * minute;
const strongPassword = 'lantern orbit velvet meadow';
const otherStrongPassword = 'copper kettle sings at dawn';

/** Runs `promise` and returns the AccountError it rejects with, failing the test when it does not. */
async function refusal(promise: Promise<unknown>): Promise<AccountError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AccountError);
  return error as AccountError;
}

describe.each(postgresAnswers ? [sqlite, postgres] : [sqlite])('editor accounts on $name', (backend) => {
  let store: StoreUnderTest;
  let accounts: Accounts;
  let clock: number;
  const tick = (ms: number) => {
    clock += ms;
  };

  beforeEach(async () => {
    clock = start;
    store = await backend.open({ now: () => new Date(clock) });
    accounts = store.accounts;
  });

  afterEach(async () => {
    await store?.cleanup();
  });

  /** Adds an account and sets its password through its invitation; returns the session that signs it in. */
  async function member(email: string, role: Role = 'writer', password = strongPassword) {
    const invitation = await accounts.add({ email, role });
    return accounts.acceptInvitation(invitation.token, password);
  }

  it('adds an account with no password yet, its address trimmed and lower-cased, and lists it', async () => {
    const invitation = await accounts.add({ email: '  Asha.Verma@Example.IN ', role: 'publisher', name: ' Asha Verma ' });

    expect(invitation.account).toEqual({
      id: expect.any(String),
      email: 'asha.verma@example.in',
      name: 'Asha Verma',
      role: 'publisher',
      createdAt: '2026-03-02T09:00:00.000Z',
      hasPassword: false,
    });
    expect(await accounts.list()).toEqual([invitation.account]);
  });

  it('refuses a second account for the same address in any case', async () => {
    await accounts.add({ email: 'asha@example.in', role: 'writer' });

    const error = await refusal(accounts.add({ email: 'ASHA@example.in ', role: 'admin' }));

    expect(error.code).toBe('AccountExists');
    expect(error.message).toContain('asha@example.in');
    expect(await accounts.list()).toHaveLength(1);
  });

  it.each(
    [
      '',
      'asha',
      'asha@',
      '@example.in',
      'asha@example',
      'a sha@example.in',
      'asha@@example.in',
      `${'a'.repeat(250)}@example.in`,
    ].map((email) => ({
      email,
      shown: email.length > 40 ? `${email.slice(0, 8)}… (${email.length} characters)` : JSON.stringify(email),
    })),
  )('refuses $shown as an e-mail address', async ({ email }) => {
    expect((await refusal(accounts.add({ email, role: 'writer' }))).code).toBe('EmailInvalid');
  });

  it('names the account of an invitation until it is accepted, and never after', async () => {
    const invitation = await accounts.add({ email: 'asha@example.in', role: 'writer' });
    expect(await accounts.invitation(invitation.token)).toEqual(invitation.account);

    const signedIn = await accounts.acceptInvitation(invitation.token, strongPassword, { ip: '203.0.113.7' });

    expect(signedIn.account).toMatchObject({ email: 'asha@example.in', hasPassword: true });
    expect(await accounts.invitation(invitation.token)).toBeUndefined();
    expect((await refusal(accounts.acceptInvitation(invitation.token, otherStrongPassword))).code).toBe('InvitationInvalid');
  });

  it('lets an invitation work for invitationMs (7 days) and then refuses it as it refuses an unknown one', async () => {
    const invitation = await accounts.add({ email: 'asha@example.in', role: 'writer' });
    expect(invitation.expiresAt).toBe('2026-03-09T09:00:00.000Z');

    tick(7 * 24 * hour - 1);
    expect(await accounts.invitation(invitation.token)).toBeDefined();
    tick(1);
    expect(await accounts.invitation(invitation.token)).toBeUndefined();

    const expired = await refusal(accounts.acceptInvitation(invitation.token, strongPassword));
    const unknown = await refusal(accounts.acceptInvitation('x'.repeat(43), strongPassword));
    const malformed = await refusal(accounts.acceptInvitation('not a token', strongPassword));
    expect(expired.code).toBe('InvitationInvalid');
    expect([unknown.message, malformed.message]).toEqual([expired.message, expired.message]);
  });

  it('replaces earlier invitations with a new one, and refuses to invite an unknown address', async () => {
    const first = await accounts.add({ email: 'asha@example.in', role: 'writer' });

    const second = await accounts.invite('Asha@Example.in', 'admin@example.in');

    expect(await accounts.invitation(first.token)).toBeUndefined();
    expect(await accounts.invitation(second.token)).toMatchObject({ email: 'asha@example.in' });
    expect((await refusal(accounts.invite('ravi@example.in'))).code).toBe('AccountMissing');
  });

  it('refuses a weak password with the rule it broke, and leaves the invitation usable', async () => {
    const invitation = await accounts.add({ email: 'asha.verma.k@example.in', role: 'writer' });

    const weak = async (password: string) => {
      const error = await refusal(accounts.acceptInvitation(invitation.token, password));
      expect(error.code).toBe('PasswordWeak');
      expect(error.message).not.toContain(password);
      return error.message;
    };
    expect(await weak('short one')).toMatch(/9 characters long; it needs at least 12/);
    expect(await weak('x'.repeat(257))).toMatch(/257 characters long; it may have at most 256/);
    expect(await weak('QWERTY123456')).toMatch(/most common passwords/);
    expect(await weak('Asha.Verma.K@Example.in')).toMatch(/e-mail address/);
    expect(await weak('ASHA.VERMA.K')).toMatch(/holds the part of the e-mail address before the @/);

    expect((await accounts.acceptInvitation(invitation.token, strongPassword)).account.hasPassword).toBe(true);
  });

  it('signs in through the invitation with a session whose token finds the account and its CSRF token', async () => {
    const signedIn = await member('asha@example.in', 'publisher');

    const session = await accounts.session(signedIn.token);

    expect(signedIn.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signedIn.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signedIn.csrf).not.toBe(signedIn.token);
    expect(session).toEqual({
      account: signedIn.account,
      csrf: signedIn.csrf,
      id: expect.any(String),
      expiresAt: '2026-03-02T11:00:00.000Z',
    });
    expect(signedIn.expiresAt).toBe('2026-03-02T11:00:00.000Z');
    expect(await accounts.session('y'.repeat(43))).toBeUndefined();
    expect(await accounts.session('')).toBeUndefined();
  });

  it('signs in with the password set through the invitation, whatever the case of the address', async () => {
    await member('asha@example.in');

    const signedIn = await accounts.signIn(' ASHA@example.in', strongPassword, { ip: '203.0.113.7' });

    expect((await accounts.session(signedIn.token))?.account.email).toBe('asha@example.in');
  });

  it('gives one and the same error for a wrong password, an unknown address and an account without a password', async () => {
    await member('asha@example.in');
    await accounts.add({ email: 'ravi@example.in', role: 'writer' });

    const failures = await Promise.all([
      refusal(accounts.signIn('asha@example.in', otherStrongPassword)),
      refusal(accounts.signIn('nobody@example.in', strongPassword)),
      refusal(accounts.signIn('ravi@example.in', strongPassword)),
      refusal(accounts.signIn('not an address', strongPassword)),
      refusal(accounts.signIn('asha@example.in', strongPassword + 'x'.repeat(1_000_000))),
    ]);

    for (const failure of failures) {
      expect({ code: failure.code, message: failure.message }).toEqual({
        code: failures[0]!.code,
        message: failures[0]!.message,
      });
    }
    expect(failures[0]!.code).toBe('SignInFailed');
  });

  it('records failed sign-ins with the address tried and the ip, never the password', async () => {
    await member('asha@example.in');

    await refusal(accounts.signIn('asha@example.in', otherStrongPassword, { ip: '198.51.100.4' }));
    await refusal(accounts.signIn('Nobody@example.in', otherStrongPassword, { ip: '198.51.100.4' }));

    const failed = (await accounts.listAudit()).filter((record) => record.action === 'session.sign-in-failed');
    expect(failed).toEqual([
      {
        at: expect.any(String),
        action: 'session.sign-in-failed',
        subject: 'nobody@example.in',
        detail: 'no such account',
        ip: '198.51.100.4',
      },
      {
        at: expect.any(String),
        action: 'session.sign-in-failed',
        subject: 'asha@example.in',
        detail: 'wrong password',
        ip: '198.51.100.4',
      },
    ]);
    expect(JSON.stringify(await accounts.listAudit())).not.toContain(otherStrongPassword);
  });

  it('ends a session left unused for idleMs (2 hours)', async () => {
    const { token } = await member('asha@example.in');

    tick(2 * hour - 1);
    expect(await accounts.session(token)).toBeDefined();
    tick(2 * hour);
    expect(await accounts.session(token)).toBeUndefined();
    tick(-2 * hour); // Even back within the idle time, an ended session stays ended.
    expect(await accounts.session(token)).toBeUndefined();
  });

  it('keeps a session in use alive until absoluteMs (12 hours) after sign-in, and not a moment longer', async () => {
    const { token } = await member('asha@example.in');

    for (let use = 0; use < 7; use++) {
      tick(90 * minute);
      expect(await accounts.session(token)).toBeDefined();
    }
    // 10.5 hours in: the idle timeout would reach past 12 hours, the absolute one does not.
    expect((await accounts.session(token))?.expiresAt).toBe('2026-03-02T21:00:00.000Z');
    tick(12 * hour - (clock - start) - 1);
    expect(await accounts.session(token)).toBeDefined();
    tick(1);
    expect(await accounts.session(token)).toBeUndefined();
  });

  it('writes the last-seen time of a session at most once a minute', async () => {
    const { token } = await member('asha@example.in');
    const lastSeen = async () => (await store.query('select last_seen_at from editor_sessions'))[0]?.last_seen_at;

    tick(59_000);
    expect((await accounts.session(token))?.expiresAt).toBe('2026-03-02T11:00:00.000Z');
    expect(await lastSeen()).toBe('2026-03-02T09:00:00.000Z');
    tick(1_000);
    expect((await accounts.session(token))?.expiresAt).toBe('2026-03-02T11:01:00.000Z');
    expect(await lastSeen()).toBe('2026-03-02T09:01:00.000Z');
  });

  it('signs one session out, or every session of an account and says how many', async () => {
    const first = await member('asha@example.in');
    const second = await accounts.signIn('asha@example.in', strongPassword);
    const third = await accounts.signIn('asha@example.in', strongPassword);
    const other = await member('ravi@example.in');

    await accounts.signOut(first.token);
    expect(await accounts.session(first.token)).toBeUndefined();
    expect(await accounts.session(second.token)).toBeDefined();

    expect(await accounts.signOutEverywhere('Asha@example.in', 'admin@example.in')).toBe(2);
    expect(await accounts.session(second.token)).toBeUndefined();
    expect(await accounts.session(third.token)).toBeUndefined();
    expect(await accounts.session(other.token)).toBeDefined();
    expect(await accounts.signOutEverywhere('asha@example.in')).toBe(0);
    expect((await refusal(accounts.signOutEverywhere('nobody@example.in'))).code).toBe('AccountMissing');
  });

  it('replaces the password through a new invitation and ends the sessions signed in with the old one', async () => {
    const before = await member('asha@example.in');
    const invitation = await accounts.invite('asha@example.in', 'admin@example.in');

    const after = await accounts.acceptInvitation(invitation.token, otherStrongPassword);

    expect(await accounts.session(before.token)).toBeUndefined();
    expect(await accounts.session(after.token)).toBeDefined();
    expect((await refusal(accounts.signIn('asha@example.in', strongPassword))).code).toBe('SignInFailed');
    expect(await accounts.signIn('asha@example.in', otherStrongPassword)).toBeDefined();
  });

  it('signs in an existing account through OpenID Connect, giving it the name it lacked, and refuses an unknown one', async () => {
    await accounts.add({ email: 'asha@example.in', role: 'publisher' });

    const signedIn = await accounts.signInExternal(
      { email: 'Asha@Example.in', name: 'Asha Verma', ...idp, subject: 'asha' },
      { ip: '203.0.113.7' },
    );

    expect(signedIn.account).toMatchObject({
      email: 'asha@example.in',
      name: 'Asha Verma',
      role: 'publisher',
      hasPassword: false,
    });
    expect((await accounts.session(signedIn.token))?.account.name).toBe('Asha Verma');
    expect((await refusal(accounts.signInExternal({ email: 'ravi@example.in', ...idp, subject: 'ravi' }))).code).toBe(
      'AccountMissing',
    );
    expect(await accounts.list()).toHaveLength(1);
  });

  it('binds an account to the person at the provider on the first single sign-on, and refuses another person showing the same address', async () => {
    await accounts.add({ email: 'asha@example.in', role: 'admin' });
    await accounts.signInExternal({ email: 'asha@example.in', ...idp, subject: 'asha-1' });
    // Someone else at the provider who set their profile's address to Asha's.
    expect((await refusal(accounts.signInExternal({ email: 'asha@example.in', ...idp, subject: 'mallory-9' }))).code).toBe(
      'AccountMissing',
    );
    // Asha herself, after her address changed at the provider, is still Asha.
    const again = await accounts.signInExternal({ email: 'asha.verma@example.in', ...idp, subject: 'asha-1' });
    expect(again.account.email).toBe('asha@example.in');
    // The same subject at another provider is another person.
    expect(
      (await refusal(accounts.signInExternal({ email: 'asha@example.in', issuer: 'https://other.example', subject: 'asha-1' })))
        .code,
    ).toBe('AccountMissing');
  });

  it('changes a role, and live sessions see the new role at once', async () => {
    const { token } = await member('asha@example.in', 'writer');

    const changed = await accounts.setRole('asha@example.in', 'publisher', 'admin@example.in');

    expect(changed.role).toBe('publisher');
    expect((await accounts.session(token))?.account.role).toBe('publisher');
    expect((await refusal(accounts.setRole('nobody@example.in', 'admin'))).code).toBe('AccountMissing');
  });

  it('refuses to demote or remove the last admin, and changes nothing when it refuses', async () => {
    await member('admin@example.in', 'admin');

    const demoted = await refusal(accounts.setRole('admin@example.in', 'publisher'));
    const removed = await refusal(accounts.remove('admin@example.in'));

    expect([demoted.code, removed.code]).toEqual(['LastAdmin', 'LastAdmin']);
    expect(demoted.message).toMatch(/last admin; demoting/);
    expect(await accounts.list()).toMatchObject([{ email: 'admin@example.in', role: 'admin' }]);
    expect(await accounts.signIn('admin@example.in', strongPassword)).toBeDefined();

    await accounts.add({ email: 'second@example.in', role: 'admin' });
    expect((await accounts.setRole('admin@example.in', 'writer')).role).toBe('writer');
    expect((await refusal(accounts.remove('second@example.in'))).code).toBe('LastAdmin');
  });

  it('removes an account with its sessions and invitations', async () => {
    const { token } = await member('asha@example.in');
    const invitation = await accounts.invite('asha@example.in');

    await accounts.remove('Asha@example.in', 'admin@example.in');

    expect(await accounts.list()).toEqual([]);
    expect(await accounts.session(token)).toBeUndefined();
    expect(await accounts.invitation(invitation.token)).toBeUndefined();
    expect(await store.query('select * from editor_sessions')).toEqual([]);
    expect(await store.query('select * from editor_invitations')).toEqual([]);
    expect((await refusal(accounts.remove('asha@example.in'))).code).toBe('AccountMissing');
  });

  it('records what happens to accounts and sessions in the audit log, latest first, with actor and ip', async () => {
    const invitation = await accounts.add({ email: 'asha@example.in', role: 'writer' }, 'cli');
    tick(minute);
    await accounts.invite('asha@example.in', 'cli');
    await refusal(accounts.acceptInvitation(invitation.token, strongPassword));
    const newest = await accounts.invite('asha@example.in', 'cli');
    tick(minute);
    await accounts.acceptInvitation(newest.token, strongPassword, { ip: '203.0.113.7' });
    await accounts.setRole('asha@example.in', 'admin', 'cli');
    await accounts.add({ email: 'ravi@example.in', role: 'admin' }, 'asha@example.in');
    await accounts.signOutEverywhere('asha@example.in', 'ravi@example.in');
    await accounts.remove('asha@example.in', 'ravi@example.in');
    await accounts.audit({
      action: 'page.published',
      actor: 'ravi@example.in',
      subject: 'content/pages/home.yaml',
      ip: '203.0.113.9',
    });

    expect((await accounts.listAudit()).reverse()).toEqual([
      {
        at: '2026-03-02T09:00:00.000Z',
        action: 'account.added',
        actor: 'cli',
        subject: 'asha@example.in',
        detail: 'role writer',
      },
      {
        at: '2026-03-02T09:01:00.000Z',
        action: 'account.invited',
        actor: 'cli',
        subject: 'asha@example.in',
        detail: 'until 2026-03-09T09:01:00.000Z',
      },
      {
        at: '2026-03-02T09:01:00.000Z',
        action: 'account.invited',
        actor: 'cli',
        subject: 'asha@example.in',
        detail: 'until 2026-03-09T09:01:00.000Z',
      },
      {
        at: '2026-03-02T09:02:00.000Z',
        action: 'invitation.accepted',
        actor: 'asha@example.in',
        subject: 'asha@example.in',
        detail: 'password set; 0 earlier sessions ended',
        ip: '203.0.113.7',
      },
      {
        at: '2026-03-02T09:02:00.000Z',
        action: 'session.signed-in',
        actor: 'asha@example.in',
        subject: 'asha@example.in',
        detail: 'invitation',
        ip: '203.0.113.7',
      },
      {
        at: '2026-03-02T09:02:00.000Z',
        action: 'account.role',
        actor: 'cli',
        subject: 'asha@example.in',
        detail: 'writer → admin',
      },
      {
        at: '2026-03-02T09:02:00.000Z',
        action: 'account.added',
        actor: 'asha@example.in',
        subject: 'ravi@example.in',
        detail: 'role admin',
      },
      {
        at: '2026-03-02T09:02:00.000Z',
        action: 'session.signed-out-everywhere',
        actor: 'ravi@example.in',
        subject: 'asha@example.in',
        detail: '1 session',
      },
      {
        at: '2026-03-02T09:02:00.000Z',
        action: 'account.removed',
        actor: 'ravi@example.in',
        subject: 'asha@example.in',
        detail: 'was admin',
      },
      {
        at: '2026-03-02T09:02:00.000Z',
        action: 'page.published',
        actor: 'ravi@example.in',
        subject: 'content/pages/home.yaml',
        ip: '203.0.113.9',
      },
    ]);
    expect((await accounts.listAudit(2)).map((record) => record.action)).toEqual(['page.published', 'account.removed']);
  });

  it('keeps no token, no CSRF token and no password in the database, only their hashes', async () => {
    const invitation = await accounts.add({ email: 'asha@example.in', role: 'writer' });
    const signedIn = await accounts.acceptInvitation(invitation.token, strongPassword);
    const again = await accounts.signIn('asha@example.in', strongPassword);
    const pending = await accounts.invite('asha@example.in');
    await refusal(accounts.signIn('asha@example.in', otherStrongPassword));
    const secrets = [
      invitation.token,
      signedIn.token,
      signedIn.csrf,
      again.token,
      again.csrf,
      pending.token,
      strongPassword,
      otherStrongPassword,
    ];

    const cells: string[] = [];
    for (const table of ['editor_accounts', 'editor_invitations', 'editor_sessions', 'editor_audit']) {
      const rows = await store.query(`select * from ${table}`);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) cells.push(...Object.values(row).map(String));
    }
    const bytes = Buffer.concat(store.files()).toString('latin1');

    for (const secret of secrets) {
      expect(cells.filter((cell) => cell.includes(secret))).toEqual([]);
      expect(bytes.includes(secret)).toBe(false);
    }
    expect(cells.filter((cell) => cell.startsWith('$scrypt$ln=15,r=8,p=1$'))).toHaveLength(1);
  });

  it('rehashes a password made with weaker parameters when its owner signs in', async () => {
    await member('asha@example.in');
    const weaker = await hashPassword(strongPassword, { ln: 10, r: 8, p: 1 });
    await store.query(`update editor_accounts set password_hash = '${weaker}'`);

    await accounts.signIn('asha@example.in', strongPassword);

    const [row] = await store.query('select password_hash from editor_accounts');
    expect(String(row?.password_hash)).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/);
    expect(await accounts.signIn('asha@example.in', strongPassword)).toBeDefined();
  });

  it('opens an existing database again, its migrations already applied', async () => {
    await accounts.add({ email: 'asha@example.in', role: 'writer' });

    const again = await openAccounts(store.config);
    try {
      expect((await again.list()).map((account) => account.email)).toEqual(['asha@example.in']);
    } finally {
      await again.close();
    }
    expect((await store.query('select name from editor_migration')).map((row) => row.name)).toEqual([
      '0001_create_accounts',
      '0002_bind_single_sign_on',
    ]);
  });
});

describe('roles', () => {
  it('orders the content roles by power, keeps sales and hr to their own lists, and lets an admin do everything', () => {
    expect(roles).toEqual(['writer', 'publisher', 'admin', 'sales', 'hr']);
    const table = roles.map((role) => roles.map((needed) => allows(role, needed)));
    // Rows: who is signed in; columns: what is needed (writer, publisher, admin, sales, hr).
    expect(table).toEqual([
      [true, false, false, false, false],
      [true, true, false, false, false],
      [true, true, true, true, true],
      [false, false, false, true, false],
      [false, false, false, false, true],
    ]);
  });
});

describe('accountsConfig', () => {
  it('uses PostgreSQL when DATABASE_URL is set, otherwise editor.db in EDITOR_DATA_DIR or ./data', () => {
    expect(accountsConfig({ DATABASE_URL: 'postgres://editor@db:5432/site' })).toEqual({
      kind: 'postgres',
      connectionString: 'postgres://editor@db:5432/site',
    });
    expect(accountsConfig({ EDITOR_DATA_DIR: '/srv/editor', DATABASE_URL: ' ' })).toEqual({
      kind: 'sqlite',
      file: path.join('/srv/editor', 'editor.db'),
    });
    expect(accountsConfig({})).toEqual({ kind: 'sqlite', file: path.resolve('data', 'editor.db') });
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL address, without repeating it', () => {
    expect(() => accountsConfig({ DATABASE_URL: 'mysql://root:secret@db/site' })).toThrow(
      expect.objectContaining({ name: 'InvalidConfig', message: expect.not.stringContaining('secret') }),
    );
  });
});

describe('passwords', () => {
  it('hashes with scrypt, N = 2^15, r = 8, p = 1 and a 16-byte salt, and verifies only the same password', async () => {
    const hash = await hashPassword(strongPassword);

    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword(strongPassword)).not.toBe(hash);
    expect(await verifyPassword(strongPassword, hash)).toBe(true);
    expect(await verifyPassword(otherStrongPassword, hash)).toBe(false);
    expect(await verifyPassword(strongPassword, 'not a hash')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(await hashPassword(strongPassword, { ln: 14, r: 8, p: 1 }))).toBe(true);
  });

  it('treats a password typed with composed or decomposed accents as the same password', async () => {
    const composed = 'crème brûlée for breakfast';
    const hash = await hashPassword(composed);

    expect(await verifyPassword(composed.normalize('NFD'), hash)).toBe(true);
  });

  it('counts code points, so that twelve emoji are twelve characters', async () => {
    expect(await passwordProblem('🔑'.repeat(12), 'asha@example.in')).toBeUndefined();
    expect(await passwordProblem('🔑'.repeat(11), 'asha@example.in')).toMatch(/11 characters long/);
    // NFKC turns each ﬁ ligature into two letters: six of them are still six characters typed.
    expect(await passwordProblem('ﬁ'.repeat(6), 'asha@example.in')).toMatch(/6 characters long/);
  });

  it('takes its list of common passwords from @zxcvbn-ts/language-common', async () => {
    const common = await loadCommonPasswords();

    expect(common.size).toBeGreaterThan(40_000);
    expect(common.has('password')).toBe(true);
    expect(common.has('1qaz2wsx3edc')).toBe(true);
  });

  it('accepts only passwords of 12 to 256 code points that are not common and not the address (fast-check, seed 20260302)', async () => {
    const common = await loadCommonPasswords();
    const email = 'asha.verma.k@example.in';
    const longCommon = [...common].filter((word) => codePoints(word) >= passwordPolicy.minLength);
    const anyCase = (word: string) =>
      fc
        .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
        .map((upper) => [...word].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join(''));
    const candidates = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.string({ unit: 'grapheme', minLength: 8, maxLength: 16 }),
      fc.string({ unit: 'grapheme-ascii', minLength: 250, maxLength: 262 }),
      fc.constantFrom(...longCommon).chain(anyCase),
      fc.constantFrom(email, 'asha.verma.k').chain(anyCase),
    );
    let accepted = 0;
    let refused = 0;

    await fc.assert(
      fc.asyncProperty(candidates, async (password) => {
        const problem = await passwordProblem(password, email);
        if (problem !== undefined) {
          refused += 1;
          return;
        }
        accepted += 1;
        const lower = password.normalize('NFKC').toLowerCase();
        expect(codePoints(password)).toBeGreaterThanOrEqual(passwordPolicy.minLength);
        expect(codePoints(password)).toBeLessThanOrEqual(passwordPolicy.maxLength);
        expect(common.has(lower)).toBe(false);
        expect([email, 'asha.verma.k']).not.toContain(lower);
      }),
      { seed: 20260302, numRuns: runs(1000, 5000) },
    );
    // Both outcomes were reached: a policy that refused everything would pass the property.
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });
});

describe('signing in an unknown address', () => {
  let store: StoreUnderTest;

  afterEach(async () => {
    await store?.cleanup();
  });

  it('takes as long as a wrong password: it checks a password hash too', async () => {
    store = await sqlite.open({});
    const invitation = await store.accounts.add({ email: 'asha@example.in', role: 'writer' });
    await store.accounts.acceptInvitation(invitation.token, strongPassword);
    const time = async (email: string) => {
      const began = performance.now();
      await store.accounts.signIn(email, otherStrongPassword).catch(() => {});
      return performance.now() - began;
    };
    await time('nobody@example.in'); // The first call makes the dummy hash.
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await time('asha@example.in'));
      unknown.push(await time('nobody@example.in'));
    }

    // A hash takes tens of milliseconds, a database look-up well under one: without the hash, the ratio
    // would be near 0. The bound is loose, so that a busy machine does not fail the test.
    expect(median(unknown) / median(wrong)).toBeGreaterThan(0.4);
  });
});

describe.runIf(postgresAnswers)('the site and the editor in one database', () => {
  it("keep their migrations apart in one PostgreSQL schema: each applies all of its own and none of the other's, again on a second start", async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const schema = await createTestSchema(admin);
      const config: StorageConfig = { kind: 'postgres', connectionString: testDatabaseUrl, schema };
      for (let start = 1; start <= 2; start++) {
        const storage = await openStorage(config);
        const accounts = await openAccounts(config);
        await Promise.all([storage.close(), accounts.close()]);
        const names = async (table: string) =>
          (await admin.query(`select name from ${schema}.${table} order by name`)).rows.map((row: { name: string }) => row.name);
        expect(await names('kysely_migration'), `start ${start}`).toEqual(Object.keys(siteMigrations).sort());
        expect(await names('editor_migration'), `start ${start}`).toEqual(Object.keys(accountMigrations).sort());
      }
    } finally {
      await admin.end();
    }
  });

  it('names EDITOR_DATA_DIR, not the site’s DATA_DIR, when the accounts file cannot be opened', async () => {
    const dir = tempDir('accounts-not-a-folder');
    try {
      const blocker = path.join(dir.dir, 'file');
      writeFileSync(blocker, '');
      await expect(openAccounts({ kind: 'sqlite', file: path.join(blocker, 'editor.db') })).rejects.toMatchObject({
        name: 'StorageUnavailable',
        message: expect.stringMatching(
          /^The editor's accounts file .* Check that EDITOR_DATA_DIR points to a writable folder\.$/,
        ),
      });
    } finally {
      dir.remove();
    }
  });
});

describe('names and passwords that say who someone is', () => {
  it('accepts exactly the names git records as an author, and shows them as typed (fast-check)', () => {
    const repo = tempDir('editor-names');
    try {
      execFileSync('git', ['init', '--quiet'], { cwd: repo.dir });
      const hidden = fc.constantFrom(
        '\u0000',
        '\u0007',
        '\n',
        '\u200B',
        '\u200D',
        '\u202E',
        '\u2066',
        '\uFEFF',
        '\u00AD',
        '<',
        '>',
      );
      const names = fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), hidden, fc.string({ maxLength: 20 })).map((p) => p.join('')),
        fc.string({ unit: 'grapheme-ascii', minLength: 95, maxLength: 110 }),
        fc.emailAddress().map((address) => `Asha ${address}`),
      );
      let accepted = 0;
      fc.assert(
        fc.property(names, (input) => {
          let name: string;
          try {
            name = readName(input);
          } catch (error) {
            expect((error as AccountError).code).toBe('NameInvalid');
            return;
          }
          accepted += 1;
          expect(codePoints(name)).toBeLessThanOrEqual(100);
          expect(name).not.toMatch(/[\p{Cc}\p{Cf}<>]/u);
          expect(name).not.toMatch(/\S@\S+\.\S/);
          if (name === '') return;
          // git takes it as an author: the person can always ask for review.
          execFileSync('git', ['commit', '--quiet', '--allow-empty', '-m', 'x'], {
            cwd: repo.dir,
            env: {
              ...process.env,
              GIT_AUTHOR_NAME: name,
              GIT_AUTHOR_EMAIL: 'a@example.com',
              GIT_COMMITTER_NAME: 'c',
              GIT_COMMITTER_EMAIL: 'c@example.com',
            },
          });
          expect(execFileSync('git', ['log', '-1', '--format=%an'], { cwd: repo.dir, encoding: 'utf8' }).trimEnd()).toBe(name);
        }),
        { seed: 4952, numRuns: runs(150, 750) },
      );
      expect(accepted).toBeGreaterThan(30);
    } finally {
      repo.remove();
    }
  });

  it('refuses a password that holds the address, its local part or the name, however cased or spaced (fast-check)', async () => {
    const person = fc.record({
      local: fc.stringMatching(/^[a-z]{4,12}(\.[a-z]{2,8})?$/),
      name: fc.tuple(fc.stringMatching(/^[A-Z][a-z]{3,8}$/), fc.stringMatching(/^[A-Z][a-z]{3,8}$/)).map((p) => p.join(' ')),
    });
    const disguise = fc.constantFrom(
      (t: string) => t,
      (t: string) => t.toUpperCase(),
      (t: string) => t.replace(/[ .]/g, ''),
      (t: string) => t.replace(/ /g, '.'),
      (t: string) => t.replace(/ /g, '_'),
    );
    await fc.assert(
      fc.asyncProperty(
        person,
        fc.constantFrom('address', 'local', 'name'),
        disguise,
        fc.stringMatching(/^[0-9!#]{0,6}$/),
        fc.stringMatching(/^[0-9!#]{0,6}$/),
        async ({ local, name }, which, hide, before, after) => {
          const email = `${local}@example.in`;
          const part = which === 'address' ? email : which === 'local' ? local : name;
          const password = `${before}${hide(part)}${after}`.padEnd(12, '7');
          expect(await passwordProblem(password, email, name), password).toMatch(/holds/);
        },
      ),
      { seed: 4953, numRuns: runs(200, 1000) },
    );
    // Short parts are not looked for: a two-letter name would refuse good passwords by chance.
    expect(await passwordProblem('correct horse battery staple', 'al@example.in', 'Al')).toBeUndefined();
  });
});
