/**
 * The validators the browser runs are generated at build time from schemas/api/ (the server's own
 * schemas). These tests load the generated module exactly as the plugin emits it and check that it
 * accepts good bodies, rejects each bad field with the message a person sees, and compiles no code at
 * run time (the site's Content-Security-Policy has no 'unsafe-eval').
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateValidators } from '../../src/forms/validators-plugin.ts';
import { checkBody, fromServer, summarise, trimAll, type Validator } from '../../src/forms/messages.ts';
import { applicationSpec, contactSpec } from '../../src/forms/spec.ts';
import type { FieldLimits } from '../../src/forms/declared.ts';

const root = resolve(import.meta.dirname, '../..');
const generated = generateValidators(join(root, 'schemas/api'));

interface GeneratedModule {
  validateContact: Validator;
  validateApplication: Validator;
  contactFields: Record<string, FieldLimits>;
  applicationFields: Record<string, FieldLimits>;
}

let module: GeneratedModule;
// Inside the project, so the generated imports of ajv's runtime resolve from node_modules as in the app.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const dir = mkdtempSync(join(root, 'node_modules/.cache/form-validators-test-'));

beforeAll(async () => {
  const file = join(dir, 'validators.mjs');
  writeFileSync(file, generated.code);
  module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as GeneratedModule;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const goodContact = {
  username: 'Asha Rao',
  mobile: '+91 98107 45210',
  email: 'asha@example.com',
  company: '',
  projectDetails: 'A booking app for clinics.',
  website: '',
};
const goodApplication = {
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  phone: '(+91) 98107-45210',
  domain: 'Frontend Developer',
  website: '',
};

const contactErrors = (body: Record<string, string>) => checkBody(contactSpec, module.validateContact, trimAll(body));
const applicationErrors = (body: Record<string, string>) => checkBody(applicationSpec, module.validateApplication, trimAll(body));

describe('generated module', () => {
  it('contains no run-time code compilation', () => {
    expect(generated.code).not.toMatch(/new Function|\beval\s*\(/);
    expect(generated.code).not.toMatch(/\brequire\(/);
  });

  it('imports only ajv runtime helpers, by paths that resolve', () => {
    expect(generated.runtimeImports.length).toBeGreaterThan(0);
    for (const specifier of generated.runtimeImports) expect(specifier).toMatch(/^ajv\/dist\/runtime\/[\w-]+\.js$/);
  });

  it('exports the field limits of the schemas', () => {
    expect(module.contactFields.username).toEqual({ required: true, maxLength: 100 });
    expect(module.contactFields.company).toEqual({ required: false, maxLength: 120 });
    expect(module.applicationFields.phone).toMatchObject({ required: true, maxLength: 25, pattern: expect.any(String) });
    expect(module.applicationFields.phone!.patternTitle).toBe(applicationSpec.fields.phone.invalid);
  });

  it('gives a pattern only to fields with a shape of their own, never to free text', () => {
    const shaped = (fields: Record<string, FieldLimits>) =>
      Object.entries(fields)
        .filter(([, limits]) => limits.pattern !== undefined)
        .map(([name]) => name);
    expect(shaped(module.contactFields)).toEqual(['mobile']);
    // The role is sent in a hidden input, which browsers do not check; its message serves the server's answer.
    expect(shaped(module.applicationFields)).toEqual(['phone', 'domain', 'portfolio']);
  });

  // The browser checks `pattern` before a plain HTML post; the server checks the schema after it. If the two
  // disagreed, a visitor without the app would be stopped on a good number or sent on with a bad one.
  it("the browser's pattern accepts exactly what the server's schema accepts, for every shaped field", () => {
    const forms = [
      { fields: module.contactFields, validate: module.validateContact, good: goodContact },
      { fields: module.applicationFields, validate: module.validateApplication, good: goodApplication },
    ];
    const phoneLike = fc.string({ unit: fc.constantFrom(...'0123456789+()-. x\u00a0٣'.split('')), maxLength: 24 });
    for (const { fields, validate, good } of forms) {
      for (const [name, limits] of Object.entries(fields)) {
        if (!limits.pattern) continue;
        const html = new RegExp(`^(?:${limits.pattern})$`, 'v');
        fc.assert(
          fc.property(fc.oneof(phoneLike, fc.string({ maxLength: 24 })), (value) => {
            validate({ ...good, [name]: value });
            const serverRefuses = (validate.errors ?? []).some(
              (error) => error.instancePath === `/${name}` && error.keyword === 'pattern',
            );
            expect(html.test(value)).toBe(!serverRefuses);
          }),
          { seed: 5101, numRuns: 2000 },
        );
      }
    }
  });

  it('refuses at build time a pattern the browser would silently ignore', () => {
    const schemaDir = join(dir, 'bad-pattern');
    mkdirSync(schemaDir, { recursive: true });
    for (const name of ['contact', 'application']) {
      const schema = JSON.parse(readFileSync(join(root, `schemas/api/${name}.schema.json`), 'utf8')) as {
        properties: Record<string, { pattern?: string }>;
      };
      if (name === 'application') schema.properties.phone!.pattern = '^[0-9+()\\-. ]+$';
      writeFileSync(join(schemaDir, `${name}.schema.json`), JSON.stringify(schema));
    }
    expect(() => generateValidators(schemaDir)).toThrow(/PatternNotHtml: the pattern of `phone`/);
  });

  it('counts characters as the server does (an emoji is one character)', () => {
    expect(contactErrors({ ...goodContact, username: '😀'.repeat(100) })).toEqual({});
    expect(contactErrors({ ...goodContact, username: '😀'.repeat(101) }).username).toBe(
      'Please shorten your name to 100 characters or fewer',
    );
  });
});

describe('contact enquiry', () => {
  it('accepts a good body, with or without a company', () => {
    expect(contactErrors(goodContact)).toEqual({});
    expect(contactErrors({ ...goodContact, company: 'Acme Pvt. Ltd.' })).toEqual({});
  });

  it.each([
    ['username', '', 'Please enter your name'],
    ['username', '   ', 'Please enter your name'],
    ['mobile', '', 'Please enter your mobile number'],
    ['mobile', '12345', 'Please enter a mobile number of 7 to 15 digits'],
    ['mobile', '98107 4521O', 'Please enter a mobile number of 7 to 15 digits'],
    ['mobile', '1'.repeat(21), 'Please enter a mobile number of 7 to 15 digits'],
    ['email', '', 'Please enter your e-mail address'],
    ['email', 'asha@', 'Please enter a valid e-mail address, such as name@company.com'],
    ['email', 'asha example.com', 'Please enter a valid e-mail address, such as name@company.com'],
    ['company', 'x'.repeat(121), 'Please shorten the company name to 120 characters or fewer'],
    ['projectDetails', '', 'Please tell us a little about your project'],
    ['projectDetails', 'x'.repeat(5001), 'Please shorten the project details to 5,000 characters or fewer'],
    [
      'username',
      'Asha\u202EVerma',
      'Please keep your name on one line, and type it again if it was pasted: it holds an invisible character',
    ],
    [
      'company',
      'Acme\u001b[0m',
      'Please keep the company name on one line, and type it again if it was pasted: it holds an invisible character',
    ],
    [
      'projectDetails',
      'Scope\u200B',
      'Please remove the invisible characters that came with pasted text from the project details (line breaks are fine)',
    ],
  ])('rejects %s = %j with “%s”', (field, value, message) => {
    expect(contactErrors({ ...goodContact, [field]: value })).toEqual({ [field]: message });
  });

  it('keeps line breaks and tabs in the project details, as the server does', () => {
    expect(contactErrors({ ...goodContact, projectDetails: 'Scope:\n\t- web app\r\n\t- admin' })).toEqual({});
  });

  it('reports every bad field at once, in form order, with a summary', () => {
    const errors = contactErrors({ ...goodContact, projectDetails: '', username: '', email: 'no' });
    expect(Object.keys(errors)).toEqual(['username', 'email', 'projectDetails']);
    expect(summarise(contactSpec, errors)).toBe('3 fields need your attention: Name, E-mail, Project details.');
  });

  it('leaves a filled honeypot to the server instead of blocking the visitor', () => {
    expect(contactErrors({ ...goodContact, website: 'x'.repeat(600) })).toEqual({});
    expect(module.validateContact({ ...goodContact, website: 'x'.repeat(600) })).toBe(false);
  });
});

describe('job application', () => {
  it('accepts a good body', () => {
    expect(applicationErrors(goodApplication)).toEqual({});
  });

  it.each([
    ['name', '', 'Please enter your name'],
    ['email', '', 'Please enter your e-mail address'],
    ['email', 'ravi@example', 'Please enter a valid e-mail address, such as name@company.com'],
    ['phone', '', 'Please enter your phone number'],
    ['phone', '12-34', 'Please enter a phone number of 7 to 15 digits'],
    ['phone', '9810745210 ext 5', 'Please enter a phone number of 7 to 15 digits'],
    ['phone', '1234567890123456', 'Please enter a phone number of 7 to 15 digits'],
    ['domain', '', 'Please close this window and choose a role from the open positions'],
    [
      'name',
      'Ravi\u2066Kumar',
      'Please keep your name on one line, and type it again if it was pasted: it holds an invisible character',
    ],
  ])('rejects %s = %j with “%s”', (field, value, message) => {
    expect(applicationErrors({ ...goodApplication, [field]: value })).toEqual({ [field]: message });
  });
});

describe('server messages', () => {
  it('are shown under the field with its label, and unknown fields are dropped', () => {
    const errors = fromServer(contactSpec, [
      { field: 'username', message: 'username is required' },
      { field: 'mobile', message: 'mobile must be a phone number: digits, optionally starting with +' },
      { field: 'nonsense', message: "unknown field 'nonsense'" },
    ]);
    expect(errors).toEqual({
      username: 'Name is required',
      mobile: 'Mobile number must be a phone number: digits, optionally starting with +',
    });
    expect(fromServer(applicationSpec, [{ field: 'domain', message: 'domain must be one of the open roles' }])).toEqual({
      domain: 'Role must be one of the open roles',
    });
  });
});
