import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanTextMessage } from '../../src/server/validation.ts';
import { applicationUrl, contactUrl, createTestApp, validApplication, validContact, withTestApp } from './helpers.ts';

const ctx = withTestApp();

interface ErrorResponse {
  error: string;
  message: string;
  fields: { field: string; message: string }[];
}

async function submit(url: string, payload: unknown) {
  const response = await ctx.app.inject({ method: 'POST', url, payload: payload as object });
  return { status: response.statusCode, body: response.json<ErrorResponse>() };
}

function without<T extends object>(body: T, key: keyof T): Partial<T> {
  const copy: Partial<T> = { ...body };
  delete copy[key];
  return copy;
}

const mobileMessage = 'mobile must be a phone number: digits, optionally starting with + and grouped with spaces or dashes';
const phoneMessage = 'phone must be a phone number with 7 to 15 digits; only digits, spaces, +, -, . and parentheses are allowed';

describe('contact enquiry validation', () => {
  it.each([
    ['username is missing', without(validContact, 'username'), 'username', 'username is required'],
    ['mobile is missing', without(validContact, 'mobile'), 'mobile', 'mobile is required'],
    ['email is missing', without(validContact, 'email'), 'email', 'email is required'],
    ['projectDetails is missing', without(validContact, 'projectDetails'), 'projectDetails', 'projectDetails is required'],
    ['username holds only whitespace', { ...validContact, username: ' \t\n ' }, 'username', 'username is required'],
    ['email holds only whitespace', { ...validContact, email: '   ' }, 'email', 'email is required'],
    [
      'username is longer than 100',
      { ...validContact, username: 'a'.repeat(101) },
      'username',
      'username must be at most 100 characters long',
    ],
    [
      'company is longer than 120',
      { ...validContact, company: 'c'.repeat(121) },
      'company',
      'company must be at most 120 characters long',
    ],
    [
      'projectDetails is longer than 5000',
      { ...validContact, projectDetails: 'p'.repeat(5001) },
      'projectDetails',
      'projectDetails must be at most 5000 characters long',
    ],
    ['email has no domain', { ...validContact, email: 'asha@' }, 'email', 'email must be a valid e-mail address'],
    [
      'email has no dot in its domain',
      { ...validContact, email: 'asha@localhost' },
      'email',
      'email must be a valid e-mail address',
    ],
    ['mobile has letters', { ...validContact, mobile: 'call me' }, 'mobile', mobileMessage],
    ['mobile is too short', { ...validContact, mobile: '12345' }, 'mobile', mobileMessage],
    ['mobile has too few digits among dashes', { ...validContact, mobile: '1-----1' }, 'mobile', mobileMessage],
    ['username is a number', { ...validContact, username: 42 }, 'username', 'username must be text'],
    ['an unknown field is sent', { ...validContact, foo: 'bar' }, 'foo', "unknown field 'foo'"],
  ])('refuses an enquiry whose %s', async (_case, body, field, message) => {
    const { status, body: answer } = await submit(contactUrl, body);

    expect(status).toBe(400);
    expect(answer.error).toBe('ValidationFailed');
    expect(answer.fields).toEqual([{ field, message }]);
  });

  it('names every bad field in one answer', async () => {
    const { status, body } = await submit(contactUrl, { username: ' ', mobile: 'x', email: 'y', foo: 1 });

    expect(status).toBe(400);
    expect(body.fields.map((error) => error.field).sort()).toEqual(['email', 'foo', 'mobile', 'projectDetails', 'username']);
    expect(body.message).toMatch(/fields/);
  });

  it('refuses a body that is a JSON array rather than an object', async () => {
    const { status, body } = await submit(contactUrl, [validContact]);

    expect(status).toBe(400);
    expect(body.error).toBe('ValidationFailed');
    expect(body.message).toMatch(/JSON object/);
  });

  it('treats a __proto__ key as an unknown field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validContact).replace(/}$/, ',"__proto__":{"spam":true}}'),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().fields).toEqual([{ field: '__proto__', message: "unknown field '__proto__'" }]);
  });

  // PostgreSQL refuses U+0000 in text (the insert failed with a 500), and a lone surrogate has no UTF-8 form.
  it('refuses a NUL character as a control character', async () => {
    const { status, body } = await submit(contactUrl, { ...validContact, username: 'Asha\u0000Verma' });
    expect(status).toBe(400);
    expect(body.fields).toEqual([{ field: 'username', message: cleanTextMessage.singleLine('username') }]);
  });

  it.each([
    ['a lone high surrogate', 'Asha \\ud83d'],
    ['a lone low surrogate', '\\ude00 Asha'],
  ])('refuses a field holding %s instead of storing something else', async (_case, escaped) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: contactUrl,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validContact).replace('"Asha Verma"', `"${escaped}"`),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().fields).toEqual([
      { field: 'username', message: expect.stringMatching(/^username contains a character that cannot be stored/) },
    ]);
  });

  it('accepts an emoji, whose surrogates come in pairs', async () => {
    const { status } = await submit(contactUrl, { ...validContact, username: 'Asha 😀 Verma' });
    expect(status).toBe(201);
  });
});

// A line break in a name forged a header-like line in notification e-mails ("Bcc: …"), and escape
// sequences or a right-to-left override reached the CSV export and terminals as raw bytes.
describe('control and invisible characters', () => {
  it.each([
    ['username', 'a CR LF and a forged header line', 'A\r\nBcc: x@evil.example', contactUrl, validContact],
    ['username', 'a terminal escape sequence', '\u001b]0;t\u0007', contactUrl, validContact],
    ['company', 'a right-to-left override', 'Acme\u202Egnp.exe', contactUrl, validContact],
    ['company', 'a zero-width space', 'Acme\u200BLtd', contactUrl, validContact],
    ['name', 'a bidirectional isolate', 'Asha\u2066Verma', applicationUrl, validApplication],
    ['name', 'a C1 control character', 'Asha\u0085Verma', applicationUrl, validApplication],
  ])('a single-line field (%s) holding %s gets a 400 that names it', async (field, _case, value, url, valid) => {
    const { status, body } = await submit(url, { ...valid, [field]: value });
    expect(status).toBe(400);
    expect(body.fields).toEqual([{ field, message: cleanTextMessage.singleLine(field) }]);
  });

  it('project details keep line breaks and tabs but refuse an escape character', async () => {
    const kept = await submit(contactUrl, { ...validContact, projectDetails: 'Scope:\r\n\t- web app\n\t- admin' });
    expect(kept.status).toBe(201);
    const refused = await submit(contactUrl, { ...validContact, projectDetails: 'Scope \u001b[31mred' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'projectDetails', message: cleanTextMessage.multiLine('projectDetails') }]);
  });

  it('accepts names whose scripts need joiners (Devanagari, Malayalam) and emoji sequences', async () => {
    for (const username of ['क्\u200Dष राव', 'ന്\u200Dമ', 'Asha 👩\u200D💻 Verma', 'Zoë Müller-Łukasz']) {
      const { status } = await submit(contactUrl, { ...validContact, username });
      expect(status, username).toBe(201);
    }
  });
});

describe('job application validation', () => {
  it.each([
    ['name is missing', without(validApplication, 'name'), 'name', 'name is required'],
    ['email is missing', without(validApplication, 'email'), 'email', 'email is required'],
    ['phone is missing', without(validApplication, 'phone'), 'phone', 'phone is required'],
    ['domain is missing', without(validApplication, 'domain'), 'domain', 'domain is required'],
    ['domain holds only whitespace', { ...validApplication, domain: '  ' }, 'domain', 'domain is required'],
    [
      'name is longer than 100',
      { ...validApplication, name: 'n'.repeat(101) },
      'name',
      'name must be at most 100 characters long',
    ],
    [
      'email is not an address',
      { ...validApplication, email: 'ravi at example.in' },
      'email',
      'email must be a valid e-mail address',
    ],
    ['phone has fewer than 7 digits', { ...validApplication, phone: '12-34-56' }, 'phone', phoneMessage],
    ['phone has more than 15 digits', { ...validApplication, phone: '1234567890123456' }, 'phone', phoneMessage],
    ['phone has letters', { ...validApplication, phone: '98765 abcde' }, 'phone', phoneMessage],
    [
      'domain is not a role on the careers page',
      { ...validApplication, domain: 'Astronaut' },
      'domain',
      'domain must be one of the open roles on the careers page',
    ],
    ['an unknown field is sent', { ...validApplication, resume: 'cv.pdf' }, 'resume', "unknown field 'resume'"],
  ])('refuses an application whose %s', async (_case, body, field, message) => {
    const { status, body: answer } = await submit(applicationUrl, body);

    expect(status).toBe(400);
    expect(answer.error).toBe('ValidationFailed');
    expect(answer.fields).toEqual([{ field, message }]);
  });

  it('matches the role after trimming it', async () => {
    const { status } = await submit(applicationUrl, { ...validApplication, domain: '  UI/UX Designer ' });

    expect(status).toBe(201);
  });

  it('reports a role that is not open together with the other bad fields', async () => {
    const { body } = await submit(applicationUrl, { ...validApplication, domain: 'Astronaut', email: 'nope' });

    expect(body.fields.map((error) => error.field).sort()).toEqual(['domain', 'email']);
  });
});

describe('when the content lists no roles', () => {
  let noRoles: FastifyInstance;
  beforeAll(async () => {
    noRoles = await createTestApp(ctx.underTest.storage, ctx.clientDir, { roles: [] });
  });
  afterAll(() => noRoles?.close());

  it('refuses every application and says there are no open roles', async () => {
    const response = await noRoles.inject({ method: 'POST', url: applicationUrl, payload: validApplication });

    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().fields).toEqual([
      { field: 'domain', message: 'domain must be one of the open roles on the careers page, and there are none at the moment' },
    ]);
  });
});
