/**
 * The editor's three-way merge (src/editor/shared/merge.ts): a marketer's draft and a change on disk made
 * while they edited are both kept where they touch different values, and every overlap is reported,
 * never dropped. The examples are the cases a content team meets; the properties generate page-like
 * data and random edits of its values on both sides.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choose, merge3, type Key, type MergeConflict } from '../../src/editor/shared/merge.ts';
import { valueAt } from '../../src/content/paths.ts';
import { runs } from '../helpers/depth.ts';

type Path = readonly Key[];
type Edit = readonly [Path, unknown];

const hero = { type: 'page-hero', eyebrow: 'About us', heading: 'A small team that ships', text: 'We build web apps.' };
const overview = { type: 'overview', heading: 'Our story', paragraphs: ['Two founders.', 'Twenty people.', 'Many clients.'] };
const grid = {
  type: 'card-grid',
  heading: 'How we work',
  cards: [
    { title: 'Honest scoping', text: 'We say what it costs.' },
    { title: 'Small teams', text: 'Few people, clear owners.' },
  ],
};
const cta = { type: 'cta', heading: 'Talk to us', text: 'Tell us about your project.' };
const page = { route: '/about', title: 'About us', breadcrumb: 'About', sections: [hero, overview, grid, cta] };

/** A copy of `data` with each edit's value at its path (the key removed when the value is undefined). */
function edited<T>(data: T, edits: readonly Edit[]): T {
  const copy = structuredClone(data) as unknown;
  for (const [path, value] of edits) {
    const parent = valueAt(copy, path.slice(0, -1)) as Record<Key, unknown>;
    const key = path[path.length - 1]!;
    if (value === undefined) delete parent[key];
    else parent[key] = value;
  }
  return copy as T;
}

function leaves(data: unknown, path: Path = []): Edit[] {
  if (Array.isArray(data)) return data.flatMap((item, i) => leaves(item, [...path, i]));
  if (typeof data === 'object' && data !== null) return Object.entries(data).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [[path, data]];
}

function deepFreeze<T>(data: T): T {
  if (typeof data === 'object' && data !== null) Object.values(Object.freeze(data)).forEach(deepFreeze);
  return data;
}

const isPrefix = (prefix: Path, path: Path) => prefix.length <= path.length && prefix.every((key, n) => key === path[n]);
const same = (a: Path, b: Path) => a.length === b.length && isPrefix(a, b);

/**
 * Nothing of theirs is lost without a word: every leaf where the merge differs from theirs holds
 * mine's edit of it, or lies under a reported conflict.
 */
function expectNoSilentDrop(merged: unknown, theirs: unknown, conflicts: readonly MergeConflict[], mineEdits: readonly Edit[]) {
  const paths = [...leaves(theirs), ...leaves(merged)].map(([path]) => path);
  for (const path of paths) {
    if (Object.is(valueAt(merged, path), valueAt(theirs, path))) continue;
    const mineEdit = mineEdits.find(([p]) => same(p, path));
    const reported = conflicts.some((c) => isPrefix(c.path, path));
    expect(reported || (mineEdit !== undefined && mineEdit[1] === valueAt(merged, path)), `lost at ${path.join('.')}`).toBe(true);
  }
}

describe('merge3', () => {
  it("keeps a developer's breadcrumb change and a marketer's heading change to the same page, with no conflict", () => {
    const base = { route: '/about', title: 'About us', breadcrumb: 'About', sections: [{ type: 'page-hero', heading: 'Hello' }] };
    const theirs = edited(base, [[['breadcrumb'], 'About Us']]);
    const mine = edited(base, [[['sections', 0, 'heading'], 'A small team that ships']]);

    const result = merge3(base, theirs, mine);

    expect(result.conflicts).toEqual([]);
    expect(result.merged).toEqual({
      route: '/about',
      title: 'About us',
      breadcrumb: 'About Us',
      sections: [{ type: 'page-hero', heading: 'A small team that ships' }],
    });
  });

  it('reports a field changed both ways as one conflict with the three values, keeps mine, and choose takes either', () => {
    const theirs = edited(page, [[['sections', 0, 'heading'], 'A team of twenty']]);
    const mine = edited(page, [[['sections', 0, 'heading'], 'Small team, big results']]);

    const result = merge3(page, theirs, mine);

    expect(result.conflicts).toEqual([
      { path: ['sections', 0, 'heading'], base: hero.heading, theirs: 'A team of twenty', mine: 'Small team, big results' },
    ]);
    expect(result.merged).toEqual(mine);
    const theirsChosen = choose(result, ['sections', 0, 'heading'], 'theirs');
    expect(theirsChosen).toEqual({ merged: theirs, conflicts: [] });
    expect(choose(result, ['sections', 0, 'heading'], 'mine')).toEqual({ merged: mine, conflicts: [] });
    // A resolved conflict resolves to nothing more, and the result chosen from is left as it was.
    expect(choose(theirsChosen, ['sections', 0, 'heading'], 'mine')).toBe(theirsChosen);
    expect(result.merged).toEqual(mine);
  });

  it('reports a key removed by one side and changed by the other as a conflict, and choose puts it back in its place', () => {
    const changed = edited(page, [[['breadcrumb'], 'About Sutra Labs']]);
    const removed = edited(page, [[['breadcrumb'], undefined]]);

    const theyRemoved = merge3(page, removed, changed);
    expect(theyRemoved.conflicts).toEqual([{ path: ['breadcrumb'], base: 'About', theirs: undefined, mine: 'About Sutra Labs' }]);
    expect(theyRemoved.merged).toEqual(changed);
    expect(choose(theyRemoved, ['breadcrumb'], 'theirs').merged).toEqual(removed);

    const iRemoved = merge3(page, changed, removed);
    expect(iRemoved.conflicts).toEqual([{ path: ['breadcrumb'], base: 'About', theirs: 'About Sutra Labs', mine: undefined }]);
    expect(iRemoved.merged).toEqual(removed);
    const restored = choose(iRemoved, ['breadcrumb'], 'theirs').merged;
    expect(restored).toEqual(changed);
    expect(Object.keys(restored as object)).toEqual(['route', 'title', 'breadcrumb', 'sections']);

    // Removed by one and left as it was by the other: simply removed.
    expect(merge3(page, removed, page)).toEqual({ merged: removed, conflicts: [] });
  });

  it("keeps a section inserted by one side and another section's text edited by the other, either way round", () => {
    const faq = { type: 'faq', heading: 'Questions', items: [{ question: 'Where?', answer: 'Greater Noida.' }] };
    const inserted = { ...page, sections: [hero, faq, overview, grid, cta] };
    const textEdited = edited(page, [[['sections', 3, 'text'], 'Book a call this week.']]);
    const expected = { ...page, sections: [hero, faq, overview, grid, { ...cta, text: 'Book a call this week.' }] };

    expect(merge3(page, inserted, textEdited)).toEqual({ merged: expected, conflicts: [] });
    expect(merge3(page, textEdited, inserted)).toEqual({ merged: expected, conflicts: [] });
  });

  it('keeps both items when both sides append different items at the end, theirs first', () => {
    const card = (title: string) => ({ title, text: `${title}.` });
    const theirs = edited(page, [
      [
        ['sections', 2, 'cards'],
        [...grid.cards, card('Open code')],
      ],
    ]);
    const mine = edited(page, [
      [
        ['sections', 2, 'cards'],
        [...grid.cards, card('Fair prices')],
      ],
    ]);

    const result = merge3(page, theirs, mine);

    expect(result.conflicts).toEqual([]);
    expect(valueAt(result.merged, ['sections', 2, 'cards'])).toEqual([...grid.cards, card('Open code'), card('Fair prices')]);
    // The same item appended by both is kept once.
    expect(merge3(page, theirs, theirs).merged).toEqual(theirs);
    const theirsAndMore = edited(theirs, [[['title'], 'About Sutra Labs']]);
    expect(merge3(page, theirsAndMore, theirs)).toEqual({ merged: theirsAndMore, conflicts: [] });
  });

  it('treats values that differ only in the order of their keys as equal', () => {
    const reordered = { sections: page.sections, breadcrumb: page.breadcrumb, title: page.title, route: page.route };
    const mine = edited(page, [[['title'], 'About Sutra Labs']]);

    expect(merge3(page, reordered, mine)).toEqual({ merged: mine, conflicts: [] });
    expect(merge3(page, reordered, { ...reordered })).toEqual({ merged: reordered, conflicts: [] });
  });

  it("orders keys as theirs, with mine's new keys after the key before them in mine, so the file's diff stays small", () => {
    const base = { route: '/about', title: 'About us', sections: [] };
    const theirs = { route: '/about', title: 'About us', sections: [], draft: true };
    const mine = { description: 'Who we are.', route: '/about', breadcrumb: 'About', title: 'About us', sections: [] };

    const { merged, conflicts } = merge3(base, theirs, mine);

    expect(conflicts).toEqual([]);
    expect(Object.keys(merged as object)).toEqual(['description', 'route', 'breadcrumb', 'title', 'sections', 'draft']);
  });

  it("keeps a marketer's edit to a section the developer moved, at the section's new place", () => {
    const theirs = { ...page, sections: [cta, hero, overview, grid] };
    const mine = edited(page, [[['sections', 3, 'heading'], 'Start a project']]);

    const result = merge3(page, theirs, mine);

    expect(result.conflicts).toEqual([]);
    expect(result.merged).toEqual({ ...page, sections: [{ ...cta, heading: 'Start a project' }, hero, overview, grid] });
    // And the other way round: the marketer moved it, the developer edited it.
    expect(merge3(page, mine, theirs)).toEqual(result);
  });

  it('merges edits to different fields of the same card field by field, while the list also gets a new card', () => {
    const theirs = edited(page, [
      [['sections', 2, 'cards', 1, 'text'], 'Three to six people.'],
      [
        ['sections', 2, 'cards'],
        [{ title: 'Code you own', text: 'Yours from day one.' }, ...grid.cards],
      ],
    ]);
    const mine = edited(page, [[['sections', 2, 'cards', 1, 'icon'], 'users']]);
    const theirsWithEdit = edited(theirs, [[['sections', 2, 'cards', 2, 'text'], 'Three to six people.']]);

    const result = merge3(page, theirsWithEdit, mine);

    expect(result.conflicts).toEqual([]);
    expect(result.merged).toEqual(edited(theirsWithEdit, [[['sections', 2, 'cards', 2, 'icon'], 'users']]));
  });

  it("knows a card moved and edited by one side by its title, so the other side's edit of it is merged into it", () => {
    const [scoping, small] = grid.cards as [(typeof grid.cards)[0], (typeof grid.cards)[0]];
    const theirs = edited(page, [[['sections', 2, 'cards', 1, 'icon'], 'users']]);
    const mine = edited(page, [
      [
        ['sections', 2, 'cards'],
        [{ ...small, text: 'Three to six people.' }, scoping],
      ],
    ]);

    const result = merge3(page, theirs, mine);

    expect(result.conflicts).toEqual([]);
    expect(valueAt(result.merged, ['sections', 2, 'cards'])).toEqual([
      { title: 'Small teams', text: 'Three to six people.', icon: 'users' },
      scoping,
    ]);
  });

  it("keeps one side's reworded paragraph and the other side's inserted paragraph", () => {
    const theirs = edited(page, [
      [
        ['sections', 1, 'paragraphs'],
        ['Two founders.', 'Twenty people.', 'Offices.', 'Many clients.'],
      ],
    ]);
    const mine = edited(page, [[['sections', 1, 'paragraphs', 0], 'Two founders, in 2016.']]);

    const result = merge3(page, theirs, mine);

    expect(result.conflicts).toEqual([]);
    expect(valueAt(result.merged, ['sections', 1, 'paragraphs'])).toEqual([
      'Two founders, in 2016.',
      'Twenty people.',
      'Offices.',
      'Many clients.',
    ]);
  });

  it("reports a section deleted by one side and edited by the other as one conflict at the list's path", () => {
    const theirs = { ...page, sections: [hero, grid, cta] };
    const mine = edited(page, [[['sections', 1, 'heading'], 'How it started']]);

    const result = merge3(page, theirs, mine);

    expect(result.conflicts).toEqual([{ path: ['sections'], base: page.sections, theirs: theirs.sections, mine: mine.sections }]);
    expect(result.merged).toEqual(mine);
    expect(choose(result, ['sections'], 'theirs')).toEqual({ merged: theirs, conflicts: [] });
  });

  it('reports a paragraph both sides rewrote past recognition as one conflict at the list, rather than keeping both', () => {
    const theirs = edited(page, [
      [
        ['sections', 1, 'paragraphs'],
        ['Two founders.', 'A team of 20.', 'In Noida.', 'Many clients.'],
      ],
    ]);
    const mine = edited(page, [
      [
        ['sections', 1, 'paragraphs'],
        ['Two founders.', 'We grew fast.', 'Now 25 of us.', 'Many clients.'],
      ],
    ]);

    const result = merge3(page, theirs, mine);

    expect(result.conflicts.map((c) => c.path)).toEqual([['sections', 1, 'paragraphs']]);
    expect(result.merged).toEqual(mine);
  });

  it('reports a list both sides reordered differently as one conflict at its path', () => {
    const theirs = { ...page, sections: [hero, grid, overview, cta] };
    const mine = { ...page, sections: [cta, hero, overview, grid] };

    const result = merge3(page, theirs, mine);

    expect(result.conflicts.map((c) => c.path)).toEqual([['sections']]);
    expect(result.merged).toEqual(mine);
  });

  it('imports nothing, so the browser runs it as it is', () => {
    const source = readFileSync(new URL('../../src/editor/shared/merge.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\b|\brequire\(|\bimport\(/m);
  });
});

describe('merge3 on generated pages', () => {
  const words = fc.constantFrom('Build', 'ship', 'teams', 'cloud', 'faster', 'hire', 'design', 'React', 'with us');
  const text = fc.array(words, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
  const card = fc.record(
    { title: text, text, icon: fc.constantFrom('scale', 'rocket', 'users'), order: fc.integer({ min: 1, max: 9 }) },
    { requiredKeys: ['title', 'text'] },
  );
  const section = fc.record(
    {
      type: fc.constantFrom('page-hero', 'overview', 'card-grid', 'cta'),
      eyebrow: text,
      heading: text,
      text,
      columns: fc.integer({ min: 2, max: 4 }),
      cards: fc.array(card, { maxLength: 4 }),
      paragraphs: fc.array(text, { maxLength: 3 }),
    },
    { requiredKeys: ['type', 'heading'] },
  );
  // Each text is made unique, as a real page's texts are: two identical cards would let the merge
  // (and a person) mistake one for the other.
  const pages = fc
    .record({
      route: fc.constantFrom('/about', '/careers'),
      title: text,
      breadcrumb: text,
      description: text,
      sections: fc.array(section, { maxLength: 5 }),
    })
    .map((data) => {
      let n = 0;
      return edited(
        data,
        leaves(data)
          .filter(([path, value]) => typeof value === 'string' && path[path.length - 1] !== 'type')
          .map(([path, value]) => [path, `${String(value)} ${++n}`] as const),
      );
    });

  /**
   * The leaves a person may edit in place: every text and number but a section's `type`, which says
   * what the section is (changing it replaces the section, which the examples above cover).
   */
  const editable = (data: unknown) => leaves(data).filter(([path]) => path[path.length - 1] !== 'type');

  /** A new value, unlike any other in the page, for the leaf `value` edited by `who`. */
  const fresh = (value: unknown, who: 'theirs' | 'mine', n: number) =>
    typeof value === 'number' ? value + (who === 'theirs' ? 100 : 1000) + n : `${String(value)}, edited by ${who} ${n}`;

  type Who = 'none' | 'theirs' | 'mine' | 'both';
  const withEdits = (who: fc.Arbitrary<Who>) =>
    pages.chain((base) => {
      const count = editable(base).length;
      return fc.tuple(fc.constant(base), fc.array(who, { minLength: count, maxLength: count }));
    });

  function sides(base: unknown, whoEdits: readonly Who[]) {
    const theirEdits: Edit[] = [];
    const myEdits: Edit[] = [];
    editable(base).forEach(([path, value], n) => {
      if (whoEdits[n] === 'theirs' || whoEdits[n] === 'both') theirEdits.push([path, fresh(value, 'theirs', n)]);
      if (whoEdits[n] === 'mine' || whoEdits[n] === 'both') myEdits.push([path, fresh(value, 'mine', n)]);
    });
    return {
      theirEdits,
      myEdits,
      theirs: deepFreeze(edited(base, theirEdits)),
      mine: deepFreeze(edited(base, myEdits)),
    };
  }

  it('edits of disjoint leaves merge with no conflict and keep every edit of both sides', () => {
    fc.assert(
      fc.property(withEdits(fc.constantFrom<Who>('none', 'theirs', 'mine')), ([base, whoEdits]) => {
        deepFreeze(base);
        const { theirEdits, myEdits, theirs, mine } = sides(base, whoEdits);

        const { merged, conflicts } = merge3(base, theirs, mine);

        expect(conflicts).toEqual([]);
        // Serialised, so the order of keys is held too: theirs' order, which is base's here.
        expect(JSON.stringify(merged)).toBe(JSON.stringify(edited(base, [...theirEdits, ...myEdits])));
      }),
      { seed: 20240611, numRuns: runs(300, 1500) },
    );
  });

  it('edits of the same leaves to different values are each reported as a conflict, and nothing is dropped silently', () => {
    fc.assert(
      fc.property(
        withEdits(fc.constantFrom<Who>('none', 'theirs', 'mine', 'both')).filter(([, whoEdits]) => whoEdits.includes('both')),
        ([base, whoEdits]) => {
          deepFreeze(base);
          const { theirEdits, myEdits, theirs, mine } = sides(base, whoEdits);
          const overlaps = editable(base).filter((_, n) => whoEdits[n] === 'both');

          const result = merge3(base, theirs, mine);

          expect(result.conflicts).toEqual(
            overlaps.map(([path, value]) => ({ path, base: value, theirs: valueAt(theirs, path), mine: valueAt(mine, path) })),
          );
          expect(result.merged).toEqual(edited(base, [...theirEdits, ...myEdits]));
          expectNoSilentDrop(result.merged, theirs, result.conflicts, myEdits);

          // Taking theirs at every conflict gives theirs' edits there and keeps mine elsewhere.
          const allTheirs = result.conflicts.reduce((r, c) => choose(r, c.path, 'theirs'), result);
          expect(allTheirs.conflicts).toEqual([]);
          expect(allTheirs.merged).toEqual(edited(base, [...myEdits, ...theirEdits]));
        },
      ),
      { seed: 20240612, numRuns: runs(300, 1500) },
    );
  });
});
