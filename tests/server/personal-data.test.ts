import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../../src/server/storage/index.ts';
import { runSubmissionsCli } from '../../src/server/submissions-cli.ts';
import { toPersonReport, toTable } from '../../src/server/submissions-format.ts';
import {
  applicationUrl,
  contactUrl,
  createTestApp,
  tempDir,
  envDatabases,
  fixtureNoticeVersion,
  validApplication,
  validContact,
  withTestApp,
  writeClientBuild,
} from './helpers.ts';

/** A database the submissions command reaches through its environment, as an operator's shell does. */
interface Place {
  readonly env: Record<string, string>;
  readonly storage: Storage;
  cleanup(): Promise<void>;
}

const places = envDatabases.map(({ name, open }) => ({
  name,
  async open(): Promise<Place> {
    const database = await open();
    const storage = await openStorage(database.config, { notify: ['email'] });
    return {
      env: database.env,
      storage,
      cleanup: async () => {
        await storage.close();
        await database.cleanup();
      },
    };
  },
}));

/** Runs the submissions command against a place, as an operator's shell would, keeping what it prints. */
async function runIn(place: Place, argv: string[], now?: () => Date) {
  let stdout = '';
  let stderr = '';
  const code = await runSubmissionsCli(argv, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: place.env,
    ...(now ? { now } : {}),
  });
  return { code, stdout, stderr };
}

describe.each(places)('one person’s data on $name', (where) => {
  let place: Place;
  // A minute passes with each reading of the clock, so the audit log has an order to show.
  let clock = Date.parse('2026-11-25T12:00:00.000Z');

  const run = (...argv: string[]) => runIn(place, argv, () => new Date((clock += 60_000)));

  beforeAll(async () => {
    place = await where.open();
    const { storage } = place;
    // Asha wrote twice (once with her address in capitals) and applied once with her number written
    // differently; two other people must stay untouched.
    await storage.saveContact({ ...validContact, spam: false });
    await storage.saveContact({
      ...validContact,
      email: 'ASHA@Example.in',
      projectDetails: 'Second message\nwith two lines',
      spam: false,
    });
    await storage.saveApplication({
      ...validApplication,
      name: 'Asha Verma',
      email: 'asha@example.in',
      phone: '9876543210',
      spam: false,
    });
    await storage.saveContact({
      ...validContact,
      username: 'Meera Iyer',
      email: 'meera@example.in',
      mobile: '+91 91234 56789',
      spam: false,
    });
    await storage.saveApplication({ ...validApplication, spam: false });
  });
  afterAll(() => place?.cleanup());

  it('find lists everything stored about the person by e-mail, in any case, and nobody else', async () => {
    const { code, stdout, stderr } = await run('find', '--email', 'Asha@example.IN');

    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^Asked for Asha@example.IN: 3 submissions matched\./);
    expect(stdout).toContain('One e-mail address among them (masked):\n  a***@example.in  A*** V***  (3 submissions)');
    expect(stdout).toContain('Second message');
    expect(stdout).toContain('  with two lines');
    expect(stdout).toContain('Job application');
    expect(stdout).not.toContain('Meera');
    expect(stdout).not.toContain('Ravi');
  });

  it('find matches a phone number in E.164, reading one without a country code as Indian, and says by which rule', async () => {
    const withCode = await run('find', '--phone', '+91-98765-43210');
    const without = await run('find', '--phone', '98765 43210');
    const american = await run('find', '--phone', '+1 98765 43210');

    // Asha's two enquiries (+91 98765 43210), her application (9876543210) and Ravi's ((+91) 98765-43210)
    // share the number in the fixtures; Meera's differs.
    for (const { stdout } of [withCode, without]) {
      expect(stdout).toMatch(/^Asked for .*: 4 submissions matched\./);
      expect(stdout).toContain('2 different e-mail addresses among them (masked):');
      expect(stdout).toContain('  r***@example.in  R*** K***  (1 submission)');
      expect(stdout).not.toContain('Meera');
    }
    expect(withCode.stdout).toContain('  3 submissions by the same number with the same country code (E.164)');
    expect(withCode.stdout).toMatch(
      / {2}1 submission by the same number once a number written without a country code is read as dialled from India \(\+91\)/,
    );
    expect(without.stdout).toContain('98765 43210 (no country code: read as dialled from India, +919876543210 in E.164)');
    expect(american.stdout).toBe('Nothing is stored about anyone with this phone number.\n');
  });

  it('export --email gives the person their data as JSON', async () => {
    const { code, stdout, stderr } = await run('export', '--format', 'json', '--email', 'asha@example.in');

    expect(code, stderr).toBe(0);
    const data = JSON.parse(stdout) as { type: string; email: string }[];
    expect(data.map((s) => s.type)).toEqual(['contact', 'contact', 'application']);
    expect(data.every((s) => s.email.toLowerCase() === 'asha@example.in')).toBe(true);
  });

  it('exports a cell holding a semicolon quoted, a spaced phone number as sent, and guards an address starting with +', async () => {
    await place.storage.saveContact({
      ...validContact,
      username: 'Kiran Rao',
      email: '+orders@kiran.example',
      mobile: '+91 90000 11111',
      company: 'ok;=1+1',
      spam: false,
    });
    const { code, stdout, stderr } = await run(
      'export',
      '--format',
      'csv',
      '--type',
      'contact',
      '--email',
      '+orders@kiran.example',
    );

    expect(code, stderr).toBe(0);
    // The e-mail address starts with +, which a spreadsheet tries as a formula: guarded, reversibly.
    expect(stdout.split('\r\n')[1]).toContain(`,Kiran Rao,+91 90000 11111,'+orders@kiran.example,"ok;=1+1",`);
  });

  it('refuses control characters in a name with a 400 that names the field, storing nothing', async () => {
    const client = tempDir('personal-data-client');
    const app = await createTestApp(place.storage, writeClientBuild(client.dir));
    try {
      const before = (await place.storage.listContacts()).length;
      const response = await app.inject({
        method: 'POST',
        url: contactUrl,
        payload: { ...validContact, username: 'A\r\nBcc: x@evil.example' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: { field: string }[] }>().fields.map((f) => f.field)).toEqual(['username']);
      expect((await place.storage.listContacts()).length).toBe(before);
    } finally {
      await app.close();
      client.remove();
    }
  });

  it('erase --dry-run only counts', async () => {
    const { code, stdout, stderr } = await run('erase', '--email', 'asha@example.in', '--dry-run');

    expect(code, stderr).toBe(0);
    expect(stdout).toContain('  a***@example.in  A*** V***  (3 submissions)\n');
    expect(stdout.split('\n\n').at(-1)).toBe(
      'Would erase 3 submissions of anyone with this e-mail address: 2 enquiries and 1 job application, with their 3 notifications (3 not sent yet). Nothing was erased (--dry-run).\n',
    );
    expect((await run('find', '--email', 'asha@example.in')).stdout).toMatch(/^Asked for asha@example.in: 3 submissions/);
  });

  it('erase asks before it deletes, and erases nothing without an answer', async () => {
    const unanswered = await run('erase', '--email', 'asha@example.in');
    expect(unanswered.code).toBe(1);
    expect(unanswered.stderr).toContain('Nothing was erased: erase asks before it deletes');

    let asked = '';
    const declined = await runSubmissionsCli(['erase', '--email', 'asha@example.in'], {
      stdout: () => {},
      stderr: () => {},
      env: place.env,
      confirm: (question) => ((asked = question), Promise.resolve(false)),
    });
    expect(declined).toBe(0);
    expect(asked).toBe('Erase 3 submissions and their notifications for good? [y/N] ');
    expect((await run('find', '--email', 'asha@example.in')).stdout).toMatch(/3 submissions matched/);
  });

  it('erase by a phone number that several e-mail addresses share refuses, and --email says whose', async () => {
    const refused = await run('erase', '--phone', '+91 98765 43210', '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('2 different e-mail addresses among them (masked):');
    expect(refused.stderr).toContain('Nothing was erased: these submissions carry 2 different e-mail addresses');
    expect((await place.storage.listApplications()).map((a) => a.name).sort()).toEqual(['Asha Verma', 'Ravi Kumar']);

    const narrowed = await run('erase', '--phone', '+91 98765 43210', '--email', 'ravi.kumar@example.in', '--dry-run');
    expect(narrowed.code, narrowed.stderr).toBe(0);
    expect(narrowed.stdout).toContain(
      'Would erase 1 submission of anyone with this phone number and e-mail address: 0 enquiries and 1 job application',
    );
  });

  it('erase deletes the person’s submissions and unsent notifications, leaves the others, and shows in the audit log', async () => {
    const { code, stdout, stderr } = await run('erase', '--email', 'asha@example.in', '--yes');

    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(
      /\nErased 3 submissions of anyone with this e-mail address: 2 enquiries and 1 job application, with their 3 notifications \(3 not sent yet, which will now never be sent\)\./,
    );
    expect((await run('find', '--email', 'asha@example.in')).stdout).toBe(
      'Nothing is stored about anyone with this e-mail address.\n',
    );

    // The others are untouched, with their notifications still queued.
    const contacts = await place.storage.listContacts();
    const applications = await place.storage.listApplications();
    expect(contacts.map((c) => c.username).sort()).toEqual(['Kiran Rao', 'Meera Iyer']);
    expect(applications.map((a) => a.name)).toEqual(['Ravi Kumar']);
    const deliveries = await place.storage.listDeliveries();
    expect(deliveries.map((d) => d.submissionId).sort()).toEqual([...contacts, ...applications].map((s) => s.id).sort());

    const audit = await run('audit');
    expect(audit.code).toBe(0);
    const lines = audit.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^WHEN \(UTC\)\s+ACTION\s+BY\s+ENQUIRIES\s+APPLICATIONS\s+NOTIFICATIONS$/);
    // Latest first: the look-up that found nothing any more, then the erasure.
    expect(lines[1]).toMatch(/^2026-11-25 12:\d\d\s+find\s+e-mail\s+0\s+0\s+0$/);
    expect(lines[2]).toMatch(/^2026-11-25 12:\d\d\s+erase\s+e-mail\s+2\s+1\s+3$/);
    expect(audit.stdout).toMatch(/find\s+phone\s+2\s+2\s+4/);
    expect(audit.stdout).toMatch(/export\s+e-mail\s+2\s+1\s+0/);
    // The log never holds what the person was found by.
    expect(audit.stdout).not.toMatch(/asha|98765/i);
  });
});

describe.each(places)('a rights request by phone reaches only the person with that number on $name', (where) => {
  let place: Place;
  const run = (...argv: string[]) => runIn(place, argv);

  beforeAll(async () => {
    place = await where.open();
    // The same ten digits behind two country codes, and once without any: three numbers, two people
    // (the one written without a country code is read as Indian, so it is Priya's).
    await place.storage.saveContact({
      ...validContact,
      username: 'Priya Nair',
      email: 'priya@example.in',
      mobile: '+91 98107 45210',
      spam: false,
    });
    await place.storage.saveApplication({
      ...validApplication,
      name: 'Priya Nair',
      email: 'priya@example.in',
      phone: '98107 45210',
      spam: false,
    });
    await place.storage.saveContact({
      ...validContact,
      username: 'John Miller',
      email: 'john@example.com',
      mobile: '+1 98107 45210',
      spam: false,
    });
  });
  afterAll(() => place?.cleanup());

  it.each([
    ['+1 98107 45210', ['John Miller']],
    ['+91 98107 45210', ['Priya Nair', 'Priya Nair']],
    ['98107 45210', ['Priya Nair', 'Priya Nair']],
    ['0091 98107 45210', ['Priya Nair', 'Priya Nair']],
    ['+44 98107 45210', []],
  ])('export --phone %s gives exactly the submissions of that number', async (phone, names) => {
    const { code, stdout, stderr } = await run('export', '--format', 'json', '--phone', phone);
    expect(code, stderr).toBe(0);
    expect((JSON.parse(stdout) as { username?: string; name?: string }[]).map((s) => s.username ?? s.name)).toEqual(names);
    expect(stderr.startsWith(`Asked for ${phone} (`), stderr).toBe(true);
    expect(stderr).toContain(`): ${names.length} submission${names.length === 1 ? '' : 's'} matched.`);
    if (names.length > 0)
      expect(stderr).toContain(names[0] === 'John Miller' ? 'j***@example.com  J*** M***' : 'p***@example.in  P*** N***');
  });

  it('erase --phone with another country code leaves the person with the same digits untouched', async () => {
    const { code, stdout, stderr } = await run('erase', '--phone', '+1 98107 45210', '--yes');
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('1 submission by the same number with the same country code (E.164)');
    expect(stdout).toMatch(/Erased 1 submission of anyone with this phone number: 1 enquiry and 0 job applications/);
    expect((await place.storage.listContacts()).map((c) => c.username)).toEqual(['Priya Nair']);
    expect((await place.storage.listApplications()).map((a) => a.name)).toEqual(['Priya Nair']);
  });
});

describe('the commands for one person refuse what cannot be meant', () => {
  it.each([
    [['find'], 'find needs --email <address> or --phone <number>'],
    [['find', '--email', 'asha'], "--email is 'asha'; give a whole address"],
    [['find', '--phone', '123'], "--phone is '123'; give the whole number"],
    [['erase', '--email', 'asha', '--phone', '9876543210'], "--email is 'asha'"],
    [
      ['find', '--phone', '+999 1234 5678'],
      "no country's numbering plan knows; check its country code, or find the person by --email",
    ],
    [['audit', '--email', 'a@b.in'], '--email belongs to export and find and erase, not to audit'],
  ])('%j exits with code 2', async (argv, message) => {
    let stderr = '';
    const code = await runSubmissionsCli(argv, { stdout: () => {}, stderr: (text) => void (stderr += text), env: {} });
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});

describe('printing stored values to a terminal', () => {
  const stored = {
    type: 'contact' as const,
    id: '0f6c1e9a-1111-4222-8333-944445555666',
    createdAt: '2025-12-01T09:00:00.000Z',
    // Stored before the forms refused such characters.
    username: 'Asha\u202Egnp.exe',
    mobile: '+91 98765 43210',
    email: 'asha@example.in',
    company: '\u001b[2J\u001b[31mAcme',
    projectDetails: 'one',
    spam: false,
    noticeVersion: null,
    page: null,
  };

  it('list and find show no escape sequence or bidirectional override as stored', () => {
    for (const text of [toTable([stored]), toPersonReport([stored])]) {
      expect(text).not.toContain('\u001b');
      expect(text).not.toContain('\u202e');
      expect(text).toContain('Asha');
      expect(text).toContain('gnp.exe');
    }
  });
});

describe('the privacy notice a submission was sent under', () => {
  const ctx = withTestApp();

  it('is recorded with each enquiry and application: the version the build wrote beside the pages', async () => {
    // How the build computes it from the notice (its date and a hash of its file): tests/server/server-facts.test.ts.
    const contact = await ctx.app.inject({ method: 'POST', url: contactUrl, payload: validContact });
    const application = await ctx.app.inject({ method: 'POST', url: applicationUrl, payload: validApplication });
    expect([contact.statusCode, application.statusCode]).toEqual([201, 201]);

    const [stored] = await ctx.underTest.storage.listContacts();
    const [applied] = await ctx.underTest.storage.listApplications();
    expect(stored?.noticeVersion).toBe(fixtureNoticeVersion);
    expect(applied?.noticeVersion).toBe(fixtureNoticeVersion);
  });
});
