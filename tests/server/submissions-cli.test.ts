import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/server/storage/index.ts';
import { csvCell } from '../../src/server/submissions-format.ts';
import { runSubmissionsCli, usage } from '../../src/server/submissions-cli.ts';
import { tempDir, validApplication, validContact } from './helpers.ts';

const data = tempDir('submissions-cli');
const env = { DATA_DIR: data.dir };

/** Runs the command in-process and returns what it printed and its exit code. */
async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runSubmissionsCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env,
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  let clock = new Date('2026-01-10T08:00:00.000Z');
  const storage = await openStorage({ kind: 'sqlite', file: path.join(data.dir, 'submissions.db') }, { now: () => clock });
  await storage.saveContact({ ...validContact, company: '=HYPERLINK("http://evil.example")', spam: false });
  clock = new Date('2026-02-01T12:30:00.000Z');
  await storage.saveApplication({ ...validApplication, spam: false });
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
    expect(lines[0]).toMatch(/^WHEN \(UTC\)\s+TYPE\s+SPAM\s+NAME\s+EMAIL\s+PHONE\s+ABOUT\s+ID$/);
    expect(lines.slice(1).map((line) => line.slice(0, 16))).toEqual(['2026-03-05 17:45', '2026-02-01 12:30', '2026-01-10 08:00']);
    expect(lines[1]).toMatch(/contact\s+SPAM\s+Spam Bot/);
    expect(lines[2]).toMatch(/application\s+Ravi Kumar.*React Developer/);
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
    expect(rows[0]).toBe('type,id,created_at,spam,username,mobile,email,company,project_details');
    expect(rows[1]).toMatch(
      /^contact,[0-9a-f-]{36},2026-01-10T08:00:00.000Z,false,Asha Verma,'\+91 98765 43210,asha@example.in,"'=HYPERLINK\(""http:\/\/evil.example""\)",/,
    );
    // The second enquiry's details hold a line break, so its quoted cell spans two physical lines.
    expect(stdout).toContain('"Line one\nline two, with ""quotes""\u001b[31m"');
    expect(stdout.endsWith('\r\n')).toBe(true);
  });

  it('prints both types with the union of their columns when --type is left out', async () => {
    const { stdout } = await run('export', '--format', 'csv');

    expect(stdout.split('\r\n')[0]).toBe(
      'type,id,created_at,spam,username,mobile,email,company,project_details,name,phone,domain',
    );
    expect(stdout).toMatch(
      /\r\napplication,[0-9a-f-]{36},2026-02-01T12:30:00.000Z,false,,,ravi.kumar@example.in,,,Ravi Kumar,\(\+91\) 98765-43210,React Developer\r\n/,
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

describe('bad arguments', () => {
  it.each([
    [[], 'Name a command'],
    [['delete'], "Unknown command 'delete'"],
    [['export'], 'export needs --format csv or --format json'],
    [['export', '--format', 'xml'], "--format is 'xml'"],
    [['list', '--type', 'enquiry'], "--type is 'enquiry'"],
    [['list', '--since', 'yesterday'], "--since is 'yesterday'"],
    [['list', '--since', '2026-02-30'], "--since is '2026-02-30'"],
    [['list', '--limit', '0'], "--limit is '0'"],
    [['list', '--format', 'csv'], '--format belongs to export'],
    [['list', '--colour'], "Unknown option '--colour'"],
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
    ['+91 98765', "'+91 98765"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTabbed', "'\tTabbed"],
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

  it('runs as a program and exits with the code of the command', async () => {
    // One spawn only (starting tsx takes a second or two); the commands themselves are tested in-process above.
    await expect(
      promisify(execFile)(tsx, [cli, 'export'], { env: { ...process.env, DATA_DIR: data.dir } }),
    ).rejects.toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('Usage:'),
    });
  }, 20_000);
});
