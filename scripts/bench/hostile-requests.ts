/**
 * Generates hostile requests for the two form endpoints from a seed, so that a failing run can be replayed
 * exactly: `npm run bench:fuzz` sends thousands of them to the real server over HTTP, and
 * tests/server/fuzz.test.ts a few hundred through `inject` on both databases.
 */
import { addDeclarationKeywords } from '../../src/forms/declared.ts';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import type { FormatsPlugin } from 'ajv-formats';
import type { Storage } from '../../src/server/storage/index.ts';

// ajv-formats is CommonJS and types only a default export (see src/server/validation.ts).
const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;

/** A random number generator: the same seed gives the same sequence on every machine (mulberry32). */
export type Random = () => number;

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Reads SEED from the environment: a whole number, `random`, or unset for `fallback`. */
export function readSeed(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (raw.trim() === 'random') return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new Error(`SEED is '${raw}'; use a whole number (0 or more), 'random', or leave it unset for ${fallback}.`);
  }
  return seed;
}

/** One request to send, as bytes, so that invalid UTF-8 and broken JSON can be expressed. */
export interface HostileRequest {
  /** Which mutation produced it, for the report (`valid`, `wrong-type`, `truncated-json`, …). */
  readonly kind: string;
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | undefined;
}

interface FieldSchema {
  readonly type: string;
  readonly maxLength?: number;
}

interface RequestSchema {
  readonly required: readonly string[];
  readonly properties: Readonly<Record<string, FieldSchema>>;
}

/** One endpoint to attack: where it is, its schema and a way to make a body it accepts. */
export interface FuzzTarget {
  readonly name: 'contact' | 'application';
  readonly url: string;
  readonly schema: RequestSchema;
  /** A body the endpoint accepts (it may carry SQL or HTML in its free text: that is valid input). */
  valid(random: Random): Record<string, string>;
}

const schemasDir = fileURLToPath(new URL('../../schemas/api/', import.meta.url));

function readSchema(file: string): RequestSchema {
  return JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as RequestSchema;
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

/** Free text that a form field may legitimately hold and that must be stored as text, never run. */
export const injectionPayloads = [
  "'; DROP TABLE contact_submissions; --",
  "Robert'); DROP TABLE applications;--",
  '" OR "1"="1',
  "' OR 1=1 --",
  '1; SELECT pg_sleep(5); --',
  "'||(SELECT sqlite_version())||'",
  "admin'/*",
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  '${7*7} #{7*7} <%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: a=b',
  '\u202eevil\u202c',
  'zero\u200bwidth\u200djoiner\ufeff',
  'नमस्ते दुनिया',
  'مرحبا بالعالم',
  '😀👩🏽‍💻🇮🇳',
];

const names = ['Asha Verma', 'Ravi Kumar', 'Zoë Ångström', "O'Brien", 'Nguyễn Thị Minh', 'अनन्या शर्मा', 'Li Wei'];
const domains = ['example.in', 'example.com', 'mail.example.org', 'xn--80ak6aa92e.example'];

function marker(random: Random): string {
  return Math.floor(random() * 2 ** 32)
    .toString(36)
    .padStart(7, '0');
}

function validEmail(random: Random): string {
  return `${pick(random, ['asha', 'ravi.kumar', 'first+tag', 'o_brien', 'x'])}.${marker(random)}@${pick(random, domains)}`;
}

function validPhone(random: Random): string {
  const digits = Array.from({ length: between(random, 10, 12) }, () => between(random, 0, 9)).join('');
  return pick(random, [`+91 ${digits.slice(0, 5)} ${digits.slice(5, 10)}`, digits.slice(0, 10), `+${digits}`]);
}

function freeText(random: Random, maxLength: number): string {
  const parts = Array.from({ length: between(random, 1, 4) }, () =>
    random() < 0.5 ? pick(random, injectionPayloads) : `Project note ${marker(random)}`,
  );
  return parts.join(' ').slice(0, maxLength);
}

/** The two endpoints; `roles` are the open roles an application's `domain` must name. */
export function fuzzTargets(roles: readonly string[]): FuzzTarget[] {
  const role = roles[0] ?? 'React Developer';
  return [
    {
      name: 'contact',
      url: '/api/v1/contact/create-contact',
      schema: readSchema('contact.schema.json'),
      valid: (random) => ({
        username: `${pick(random, names)} ${random() < 0.3 ? pick(random, injectionPayloads).slice(0, 40) : ''}`.trim(),
        mobile: validPhone(random).replace(/[()]/g, '').slice(0, 20),
        email: validEmail(random),
        ...(random() < 0.7 ? { company: freeText(random, 120) } : {}),
        projectDetails: freeText(random, 5000),
        ...(random() < 0.1 ? { website: 'http://spam.example' } : {}),
      }),
    },
    {
      name: 'application',
      url: '/api/v1/services/create-service',
      schema: readSchema('application.schema.json'),
      valid: (random) => ({
        name: `${pick(random, names)} ${random() < 0.3 ? pick(random, injectionPayloads).slice(0, 40) : ''}`.trim(),
        email: validEmail(random),
        phone: validPhone(random),
        domain: pick(random, roles.length > 0 ? roles : [role]),
        ...(random() < 0.1 ? { website: 'http://spam.example' } : {}),
      }),
    },
  ];
}

const json = { 'content-type': 'application/json' } as const;

/** Values of every JSON type but the right one, and some that stress parsers and validators. */
function wrongValue(random: Random): unknown {
  return pick<() => unknown>(random, [
    () => null,
    () => true,
    () => 0,
    () => -1.5e308,
    () => between(random, -1e9, 1e9),
    () => [],
    () => ['a', 'b'],
    () => ({}),
    () => ({ value: 'x' }),
    () => ({ $gt: '' }),
    () => nested(random, between(random, 10, 2000)),
  ])();
}

function nested(random: Random, depth: number): unknown {
  let value: unknown = 'bottom';
  const asArray = random() < 0.5;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Raw JSON text for values JSON.stringify cannot produce: deep nesting without recursion, own __proto__ keys. */
function deepJson(depth: number, asArray: boolean): string {
  return asArray ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Characters that are valid JSON escapes but troublesome to store: NUL, lone surrogates, controls. */
const awkwardEscapes = [
  '\\u0000',
  '\\ud800',
  '\\udfff',
  '\\udc00\\ud800',
  '\\u0007',
  '\\u001b[31m',
  '\\u2028',
  '\\ufeff',
  '\\r\\n',
];

/** Bytes that are not UTF-8: lone continuation bytes, overlong encodings, surrogates encoded as UTF-8, 0xff. */
const invalidUtf8 = [
  Buffer.from([0xff]),
  Buffer.from([0xfe, 0xff]),
  Buffer.from([0x80]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xe0, 0x80, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xc3]),
  Buffer.from([0x00]),
];

/** Strings of the right type that a field must still refuse: bad formats, blanks, closed roles. */
const badValues: Readonly<Record<string, readonly string[]>> = {
  email: ['asha', 'asha@', '@example.in', 'asha@localhost', 'a b@example.in', 'asha@@example.in', 'asha@example..in'],
  mobile: ['call me', '123', '+91 98765 43210 ext 5', '٩٨٧٦٥٤٣٢١٠', '+', '++919876543210'],
  phone: ['call me', '123', '98765 43210 (home) or 98765 43211', '٩٨٧٦٥٤٣٢١٠', '1'.repeat(16)],
  domain: ['Astronaut', 'react developer', ' ', 'React Developer; DROP TABLE applications'],
  username: ['', '   ', '\t\n'],
  name: ['', '   '],
  projectDetails: ['', ' \n '],
};

type Mutation = (random: Random, target: FuzzTarget) => Omit<HostileRequest, 'url'> & { url?: string };

function jsonBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

function withField(random: Random, target: FuzzTarget, field: string, rawValue: string): Buffer {
  const body = target.valid(random);
  delete body[field];
  const entries = Object.entries(body).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  entries.splice(between(random, 0, entries.length), 0, `${JSON.stringify(field)}:${rawValue}`);
  return Buffer.from(`{${entries.join(',')}}`);
}

const fieldsOf = (target: FuzzTarget) => Object.keys(target.schema.properties);

/** Each mutation with a weight: the valid kind is frequent enough that stored rows can be checked. */
const mutations: ReadonlyArray<readonly [string, number, Mutation]> = [
  ['valid', 12, (random, target) => ({ kind: 'valid', method: 'POST', headers: json, body: jsonBody(target.valid(random)) })],
  [
    'bad-value',
    6,
    (random, target) => {
      const body = target.valid(random);
      const field = pick(
        random,
        Object.keys(badValues).filter((name) => name in target.schema.properties),
      );
      body[field] = pick(random, badValues[field] ?? ['']);
      return { kind: 'bad-value', method: 'POST', headers: json, body: jsonBody(body) };
    },
  ],
  [
    'wrong-type',
    8,
    (random, target) => {
      const body: Record<string, unknown> = target.valid(random);
      body[pick(random, fieldsOf(target))] = wrongValue(random);
      return { kind: 'wrong-type', method: 'POST', headers: json, body: jsonBody(body) };
    },
  ],
  [
    'missing-fields',
    6,
    (random, target) => {
      const body: Record<string, unknown> = target.valid(random);
      for (const field of target.schema.required) if (random() < 0.5) delete body[field];
      if (random() < 0.2) for (const field of Object.keys(body)) delete body[field];
      return { kind: 'missing-fields', method: 'POST', headers: json, body: jsonBody(body) };
    },
  ],
  [
    'extra-fields',
    5,
    (random, target) => {
      const body: Record<string, unknown> = target.valid(random);
      for (let i = between(random, 1, 5); i > 0; i -= 1) {
        body[pick(random, ['id', 'spam', 'createdAt', 'admin', 'role', `x${marker(random)}`, ''])] = wrongValue(random);
      }
      return { kind: 'extra-fields', method: 'POST', headers: json, body: jsonBody(body) };
    },
  ],
  [
    'prototype-pollution',
    6,
    (random, target) => {
      const valid = JSON.stringify(target.valid(random)).slice(1, -1);
      const hostile = pick(random, [
        '"__proto__":{"polluted":true,"spam":false}',
        '"constructor":{"prototype":{"polluted":true}}',
        '"__proto__":null',
        '"__proto__":[]',
        '"prototype":{"polluted":true}',
        '"__proto__":{"__proto__":{"polluted":true}}',
        '"toString":"x","hasOwnProperty":"y","valueOf":1',
      ]);
      const text = random() < 0.5 ? `{${hostile},${valid}}` : `{${valid},${hostile}}`;
      const body = random() < 0.2 ? `{${hostile}}` : text;
      return { kind: 'prototype-pollution', method: 'POST', headers: json, body: Buffer.from(body) };
    },
  ],
  [
    'huge-string',
    5,
    (random, target) => {
      const field = pick(random, fieldsOf(target));
      const max = target.schema.properties[field]?.maxLength ?? 100;
      const length = pick(random, [max, max + 1, max * 2, between(random, 6000, 31_000)]);
      const text = pick(random, ['a', 'é', '😀', ' ', 'ß']).repeat(length);
      return { kind: 'huge-string', method: 'POST', headers: json, body: withField(random, target, field, JSON.stringify(text)) };
    },
  ],
  [
    'deep-nesting',
    4,
    (random, target) => {
      const depth = pick(random, [100, 1000, 5000, 15_000]);
      const deep = deepJson(depth, random() < 0.5);
      const body = random() < 0.5 ? withField(random, target, pick(random, fieldsOf(target)), deep) : Buffer.from(deep);
      return { kind: 'deep-nesting', method: 'POST', headers: json, body };
    },
  ],
  [
    'invalid-utf8',
    5,
    (random, target) => {
      const field = pick(random, fieldsOf(target));
      const text = withField(random, target, field, '"@@BYTES@@"').toString();
      const [before = '', after = ''] = text.split('@@BYTES@@');
      const bytes = Buffer.concat([Buffer.from('ab'), pick(random, invalidUtf8), Buffer.from('cd')]);
      const body = random() < 0.8 ? Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]) : bytes;
      return { kind: 'invalid-utf8', method: 'POST', headers: json, body };
    },
  ],
  [
    'awkward-characters',
    6,
    (random, target) => {
      const field = pick(random, fieldsOf(target));
      const body = target.valid(random);
      const value = `${body[field] ?? 'x'}`;
      const at = between(random, 0, value.length);
      const raw =
        JSON.stringify(value.slice(0, at)).slice(0, -1) + pick(random, awkwardEscapes) + JSON.stringify(value.slice(at)).slice(1);
      return { kind: 'awkward-characters', method: 'POST', headers: json, body: withField(random, target, field, raw) };
    },
  ],
  [
    'non-object',
    3,
    (random) => ({
      kind: 'non-object',
      method: 'POST',
      headers: json,
      body: Buffer.from(pick(random, ['null', 'true', '0', '"text"', '[]', '[{"email":"a@b.c"}]', '1e400', '-0', '"\\u0000"'])),
    }),
  ],
  [
    'wrong-content-type',
    6,
    (random, target) => {
      const contentType = pick(random, [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/jsonp',
        'APPLICATION/JSON',
        'application/json, text/plain',
        'application/vnd.api+json',
        `application/json; ${'x'.repeat(5000)}=1`,
        '',
        ';',
        '*/*',
      ]);
      const body = jsonBody(target.valid(random));
      return {
        kind: 'wrong-content-type',
        method: 'POST',
        headers: contentType === '' ? {} : { 'content-type': contentType },
        body: random() < 0.8 ? body : Buffer.from(new URLSearchParams(target.valid(random)).toString()),
      };
    },
  ],
  [
    'wrong-method',
    5,
    (random, target) => {
      const method = pick(random, ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
      const hasBody = method !== 'GET' && method !== 'HEAD' && random() < 0.7;
      return {
        kind: 'wrong-method',
        method,
        headers: hasBody ? json : {},
        body: hasBody ? jsonBody(target.valid(random)) : undefined,
      };
    },
  ],
  [
    'wrong-path',
    3,
    (random, target) => ({
      kind: 'wrong-path',
      method: 'POST',
      headers: json,
      body: jsonBody(target.valid(random)),
      url: pick(random, [
        `${target.url}/`,
        `${target.url}?id=1&spam=0`,
        target.url.toUpperCase(),
        target.url.replace('/api/v1/', '/api/v1//'),
        target.url.replace('/v1/', '/v1/../v1/'),
        `${target.url}%00`,
        `${target.url}/${'a'.repeat(3000)}`,
        target.url.replace('create', '%63reate'),
        '/api/v1/',
        '/api/v2' + target.url.slice('/api/v1'.length),
      ]),
    }),
  ],
  [
    'truncated-json',
    6,
    (random, target) => {
      const text = JSON.stringify(target.valid(random));
      return {
        kind: 'truncated-json',
        method: 'POST',
        headers: json,
        body: Buffer.from(text.slice(0, between(random, 1, text.length - 1))),
      };
    },
  ],
  [
    'broken-json',
    4,
    (random, target) => {
      const text = JSON.stringify(target.valid(random));
      const broken = pick(random, [
        text.replace(/"/g, "'"),
        text.replace(/:/, ''),
        `${text},`,
        `${text}${text}`,
        text.replace('{', '{,'),
        `{${text.slice(1, -1)},}`,
        text.replace(/"(\w+)":/, '$1:'),
        `\ufeff${text}`,
        `/*comment*/${text}`,
        text.replace(/"[^"]*"}$/, 'NaN}'),
      ]);
      return { kind: 'broken-json', method: 'POST', headers: json, body: Buffer.from(broken) };
    },
  ],
  [
    'duplicate-keys',
    3,
    (random, target) => {
      const field = pick(random, target.schema.required);
      const valid = JSON.stringify(target.valid(random)).slice(1, -1);
      const value = random() < 0.5 ? JSON.stringify(wrongValue(random)) : '"second value"';
      return { kind: 'duplicate-keys', method: 'POST', headers: json, body: Buffer.from(`{${valid},"${field}":${value}}`) };
    },
  ],
  [
    'empty-body',
    3,
    (random) => ({
      kind: 'empty-body',
      method: 'POST',
      headers: random() < 0.7 ? json : {},
      body: Buffer.from(pick(random, ['', ' ', '\n\t ', '{}', '""'])),
    }),
  ],
  [
    'huge-body',
    3,
    (random, target) => {
      const size = pick(random, [33 * 1024, 100 * 1024, 1024 * 1024]);
      const body: Record<string, unknown> = target.valid(random);
      body.padding = 'x'.repeat(size);
      return { kind: 'huge-body', method: 'POST', headers: json, body: jsonBody(body) };
    },
  ],
  [
    'foreign-origin',
    2,
    (random, target) => ({
      kind: 'foreign-origin',
      method: 'POST',
      headers: {
        ...json,
        origin: pick(random, ['https://evil.example', 'null', 'file://', 'http://localhost.evil.example', 'not an origin']),
      },
      body: jsonBody(target.valid(random)),
    }),
  ],
  [
    'random-bytes',
    2,
    (random) => ({
      kind: 'random-bytes',
      method: 'POST',
      headers: json,
      body: Buffer.from(Array.from({ length: between(random, 1, 2000) }, () => between(random, 0, 255))),
    }),
  ],
];

const totalWeight = mutations.reduce((sum, [, weight]) => sum + weight, 0);

/** The mutation kinds, for reports that list every kind even when a run produced none of one. */
export const mutationKinds: readonly string[] = mutations.map(([kind]) => kind);

/** `count` hostile requests for `target`, the same ones for the same seed. */
export function* hostileRequests(target: FuzzTarget, seed: number, count: number): Generator<HostileRequest> {
  const random = createRandom(seed ^ (target.name === 'contact' ? 0x0c0c0c0c : 0x0a0a0a0a));
  for (let i = 0; i < count; i += 1) {
    let roll = random() * totalWeight;
    let chosen = mutations[0]![2];
    for (const [, weight, mutation] of mutations) {
      roll -= weight;
      if (roll < 0) {
        chosen = mutation;
        break;
      }
    }
    const request = chosen(random, target);
    yield { ...request, url: request.url ?? target.url };
  }
}

/** What a stored submission looks like to the checks below: the fields of its request, as stored. */
export interface StoredRow {
  readonly id: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * Checks rows read back from the database against the request schemas, with a validator of its own (not the
 * server's): every stored value must be one the API was allowed to accept, already trimmed, and an
 * application's role must be open. Returns one line per problem.
 */
export function storedRowProblems(
  target: FuzzTarget,
  rows: readonly StoredRow[],
  roles: readonly string[],
  /** What each 201 promised, by the id it answered (see `expectedFields`): every row must be one of them. */
  acknowledged?: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
): string[] {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv, ['email']);
  addDeclarationKeywords(ajv);
  const { $id: _id, ...schema } = target.schema as RequestSchema & { $id?: string };
  const validate = ajv.compile(schema);
  const problems: string[] = [];
  for (const row of rows) {
    if (!validate(row.fields)) {
      problems.push(`${target.name} ${row.id}: ${ajv.errorsText(validate.errors)}`);
    }
    for (const [field, value] of Object.entries(row.fields)) {
      if (typeof value === 'string' && value !== value.trim()) problems.push(`${target.name} ${row.id}: ${field} is not trimmed`);
    }
    if (target.name === 'application' && !roles.includes(String(row.fields.domain))) {
      problems.push(`${target.name} ${row.id}: domain is not an open role`);
    }
    if (acknowledged !== undefined) {
      const sent = acknowledged.get(row.id);
      if (sent === undefined) problems.push(`${target.name} ${row.id}: stored, but no request was answered 201 with this id`);
      else if (JSON.stringify(sortKeys(sent)) !== JSON.stringify(sortKeys(row.fields))) {
        problems.push(`${target.name} ${row.id}: stored values differ from the values sent`);
      }
    }
  }
  return problems;
}

const sortKeys = (fields: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The fields a request that was answered 201 must have been stored with: its JSON body (the last of
 * duplicate keys, as JSON.parse keeps), top-level strings trimmed, without the honeypot, which is not stored.
 */
export function expectedFields(request: HostileRequest): Record<string, unknown> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(request.body ?? Buffer.alloc(0))) as Record<
      string,
      unknown
    >;
  } catch (error) {
    // Nothing can match this, so the stored row is reported as differing from what was sent.
    return { '(body)': `answered 201, but it is not UTF-8 JSON (${(error as Error).message})` };
  }
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key !== 'website')
      .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  );
}

/** Reads every stored submission of one endpoint, shaped like the request that created it. */
export async function readStoredRows(storage: Storage, name: FuzzTarget['name']): Promise<StoredRow[]> {
  if (name === 'contact') {
    return (await storage.listContacts()).map(({ id, username, mobile, email, company, projectDetails }) => ({
      id,
      // A null company is a field that was left out; an empty one was sent empty.
      fields: { username, mobile, email, projectDetails, ...(company === null ? {} : { company }) },
    }));
  }
  return (await storage.listApplications()).map(({ id, name: applicant, email, phone, domain }) => ({
    id,
    fields: { name: applicant, email, phone, domain },
  }));
}

/**
 * One conversation over a raw TCP connection, for what `http.request` and `inject` cannot send: bytes that
 * are not valid HTTP, bodies cut off, clients that vanish. `ending` says how the client leaves: `wait`
 * reads the answer (only for a request that is whole or broken at once, which the server answers without
 * waiting for more); `half-close` sends FIN, which Node's server takes as the client leaving; `close` and
 * `reset` (a TCP RST) go away without waiting for anything.
 */
export interface RawExchange {
  readonly kind: string;
  readonly parts: readonly Buffer[];
  readonly ending: 'wait' | 'half-close' | 'close' | 'reset';
}

const crlf = '\r\n';

/** The request line and headers of a POST to `url`, with the given framing headers. */
const head = (url: string, framing: readonly string[], extra: readonly string[] = []) =>
  [`POST ${url} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', ...framing, ...extra, '', ''].join(crlf);

/** A body as chunked transfer coding, in chunks of `size` bytes. */
const chunked = (body: string, size: number) => {
  const bytes = Buffer.from(body);
  let out = '';
  for (let i = 0; i < bytes.length; i += size) {
    const chunk = bytes.subarray(i, i + size);
    out += `${chunk.length.toString(16)}${crlf}${chunk.toString('latin1')}${crlf}`;
  }
  return Buffer.from(`${out}0${crlf}${crlf}`, 'latin1');
};

/** The ways a client leaves without waiting for its answer. */
const gone = ['half-close', 'close', 'reset'] as const;

/** Cuts `bytes` at a random place strictly inside it. */
const cut = (random: Random, bytes: Buffer) => bytes.subarray(0, between(random, 1, Math.max(1, bytes.length - 1)));

const rawKinds: readonly [string, (target: FuzzTarget, random: Random) => Omit<RawExchange, 'kind'>][] = [
  [
    'chunked-valid',
    (t, r) => ({
      parts: [Buffer.from(head(t.url, ['Transfer-Encoding: chunked'])), chunked(JSON.stringify(t.valid(r)), between(r, 1, 64))],
      ending: 'wait',
    }),
  ],
  [
    'chunk-size-not-hex',
    (t, r) => ({
      parts: [
        Buffer.from(head(t.url, ['Transfer-Encoding: chunked'])),
        Buffer.from(`${pick(r, ['zz', '-1', '0x10', ' 5', '1 2', '\u00ff'])}${crlf}{}${crlf}0${crlf}${crlf}`, 'latin1'),
      ],
      ending: pick(r, ['wait', ...gone] as const),
    }),
  ],
  [
    'chunk-size-huge',
    (t, r) => ({
      parts: [
        Buffer.from(head(t.url, ['Transfer-Encoding: chunked'])),
        Buffer.from(`${pick(r, ['ffffffffffffffff', '7fffffff', '100000'])}${crlf}{"a":`),
      ],
      ending: pick(r, gone),
    }),
  ],
  [
    'chunk-without-crlf',
    (t, r) => ({
      parts: [Buffer.from(head(t.url, ['Transfer-Encoding: chunked'])), Buffer.from(`2${crlf}{}XX0${crlf}${crlf}`)],
      ending: pick(r, ['wait', ...gone] as const),
    }),
  ],
  [
    'chunked-cut-off',
    (t, r) => ({
      parts: [
        Buffer.from(head(t.url, ['Transfer-Encoding: chunked'])),
        cut(r, chunked(JSON.stringify(t.valid(r)), between(r, 4, 64))),
      ],
      ending: pick(r, gone),
    }),
  ],
  [
    'length-cut-off',
    (t, r) => {
      const body = Buffer.from(JSON.stringify(t.valid(r)));
      return {
        parts: [Buffer.from(head(t.url, [`Content-Length: ${body.length}`])), cut(r, body)],
        ending: pick(r, gone),
      };
    },
  ],
  [
    'length-and-chunked',
    (t, r) => ({
      parts: [
        Buffer.from(head(t.url, ['Content-Length: 4', 'Transfer-Encoding: chunked'])),
        chunked(JSON.stringify(t.valid(r)), 16),
      ],
      ending: 'wait',
    }),
  ],
  [
    'headers-cut-off',
    (t, r) => ({
      parts: [cut(r, Buffer.from(head(t.url, ['Content-Length: 2'])))],
      ending: pick(r, gone),
    }),
  ],
  [
    'header-not-http',
    (t, r) => ({
      parts: [
        Buffer.from(
          head(t.url, ['Content-Length: 2'], [pick(r, ['Bad Header: x', 'X-A: a\rb', 'X-B:\u0000', ': empty', 'X-C a'])]) + '{}',
          'latin1',
        ),
      ],
      ending: pick(r, ['wait', ...gone] as const),
    }),
  ],
  [
    'headers-too-large',
    (t, r) => ({
      parts: [Buffer.from(head(t.url, ['Content-Length: 2'], [`X-Big: ${'a'.repeat(between(r, 17_000, 70_000))}`]) + '{}')],
      ending: 'wait',
    }),
  ],
  [
    'request-line-not-http',
    (_t, r) => ({
      parts: [
        Buffer.from(
          `${pick(r, ['GET / HTTP/9.9', 'POST', 'BREW /pot HTCPCP/1.0', '\u0016\u0003\u0001\u0002\u0000'])}${crlf}${crlf}`,
          'latin1',
        ),
      ],
      ending: 'wait',
    }),
  ],
  ['gone-after-headers', (t, r) => ({ parts: [Buffer.from(head(t.url, ['Content-Length: 200']))], ending: pick(r, gone) })],
  [
    'gone-after-body',
    (t, r) => {
      const body = Buffer.from(JSON.stringify(t.valid(r)));
      return {
        parts: [Buffer.from(head(t.url, [`Content-Length: ${body.length}`])), body],
        ending: pick(r, gone),
      };
    },
  ],
];

export const rawKindNames: readonly string[] = rawKinds.map(([kind]) => kind);

/** `count` raw exchanges with `target`, the same for the same seed. */
export function* rawExchanges(target: FuzzTarget, seed: number, count: number): Generator<RawExchange> {
  const random = createRandom(seed ^ 0x5eed);
  for (let i = 0; i < count; i += 1) {
    const [kind, make] = rawKinds[i % rawKinds.length]!;
    yield { kind, ...make(target, random) };
  }
}

/** What came back from a raw exchange: the status of the answer when one was awaited and came. */
export interface RawOutcome {
  readonly status: number | undefined;
  /** Why there is no status: the client left on purpose, or the server did not answer in time. */
  readonly failure?: string;
}

/** Plays one exchange against 127.0.0.1:`port`; never rejects. */
export function sendRaw(port: number, exchange: RawExchange, timeoutMs = 15_000): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let settled = false;
    const settle = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ status: undefined, failure: `no answer within ${timeoutMs / 1000} s` }), timeoutMs);
    const statusOf = () => /^HTTP\/1\.[01] (\d{3}) /.exec(answer)?.[1];
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      // The status line is the answer; a kept-alive connection would not close by itself.
      const status = statusOf();
      if (status !== undefined) settle({ status: Number(status) });
    });
    socket.on('error', () => {});
    socket.on('close', () =>
      settle({ status: undefined, failure: exchange.ending === 'wait' ? 'closed without an answer' : 'left' }),
    );
    socket.once('connect', () => {
      for (const part of exchange.parts) socket.write(part);
      // The callback of an empty write runs once everything before it has gone out.
      socket.write('', () => {
        if (exchange.ending === 'half-close') socket.end();
        else if (exchange.ending === 'reset') socket.resetAndDestroy();
        else if (exchange.ending === 'close') socket.destroy();
      });
    });
  });
}
