/**
 * An application's CV (issue 53): the form posts it with its fields as multipart/form-data; the server
 * judges it by its content (a PDF or a Word file, whatever its name or declared type), refuses anything
 * else at its field, and stores it in the transaction of its application, so the two are kept or lost
 * together; erasing or purging the application takes the file with it. Both databases.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicationDeclaration } from '../../src/forms/declared.ts';
import { runs } from '../helpers/depth.ts';
import { docxFile, notCvs, pdfFile } from './cv-files.ts';
import { applicationUrl, contactUrl, storageCases, validApplication, validContact, withTestApp } from './helpers.ts';

const cv = applicationDeclaration.files!.cv!;
const BOUNDARY = '----application-files-test-boundary';
type Part = readonly [name: string, value: string | Buffer, file?: { readonly filename: string; readonly type: string }];

function multipart(parts: readonly Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value, file] of parts) {
    const disposition = `form-data; name="${name}"${file ? `; filename="${file.filename}"` : ''}`;
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${file ? `Content-Type: ${file.type}\r\n` : ''}\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const fieldsOf = (email: string, extra: Record<string, string> = {}): Part[] =>
  Object.entries({ ...validApplication, email, ...extra });
const cvPart = (content: Buffer, filename = 'Ravi Kumar CV.pdf', type = 'application/pdf'): Part => [
  'cv',
  content,
  { filename, type },
];

const server = withTestApp();

function post(url: string, body: Buffer, accept: 'json' | 'page' = 'json') {
  return server.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      accept: accept === 'json' ? 'application/json' : 'text/html',
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
    },
    payload: body,
  });
}

const storedFor = async (email: string) => (await server.underTest.storage.listApplications()).filter((a) => a.email === email);

describe('an application posted with its CV', () => {
  it.each([
    { kind: 'PDF', content: pdfFile(), filename: 'Ravi Kumar CV.pdf', stored: 'Ravi Kumar CV.pdf', mediaType: 'application/pdf' },
    {
      kind: 'Word (.docx)',
      content: docxFile(),
      // Named by the applicant's computer, folder and all: stored under its own name, with what it really is.
      filename: 'C:\\Users\\ravi\\Desktop\\résumé final.doc',
      stored: 'résumé final.docx',
      mediaType: cv.types.docx,
    },
  ])('is stored with the application when it is a $kind, under a clean name, byte for byte', async (file) => {
    const email = `cv.${file.kind.length}@example.in`;
    const response = await post(
      applicationUrl,
      multipart([...fieldsOf(email), cvPart(file.content, file.filename, 'application/octet-stream')]),
    );
    expect(response.statusCode, response.body).toBe(201);

    const [application, ...more] = await storedFor(email);
    expect(more).toEqual([]);
    expect(application!.id).toBe(response.json().id);
    expect(application!.files).toEqual([
      expect.objectContaining({ field: 'cv', fileName: file.stored, mediaType: file.mediaType, size: file.content.length }),
    ]);
    const read = await server.underTest.storage.readApplicationFile(application!.id, application!.files[0]!.id);
    expect(read!.content.equals(file.content)).toBe(true);
  });

  it('keeps the portfolio link, and refuses one that is not a web address at its field', async () => {
    const email = 'portfolio@example.in';
    const ok = await post(
      applicationUrl,
      multipart([...fieldsOf(email, { portfolio: 'https://behance.net/ravi' }), cvPart(pdfFile())]),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await storedFor(email))[0]!.portfolio).toBe('https://behance.net/ravi');
    const bad = await post(
      applicationUrl,
      multipart([...fieldsOf('bad.portfolio@example.in', { portfolio: 'javascript:alert(1)' }), cvPart(pdfFile())]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      { field: 'portfolio', message: expect.stringMatching(/^portfolio must be a web address/) },
    ]);
  });

  it.each(notCvs)('refuses $what named as a CV, at its field, and stores nothing', async ({ fileName, content, what }) => {
    const email = `not.cv.${what.length}@example.in`;
    const response = await post(applicationUrl, multipart([...fieldsOf(email), cvPart(content, fileName)]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'ValidationFailed',
      fields: [{ field: 'cv', message: expect.stringMatching(/^cv must be a pdf or docx file/) }],
    });
    expect(await storedFor(email)).toEqual([]);
  });

  it('refuses a CV over 10 MB with the limit, and stores nothing', async () => {
    const email = 'too.large@example.in';
    const large = Buffer.concat([pdfFile(), Buffer.alloc(cv.maxBytes)]);
    const response = await post(applicationUrl, multipart([...fieldsOf(email), cvPart(large)]));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ field: 'cv', message: `cv must be at most ${cv.maxBytes} bytes` }]);
    expect(await storedFor(email)).toEqual([]);
  });

  it('refuses the form sent without a CV, or with an empty file input, and names every problem at once', async () => {
    for (const parts of [
      fieldsOf('no.cv@example.in'),
      [...fieldsOf('empty.cv@example.in'), cvPart(Buffer.alloc(0), '', 'application/octet-stream')],
    ]) {
      const response = await post(applicationUrl, multipart(parts));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([{ field: 'cv', message: expect.stringMatching(/^cv is required/) }]);
    }
    const both = await post(applicationUrl, multipart(fieldsOf('not an address')));
    expect(both.json().fields.map((f: { field: string }) => f.field)).toEqual(['email', 'cv']);
  });

  it('as a plain HTML post, draws the form again with the message at the CV and the values kept', async () => {
    const response = await post(
      applicationUrl,
      multipart([...fieldsOf('page.cv@example.in'), cvPart(notCvs[0]!.content, 'cv.pdf')]),
      'page',
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(cv.invalid.replace(/'/g, '&#39;').slice(0, 30));
    expect(await storedFor('page.cv@example.in')).toEqual([]);
  });

  it('accepts an application without a CV from the JSON API, which cannot carry a file', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: applicationUrl,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
      payload: { ...validApplication, email: 'json.api@example.in' },
    });
    expect(response.statusCode).toBe(201);
    expect((await storedFor('json.api@example.in'))[0]!.files).toEqual([]);
  });

  it('refuses a file under any other name, and any file sent with the enquiry form', async () => {
    const other = await post(
      applicationUrl,
      multipart([
        ...fieldsOf('photo@example.in'),
        cvPart(pdfFile()),
        ['photo', pdfFile(), { filename: 'me.pdf', type: 'application/pdf' }],
      ]),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toEqual([
      { field: 'photo', message: 'photo is a file, and this form takes no file by that name' },
    ]);
    const enquiry = await post(contactUrl, multipart([...Object.entries(validContact), cvPart(pdfFile())]));
    expect(enquiry.statusCode).toBe(400);
    expect(enquiry.json().fields).toEqual([{ field: 'cv', message: 'cv is a file, and this form takes no file by that name' }]);
  });

  it('stores no file but a PDF or a Word file, whatever bytes and names are sent (fast-check)', () =>
    fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2000 }),
        fc.constantFrom('cv.pdf', 'cv.docx', 'cv', '../../etc/passwd', '__proto__', 'cv.pdf.exe'),
        fc.constantFrom('cv', 'CV', '__proto__', 'constructor', 'file'),
        async (bytes, filename, field) => {
          const email = `fuzz.${Math.random().toString(36).slice(2)}@example.in`;
          const response = await post(
            applicationUrl,
            multipart([...fieldsOf(email), [field, Buffer.from(bytes), { filename, type: 'application/pdf' }]]),
          );
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(await storedFor(email)).toEqual([]);
          expect(({} as Record<string, unknown>).admin).toBeUndefined();
        },
      ),
      { seed: 5301, numRuns: runs(30, 300) },
    ));
});

describe.each(storageCases)('the files of applications in $name', (storageCase) => {
  it('are erased with their person and purged with their application, in the same transaction', async () => {
    const underTest = await storageCase.open();
    try {
      const { storage } = underTest;
      const save = (email: string) =>
        storage.saveApplication({
          ...validApplication,
          email,
          spam: false,
          files: [{ field: 'cv', fileName: 'cv.pdf', mediaType: 'application/pdf', content: pdfFile(email) }],
        });
      const kept = await save('kept@example.in');
      const erased = await save('erased@example.in');
      expect(erased.files).toHaveLength(1);
      expect(
        (await storage.readApplicationFile(erased.id, erased.files[0]!.id))!.content.equals(pdfFile('erased@example.in')),
      ).toBe(true);

      const result = await storage.erasePerson({ email: 'erased@example.in' });
      expect(result.applications).toBe(1);
      expect(await storage.readApplicationFile(erased.id, erased.files[0]!.id)).toBeUndefined();
      expect(await storage.readApplicationFile(kept.id, kept.files[0]!.id)).toBeDefined();

      await storage.purgeSubmissions(new Date(Date.now() + 60_000).toISOString());
      expect(await storage.readApplicationFile(kept.id, kept.files[0]!.id)).toBeUndefined();
      // What another connection reads is what was committed.
      const again = await underTest.reopen();
      try {
        expect(await again.listApplications()).toEqual([]);
      } finally {
        await again.close();
      }
    } finally {
      await underTest.cleanup();
    }
  });
});
