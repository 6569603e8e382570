/**
 * A browser's own form post (issue 51, HTML first): the API takes the form body, in either encoding a
 * browser uses (form-encoded and multipart), stores what it
 * accepts and sends the browser on to the form's confirmation page, or draws the form's page again with
 * each problem at its field and every value as typed. Cases come from the forms' declarations (every
 * field of both forms) and from fast-check, hostile bodies included; the renderer is recorded, not run
 * (the real one is tested over the build in tests/built/form-pages.test.ts).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { declarations, type DeclaredForm } from '../../src/forms/declared.ts';
import type { PostedForm } from '../../src/forms/posted.ts';
import { applicationSpec, contactSpec, type FormSpec } from '../../src/forms/spec.ts';
import { runs } from '../helpers/depth.ts';
import { pdfFile } from './cv-files.ts';
import {
  anyStorage,
  applicationUrl,
  contactUrl,
  createTestApp,
  fixtureNoticeVersion,
  fixtureRoles,
  fixtureRoutes,
  tempDir,
  validApplication,
  validContact,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';

const origin = 'http://localhost:80';
const roleRoute = '/careers';
const forms = [
  { route: '/start', submission: 'contact' },
  { route: roleRoute, submission: 'application', role: fixtureRoles[0] },
];
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
const drawn: { route: string; posted: PostedForm }[] = [];
let fail = false;

const client = tempDir('form-post');
let app: FastifyInstance;
let underTest: StorageUnderTest;
beforeAll(async () => {
  underTest = await anyStorage.open();
  writeClientBuild(client.dir, {
    facts: { routes: fixtureRoutes, roles: fixtureRoles, noticeVersion: fixtureNoticeVersion, forms },
  });
  app = await createTestApp(underTest.storage, client.dir, {
    // Every case runs in both encodings, and at full depth that is more posts in a minute than the
    // helper's limit of 1,000: this file tests what a post says, the rate limit has tests of its own.
    rateLimit: { max: 100_000, timeWindowMs: 60_000 },
    renderFormPage: async (posted) => {
      if (fail) throw new Error('FormPageMismatch: a test says the bundle and the pages disagree');
      const { route } = posted;
      drawn.push({ route, posted });
      return `<!doctype html><title>Form page of ${route}</title>`;
    },
  });
});
afterAll(async () => {
  await app.close();
  await underTest.cleanup();
  client.remove();
});

/** Form-encodes fields as a browser does. */
const encode = (fields: Readonly<Record<string, string>>) => new URLSearchParams(Object.entries(fields)).toString();

const BOUNDARY = '----formdata-test-7MA4YWxkTrZu0gW';
type Part = readonly [name: string, value: string | Buffer, file?: { readonly filename: string; readonly type: string }];

/** A multipart/form-data body as a browser builds it: one part per field, values as raw bytes. */
function multipartBody(parts: readonly Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value, file] of parts) {
    const disposition = `form-data; name="${name.replace(/"/g, '%22')}"${file ? `; filename="${file.filename}"` : ''}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${file ? `Content-Type: ${file.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

/** The two encodings a browser posts a form in; each test of a form runs in both. */
const encodings = [
  { encoding: 'form-encoded', type: 'application/x-www-form-urlencoded', body: encode },
  {
    encoding: 'multipart',
    type: multipartType,
    // The application's form sends its CV with its fields (a PDF here): a browser's multipart post always has it.
    body: (fields: Readonly<Record<string, string>>, form?: DeclaredForm) =>
      multipartBody([
        ...Object.entries(fields),
        ...Object.keys(form?.files ?? {}).map((name): Part => [
          name,
          pdfFile(),
          { filename: 'Ravi Kumar CV.pdf', type: 'application/pdf' },
        ]),
      ]),
  },
] as const;

function post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      origin,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: body,
  });
}

/**
 * A refused post, as the visitor meets it: a page (not JSON) with `status` that says `says` (on the short
 * page, or above the button of the form drawn again), nothing stored beyond the `before` enquiries, and
 * no prototype touched.
 */
async function expectRefusedPage(
  response: Awaited<ReturnType<typeof post>>,
  { status, says, before }: { status: number; says: RegExp; before: number },
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body + JSON.stringify(drawn)).toMatch(says);
  expect((await underTest.storage.listContacts()).length).toBe(before);
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
}

/** A form drawn again asks for each of its files again: a browser cannot put a chosen file back. */
const askedAgain = (spec: FormSpec<string>) =>
  Object.fromEntries(Object.entries(spec.files).map(([name, file]) => [name, expect.stringContaining(`${file.required} again`)]));

/** Any name a field could be sent under, every name an object inherits among them. */
const anyFieldName = fc.oneof(
  fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype)),
  fc.string({ minLength: 1, maxLength: 20 }),
);

const cases = [
  { url: contactUrl, form: declarations.contact as DeclaredForm, spec: contactSpec as FormSpec<string>, valid: validContact },
  {
    url: applicationUrl,
    form: declarations.application as DeclaredForm,
    spec: applicationSpec as FormSpec<string>,
    valid: validApplication,
  },
] as const;

describe.each(encodings.flatMap((encoding) => cases.map((form) => ({ ...form, ...encoding }))))(
  'a plain HTML post of the $form.submission form, $encoding',
  ({ url, form, spec, valid, encoding, type, body: encodeAs }) => {
    const send = (fields: Readonly<Record<string, string>>, headers: Record<string, string> = {}) =>
      post(url, encodeAs(fields, form), { 'content-type': type, ...headers });

    it('is stored and sends the browser on to the confirmation page, which a reload does not post again', async () => {
      const email = `${form.submission}.${encoding}.plain@example.in`;
      const response = await send({ ...valid, email, website: '' });

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(form.confirmation);
      const stored =
        form.submission === 'contact' ? await underTest.storage.listContacts() : await underTest.storage.listApplications();
      expect(stored.filter((row) => row.email === email)).toHaveLength(1);
    });

    it('answers JSON, as the JSON API does, when the post asks for JSON', async () => {
      const response = await send(
        { ...valid, email: `${form.submission}.${encoding}.json@example.in` },
        {
          accept: 'application/json',
        },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.any(String) });
      const refused = await send({ ...valid, email: 'not an address' }, { accept: 'application/json' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'ValidationFailed', fields: [{ field: 'email' }] });
    });

    // Every field of the form, broken each way its schema allows: empty, too long, and the wrong shape.
    const typed = form.fields.filter((field) => field.name !== 'domain');
    const broken = typed.flatMap((field) => [
      ...(field.optional ? [] : [{ field: field.name, value: '   ', message: field.required }]),
      { field: field.name, value: 'x'.repeat(6000), message: field.invalid ?? expect.stringMatching(/shorten/i) },
      ...(field.invalid ? [{ field: field.name, value: 'abc', message: field.invalid }] : []),
    ]);
    it.each(broken)(
      'that breaks $field ($value.length characters) draws the form again, the message at $field and every value as typed',
      async ({ field, value, message }) => {
        drawn.length = 0;
        const sent = { ...valid, [field]: value, website: '' };
        const response = await send(sent);

        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(drawn).toHaveLength(1);
        const { route, posted } = drawn[0]!;
        expect(route).toBe(form.submission === 'contact' ? '/start' : roleRoute);
        expect(posted.submission).toBe(form.submission);
        expect(posted.errors).toEqual({ [field]: message, ...askedAgain(spec) });
        expect(posted.values).toEqual(
          Object.fromEntries(spec.order.map((name) => [name, sent[name as keyof typeof sent] ?? ''])),
        );
      },
    );

    it('keeps any text a visitor types, and draws it back exactly as sent', () =>
      fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 40 }), async (text) => {
          drawn.length = 0;
          const field = typed[0]!.name;
          const response = await send({ ...valid, [field]: text, email: 'wrong' });
          expect(response.statusCode).toBe(400);
          expect(drawn[0]!.posted.values[field]).toBe(text);
        }),
        { seed: 51, numRuns: runs(20, 200) },
      ));
  },
);

describe('a multipart post that cannot be read or is not wanted', () => {
  const fields = Object.entries(validContact) as [string, string][];
  const whole = multipartBody(fields);
  const hostile = [
    {
      name: 'a field sent twice',
      body: multipartBody([...fields, ['email', 'other@example.in']]),
      status: 400,
      says: /email was sent more than once/,
    },
    {
      name: 'bytes that are not UTF-8',
      body: multipartBody([...fields.filter(([n]) => n !== 'company'), ['company', Buffer.from([0x41, 0xe0, 0xa4])]]),
      status: 400,
      says: /company is not UTF-8 text/,
    },
    {
      name: 'a field named __proto__',
      body: multipartBody([...fields, ['__proto__', 'admin']]),
      status: 400,
      says: /built-in property/,
    },
    {
      name: 'a field named constructor',
      body: multipartBody([...fields, ['constructor', 'x']]),
      status: 400,
      says: /built-in property/,
    },
    {
      name: 'a file',
      body: multipartBody([...fields, ['cv', Buffer.from('%PDF-1.7'), { filename: 'cv.pdf', type: 'application/pdf' }]]),
      status: 400,
      says: /cv is a file, and this form takes no file by that name/,
    },
    {
      name: 'a NUL in a field',
      body: multipartBody(fields.map(([n, v]) => [n, n === 'username' ? `${v}\0` : v] as const)),
      status: 400,
      says: /invisible character/,
    },
    {
      name: 'fields over 32 KB together',
      body: multipartBody([
        ...fields.filter(([n]) => n !== 'projectDetails'),
        ['projectDetails', 'x'.repeat(20_000)],
        ['company', 'y'.repeat(20_000)],
      ]),
      status: 413,
      says: /larger than 32 KB/,
    },
    { name: 'a body cut off mid-part', body: whole.subarray(0, whole.length - 60), status: 400, says: /not valid multipart/ },
  ];
  it.each(hostile)('answers $name with a page that says so, and stores nothing', async ({ body, status, says }) => {
    drawn.length = 0;
    const before = (await underTest.storage.listContacts()).length;
    await expectRefusedPage(await post(contactUrl, body, { 'content-type': multipartType }), { status, says, before });
  });

  it('answers a field of any name, raw bytes in its header included, with a 4xx and no 500', () =>
    fc.assert(
      fc.asyncProperty(anyFieldName, fc.string({ maxLength: 20 }), async (name, value) => {
        fc.pre(!Object.hasOwn(validContact, name) && name !== 'website');
        const response = await post(contactUrl, multipartBody([...fields, [name, value]]), { 'content-type': multipartType });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
      }),
      { seed: 5102, numRuns: runs(40, 400) },
    ));

  it('refuses a post from another site by its Origin', async () => {
    const foreign = await post(contactUrl, whole, {
      'content-type': multipartType,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toMatch(/only from this website/);
  });
});

describe('a plain HTML post that cannot be read or is not wanted', () => {
  const hostile = [
    {
      name: 'a field sent twice',
      body: `${encode(validContact)}&email=other%40example.in`,
      status: 400,
      says: /email was sent more than once/,
    },
    { name: 'a broken %-escape', body: `${encode(validContact)}&company=%E0%A4`, status: 400, says: /not valid form encoding/ },
    {
      name: 'a field named __proto__',
      body: `${encode(validContact)}&__proto__=admin`,
      status: 400,
      says: /unknown field '__proto__'/,
    },
    {
      name: 'a field named constructor',
      body: `${encode(validContact)}&constructor=x`,
      status: 400,
      says: /unknown field 'constructor'/,
    },
    {
      name: 'a NUL in a field',
      body: encode(validContact).replace('username=Asha', 'username=Asha%00'),
      status: 400,
      says: /invisible character/,
    },
    {
      name: 'a body over 32 KB',
      body: encode({ ...validContact, projectDetails: 'x'.repeat(40_000) }),
      status: 413,
      says: /larger than 32 KB/,
    },
  ];
  it.each(hostile)('answers $name with a page that says so, and stores nothing', async ({ body, status, says }) => {
    drawn.length = 0;
    const before = (await underTest.storage.listContacts()).length;
    await expectRefusedPage(await post(contactUrl, body), { status, says, before });
  });

  it('answers a field of any name, each of the names an object inherits included, with a 400 page and no 500', () =>
    fc.assert(
      fc.asyncProperty(anyFieldName, fc.string({ maxLength: 20 }), async (name, value) => {
        fc.pre(!Object.hasOwn(validContact, name) && name !== 'website');
        const response = await post(
          contactUrl,
          `${encode(validContact)}&${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
        );
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
      }),
      { seed: 51, numRuns: runs(40, 400) },
    ));

  it('refuses a post from another site by its Origin, and by Sec-Fetch-Site when the Origin was removed', async () => {
    const foreign = await post(contactUrl, encode(validContact), {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toMatch(/only from this website/);
    const hidden = await app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: encode(validContact),
    });
    expect(hidden.statusCode).toBe(403);
  });

  it('escapes what a visitor typed on the short page it sends when the form page cannot be drawn', async () => {
    fail = true;
    try {
      const response = await post(contactUrl, encode({ ...validContact, email: '<script>alert(1)</script>' }));
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Please enter a valid e-mail address');
      expect(response.body).not.toContain('<script>alert');
    } finally {
      fail = false;
    }
  });

  it('sends an application for a role with no page of its own to a short page that names the problem', async () => {
    drawn.length = 0;
    const response = await post(applicationUrl, encode({ ...validApplication, domain: fixtureRoles[1]!, phone: '1' }));
    expect(response.statusCode).toBe(400);
    expect(drawn).toEqual([]);
    expect(response.body).toContain('Please enter a phone number of 7 to 15 digits');
    expect(response.body).toContain('Nothing was saved');
  });

  it('says on the short page that a role is not open', async () => {
    drawn.length = 0;
    const response = await post(applicationUrl, encode({ ...validApplication, domain: 'Astronaut' }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Role must be one of the open roles');
  });
});
