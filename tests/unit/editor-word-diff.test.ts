/**
 * The publisher's diff in words (src/editor/shared/word-diff.ts). Hand cases on a real page prove the
 * exact changes and places a publisher reads; the class tests take every content file and a fixed-seed
 * sample of edits of each kind (a text changed, an item removed, two items swapped, an item copied),
 * and check that exactly the edited place is reported. Replay a failure with its seed and the path
 * fast-check prints.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../src/content/files.ts';
import { valueAt } from '../../src/content/paths.ts';
import { describeFileChange, schemaOfFile, type FieldChange } from '../../src/editor/shared/word-diff.ts';
import { formSchemas } from '../../src/editor/api/form-schemas.ts';
import { same } from '../../src/editor/ui/same.ts';
import { projectRoot } from './content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

type Key = string | number;
type Page = {
  route: string;
  title: string;
  description: string;
  breadcrumb?: string;
  draft?: boolean;
  sections: Record<string, unknown>[];
};

const schemas = formSchemas(join(projectRoot, 'schemas'));
const read = (file: string): unknown => parse(readFileSync(join(projectRoot, file), 'utf8'));
const react = 'content/pages/react.yaml';
const reactPage = () => read(react) as Page;
const reactSchema = schemaOfFile(react, schemas);
const cardsOf = (page: Page, section: number) => page.sections[section]!.cards as { title: string; text: string }[];

describe('the diff in words, on a real page', () => {
  it('names a changed heading by its section and shows the words that changed', () => {
    const after = reactPage();
    after.sections[2]!.heading = 'ReactJS development **services and teams**';
    expect(describeFileChange(react, reactPage(), after, reactSchema)).toEqual({
      file: react,
      state: 'changed',
      title: 'ReactJS Development Services and Developers',
      changes: [
        {
          path: ['sections', 2, 'heading'],
          place: 'Cards “ReactJS development services and teams”, Heading',
          kind: 'changed',
          what: 'changed',
          before: 'ReactJS development services',
          after: 'ReactJS development services and teams',
          words: [
            { text: 'ReactJS development **services', kind: 'same' },
            { text: ' and teams', kind: 'added' },
            { text: '**', kind: 'same' },
          ],
        },
      ],
    });
  });

  it('reports a moved section as one move, not as every section after it changed', () => {
    const after = reactPage();
    after.sections.splice(4, 0, after.sections.splice(1, 1)[0]!);
    expect(describeFileChange(react, reactPage(), after, reactSchema).changes).toEqual([
      {
        path: ['sections', 4],
        place: 'Text beside a picture “React, the way we practise it”',
        kind: 'moved',
        what: 'moved from 2nd to 5th place',
        before: 'React, the way we practise it',
        after: 'React, the way we practise it',
        from: ['sections', 1],
        fromPlace: 'Text beside a picture “React, the way we practise it”',
      },
    ]);
  });

  it('reports a card put in the middle as one added card, not every later card changed', () => {
    const after = reactPage();
    cardsOf(after, 2).splice(2, 0, { title: 'Headless Commerce', text: 'Storefronts on Shopify and commercetools.' });
    expect(describeFileChange(react, reactPage(), after, reactSchema).changes).toEqual([
      {
        path: ['sections', 2, 'cards', 2],
        place: 'Cards “ReactJS development services”, Cards › Card “Headless Commerce”',
        kind: 'added',
        what: 'added',
        after: 'Headless Commerce',
      },
    ]);
  });

  it('reports a removed card once, by the place it had', () => {
    const after = reactPage();
    cardsOf(after, 3).splice(1, 1);
    expect(describeFileChange(react, reactPage(), after, reactSchema).changes).toEqual([
      {
        path: ['sections', 3, 'cards', 1],
        place: 'Cards “Why React”, Cards › Card “Efficient Rendering”',
        kind: 'removed',
        what: 'removed',
        before: 'Efficient Rendering',
      },
    ]);
  });

  it("names a nested link by the form's names for its fields (the hero's action is its Button)", () => {
    const after = reactPage();
    (after.sections[0]!.action as { link: string }).link = '/start';
    expect(describeFileChange(react, reactPage(), after, reactSchema).changes).toEqual([
      {
        path: ['sections', 0, 'action', 'link'],
        place: 'Page opening banner “Responsive interfaces built with React”, Button › Where the button goes',
        kind: 'changed',
        what: 'changed',
        before: '/contact',
        after: '/start',
        words: [
          { text: '/', kind: 'same' },
          { text: 'contact', kind: 'removed' },
          { text: 'start', kind: 'added' },
        ],
      },
    ]);
  });

  it('reports an optional field filled in as added, named by its editorName', () => {
    const after = reactPage();
    after.sections[2] = { type: 'card-grid', eyebrow: 'WHAT WE BUILD', ...after.sections[2] };
    expect(describeFileChange(react, reactPage(), after, reactSchema).changes).toEqual([
      {
        path: ['sections', 2, 'eyebrow'],
        place: 'Cards “ReactJS development services”, Small label above the heading',
        kind: 'added',
        what: 'added',
        after: 'WHAT WE BUILD',
      },
    ]);
  });

  it('follows a card that was moved and edited by its title: one move, then the edit at its new place', () => {
    const after = reactPage();
    const cards = cardsOf(after, 3);
    cards.unshift({ ...cards.splice(4, 1)[0]!, text: 'React is widely used, so your codebase stays easy to staff.' });
    const changes = describeFileChange(react, reactPage(), after, reactSchema).changes;
    expect(changes.map(({ path, place, kind, from }) => ({ path, place, kind, from }))).toEqual([
      {
        path: ['sections', 3, 'cards', 0],
        place: 'Cards “Why React”, Cards › Card “Large Talent Pool”',
        kind: 'moved',
        from: ['sections', 3, 'cards', 4],
      },
      {
        path: ['sections', 3, 'cards', 0, 'text'],
        place: 'Cards “Why React”, Cards › Card “Large Talent Pool” › Text',
        kind: 'changed',
        from: undefined,
      },
    ]);
  });

  it('reports a text changed to the same as the next item of its list as changed, not as one removed and one added', () => {
    const role = 'content/roles/hr-manager.yaml';
    const before = read(role) as { skills: string[] };
    const after = structuredClone(before);
    after.skills[0] = after.skills[1]!;
    expect(describeFileChange(role, before, after, schemaOfFile(role, schemas)).changes).toMatchObject([
      {
        path: ['skills', 0],
        place: 'Skills › Skill “Onboarding”',
        kind: 'changed',
        before: 'Technical recruitment',
        after: 'Onboarding',
      },
    ]);
  });

  it('lists changes in the order of the page, a removed field where it was', () => {
    const before = reactPage();
    const { route, breadcrumb: _gone, ...rest } = before;
    const after: Page = { route, draft: true, ...structuredClone(rest) };
    after.sections[4]!.heading = 'Why Sutra Labs for **React and Next.js**';
    cardsOf(after, 2).pop();
    cardsOf(after, 3)[0]!.title = 'Reusable Components Everywhere';
    cardsOf(after, 3).splice(1, 1);
    expect(describeFileChange(react, before, after, reactSchema).changes.map((c) => `${c.kind}: ${c.place}`)).toEqual([
      'added: Draft (not on the published site yet)',
      'removed: Short name (breadcrumb)',
      'removed: Cards “ReactJS development services”, Cards › Card “Maintenance and Performance”',
      'changed: Cards “Why React”, Cards › Card “Reusable Components Everywhere” › Title',
      'removed: Cards “Why React”, Cards › Card “Efficient Rendering”',
      'changed: Technology tiles “Why Sutra Labs for React and Next.js”, Heading',
    ]);
  });

  it('cuts a long text to a line with an ellipsis, and keeps every word in the runs', () => {
    const before = reactPage();
    const after = reactPage();
    after.description = `${before.description} Teams start within two weeks.`;
    const [change] = describeFileChange(react, before, after, reactSchema).changes;
    expect(change).toMatchObject({ place: 'Description', kind: 'changed' });
    expect(change!.after).toMatch(/^React web apps, dashboards and Next\.js sites built by Sutra Labs, plus remote\S*…$/);
    expect(change!.after!.length).toBeLessThanOrEqual(80);
    expect(change!.words!.filter((w) => w.kind === 'added')).toEqual([{ text: ' Teams start within two weeks.', kind: 'added' }]);
  });

  it('lists what a new page holds and what a deleted page held, field by field', () => {
    const data = reactPage();
    const made = describeFileChange(react, undefined, data, reactSchema);
    expect(made).toMatchObject({ state: 'new', title: 'ReactJS Development Services and Developers' });
    expect(made.changes.map((c) => [c.kind, c.place, c.after])).toEqual([
      ['added', 'Address', '/react'],
      ['added', 'Title', 'ReactJS Development Services and Developers'],
      ['added', 'Description', expect.stringMatching(/…$/)],
      ['added', 'Short name (breadcrumb)', 'ReactJS'],
      ['added', 'Accent colour', 'Teal'],
      ['added', 'Sections', expect.stringMatching(/^Responsive interfaces built with React, React, the way we practise it, /)],
    ]);
    const gone = describeFileChange(react, data, undefined, reactSchema);
    expect(gone).toMatchObject({ state: 'deleted', title: 'ReactJS Development Services and Developers' });
    expect(gone.changes.map((c) => c.kind)).toEqual(Array(6).fill('removed'));
  });

  it('names fields from their keys and items by what they say when the file has no schema, and the file by its name in words', () => {
    const before = read('content/shared/hire.yaml') as { slides: { heading: string }[] };
    const after = structuredClone(before);
    after.slides[1]!.heading = 'Grow Without Worries';
    expect(describeFileChange('content/shared/hire.yaml', before, after)).toMatchObject({
      title: 'Hire',
      changes: [{ path: ['slides', 1, 'heading'], place: 'Slides › Slide “Grow Without Worries” › Heading', kind: 'changed' }],
    });
  });

  it('names fields by the editorName of a schema file of schemas/ too, and by their keys where it refers to another file', () => {
    const after = reactPage();
    after.route = '/reactjs';
    (after.sections[0]!.action as { link: string }).link = '/start';
    const pageSchema = JSON.parse(readFileSync(join(projectRoot, 'schemas/page.schema.json'), 'utf8')) as object;
    expect(describeFileChange(react, reactPage(), after, pageSchema).changes.map((c) => c.place)).toEqual([
      'Address',
      'Section “Responsive interfaces built with React”, Action › Link',
    ]);
  });

  it("names a site link by the site's form, its item by what it says (a schema title such as NavItem is never shown)", () => {
    const before = read('content/site.yaml') as { navigation: { items: { name: string }[] } };
    const after = structuredClone(before);
    after.navigation.items[1]!.name = 'Start';
    expect(
      describeFileChange('content/site.yaml', before, after, schemaOfFile('content/site.yaml', schemas)).changes,
    ).toMatchObject([
      { path: ['navigation', 'items', 1, 'name'], place: 'Header menu › Menu links › Menu link “Start” › Name', kind: 'changed' },
    ]);
  });
});

// ---- Class tests: every content file × a fixed-seed sample of each kind of edit. ----

const files = listFiles(join(projectRoot, 'content'), '.yaml').map((abs) => relative(projectRoot, abs).split('\\').join('/'));

/** Every place in `data` with its value, parents before children. */
function places(data: unknown, path: Key[] = []): { path: Key[]; value: unknown }[] {
  const here = { path, value: data };
  if (Array.isArray(data)) return [here, ...data.flatMap((item, i) => places(item, [...path, i]))];
  if (typeof data === 'object' && data !== null)
    return [here, ...Object.entries(data).flatMap(([key, value]) => places(value, [...path, key]))];
  return [here];
}

/**
 * The text fields of a file. A list item's `type` is left out: it says what the item is (a section's
 * layout), so an item whose type changed is another item, reported as removed and added.
 */
const textsOf = (data: unknown) =>
  places(data).filter(
    ({ path, value }) =>
      typeof value === 'string' && !(path[path.length - 1] === 'type' && typeof path[path.length - 2] === 'number'),
  );
const listsOf = (data: unknown, least: number) =>
  places(data).filter((p): p is { path: Key[]; value: unknown[] } => Array.isArray(p.value) && p.value.length >= least);

/** `data` with the value at `path` replaced by `edit` of it. */
function edited(data: unknown, path: readonly Key[], edit: (value: unknown) => unknown): unknown {
  const copy = structuredClone(data);
  if (path.length === 0) return edit(copy);
  const parent = valueAt(copy, path.slice(0, -1)) as Record<Key, unknown>;
  parent[path[path.length - 1]!] = edit(parent[path[path.length - 1]!]);
  return copy;
}

const pick = <T>(items: readonly T[], n: number) => items[n % items.length]!;
const startsWith = (path: readonly Key[], prefix: readonly Key[]) => prefix.every((key, i) => path[i] === key);
const spell = (change: FieldChange, kinds: readonly string[]) =>
  change
    .words!.filter((w) => kinds.includes(w.kind))
    .map((w) => w.text)
    .join('');

describe.each(files)('every edit of one kind in %s is reported as exactly that edit', (file) => {
  const data = read(file);
  const schema = schemaOfFile(file, schemas);
  const diff = (after: unknown) => describeFileChange(file, data, after, schema).changes;

  it('an unchanged file gives no changes', () => {
    expect(diff(data)).toEqual([]);
    expect(diff(read(file))).toEqual([]);
  });

  it('a changed text is one `changed` at its path, whose words spell the text before and after', () => {
    const texts = textsOf(data);
    fc.assert(
      // Half the new texts are another text of the file, so an item often becomes equal to its neighbour.
      fc.property(
        fc.nat(),
        fc.oneof(
          fc.string(),
          fc.nat().map((m) => pick(texts, m).value as string),
        ),
        (n, text) => {
          const { path, value } = pick(texts, n);
          fc.pre(text !== value);
          const changes = diff(edited(data, path, () => text));
          expect(changes).toMatchObject([{ path, kind: 'changed' }]);
          expect([spell(changes[0]!, ['same', 'removed']), spell(changes[0]!, ['same', 'added'])]).toEqual([value, text]);
        },
      ),
      { seed: 4101, numRuns: runs(40, 200) },
    );
  });

  it('a removed list item is one `removed` of an item equal to it, in that list', () => {
    const lists = listsOf(data, 1);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (n, at) => {
        const { path, value } = pick(lists, n);
        const i = at % value.length;
        const changes = diff(edited(data, path, (list) => (list as unknown[]).toSpliced(i, 1)));
        expect(changes).toMatchObject([{ kind: 'removed' }]);
        expect(changes[0]!.path).toHaveLength(path.length + 1);
        expect(startsWith(changes[0]!.path, path)).toBe(true);
        expect(same(valueAt(data, changes[0]!.path), value[i])).toBe(true);
      }),
      { seed: 4102, numRuns: runs(25, 125) },
    );
  });

  it('two different items swapped are reported as moves only, each item from where it was', () => {
    const lists = listsOf(data, 2).filter(({ value }) => value.some((item) => !same(item, value[0])));
    if (lists.length === 0) return;
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (n, x, y) => {
        const { path, value } = pick(lists, n);
        const [i, j] = [x % value.length, y % value.length];
        fc.pre(!same(value[i], value[j]));
        const after = edited(data, path, (list) => (list as unknown[]).with(i, value[j]).with(j, value[i]));
        const changes = diff(after);
        expect(changes.length).toBeGreaterThan(0);
        for (const change of changes) {
          expect(change).toMatchObject({ kind: 'moved' });
          expect(change.path).toHaveLength(path.length + 1);
          expect(startsWith(change.path, path)).toBe(true);
          expect(same(valueAt(after, change.path), valueAt(data, change.from!))).toBe(true);
        }
      }),
      { seed: 4103, numRuns: runs(25, 125) },
    );
  });

  it('a copy of an item put anywhere in its list is one `added` of that item', () => {
    const lists = listsOf(data, 1);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (n, from, to) => {
        const { path, value } = pick(lists, n);
        const item = value[from % value.length];
        const after = edited(data, path, (list) =>
          (list as unknown[]).toSpliced(to % (value.length + 1), 0, structuredClone(item)),
        );
        const changes = diff(after);
        expect(changes).toMatchObject([{ kind: 'added' }]);
        expect(startsWith(changes[0]!.path, path)).toBe(true);
        expect(same(valueAt(after, changes[0]!.path), item)).toBe(true);
      }),
      { seed: 4104, numRuns: runs(25, 125) },
    );
  });

  it('never throws, whatever replaces any part of the file, and names every change in words', () => {
    const all = places(data);
    fc.assert(
      fc.property(fc.nat(), fc.jsonValue(), (n, value) => {
        const { path } = pick(all, n);
        const changes = diff(edited(data, path, () => value));
        for (const change of changes) expect(change.place).not.toBe('');
        expect(describeFileChange(file, value, data, schema).file).toBe(file);
      }),
      { seed: 4105, numRuns: runs(25, 125) },
    );
  });
});

describe('the diff in words on any data', () => {
  it('never throws on any two JSON values, gives nothing for equal ones, and lists the same changes each time', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (before, after) => {
        const changes = describeFileChange('content/pages/x.yaml', before, after, reactSchema).changes;
        expect(describeFileChange('content/pages/x.yaml', before, after, reactSchema).changes).toEqual(changes);
        expect(describeFileChange('content/pages/x.yaml', before, structuredClone(before), reactSchema).changes).toEqual([]);
        const made = describeFileChange('content/pages/x.yaml', undefined, after, reactSchema);
        expect(made.state).toBe('new');
        expect(made.changes.every((c) => c.kind === 'added' && c.after !== undefined && c.before === undefined)).toBe(true);
        const gone = describeFileChange('content/pages/x.yaml', before, undefined, reactSchema);
        expect(gone.state).toBe('deleted');
        expect(gone.changes.every((c) => c.kind === 'removed' && c.before !== undefined && c.after === undefined)).toBe(true);
      }),
      { seed: 4106, numRuns: runs(500, 2500) },
    );
  });
});
