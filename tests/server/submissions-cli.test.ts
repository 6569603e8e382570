import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Application, type ContactSubmission } from '../../src/server/storage/index.ts';
import { csvCell } from '../../src/server/submissions-format.ts';
import { runSubmissionsCli, usage } from '../../src/server/submissions-cli.ts';
import { spawningTestTimeoutMs } from '../helpers/deadlines.ts';
import { startProcess } from '../helpers/processes.ts';
import { tempDir, validApplication, validContact } from './helpers.ts';
import { pdfFile } from './cv-files.ts';

const data = tempDir('submissions-cli');
const env = { DATA_DIR: data.dir };
/** "Now" for the command: the day after the last submission. */
const now = new Date('2026-03-06T12:00:00.000Z');

/** Runs the command in-process and returns what it printed and its exit code. */
async function run(...argv: string[]) {
  return runIn(env, ...argv);
}

async function runIn(environment: Record<string, string>, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runSubmissionsCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: environment,
    now: () => now,
  });
  return { code, stdout, stderr };
}

let enquiry: ContactSubmission;
let application: Application;
/** Notification ids by what happened to them. */
const notification = { enquiryEmail: '', enquiryWebhook: '', applicationEmail: '', applicationWebhook: '' };

beforeAll(async () => {
  let clock = new Date('2026-01-10T08:00:00.000Z');
  const storage = await openStorage(
    { kind: 'sqlite', file: path.join(data.dir, 'submissions.db') },
    { now: () => clock, notify: ['email', 'webhook'] },
  );
  const claim = (channels: ('email' | 'webhook')[]) =>
    storage.claimNotifications({ channels, limit: 10, leaseMs: 60_000, now: clock });

  enquiry = await storage.saveContact({ ...validContact, company: '=HYPERLINK("http://evil.example")', spam: false });
  // The enquiry's e-mail went out; its webhook failed for good.
  for (const { delivery } of await claim(['email', 'webhook'])) {
    if (delivery.channel === 'email') {
      notification.enquiryEmail = delivery.id;
      await storage.recordDelivered(delivery, clock);
    } else {
      notification.enquiryWebhook = delivery.id;
      await storage.recordFailedAttempt(delivery, {
        error: 'the webhook answered 500 Internal Server Error',
        retryAt: undefined,
      });
    }
  }

  clock = new Date('2026-02-01T12:30:00.000Z');
  application = await storage.saveApplication({ ...validApplication, spam: false });
  // The application's e-mail failed once and waits for its next attempt; its webhook has not been tried.
  for (const { delivery } of await claim(['email'])) {
    notification.applicationEmail = delivery.id;
    await storage.recordFailedAttempt(delivery, {
      error: 'connect ECONNREFUSED 127.0.0.1:25',
      retryAt: new Date('2026-03-06T12:03:00.000Z'),
    });
  }
  notification.applicationWebhook = (await storage.listDeliveries({ submissionIds: [application.id] })).find(
    (d) => d.channel === 'webhook',
  )!.id;

  clock = new Date('2026-03-05T17:45:00.000Z');
  await storage.saveContact({
    ...validContact,
    username: 'Spam Bot',
    projectDetails: 'Line one\nline two, with "quotes"\u001b[31m',
    spam: true,
  });
  await storage.close();
});

afterAll(() => data.remove());

describe('submissions list', () => {
  it('prints a table of submissions, latest first, with spam marked', async () => {
    const { code, stdout } = await run('list');

    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^WHEN \(UTC\)\s+TYPE\s+SPAM\s+NAME\s+EMAIL\s+PHONE\s+ABOUT\s+NOTIFIED\s+ID$/);
    expect(lines.slice(1).map((line) => line.slice(0, 16))).toEqual(['2026-03-05 17:45', '2026-02-01 12:30', '2026-01-10 08:00']);
    expect(lines[1]).toMatch(/contact\s+SPAM\s+Spam Bot/);
    expect(lines[2]).toMatch(/application\s+Ravi Kumar.*React Developer/);
  });

  it('shows what became of each notification: sent, retrying with its next attempt, queued, failed', async () => {
    const lines = (await run('list')).stdout.trimEnd().split('\n');

    expect(lines[1]).toMatch(/SPAM\s+Spam Bot.*\s{2}\w{8}$/);
    expect(lines[2]).toMatch(
      new RegExp(`email retrying \\(1 attempt, next 12:03\\), webhook queued\\s+${application.id.slice(0, 8)}$`),
    );
    expect(lines[3]).toMatch(new RegExp(`email sent, webhook failed \\(1 attempt\\)\\s+${enquiry.id.slice(0, 8)}$`));
  });

  it('strips control characters that a submitter could use to garble the terminal', async () => {
    const { stdout } = await run('list', '--limit', '1');

    expect(stdout).not.toContain('\u001b');
    expect(stdout).toContain('Line one line two');
  });

  it('filters by --type and --since and cuts to --limit', async () => {
    expect((await run('list', '--type', 'application')).stdout).not.toContain('contact ');
    expect((await run('list', '--since', '2026-02-01')).stdout.trimEnd().split('\n')).toHaveLength(3);
    expect((await run('list', '--limit', '1')).stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it('says so when nothing matches', async () => {
    expect((await run('list', '--since', '2027-01-01')).stdout).toBe('No submissions since 2027-01-01T00:00:00.000Z.\n');
  });
});

describe('submissions export', () => {
  it('prints CSV with a header row, oldest first, quoting and formula protection', async () => {
    const { code, stdout } = await run('export', '--format', 'csv', '--type', 'contact');

    expect(code).toBe(0);
    const rows = stdout.split('\r\n');
    expect(rows[0]).toBe('type,id,created_at,spam,username,mobile,email,company,project_details,notice_version,page');
    expect(rows[1]).toMatch(
      /^contact,[0-9a-f-]{36},2026-01-10T08:00:00.000Z,false,Asha Verma,\+91 98765 43210,asha@example.in,"'=HYPERLINK\(""http:\/\/evil.example""\)",/,
    );
    // The second enquiry's details hold a line break, so its quoted cell spans two physical lines.
    expect(stdout).toContain('"Line one\nline two, with ""quotes""\u001b[31m"');
    expect(stdout.endsWith('\r\n')).toBe(true);
  });

  it('separates with semicolons when asked, quoting the cells that hold one', async () => {
    const { code, stdout } = await run('export', '--format', 'csv', '--type', 'application', '--separator', ';');

    expect(code).toBe(0);
    const rows = stdout.split('\r\n');
    expect(rows[0]).toBe('type;id;created_at;spam;name;email;phone;domain;portfolio;notice_version;page');
    expect(rows[1]).toMatch(
      /^application;[0-9a-f-]{36};2026-02-01T12:30:00.000Z;false;Ravi Kumar;ravi.kumar@example.in;\(\+91\) 98765-43210;React Developer;;;$/,
    );
  });

  it('prints both types with the union of their columns when --type is left out', async () => {
    const { stdout } = await run('export', '--format', 'csv');

    expect(stdout.split('\r\n')[0]).toBe(
      'type,id,created_at,spam,username,mobile,email,company,project_details,notice_version,page,name,phone,domain,portfolio',
    );
    expect(stdout).toMatch(
      /\r\napplication,[0-9a-f-]{36},2026-02-01T12:30:00.000Z,false,,,ravi.kumar@example.in,,,,,Ravi Kumar,\(\+91\) 98765-43210,React Developer,\r\n/,
    );
  });

  it('prints JSON filtered by --type and --since', async () => {
    const { code, stdout } = await run('export', '--format', 'json', '--type', 'contact', '--since', '2026-02-01');

    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      expect.objectContaining({ type: 'contact', username: 'Spam Bot', spam: true, createdAt: '2026-03-05T17:45:00.000Z' }),
    ]);
  });
});

describe('submissions outbox and retry', () => {
  it('lists the notifications not sent yet, newest first, with their state, attempts, next try and last error', async () => {
    const { code, stdout } = await run('outbox');

    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^CREATED \(UTC\)\s+CHANNEL\s+STATE\s+ATTEMPTS\s+NEXT \/ SENT \(UTC\)\s+SUBMISSION\s+LAST ERROR\s+ID$/,
    );
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/))).toEqual(
      expect.arrayContaining([
        [
          '2026-02-01 12:30',
          'email',
          'retrying',
          '1',
          '2026-03-06 12:03',
          `application ${application.id.slice(0, 8)}`,
          'connect ECONNREFUSED 127.0.0.1:25',
          notification.applicationEmail.slice(0, 8),
        ],
        [
          '2026-02-01 12:30',
          'webhook',
          'queued',
          '0',
          '2026-02-01 12:30',
          `application ${application.id.slice(0, 8)}`,
          notification.applicationWebhook.slice(0, 8),
        ],
        [
          '2026-01-10 08:00',
          'webhook',
          'failed',
          '1',
          `contact ${enquiry.id.slice(0, 8)}`,
          'the webhook answered 500 Internal Server Error',
          notification.enquiryWebhook.slice(0, 8),
        ],
      ]),
    );
    expect(lines).toHaveLength(4);
    expect(stdout).not.toContain(notification.enquiryEmail.slice(0, 8));
  });

  it('lists sent notifications with --status sent', async () => {
    const lines = (await run('outbox', '--status', 'sent')).stdout.trimEnd().split('\n');

    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^2026-01-10 08:00\\s+email\\s+sent\\s+1\\s+2026-01-10 08:00\\s+contact ${enquiry.id.slice(0, 8)}\\s+${notification.enquiryEmail.slice(0, 8)}$`,
      ),
    );
  });

  it('refuses to retry a notification that was sent or that does not exist', async () => {
    const sent = await run('retry', notification.enquiryEmail.slice(0, 8));
    expect(sent.code).toBe(1);
    expect(sent.stderr).toBe(
      `Notification ${notification.enquiryEmail.slice(0, 8)} (email, contact ${enquiry.id.slice(0, 8)}) was sent at 2026-01-10T08:00:00.000Z; there is nothing to retry.\n`,
    );

    const unknown = await run('retry', 'ffffffff');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No notification has an id starting with 'ffffffff'");
  });

  it('makes a failed notification due again with a fresh set of attempts', async () => {
    const { code, stdout } = await run('retry', notification.enquiryWebhook.slice(0, 8).toUpperCase());

    expect(code).toBe(0);
    expect(stdout).toMatch(/^Notification \w{8} \(webhook, contact \w{8}\) is due again now, with a fresh set of attempts\./);
    const row = (await run('outbox')).stdout.split('\n').find((line) => line.includes(notification.enquiryWebhook.slice(0, 8)));
    expect(row).toMatch(/webhook\s+queued\s+0\s+2026-03-06 12:00/);
    expect((await run('retry', '--failed')).stdout).toBe('No notification has failed; nothing to retry.\n');
  });
});

describe('submissions purge', () => {
  it('counts what it would remove with --dry-run, and removes nothing', async () => {
    const { code, stdout } = await run('purge', '--older-than', '30d', '--dry-run');

    expect(code).toBe(0);
    expect(stdout).toBe(
      'Would remove 2 submissions made before 2026-02-04 12:00 UTC (older than 30d): 1 enquiry and 1 job application, with their 4 notifications. Nothing was removed (--dry-run).\n',
    );
    expect((await run('list')).stdout.trimEnd().split('\n')).toHaveLength(4);
  });

  it('keeps a year by default, and says so when nothing is that old', async () => {
    expect((await run('purge')).stdout).toBe(
      'No submissions made before 2025-03-06 12:00 UTC (older than 365d); nothing to remove.\n',
    );
  });

  it('removes the submissions older than the given age with their notifications, and says how many', async () => {
    const own = tempDir('purge');
    try {
      let clock = new Date('2026-03-01T10:00:00.000Z');
      const storage = await openStorage(
        { kind: 'sqlite', file: path.join(own.dir, 'submissions.db') },
        { now: () => clock, notify: ['email'] },
      );
      await storage.saveContact({ ...validContact, username: 'Old', spam: false });
      await storage.saveContact({ ...validContact, username: 'Old spam', spam: true });
      clock = new Date('2026-03-06T06:00:00.000Z');
      await storage.saveContact({ ...validContact, username: 'Recent', spam: false });
      await storage.close();

      const { code, stdout } = await runIn({ DATA_DIR: own.dir }, 'purge', '--older-than', '48h');

      expect(code).toBe(0);
      expect(stdout).toBe(
        'Removed 2 submissions made before 2026-03-04 12:00 UTC (older than 48h): 2 enquiries and 0 job applications, with their 1 notification.\n',
      );
      const list = (await runIn({ DATA_DIR: own.dir }, 'list')).stdout;
      expect(list).toContain('Recent');
      expect(list).not.toContain('Old');
      expect((await runIn({ DATA_DIR: own.dir }, 'outbox', '--status', 'all')).stdout.trimEnd().split('\n')).toHaveLength(2);
    } finally {
      own.remove();
    }
  });
});

describe('bad arguments', () => {
  it.each([
    [[], 'Name a command'],
    [['delete'], "Unknown command 'delete'"],
    [['export'], 'export needs --format csv or --format json'],
    [['export', '--format', 'xml'], "--format is 'xml'"],
    [['export', '--format', 'csv', '--separator', '|'], "--separator is '|'; use ',' or ';'"],
    [['export', '--format', 'json', '--separator', ';'], '--separator belongs to --format csv'],
    [['list', '--separator', ';'], '--separator belongs to export, not to list'],
    [['list', '--type', 'enquiry'], "--type is 'enquiry'"],
    [['list', '--since', 'yesterday'], "--since is 'yesterday'"],
    [['list', '--since', '2026-02-30'], "--since is '2026-02-30'"],
    [['list', '--limit', '0'], "--limit is '0'"],
    [['list', '--format', 'csv'], '--format belongs to export'],
    [['list', '--colour'], "Unknown option '--colour'"],
    [['list', '--dry-run'], '--dry-run belongs to erase and purge, not to list'],
    [['outbox', '--status', 'lost'], "--status is 'lost'; use pending, failed, sent or all"],
    [['retry'], 'retry needs the id of a notification'],
    [['retry', 'abcd1234', '--failed'], 'Give retry either an id or --failed, not both'],
    [['retry', 'ab'], "'ab' is not a notification id"],
    [['retry', 'abcd1234', 'efgh'], 'Give one command and one id'],
    [['purge', '--older-than', '365'], "--older-than is '365'; add a unit: 365d for days or 365h for hours"],
    [['purge', '--older-than', 'last year'], "--older-than is 'last year'; write a number of days or hours"],
    [['purge', '--older-than', '0d'], 'it must be at least 1h'],
    [['purge', '--older-than=-5d'], "--older-than is '-5d'"],
    [['purge', '--older-than', '99999d'], 'the longest age is 36500d'],
  ])('exits with code 2 and the usage for %j', async (argv, message) => {
    const { code, stdout, stderr } = await run(...argv);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain(usage);
  });
});

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['=1+2', "'=1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTabbed', `"'\tTabbed"`],
    // A semicolon splits the cell in spreadsheets of locales that separate with it, so it is quoted too.
    ['ok;=1+1', '"ok;=1+1"'],
    ['line one\r\nline two', '"line one\r\nline two"'],
    // A phone number written in groups with spaces stays as it is: no spreadsheet computes it. With
    // hyphens it is a subtraction, and every other cell starting with + or - is guarded, reversibly.
    ['+91 98107 45210', '+91 98107 45210'],
    ['+91-98107-45210', "'+91-98107-45210"],
    ['+orders@acme.in', "'+orders@acme.in"],
    ['-5', "'-5"],
    ["'quoted", "''quoted"],
    ['  =1+1', "'  =1+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['+HYPERLINK("http://evil.example")', `"'+HYPERLINK(""http://evil.example"")"`],
    ["-cmd|'/C calc'!A0", "'-cmd|'/C calc'!A0"],
    ['+1+cmd|x', "'+1+cmd|x"],
    ['=A1,"x"', `"'=A1,""x"""`],
    [null, ''],
    [true, 'true'],
  ] as const)('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('the npm script entry point', () => {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const cli = path.resolve('src/server/submissions-cli.ts');

  it(
    'runs as a program and exits with the code of the command',
    async () => {
      // One spawn only (starting tsx takes a second or two); the commands themselves are tested in-process above.
      const command = startProcess(tsx, [cli, 'export'], {
        name: 'npm run submissions -- export',
        env: { ...process.env, DATA_DIR: data.dir },
      });
      let stdout = '';
      command.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      expect(await command.exited).toBe(2);
      expect(stdout).toBe('');
      expect(command.output()).toContain('Usage:');
    },
    spawningTestTimeoutMs,
  );
});

describe("a person's files", () => {
  it('are in their JSON export, byte for byte, and gone after their erasure', async () => {
    const folder = tempDir('submissions-cli-files');
    try {
      const environment = { DATA_DIR: folder.dir };
      const storage = await openStorage({ kind: 'sqlite', file: path.join(folder.dir, 'submissions.db') });
      const cv = pdfFile('Meera Nair');
      const saved = await storage.saveApplication({
        ...validApplication,
        email: 'meera@example.in',
        spam: false,
        files: [{ field: 'cv', fileName: 'Meera Nair CV.pdf', mediaType: 'application/pdf', content: cv }],
      });
      await storage.close();

      const exported = await runIn(environment, 'export', '--format', 'json', '--email', 'meera@example.in');
      expect(exported.code).toBe(0);
      const [copy] = JSON.parse(exported.stdout) as Application[];
      expect(copy!.files).toEqual([
        expect.objectContaining({
          fileName: 'Meera Nair CV.pdf',
          mediaType: 'application/pdf',
          contentBase64: cv.toString('base64'),
        }),
      ]);

      expect((await runIn(environment, 'erase', '--email', 'meera@example.in', '--yes')).code).toBe(0);
      const after = await openStorage({ kind: 'sqlite', file: path.join(folder.dir, 'submissions.db') });
      try {
        expect(await after.readApplicationFile(saved.id, saved.files[0]!.id)).toBeUndefined();
      } finally {
        await after.close();
      }
    } finally {
      folder.remove();
    }
  });
});
