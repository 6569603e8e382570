import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { accountsConfig, openAccounts, type Accounts } from '../../src/editor/service/accounts/index.ts';
import { runUsersCli, usage } from '../../src/editor/service/users-cli.ts';
import { spawningTestTimeoutMs } from '../helpers/deadlines.ts';
import { startProcess } from '../helpers/processes.ts';
import { createTestSchema, postgresAnswers, testDatabaseUrl } from './postgres-schemas.ts';
import { tempDir } from './helpers.ts';

/** A database the command reaches through its environment, as an admin's shell does. */
interface Place {
  readonly env: Record<string, string>;
  cleanup(): Promise<void>;
}

const places: ReadonlyArray<{ readonly name: string; open(): Promise<Place> }> = [
  {
    name: 'SQLite',
    async open() {
      const data = tempDir('editor-users');
      const env = { EDITOR_DATA_DIR: data.dir, DATABASE_URL: '' };
      // The service's first start makes its database; the command works only on one that exists.
      await (await openAccounts(accountsConfig(env))).close();
      return { env, cleanup: async () => data.remove() };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      const schema = await createTestSchema(admin);
      await admin.end();
      // A process reads only DATABASE_URL; libpq's `options` parameter points it at the throw-away schema.
      const url = new URL(testDatabaseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return { env: { DATABASE_URL: url.href }, cleanup: async () => {} };
    },
  },
];

const now = new Date('2026-03-02T09:00:00.000Z');
const linkPattern = /^ {2}(\S+)\/invite#([A-Za-z0-9_-]{43})$/m;

describe.each(places.filter((place) => postgresAnswers || place.name !== 'PostgreSQL'))(
  'npm run editor:users on $name',
  (where) => {
    let place: Place;
    let accounts: Accounts | undefined;

    beforeEach(async () => {
      place = await where.open();
    });

    afterEach(async () => {
      await accounts?.close();
      accounts = undefined;
      await place.cleanup();
    });

    async function run(...argv: string[]) {
      let stdout = '';
      let stderr = '';
      const code = await runUsersCli(argv, {
        stdout: (text) => void (stdout += text),
        stderr: (text) => void (stderr += text),
        env: place.env,
        now: () => now,
      });
      return { code, stdout, stderr };
    }

    /** The accounts the command wrote, opened as the editor service would open them. */
    async function store(): Promise<Accounts> {
      accounts ??= await openAccounts(accountsConfig(place.env), { now: () => now });
      return accounts;
    }

    it('adds an account and prints a one-time link whose token the invitation accepts', async () => {
      const added = await run('add', '--email', 'Asha@Example.in', '--role', 'publisher', '--name', 'Asha Verma');

      expect(added).toMatchObject({ code: 0, stderr: '' });
      expect(added.stdout).toContain('Added asha@example.in as publisher.');
      expect(added.stdout).toContain('It works once, until 2026-03-09 09:00 UTC.');
      const [, base, token] = linkPattern.exec(added.stdout) ?? [];
      expect(base).toBe('http://localhost:4500');
      expect(await (await store()).invitation(token!)).toMatchObject({
        email: 'asha@example.in',
        name: 'Asha Verma',
        role: 'publisher',
      });
    });

    it('starts links with EDITOR_PUBLIC_URL', async () => {
      place = { ...place, env: { ...place.env, EDITOR_PUBLIC_URL: 'https://editor.example.in/' } };

      const added = await run('add', '--email', 'asha@example.in', '--role', 'writer');

      expect(linkPattern.exec(added.stdout)?.[1]).toBe('https://editor.example.in');
    });

    it('starts links where the service listens when EDITOR_PUBLIC_URL is unset: localhost at EDITOR_PORT', async () => {
      place = { ...place, env: { ...place.env, EDITOR_PORT: '4600' } };

      const added = await run('add', '--email', 'asha@example.in', '--role', 'writer');

      expect(linkPattern.exec(added.stdout)?.[1]).toBe('http://localhost:4600');
    });

    it('prints a new link that replaces the earlier one', async () => {
      const first = linkPattern.exec((await run('add', '--email', 'asha@example.in', '--role', 'writer')).stdout)?.[2];

      const invited = await run('invite', '--email', 'asha@example.in');

      expect(invited.code).toBe(0);
      const second = linkPattern.exec(invited.stdout)?.[2];
      expect(await (await store()).invitation(first!)).toBeUndefined();
      expect(await (await store()).invitation(second!)).toMatchObject({ email: 'asha@example.in' });
    });

    it('lists the accounts with their role and whether a password is set', async () => {
      expect((await run('list')).stdout).toMatch(/^No accounts yet\. Add the first admin/);
      const token = linkPattern.exec(
        (await run('add', '--email', 'ravi@example.in', '--role', 'admin', '--name', 'Ravi Kumar')).stdout,
      )?.[2];
      await (await store()).acceptInvitation(token!, 'lantern orbit velvet meadow');
      await run('add', '--email', 'asha@example.in', '--role', 'writer');

      expect((await run('list')).stdout).toBe(
        [
          'E-MAIL           NAME        ROLE    PASSWORD  CREATED',
          'asha@example.in  -           writer  invited   2026-03-02 09:00',
          'ravi@example.in  Ravi Kumar  admin   set       2026-03-02 09:00',
          '',
        ].join('\n'),
      );
    });

    it('changes a role, removes an account and ends its sessions, recording cli as the actor', async () => {
      const token = linkPattern.exec((await run('add', '--email', 'asha@example.in', '--role', 'writer')).stdout)?.[2];
      const signedIn = await (await store()).acceptInvitation(token!, 'lantern orbit velvet meadow');

      expect(await run('role', '--email', 'asha@example.in', '--role', 'admin')).toEqual({
        code: 0,
        stdout: 'asha@example.in is now admin.\n',
        stderr: '',
      });
      await run('add', '--email', 'ravi@example.in', '--role', 'admin');
      expect((await run('sign-out', '--email', 'asha@example.in')).stdout).toBe('Ended 1 session of asha@example.in.\n');
      expect(await (await store()).session(signedIn.token)).toBeUndefined();
      expect((await run('remove', '--email', 'ASHA@example.in')).stdout).toBe(
        'Removed asha@example.in with its sessions and invitations.\n',
      );

      const audit = await run('audit', '--limit', '3');
      expect(audit.stdout.split('\n').map((line) => line.split(/\s{2,}/).slice(1, 4))).toEqual([
        ['ACTION', 'ACTOR', 'SUBJECT'],
        ['account.removed', 'cli', 'asha@example.in'],
        ['session.signed-out-everywhere', 'cli', 'asha@example.in'],
        ['account.added', 'cli', 'ravi@example.in'],
        [],
      ]);
    });

    it('prints the refusal of the accounts layer without a stack and exits with 1', async () => {
      await run('add', '--email', 'asha@example.in', '--role', 'admin');

      const twice = await run('add', '--email', 'asha@example.in', '--role', 'writer');
      const last = await run('remove', '--email', 'asha@example.in');
      const unknown = await run('sign-out', '--email', 'nobody@example.in');

      expect(twice).toEqual({
        code: 1,
        stdout: '',
        stderr: expect.stringMatching(/^There is already an editor account for asha@example\.in\./),
      });
      expect(last).toMatchObject({ code: 1, stderr: expect.stringMatching(/^asha@example\.in is the last admin;/) });
      expect(unknown).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^There is no editor account for nobody@example\.in\./),
      });
      for (const { stderr } of [twice, last, unknown]) expect(stderr).not.toMatch(/\n\s+at /);
    });
  },
);

describe('npm run editor:users with a mistake on its command line', () => {
  // Not opened by these commands; set so that a command that reached the database would not write to ./data.
  const data = tempDir('editor-users-usage');
  afterAll(() => data.remove());

  async function run(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runUsersCli(argv, {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      env: { EDITOR_DATA_DIR: data.dir },
    });
    return { code, stdout, stderr };
  }

  it.each([
    [[], 'Name a command: add, invite, list, role, remove, sign-out, audit.'],
    [['frobnicate'], "Unknown command 'frobnicate'; use add, invite, list, role, remove, sign-out, audit."],
    [['add', '--role', 'writer'], "add needs --email <address>: the account's e-mail address."],
    [['add', '--email', 'asha@example.in'], 'add needs --role writer|publisher|admin|sales|hr.'],
    [['role', '--email', 'asha@example.in', '--role', 'owner'], "--role is 'owner'; use writer, publisher, admin, sales, hr."],
    [['remove', '--email', 'asha@example.in', '--role', 'admin'], '--role belongs to add and role, not to remove.'],
    [['audit', '--limit', '0'], "--limit is '0'; use a whole number from 1."],
    [['list', 'everyone'], "Give one command, not 'list' 'everyone'; options take the form --email <address>."],
    [['list', '--colour'], "Unknown option '--colour'"],
  ])('%j: says what is wrong, shows the usage and exits with 2', async (argv, message) => {
    const result = await run(...argv);

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain(usage);
  });

  it('prints the usage on --help and exits with 0', async () => {
    expect(await run('--help')).toEqual({ code: 0, stdout: `${usage}\n`, stderr: '' });
  });
});

describe('the npm script entry point', () => {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const cli = path.resolve('src/editor/service/users-cli.ts');
  let data: ReturnType<typeof tempDir>;

  beforeEach(async () => {
    data = tempDir('editor-users-process');
    await (await openAccounts({ kind: 'sqlite', file: path.join(data.dir, 'editor.db') })).close();
  });

  afterEach(() => data.remove());

  it(
    'runs as a program: add prints a link whose token the invitation accepts, and bad usage exits with 2',
    async () => {
      const env = { ...process.env, EDITOR_DATA_DIR: data.dir, DATABASE_URL: '', EDITOR_PUBLIC_URL: '' };
      const add = startProcess(tsx, [cli, 'add', '--email', 'asha@example.in', '--role', 'admin'], {
        name: 'npm run editor:users -- add',
        env,
      });
      const wrong = startProcess(tsx, [cli, 'add', '--email', 'ravi@example.in', '--role', 'owner'], {
        name: 'npm run editor:users -- add --role owner',
        env,
      });

      expect(await add.exited, add.output()).toBe(0);
      const token = linkPattern.exec(add.output())?.[2];
      const accounts = await openAccounts({ kind: 'sqlite', file: path.join(data.dir, 'editor.db') });
      try {
        expect(await accounts.invitation(token!)).toMatchObject({ email: 'asha@example.in', role: 'admin' });
      } finally {
        await accounts.close();
      }
      expect(await wrong.exited).toBe(2);
      expect(wrong.output()).toContain("--role is 'owner'");
      expect(wrong.output()).not.toMatch(/\n\s+at /);
    },
    spawningTestTimeoutMs,
  );
});

describe("npm run editor:users with settings that are not the service's", () => {
  it('refuses to make a database where the service has none, names the folder, and creates nothing', async () => {
    const data = tempDir('editor-users-elsewhere');
    try {
      let stderr = '';
      const code = await runUsersCli(['add', '--email', 'asha@example.in', '--role', 'admin'], {
        stdout: () => undefined,
        stderr: (text) => void (stderr += text),
        env: { EDITOR_DATA_DIR: path.join(data.dir, 'not-the-service'), DATABASE_URL: '' },
      });
      expect(code).toBe(1);
      expect(stderr).toContain(`There is no editor database at ${path.join(data.dir, 'not-the-service', 'editor.db')}`);
      expect(stderr).toContain('same EDITOR_DATA_DIR');
      expect(existsSync(path.join(data.dir, 'not-the-service'))).toBe(false);
    } finally {
      data.remove();
    }
  });
});
