/**
 * The shared editor service against its own users: for every address it answers (the editor's route
 * table, the service's own, sign-in), as every identity (nobody, a writer, another change set's
 * writer, a publisher, an admin), generated hostile requests: keys that reach a prototype
 * (`__proto__`, `constructor`, `prototype`) at every depth of the body the address expects, texts
 * longer than any page holds, nesting 10,000 deep, values of the wrong kind, bodies that are not
 * JSON, and lists of 100,000 items. The cases are generated (fast-check, fixed seed) from the body
 * each address reads, filled with a real page's data, not listed by hand.
 *
 * What must hold after every one of them: the answer is never a 5xx (a hostile body is a 4xx), the
 * service logs no error, nothing was added to a prototype every object shares, someone without a
 * cookie still cannot read the people, and another writer's save still succeeds.
 *
 * TEST_DEPTH=full runs ten cases per address and identity instead of two.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse, parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorRoutes } from '../../src/editor/server/routes.ts';
import { serviceRoutes } from '../../src/editor/service/routes.ts';
import { PROTOTYPE_KEYS, setOwn } from '../../src/content/safe-keys.ts';
import { startEditorFixture, type As, type EditorFixture } from './editor-fixture.ts';

const full = process.env.TEST_DEPTH === 'full';
const casesPerPair = full ? 10 : 2;

let fixture: EditorFixture;
/** A real page's data and version, as the editor opens it: the body a draft or save expects. */
let page: { version: string; data: Record<string, unknown> };
const file = 'content/pages/react.yaml';

beforeAll(async () => {
  fixture = await startEditorFixture('editor-hostile');
  page = (await fixture.call('POST', '/api/open', 'writer', { body: { file } })).json();
});
afterAll(async () => fixture?.close());

interface Address {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** Whether it reads a JSON body (sign-out and the uploads do not). */
  readonly readsBody: boolean;
}
const addresses: readonly Address[] = [
  ...Object.entries(editorRoutes)
    .filter(([url]) => url !== '/api/publish')
    .map(([url, route]) => ({ method: route.method, url, readsBody: route.method === 'POST' && !route.raw })),
  ...serviceRoutes.map((route) => ({ method: route.method, url: route.url, readsBody: route.method === 'POST' })),
  ...['/auth/sign-in', '/auth/invitation', '/auth/accept'].map((url) => ({ method: 'POST' as const, url, readsBody: true })),
  { method: 'POST', url: '/auth/sign-out', readsBody: false },
  { method: 'GET', url: '/auth/me', readsBody: false },
];
const identities: readonly As[] = ['nobody', 'writer', 'other-writer', 'publisher', 'admin'];

/**
 * Every field any address reads, with a value it would accept: a hostile case changes one place of
 * this. Addresses are people's and change sets' that the tests' own identities do not depend on.
 */
function expectedShape(): Record<string, unknown> {
  return {
    file,
    version: page.version,
    data: structuredClone(page.data),
    fix: { start: 0, end: 1, was: 'x', text: 'y', label: 'A fix' },
    route: '/a-hostile-page',
    template: 'page',
    label: 'A hostile page',
    draft: true,
    path: '/media/uploads/none.webp',
    title: 'A hostile change',
    text: 'A comment',
    note: 'A note',
    message: 'A message',
    email: 'someone-else@example.com',
    name: 'Someone Else',
    role: 'writer',
    password: 'not the password of anyone',
    token: 'not-a-token',
    commit: '0123456789abcdef0123456789abcdef01234567',
    days: 3,
    reviewed: 'x',
  };
}

type Path = (string | number)[];
/** Every place in `value`: the paths of its objects, lists and plain values. */
function places(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const here = { path, value };
  if (Array.isArray(value)) return [here, ...value.flatMap((item, i) => places(item, [...path, i]))];
  if (typeof value === 'object' && value !== null)
    return [here, ...Object.entries(value).flatMap(([key, item]) => places(item, [...path, key]))];
  return [here];
}
function replaceAt(root: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  if (path.length === 0) return value as Record<string, unknown>;
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  setOwn(node, path.at(-1)!, value);
  return root;
}

const PLACEHOLDER = '\u0000hostile-placeholder\u0000';
const nested = (depth: number, open: string, close: string, inner = '0') => open.repeat(depth) + inner + close.repeat(depth);
/** What a session looks like on a request: planted on a prototype, it would sign in whoever has no cookie. */
const fakeSession = {
  account: { email: 'mallory@example.com', name: 'Mallory', role: 'admin' },
  csrf: 'x',
  expiresAt: '2099-01-01',
};

interface HostileCase {
  readonly kind: 'prototype-key' | 'long-text' | 'deep' | 'wrong-type' | 'not-json' | 'huge-list';
  readonly what: string;
  readonly payload: string;
}

/** Generated hostile bodies, each one change to the expected shape. */
const hostileBody: fc.Arbitrary<HostileCase> = fc.constant(null).chain(() => {
  const shape = expectedShape();
  const all = places(shape);
  const objects = all.filter((p) => typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value));
  const texts = all.filter((p) => typeof p.value === 'string');
  const withPlaceholder = (path: Path) => JSON.stringify(replaceAt(expectedShape(), path, PLACEHOLDER));
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...objects),
        fc.constantFrom(...PROTOTYPE_KEYS),
        fc.constantFrom<unknown>(fakeSession, { polluted: true }, { prototype: { polluted: true } }, 'polluted', [fakeSession]),
      )
      .map(([place, key, value]) => {
        const body = expectedShape();
        const target = place.path.length === 0 ? body : (places(body).find((p) => same(p.path, place.path))!.value as object);
        setOwn(target, key, value);
        return {
          kind: 'prototype-key' as const,
          what: `${key} at ${place.path.join('.') || 'the top'}`,
          payload: JSON.stringify(body),
        };
      }),
    fc.tuple(fc.constantFrom(...texts), fc.constantFrom(100_001, 1_048_576)).map(([place, length]) => ({
      kind: 'long-text' as const,
      what: `${length} characters at ${place.path.join('.')}`,
      payload: JSON.stringify(replaceAt(expectedShape(), place.path, 'x'.repeat(length))),
    })),
    fc.tuple(fc.constantFrom(...all), fc.constantFrom(65, 10_000), fc.boolean()).map(([place, depth, lists]) => ({
      kind: 'deep' as const,
      what: `${depth} levels of ${lists ? 'lists' : 'groups'} at ${place.path.join('.') || 'the top'}`,
      payload: withPlaceholder(place.path).replace(
        JSON.stringify(PLACEHOLDER),
        lists ? nested(depth, '[', ']') : nested(depth, '{"a":', '}'),
      ),
    })),
    fc
      .tuple(
        fc.constantFrom(...all.filter((p) => p.path.length > 0)),
        fc.constantFrom<unknown>(0, -1, 1e308, true, false, null, [], {}, 'text', [1, 'two'], { a: 1 }),
      )
      .map(([place, value]) => ({
        kind: 'wrong-type' as const,
        what: `${JSON.stringify(value)} at ${place.path.join('.')}`,
        payload: JSON.stringify(replaceAt(expectedShape(), place.path, value)),
      })),
    fc
      .oneof(
        fc.nat().map((n) => {
          const text = JSON.stringify(expectedShape());
          return text.slice(0, 1 + (n % (text.length - 1)));
        }),
        fc.constantFrom('[]', '"text"', 'null', '12', 'true', '{"a":}', '{a:1}', "{'a':1}", '\u0000', '{"a":1}}', '\uFEFF{}'),
      )
      .map((payload) => ({ kind: 'not-json' as const, what: JSON.stringify(payload.slice(0, 40)), payload })),
    fc.tuple(fc.constantFrom(...all), fc.constantFrom(1_001, 100_000)).map(([place, length]) => ({
      kind: 'huge-list' as const,
      what: `${length} items at ${place.path.join('.') || 'the top'}`,
      payload: withPlaceholder(place.path).replace(JSON.stringify(PLACEHOLDER), `[${Array(length).fill(0).join(',')}]`),
    })),
  );
});
const same = (a: Path, b: Path) => a.length === b.length && a.every((key, i) => key === b[i]);

/** Hostile query strings for the addresses that read one. */
const hostileQuery = fc
  .tuple(
    fc.constantFrom(
      'file',
      'route',
      'limit',
      'commit',
      '__proto__',
      'constructor',
      '__proto__[polluted]',
      'constructor[prototype][x]',
    ),
    fc.constantFrom(
      '__proto__',
      'constructor.prototype',
      '../../etc/passwd',
      '%00',
      'x'.repeat(100_000),
      '-1',
      '1e308',
      '/\u202Eevil',
    ),
  )
  .map(([key, value]) => ({
    kind: 'query' as const,
    what: `?${key}=${value.slice(0, 30)}`,
    query: new URLSearchParams({ [key]: value }),
  }));

/** What every object shares: nothing may be added to it by a request. */
const shared = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const snapshot = () => shared.map((proto) => Object.getOwnPropertyNames(proto).sort().join(','));

describe('every address, as every identity, refuses hostile input and gives nobody anything', () => {
  const before = snapshot();
  let saves = 0;

  it.each(addresses.map((address) => [`${address.method} ${address.url}`, address] as const))(
    '%s',
    async (_name, address) => {
      const url = address.url.replace(':id', fixture.own.writer.id).replace(':commit', 'abcdef1');
      for (const [n, as] of identities.entries()) {
        // A hostile change set of the writer's may be published or withdrawn by a case: start another.
        if (!['draft', 'in-review'].includes(fixture.changeSets.get(fixture.own.writer.id).state)) {
          (fixture.own as Record<string, unknown>).writer = await fixture.changeSets.create('Work of writer, again', {
            email: 'writer@example.com',
            name: 'A writer',
          });
        }
        const cases =
          address.method === 'GET'
            ? fc.sample(hostileQuery, { seed: 4900 + n, numRuns: casesPerPair })
            : fc.sample(hostileBody, { seed: 4900 + n, numRuns: casesPerPair });
        for (const hostile of cases) {
          const logged = fixture.logs.length;
          const response =
            hostile.kind === 'query'
              ? await fixture.call('GET', `${url}?${hostile.query}`, as)
              : await fixture.call('POST', url, as, { payload: hostile.payload });
          const told = `${address.method} ${address.url} as ${as}, ${hostile.kind}: ${hostile.what} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, told).toBeLessThan(500);
          if (address.readsBody && ['prototype-key', 'long-text', 'deep', 'not-json', 'huge-list'].includes(hostile.kind))
            expect(response.statusCode, told).toBeGreaterThanOrEqual(400);
          expect(
            fixture.logs.slice(logged).filter((line) => line.level >= 50),
            told,
          ).toEqual([]);
          expect(snapshot(), told).toEqual(before);
          const anonymous = await fixture.call('GET', '/api/people', 'nobody');
          expect(anonymous.statusCode, told).toBe(401);
          // Signing out is what this address does: the next case starts signed in again.
          if (as !== 'nobody' && (await fixture.call('GET', '/auth/me', as)).statusCode === 401) await fixture.renew(as);
        }
      }
      // Someone else's work goes on: a save in another change set succeeds after all of it.
      const opened = (await fixture.call('POST', '/api/open', 'other-writer', { body: { file } })).json();
      const saved = await fixture.call('POST', '/api/save', 'other-writer', {
        body: { file, version: opened.version, data: { ...opened.data, title: `React developers, checked ${++saves}` } },
      });
      expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    },
    120_000,
  );
});

describe('a content file that holds keys reaching a prototype', () => {
  const before = snapshot();
  /** Every content file the writer's change set has, with each group (mapping) in it. */
  const targets = () =>
    readdirSync(join(fixture.changeSets.root(fixture.own['other-writer'].id), 'content'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => `content/${name}`);

  it('is opened, checked and saved without the key reaching anything, and nothing logs an error (fast-check)', async () => {
    const who = 'other-writer';
    const root = fixture.changeSets.root(fixture.own[who].id);
    const files = targets();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...files),
        fc.nat(),
        fc.constantFrom(...PROTOTYPE_KEYS),
        fc.constantFrom<unknown>(fakeSession, { prototype: { polluted: true } }, 'polluted'),
        async (name, n, key, value) => {
          const original = readFileSync(join(root, name), 'utf8');
          const doc = parseDocument(original);
          const groups = places(doc.toJS()).filter(
            (p) => typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value),
          );
          const place = groups[n % groups.length]!;
          doc.setIn([...place.path, key], value);
          writeFileSync(join(root, name), doc.toString());
          const logged = fixture.logs.length;
          try {
            const opened = await fixture.call('POST', '/api/open', who, { body: { file: name } });
            const told = `${name}: ${key} at ${place.path.join('.') || 'the top'} → open ${opened.statusCode} ${opened.body.slice(0, 200)}`;
            expect(opened.statusCode, told).toBeLessThan(500);
            if (opened.statusCode === 200) {
              // What the page shows the writer: the file's data without the key, saved back.
              const { version } = opened.json() as { version: string };
              const data = parse(original) as unknown;
              for (const address of ['/api/draft', '/api/save']) {
                const response = await fixture.call('POST', address, who, { body: { file: name, version, data } });
                expect(
                  response.statusCode,
                  `${told}; ${address} ${response.statusCode} ${response.body.slice(0, 200)}`,
                ).toBeLessThan(500);
              }
            }
            expect(
              fixture.logs.slice(logged).filter((line) => line.level >= 50),
              told,
            ).toEqual([]);
            expect(snapshot(), told).toEqual(before);
          } finally {
            writeFileSync(join(root, name), original);
          }
        },
      ),
      { seed: 4949, numRuns: full ? 200 : 25 },
    );
    expect((await fixture.call('GET', '/api/people', 'nobody')).statusCode).toBe(401);
  }, 300_000);
});
