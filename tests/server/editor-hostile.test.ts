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
import { PROTOTYPE_KEYS } from '../../src/content/yaml/safe-keys.ts';
import { startEditorFixture, type EditorFixture } from './editor-fixture.ts';
import { anyStorage, validApplication, validContact, type StorageUnderTest } from './helpers.ts';
import { addresses, fakeSession, hostileBody, hostileQuery, identities, places, useOpenedPage } from './hostile-requests.ts';
import { runs } from '../helpers/depth.ts';

const casesPerPair = runs(2, 8);

let fixture: EditorFixture;
/** A real page's data and version, as the editor opens it: the body a draft or save expects. */
let page: { version: string; data: Record<string, unknown> };
const file = 'content/pages/react.yaml';

let submissions: StorageUnderTest;

beforeAll(async () => {
  // The inbox's addresses read the site's submissions: a storage of their own, with one of each kind.
  submissions = await anyStorage.open();
  await submissions.storage.saveContact({ ...validContact, spam: false, page: '/contact' });
  await submissions.storage.saveApplication({ ...validApplication, spam: false, page: '/careers' });
  fixture = await startEditorFixture('editor-hostile', { submissions: submissions.storage });
  page = (await fixture.call('POST', '/api/open', 'writer', { body: { file } })).json();
  useOpenedPage({ file, version: page.version, data: page.data });
});
afterAll(async () => {
  await fixture?.close();
  await submissions?.cleanup();
});

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
        // Someone else's work goes on: a save in another change set succeeds after each identity's cases.
        const opened = (await fixture.call('POST', '/api/open', 'other-writer', { body: { file } })).json();
        const saved = await fixture.call('POST', '/api/save', 'other-writer', {
          body: { file, version: opened.version, data: { ...opened.data, title: `React developers, checked ${++saves}` } },
        });
        expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
      }
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
      { seed: 4949, numRuns: runs(25, 100) },
    );
    expect((await fixture.call('GET', '/api/people', 'nobody')).statusCode).toBe(401);
  }, 300_000);
});
