/**
 * The inbox of the shared editor (issue 53): sales answers enquiries, hr answers applications, an admin
 * both; writers and publishers see only how many enquiries each page brought, and nobody else anything.
 * Every address of the inbox's table is tried as every role; then what the people who answer leads do
 * (filter, search, page through, take one up with a note, download a CV, export, find and erase a
 * person), on both databases.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runs } from '../helpers/depth.ts';
import { inboxRoutes, inboxTypes } from '../../src/editor/service/inbox-routes.ts';
import type { Storage } from '../../src/server/storage/index.ts';
import { docxFile, pdfFile } from './cv-files.ts';
import { host, password, startEditorFixture, type EditorFixture } from './editor-fixture.ts';
import { storageCases, validApplication, validContact, type StorageUnderTest } from './helpers.ts';

type Person = 'nobody' | 'writer' | 'publisher' | 'admin' | 'sales' | 'hr';
const everyone: readonly Person[] = ['nobody', 'writer', 'publisher', 'admin', 'sales', 'hr'];

/** Who may use each kind of address: written out here, not derived from the code under test. */
const mayUse = {
  enquiries: ['sales', 'admin'],
  applications: ['hr', 'admin'],
  people: ['admin'],
  counts: ['writer', 'publisher', 'admin'],
} as const;

describe.each(storageCases)('the inbox on $name', (storageCase) => {
  let under: StorageUnderTest;
  let storage: Storage;
  let fixture: EditorFixture;
  const sessions = {} as Record<'sales' | 'hr', { cookie: string; csrf: string }>;
  let enquiryId: string;
  let applicationId: string;

  const call = (method: 'GET' | 'POST', url: string, as: Person, body?: unknown) => {
    if (as === 'writer' || as === 'publisher' || as === 'admin' || as === 'nobody')
      return fixture.call(method, url, as, body === undefined ? {} : { body });
    return fixture.app.inject({
      method,
      url,
      headers: {
        host,
        cookie: sessions[as].cookie,
        ...(method === 'POST'
          ? { origin: `https://${host}`, 'content-type': 'application/json', 'x-csrf-token': sessions[as].csrf }
          : {}),
      },
      ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
    });
  };

  beforeAll(async () => {
    under = await storageCase.open();
    storage = under.storage;
    fixture = await startEditorFixture(`editor-inbox-${storageCase.name}`, { logLevel: 'silent', submissions: storage });
    for (const role of ['sales', 'hr'] as const) {
      const invitation = await fixture.accounts.add({ email: `${role}@example.com`, role }, 'test');
      const signedIn = await fixture.accounts.acceptInvitation(invitation.token, password);
      sessions[role] = { cookie: `__Host-editor_session=${signedIn.token}`, csrf: signedIn.csrf };
    }
    enquiryId = (await storage.saveContact({ ...validContact, email: 'meera@example.in', spam: false, page: '/services/react' }))
      .id;
    applicationId = (
      await storage.saveApplication({
        ...validApplication,
        email: 'ravi@example.in',
        spam: false,
        page: '/careers',
        files: [{ field: 'cv', fileName: 'Ravi CV.pdf', mediaType: 'application/pdf', content: pdfFile('Ravi Kumar') }],
      })
    ).id;
  }, 120_000);

  afterAll(async () => {
    await fixture?.close();
    await under?.cleanup();
  });

  /** Every address of the table, made concrete for each list it serves, with who may use it. */
  const addresses = () =>
    inboxRoutes.flatMap((route) => {
      const lists = route.url.includes(':type') ? (Object.keys(inboxTypes) as (keyof typeof inboxTypes)[]) : [undefined];
      return lists.map((list) => {
        const kind =
          list ??
          (route.url.startsWith('/api/people-data') ? 'people' : route.url === '/api/page-enquiries' ? 'counts' : 'applications');
        const id = kind === 'enquiries' ? enquiryId : applicationId;
        const url = route.url
          .replace(':type', list ?? '')
          .replace(':id', id)
          .replace(':file', 'no-such-file')
          .concat(route.url.startsWith('/api/people-data') && route.method === 'GET' ? '?email=ravi@example.in' : '');
        return { route, url, kind: kind as keyof typeof mayUse };
      });
    });

  it('answers each address only for the roles that may use it, and tells the others nothing', async () => {
    const table = addresses();
    expect(table.length).toBeGreaterThanOrEqual(inboxRoutes.length);
    for (const { route, url, kind } of table) {
      for (const as of everyone) {
        // Erasing is tried with a count that cannot match, so that nothing is erased by this walk.
        const response = await call(route.method, url, as, route.method === 'POST' ? { confirm: -1 } : undefined);
        const allowed = (mayUse[kind] as readonly string[]).includes(as);
        const where = `${route.method} ${url} as ${as}`;
        if (allowed) expect([401, 403], where).not.toContain(response.statusCode);
        else {
          expect(response.statusCode, where).toBe(as === 'nobody' ? 401 : 403);
          expect(response.body, where).not.toMatch(/meera|ravi/i);
        }
      }
    }
  });

  it('lists, filters, searches and pages through the enquiries, spam left out', async () => {
    for (let n = 0; n < 7; n += 1)
      await storage.saveContact({
        ...validContact,
        username: `Page Person ${n}`,
        email: `p${n}@example.in`,
        spam: n === 6,
        page: n % 2 === 0 ? '/contact' : '/services/react',
      });
    const all = (await call('GET', '/api/inbox/enquiries?limit=3', 'sales')).json();
    expect(all.total).toBe(7);
    expect(all.choices.pages).toEqual(['/contact', '/services/react']);
    const page2 = (await call('GET', '/api/inbox/enquiries?offset=50', 'sales')).json();
    expect(page2.items).toEqual([]);
    const fromContact = (await call('GET', '/api/inbox/enquiries?page=%2Fcontact', 'sales')).json();
    expect(fromContact.total).toBe(3);
    const found = (await call('GET', '/api/inbox/enquiries?q=MEERA', 'sales')).json();
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([enquiryId]);
    // A search's own % and _ are letters, not wildcards.
    expect((await call('GET', '/api/inbox/enquiries?q=%25', 'sales')).json().total).toBe(0);
    expect((await call('GET', '/api/inbox/enquiries?status=lost', 'sales')).statusCode).toBe(400);
    expect((await call('GET', '/api/inbox/enquiries?from=yesterday', 'sales')).statusCode).toBe(400);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call('GET', `/api/inbox/enquiries?from=${today}&to=${today}`, 'sales')).json().total).toBe(7);
    expect((await call('GET', '/api/inbox/enquiries?to=2000-01-01', 'sales')).json().total).toBe(0);
  });

  it('takes an application up with a note and an assignee, each step in its history', async () => {
    const changed = await call('POST', `/api/inbox/applications/${applicationId}`, 'hr', {
      status: 'in-progress',
      assignee: 'hr@example.com',
      note: 'Called Ravi; interview on Monday.',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'in-progress', assignee: 'hr@example.com', page: '/careers' });
    expect(changed.json().events.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['status', 'hr@example.com'],
      ['assign', 'hr@example.com'],
      ['note', 'hr@example.com'],
    ]);
    // The same state again records nothing.
    await call('POST', `/api/inbox/applications/${applicationId}`, 'hr', { status: 'in-progress' });
    expect((await call('GET', `/api/inbox/applications/${applicationId}`, 'hr')).json().events).toHaveLength(3);
    expect((await call('GET', '/api/inbox/applications?status=in-progress', 'hr')).json().total).toBe(1);
    expect((await call('POST', `/api/inbox/applications/${applicationId}`, 'hr', { status: 'won' })).statusCode).toBe(400);
    expect((await call('POST', '/api/inbox/applications/no-such-id', 'hr', { note: 'x' })).statusCode).toBe(404);
  });

  it('gives the CV as a download, never to be shown in the browser, and only to hr and admins', async () => {
    const detail = (await call('GET', `/api/inbox/applications/${applicationId}`, 'hr')).json();
    const [file] = detail.files;
    const download = await call('GET', `/api/inbox/applications/${applicationId}/files/${file.id}`, 'hr');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Ravi CV\.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(pdfFile('Ravi Kumar'))).toBe(true);
    expect((await call('GET', `/api/inbox/applications/${applicationId}/files/${file.id}`, 'sales')).statusCode).toBe(403);
  });

  it('exports the filtered list as CSV, formulas guarded', async () => {
    await storage.saveContact({
      ...validContact,
      username: '=HYPERLINK("http://evil.example")',
      email: 'f@example.in',
      spam: false,
    });
    const csv = await call('GET', '/api/inbox/enquiries/export?q=evil', 'sales');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('counts the enquiries each page brought this month for the writers, and nothing personal', async () => {
    const counts = (await call('GET', '/api/page-enquiries', 'writer')).json();
    expect(counts.counts['/contact']).toBe(3);
    expect(counts.counts['/services/react']).toBe(4);
    expect(JSON.stringify(counts)).not.toMatch(/@/);
  });

  it('finds, exports and erases a person from the browser, files and notes included, each in both audits', async () => {
    await storage.saveApplication({
      ...validApplication,
      email: 'ravi@example.in',
      spam: false,
      files: [
        {
          field: 'cv',
          fileName: 'cv.docx',
          mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          content: docxFile(),
        },
      ],
    });
    const found = (await call('GET', '/api/people-data?email=RAVI@example.in', 'admin')).json();
    expect(found.submissions).toHaveLength(2);
    const exported = await call('GET', '/api/people-data/export?email=ravi@example.in', 'admin');
    expect(exported.headers['content-disposition']).toMatch(/^attachment/);
    const copy = exported.json() as { files: { contentBase64: string }[]; history: { value: string }[] }[];
    expect(copy.flatMap((s) => s.files).every((f) => f.contentBase64.length > 0)).toBe(true);
    expect(copy.flatMap((s) => s.history).map((e) => e.value)).toContain('Called Ravi; interview on Monday.');

    const stale = await call('POST', '/api/people-data/erase', 'admin', { email: 'ravi@example.in', confirm: 1 });
    expect(stale.statusCode).toBe(409);
    const erased = await call('POST', '/api/people-data/erase', 'admin', { email: 'ravi@example.in', confirm: 2 });
    expect(erased.json()).toMatchObject({ applications: 2, contacts: 0 });
    expect((await call('GET', `/api/inbox/applications/${applicationId}`, 'hr')).statusCode).toBe(404);
    expect(await storage.readApplicationFile(applicationId, found.submissions[0].files[0].id)).toBeUndefined();
    expect((await storage.listAudit(5)).map((e) => e.action)).toEqual(expect.arrayContaining(['find', 'export', 'erase']));
    const editorAudit = await fixture.accounts.listAudit(50);
    for (const action of ['person.found', 'person.exported', 'person.erased'])
      expect(editorAudit.find((e) => e.action === action)).toMatchObject({ actor: 'admin@example.com' });
    expect(JSON.stringify(editorAudit)).not.toContain('ravi@example.in');
    expect((await call('POST', '/api/people-data/erase', 'admin', { phone: 'not a number', confirm: 0 })).statusCode).toBe(400);
  });
});

/**
 * The search, as a class: for any stored names and any words searched for (SQL's own wildcards `%` `_` and
 * its escape `\` included, Devanagari too), the inbox lists exactly the submissions whose fields hold the
 * words, in any case of their Latin letters, and counts them right, with spam never among them.
 */
describe.each(storageCases)('the inbox search on $name', (storageCase) => {
  const letters = fc.constantFrom(...'aAbBzZ%_\\ .-@रवि0'.split(''));
  const text = fc.string({ unit: letters, minLength: 1, maxLength: 6 });

  it('finds exactly the submissions that hold the words, whatever they are (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(text, fc.boolean()), { minLength: 1, maxLength: 8 }), text, async (rows, words) => {
        const under = await storageCase.open();
        try {
          for (const [name, spam] of rows)
            await under.storage.saveContact({ ...validContact, username: name, company: 'Acme', spam });
          const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
          const fields = (name: string) => [name, validContact.mobile, validContact.email, 'Acme', validContact.projectDetails];
          const expected = rows.filter(([name, spam]) => !spam && fields(name).some((f) => fold(f).includes(fold(words.trim()))));
          const page = await under.storage.listInbox({ type: 'contact', search: words, limit: 200 });
          expect(page.total).toBe(words.trim() === '' ? rows.filter(([, spam]) => !spam).length : expected.length);
          expect(page.items.map((item) => item.fields.username).sort()).toEqual(
            (words.trim() === '' ? rows.filter(([, spam]) => !spam) : expected).map(([name]) => name).sort(),
          );
        } finally {
          await under.cleanup();
        }
      }),
      { seed: 5301, numRuns: runs(15, 80) },
    );
  }, 120_000);
});
