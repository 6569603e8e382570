/**
 * YAML's own features (anchors, merge keys, tags, documents, keys written twice) must never change
 * what a page says silently, and every syntax mistake of a file is reported in one run, each with a
 * fix only where there is exactly one right repair. Readable examples for each case over the fixture
 * site, then a class test: mutations of each kind at random places of the real content (fast-check,
 * fixed seed), where the check either stops at a line of the mutated span or gives the data of the
 * content as it was; and every fix it offers is applied and must leave the author's characters.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { isMap, isPair, isScalar, parseDocument, visit, type Scalar } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/catalog.ts';
import { checkContent, type ContentResult } from '../../src/content/check.ts';
import { listFiles } from '../../src/content/files.ts';
import { applyFixes, yamlValue } from '../../src/content/fixes.ts';
import { fixture, projectRoot } from './content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

// ─── The fixture site, with home.yaml written by each test ───

const site = fixture('_base');
const home = join(site.contentDir, 'pages/home.yaml');
const HOME = 'content/pages/home.yaml';
const base = readFileSync(home, 'utf8');

/** The check of the fixture site with home.yaml holding `text`, as the editor checks a draft. */
const checkHome = (text: string): Promise<ContentResult> => checkContent({ ...site, drafts: new Map([[home, text]]) });

/** What the check says about home.yaml: `line:column code`, then the message and hint. */
const said = (result: ContentResult) =>
  result.problems.filter((p) => p.file === HOME).map((p) => `${p.line}:${p.column} ${p.code}\n${p.message}\n${p.hint ?? ''}`);

/** home.yaml's page data, when the check passed. */
const homeData = (result: ContentResult) => result.pages.find((p) => p.file === HOME)?.page;
/** home.yaml's sections, as plain records. */
const sectionsOf = (result: ContentResult) => (homeData(result) as unknown as { sections: Record<string, unknown>[] }).sections;
const cardsOf = (result: ContentResult) => sectionsOf(result)[1]!.cards as Record<string, unknown>[];
/** Where each problem of home.yaml is: `line:column code`. */
const places = (result: ContentResult) =>
  result.problems.filter((p) => p.file === HOME).map((p) => `${p.line}:${p.column} ${p.code}`);

/**
 * Applies every fix the check offers for home.yaml and checks again: the fixed problems are gone and
 * no other takes their place. Returns the fixed text and the new result.
 */
async function applyAll(text: string): Promise<{ text: string; result: ContentResult; fixed: readonly Problem[] }> {
  const before = await checkHome(text);
  const fixed = before.problems.filter((p) => p.file === HOME && p.fix);
  expect(fixed.length, 'the check offers a fix').toBeGreaterThan(0);
  const out = applyFixes(
    text,
    fixed.map((p) => p.fix!),
  );
  expect(out.applied.length, 'every fix applies').toBe(fixed.length);
  const result = await checkHome(out.text);
  const left = result.problems.filter((p) => p.file === HOME && p.severity === 'error').map((p) => `${p.code} ${p.line}`);
  const unfixed = before.problems
    .filter((p) => p.file === HOME && p.severity === 'error' && !p.fix)
    .map((p) => `${p.code} ${p.line}`);
  expect(left, 'after the fixes, only the problems without a fix are left').toEqual(unfixed);
  return { text: out.text, result, fixed };
}

/** `text` (home.yaml as the fixture has it) with `from` written as `to`. */
const edit = (from: string, to: string, text = base) => {
  if (!text.includes(from)) throw new Error(`The fixture no longer holds ${JSON.stringify(from)}`);
  return text.replace(from, to);
};

// home.yaml's cards, with pictures to repeat.
const cardsWithShots = edit(
  '      - title: Careful\n        text: Every change reviewed and tested.\n        icon: shield-check\n        image:\n          src: /media/pic.webp\n          alt: A violet rectangle\n',
  [
    '      - title: Careful',
    '        text: Every change reviewed and tested.',
    '        icon: shield-check',
    '        image: &shot',
    '          src: /media/pic.webp',
    '          alt: A violet rectangle',
    '      - title: Honest',
    '        text: Prices agreed before work starts.',
    '        icon: zap',
    '        image: &shot',
    '          src: /media/pic.webp',
    '          alt: A second picture',
    '      - title: Open',
    '        text: Code you own from day one.',
    '        icon: zap',
    '        image: *shot',
    '',
  ].join('\n'),
);

describe('YAML features that would change what a page says', () => {
  it('reports an anchor defined twice at the second definition, naming both lines, with no fix', async () => {
    const result = await checkHome(cardsWithShots);
    expect(said(result)).toEqual([
      '25:16 DuplicateAnchor\n' +
        '`&shot` marks this value (line 25) and the one on line 19 too, so `*shot` on line 31 repeats this one, not the one on line 19.\n' +
        'Give each value its own name: rename this one (`&shot2`, say) and write `*shot2` wherever this value is meant; which of the two each alias means is yours to decide.',
    ]);
    expect(result.problems.find((p) => p.code === 'DuplicateAnchor')!.fix).toBeUndefined();
    // Renamed as the hint says, the third card shows the picture the author meant, and the check passes.
    const renamed = await checkHome(
      cardsWithShots
        .replace(
          'image: &shot\n          src: /media/pic.webp\n          alt: A second',
          'image: &shot2\n          src: /media/pic.webp\n          alt: A second',
        )
        .replace('*shot', '*shot2'),
    );
    expect(renamed.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(cardsOf(renamed)[3]!.image).toMatchObject({ alt: 'A second picture' });
  });

  it('reports a merge key, which YAML 1.2 reads as an ordinary name, instead of an unknown property `<<`', async () => {
    const text = edit(
      '      - title: Careful\n',
      '      - <<: *fast\n        title: Careful\n',
      edit('      - title: Fast\n', '      - &fast\n        title: Fast\n'),
    );
    const result = await checkHome(text);
    expect(said(result)).toEqual([
      '17:9 MergeKey\n' +
        '`<<: *fast` copies nothing here: older YAML merged the properties of `*fast` into this group, but this site reads YAML 1.2, where `<<` is an ordinary name.\n' +
        'Write out here the properties this group needs from `*fast`, and delete the `<<:` line.',
    ]);
    // Every property of `&fast` is given in the card itself, so writing them out would copy nothing: no fix.
    expect(result.problems[0]!.fix).toBeUndefined();
  });

  it('writes out the properties a merge key would copy, when that is exactly the data YAML 1.1 would merge', async () => {
    const text = edit(
      '      - title: Careful\n        text: Every change reviewed and tested.\n        icon: shield-check\n',
      '      - <<: *fast\n        title: Careful\n',
      edit('      - title: Fast\n', '      - &fast\n        title: Fast\n'),
    );
    const before = await checkHome(text);
    const merge = before.problems.find((p) => p.code === 'MergeKey')!;
    expect(merge.hint).toBe(
      'Write the properties out here instead of `<<:`; the fix writes exactly those that the merge would have copied.',
    );
    expect(merge.fix).toMatchObject({ was: '<<: *fast', text: 'text: Pages that load quickly on any phone.\n        icon: zap' });
    const { result } = await applyAll(text);
    expect(cardsOf(result)[1]).toMatchObject({ title: 'Careful', text: 'Pages that load quickly on any phone.', icon: 'zap' });
  });

  it('reports a tag, and writes `!!str 020130` as the characters typed, quoted, so the text stays the same', async () => {
    const text = edit('heading: Why choose us', 'heading: !!str 020130');
    const result = await checkHome(text);
    expect(said(result)).toEqual([
      '11:14 YamlTag\n' +
        '`!!str` tells YAML to read this value as text; content files use no tags, and a tag can change what kind of value the page gets.\n' +
        'Write `"020130"`: the same value, without the tag.',
    ]);
    const start = text.indexOf('!!str');
    expect(result.problems[0]!.fix).toEqual({
      start,
      end: start + 12,
      was: '!!str 020130',
      text: '"020130"',
      label: 'Write `"020130"`',
    });
    const fixed = await applyAll(text);
    expect(fixed.text).toContain('heading: "020130"\n');
    expect(sectionsOf(fixed.result)[1]!.heading).toBe('020130');
  });

  it('deletes a tag that leaves the value as it is, and writes plain text plainly', async () => {
    const numbers = edit('heading: Why choose us\n', 'heading: Why choose us\n    columns: !!int 2\n');
    const fixedNumber = await applyAll(numbers);
    expect(fixedNumber.text).toContain('    columns: 2\n');
    const words = edit('heading: Why choose us', 'heading: !!str Why choose us');
    expect((await applyAll(words)).text).toBe(base);
  });

  it("offers no fix for a tag that changes the value, or that is the author's own", async () => {
    for (const [tag, value] of [
      ['!!int', '"2"'],
      ['!!binary', 'aGVsbG8='],
      ['!!int', 'two'],
      ['!!timestamp', '2024-01-01'],
      ['!shout', 'Why choose us'],
    ] as const) {
      const result = await checkHome(edit('heading: Why choose us', `heading: ${tag} ${value}`));
      const problems = result.problems.filter((p) => p.file === HOME);
      expect(
        problems.map((p) => `${p.line}:${p.column} ${p.code}`),
        `${tag} ${value}`,
      ).toEqual(['11:14 YamlTag']);
      expect(problems[0]!.fix, `${tag} ${value}`).toBeUndefined();
      expect(problems[0]!.hint).toMatch(new RegExp(`^Delete \`${tag}\` and write the value as the page should show it`));
    }
  });

  it('reports a `---` line in the middle of a file as a second document, with what to do, and no fix', async () => {
    const result = await checkHome(edit('sections:\n', '---\nsections:\n'));
    expect(said(result)).toEqual([
      '4:1 MultipleDocuments\n' +
        '`---` starts a second YAML document here, but a content file holds one page or one entry, so it cannot be read.\n' +
        'If the line was meant to separate groups of lines, delete it (a comment such as `# ---` separates them for the eye). If what follows is another page, move it to a file of its own in content/pages/. Only the very first line of a file may be `---`.',
    ]);
    expect(result.problems[0]!.fix).toBeUndefined();
  });

  it('accepts a `---` as the very first line, and deletes one with only comments after it', async () => {
    const first = await checkHome(`---\n${base}`);
    expect(first.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(homeData(first)).toEqual(homeData(await checkHome(base)));
    const trailing = `${base}---\n# the next page goes here\n`;
    const result = await checkHome(trailing);
    expect(said(result)[0]).toMatch(/^22:1 MultipleDocuments\n.*\nDelete the `---` line: only comments are on one side of it\.$/);
    const fixed = await applyAll(trailing);
    expect(fixed.text).toBe(`${base}# the next page goes here\n`);
    expect(homeData(fixed.result)).toEqual(homeData(await checkHome(base)));
  });

  it('reports a `%YAML 1.1` line, deleting it (with its `---`) only when the file then means exactly the same', async () => {
    const harmless = `%YAML 1.1\n---\n${base}`;
    expect(places(await checkHome(harmless))).toEqual(['1:1 YamlDirective']);
    const fixed = await applyAll(harmless);
    expect(fixed.text).toBe(base);

    // Under YAML 1.1, `yes` is true: deleting the line would change the value, so the hint explains instead.
    const meaningful = `%YAML 1.1\n---\n${edit('heading: Why choose us', 'heading: yes')}`;
    const result = await checkHome(meaningful);
    expect(places(result)[0]).toBe('1:1 YamlDirective');
    expect(result.problems[0]!.fix).toBeUndefined();
    expect(result.problems[0]!.hint).toContain('`yes`, `no`, `on` and `off` were truth values');
  });

  it('reports a second document of its own, and the mistakes in each of the two documents', async () => {
    const second = edit('heading: Why choose us', 'heading "Why us"', base.replace('route: /\n', 'route: /two\n'));
    const text = `${edit("heading: Let's build **something**", 'heading: "Let\'s build')}---\n${second}`;
    const result = await checkHome(text);
    expect(places(result)).toEqual(['6:14 YamlSyntax', '22:1 MultipleDocuments', '33:12 YamlSyntax']);
  });

  it('reports a name written twice with both its lines, not as an item without its dash, and with no fix', async () => {
    const result = await checkHome(edit('    heading: Why choose us\n', '    heading: Why choose us\n    heading: Why us\n'));
    expect(said(result)).toEqual([
      '12:5 DuplicateKey\n' +
        '`heading` appears twice in the same group of properties, on line 11 and here on line 12; a property can have only one value.\n' +
        'Keep one `heading:`: delete the one you do not want, or merge the two values into one. Which one the page shows is yours to decide.',
    ]);
    expect(result.problems[0]!.fix).toBeUndefined();
  });

  it('reads one name of a card written twice as a name written twice, not as a second card', async () => {
    const result = await checkHome(
      edit(
        '        text: Pages that load quickly on any phone.\n',
        '        text: Pages that load quickly on any phone.\n        title: Quick\n',
      ),
    );
    expect(places(result)).toEqual(['15:9 DuplicateKey']);
    expect(result.problems[0]!.message).toContain('on line 13 and here on line 15');
  });

  it('reads a whole second card without its dash as a missing dash, and the dash is its fix', async () => {
    const text = edit('      - title: Careful', '        title: Careful');
    const result = await checkHome(text);
    expect(said(result)).toEqual([
      '16:9 YamlSyntax\n' +
        'A new item of the list starts here, but without `- `, so YAML reads `title` as a second `title` of the item above.\n' +
        'Start the item with a dash, in line with the dash on line 13: `- title: Careful`.',
    ]);
    expect((await applyAll(text)).text).toBe(base);
  });

  it("offers, and never applies, a dash for a name at the dashes' column that may belong to the item above", async () => {
    // `heading:` of the card grid indented too little: a dash would split the section in two.
    const text = edit('    heading: Why choose us', '  heading: Why choose us');
    const result = await checkHome(text);
    const mine = result.problems.filter((p) => p.file === HOME);
    expect(mine.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual(['11:3 YamlSyntax']);
    expect(mine[0]!.fix).toBeUndefined();
    expect(mine[0]!.message).toBe(
      "`heading` stands at the column of the list's dashes, without `- `: it either starts a new item, or belongs to the item on line 10 and is indented too little. YAML cannot tell which.",
    );
    expect(mine[0]!.hint).toMatch(/^If it belongs to the item on line 10, indent it by two more spaces/);
    expect(mine[0]!.hint).not.toMatch(/--fix/);
  });

  it('reports an empty file, and one of comments only, saying what a page starts with', async () => {
    for (const text of ['', '\n', '# yaml-language-server: $schema=../../schemas/page.schema.json\n# to do\n', '---\n']) {
      const result = await checkHome(text);
      const mine = result.problems.filter((p) => p.file === HOME);
      expect(places(result), JSON.stringify(text)).toEqual(['1:1 EmptyFile']);
      expect(mine[0]!.message).toBe(
        /#/.test(text) ? 'This file holds only comments: there is no page in it.' : 'This file is empty: there is no page in it.',
      );
      expect(mine[0]!.hint).toMatch(
        /^A page starts with `route:` .* and `title:`, then `description:` and `sections:`; `npm run new:page` writes one/,
      );
      expect(mine[0]!.hint).toMatch(/If the page is not wanted, delete the file\.$/);
    }
  });
});

describe('every syntax mistake of a file in one run, each once', () => {
  it('reports two mistakes far apart in one run, each at its line, and fixes both', async () => {
    const text = edit(
      '    heading: Why choose us',
      '    heading "Why choose us"',
      edit("heading: Let's build **something**", 'heading: "Let\'s build'),
    );
    const result = await checkHome(text);
    expect(said(result)).toEqual([
      '6:14 YamlSyntax\n' +
        'The text that starts with `"` here is never closed, so YAML reads the rest of the file as part of it.\n' +
        'End the text with `"` on the same line: `heading: "Let\'s build"`.',
      '11:12 YamlSyntax\n' +
        '`heading` has no colon after it, so YAML cannot tell the name from the value.\n' +
        'Write a colon and a space after the name: `heading: "Why choose us"`.',
    ]);
    const fixed = await applyAll(text);
    expect(fixed.result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(sectionsOf(fixed.result).map((s) => s.heading)).toEqual(["Let's build", 'Why choose us']);
  });

  it('reports a mistake the parser echoes on many lines once: a list item indented wrongly, then a tab further down', async () => {
    const text = edit('    cards:', '\tcards:', edit('      - title: Careful', '     - title: Careful'));
    const result = await checkHome(text);
    expect(places(result)).toEqual(['12:1 YamlSyntax', '16:1 YamlSyntax']);
  });

  it('reports every one of many mistakes, up to twenty', async () => {
    // The card grid's names written without their colons, wherever YAML cannot read them as text.
    const many = edit('    heading: Why choose us', '    heading "Why choose us"').replace(
      /^( {8})(text|icon): (.*)$/gm,
      '$1$2 "$3"',
    );
    const result = await checkHome(many);
    expect(places(result)).toEqual([
      '11:12 YamlSyntax',
      '14:13 YamlSyntax',
      '15:13 YamlSyntax',
      '17:13 YamlSyntax',
      '18:13 YamlSyntax',
    ]);
    expect(result.problems.filter((p) => p.file === HOME && p.fix)).toHaveLength(5);
    const fixed = await applyAll(many);
    expect(homeData(fixed.result)).toEqual(homeData(await checkHome(base)));
    // Forty names without their colons: the first twenty are reported, enough to start on.
    const long = `${base}${Array.from({ length: 40 }, (_, i) => `note${i} "${i}"\n`).join('')}`;
    expect(places(await checkHome(long))).toHaveLength(20);
  });
});

describe('a syntax mistake with one right repair carries it as a fix', () => {
  /** A mistake made in the fixture (`from` → `to`), and the line its fix writes. */
  const cases: readonly (readonly [string, string, string, string])[] = [
    [
      'an unclosed quote, closed at the end of its line',
      '    heading: Why choose us',
      '    heading: "Why choose us',
      '    heading: "Why choose us"',
    ],
    [
      'a tab, replaced by the spaces of the lines beside it',
      '    heading: Why choose us',
      '\theading: Why choose us',
      '    heading: Why choose us',
    ],
    [
      'a missing colon before a quoted value',
      '    heading: Why choose us',
      '    heading "Why choose us"',
      '    heading: "Why choose us"',
    ],
    [
      'a list item indented one space short, its other lines in place',
      '      - title: Careful',
      '     - title: Careful',
      '      - title: Careful',
    ],
    ['a section without its dash', '  - type: card-grid', '  type: card-grid', '  - type: card-grid'],
  ];
  it.each(cases)(
    '%s: the problem goes, no other comes, and the data is what the author typed',
    async (_name, from, to, fixed) => {
      const text = edit(from, to);
      const { text: after, result } = await applyAll(text);
      expect(after).toBe(edit(from, fixed));
      expect(homeData(result)).toEqual(homeData(await checkHome(base)));
    },
  );

  it('quotes a text containing `: ` exactly as typed, backslashes and quotes included', async () => {
    const text = edit("heading: Let's build **something**", 'heading: Step 1: build "C:\\new" **something**');
    const result = await checkHome(text);
    expect(result.problems[0]!.fix).toMatchObject({ text: '"Step 1: build \\"C:\\\\new\\" **something**"' });
    const fixed = await applyAll(text);
    expect(sectionsOf(fixed.result)[0]!.heading).toBe('Step 1: build "C:\\new" **something**');
  });

  it('writes the dash of the first card of a list, which the parser notices only at the second', async () => {
    const text = edit('      - title: Fast', '        title: Fast');
    const result = await checkHome(text);
    expect(places(result)).toEqual(['13:9 YamlSyntax']);
    expect((await applyAll(text)).text).toBe(base);
  });

  it('offers no fix where the repair is not certain, and says what to decide', async () => {
    const uncertain = [
      // The quoted text may go on over the next line.
      edit('    heading: Why choose us\n', '    heading: "Why choose\n      us\n'),
      // ` #` in an unclosed text may have been meant as a comment.
      edit('heading: Why choose us', 'heading: "Why choose us # the grid'),
      // A plain value may instead be more of the text above.
      edit(
        '        text: Pages that load quickly on any phone.\n',
        '        text: Pages that load quickly\n        on any phone.\n',
      ),
      // A text with `: ` that goes on over the next line.
      edit('    heading: Why choose us\n', '    heading: Step 1: choose\n      us\n'),
      // A tab where the lines around do not agree on the spaces: the last name of a card, or one of a group.
      edit('        icon: zap\n', '\ticon: zap\n'),
      edit('    cards:\n', '\tcards:\n'),
    ];
    for (const text of uncertain) {
      const result = await checkHome(text);
      const mine = result.problems.filter((p) => p.file === HOME);
      expect(mine.length, text).toBeGreaterThan(0);
      expect(
        mine.filter((p) => p.fix),
        text,
      ).toEqual([]);
    }
    const more = await checkHome(uncertain[2]!);
    expect(more.problems[0]!.hint).toContain(
      'If the line is more of the text of `text` above, indent it further than `text:` instead.',
    );
  });
});

// ─── The class test, over the real content ───

/** A mutated text, the lines it changed (in the mutated text), and what the check must find there. */
interface Mutation {
  readonly text: string;
  readonly span: ReadonlySet<number>;
  /** The codes a problem in the span may have, and its line and column when they are certain. */
  readonly expect?: { readonly codes: readonly string[]; readonly line?: number; readonly column?: number };
  /** For two mistakes at once: a problem must be reported on each of these lines, in one run. */
  readonly each?: readonly number[];
}

/** A scalar value written on one line after its name in a block mapping: `name: value`. */
interface Value {
  readonly keyStart: number;
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly value: unknown;
  readonly type: Scalar['type'];
  /** The line, from its start, and whether it starts an item (`- name: value`). */
  readonly lineStart: number;
  readonly dash: boolean;
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** Every `name: value` of a file whose value is one line, and the lines of its list items and top-level names. */
function shapeOf(text: string) {
  const doc = parseDocument(text);
  const values: Value[] = [];
  /** The offset of the first name of each list item that is a group of properties (`- title: Fast`). */
  const items: number[] = [];
  visit(doc, {
    Pair(_key, pair, path) {
      const parent = path[path.length - 1];
      if (!isMap(parent) || parent.flow || !isScalar(pair.key) || !isScalar(pair.value) || !pair.key.range || !pair.value.range)
        return;
      const [start, end] = pair.value.range;
      const line = lineAt(text, pair.key.range[0]);
      if (lineAt(text, start) !== line || text.slice(start, end).includes('\n') || start === end) return;
      if (!['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'].includes(pair.value.type ?? '')) return;
      const lineStart = text.lastIndexOf('\n', pair.key.range[0] - 1) + 1;
      const dash = /^\s*- /.test(text.slice(lineStart, pair.key.range[0]));
      values.push({
        keyStart: pair.key.range[0],
        start,
        end,
        line,
        value: pair.value.value,
        type: pair.value.type!,
        lineStart,
        dash,
      });
    },
    Seq(_key, seq) {
      if (seq.flow) return;
      for (const item of seq.items) {
        if (
          isMap(item) &&
          !item.flow &&
          item.items[0] &&
          isPair(item.items[0]) &&
          isScalar(item.items[0].key) &&
          item.items[0].key.range
        ) {
          items.push(item.items[0].key.range[0]);
        }
      }
    },
  });
  const top = isMap(doc.contents) ? doc.contents.items.map((p) => lineAt(text, (p.key as Scalar).range![0])) : [];
  return { values, items, top };
}

const insertAt = (text: string, at: number, what: string) => text.slice(0, at) + what + text.slice(at);
/** The line a value is on. */
const lineText = (text: string, v: Value) =>
  text.slice(v.lineStart, text.indexOf('\n', v.lineStart) === -1 ? undefined : text.indexOf('\n', v.lineStart));
const lineStartOf = (text: string, line: number) =>
  text
    .split('\n')
    .slice(0, line - 1)
    .join('\n').length + (line > 1 ? 1 : 0);
/** A plain text value that reads the same quoted: the kind a person writes a mistake into. */
const plainText = (v: Value) =>
  v.type === 'PLAIN' && typeof v.value === 'string' && yamlValue(v.value) === v.value && !/["'\\#]/.test(v.value);

const mutations = {
  /** `&m` on two values and `*m` in place of a third: the alias silently repeats the second. */
  duplicateAnchor(text: string, pick: readonly number[]): Mutation | undefined {
    const values = shapeOf(text).values;
    const [a, b, c] = [...new Set(pick.map((i) => i % values.length))].sort((x, y) => x - y).map((i) => values[i]!);
    if (!a || !b || !c || a.line === b.line || b.line === c.line) return undefined;
    let out = text.slice(0, c.start) + '*m' + text.slice(c.end);
    out = insertAt(out, b.start, '&m ');
    out = insertAt(out, a.start, '&m ');
    return {
      text: out,
      span: new Set([a.line, b.line, c.line]),
      expect: { codes: ['DuplicateAnchor'], line: b.line, column: b.start - b.lineStart + 1 },
    };
  },
  /** `---` before a top-level name: a second document (before the first name, the harmless start marker). */
  separator(text: string, pick: readonly number[]): Mutation | undefined {
    const { top } = shapeOf(text);
    const line = top[pick[0]! % top.length]!;
    const out = insertAt(text, lineStartOf(text, line), '---\n');
    return { text: out, span: new Set([line]), expect: { codes: ['MultipleDocuments'], line, column: 1 } };
  },
  /** A `name: value` line written again right below itself. */
  duplicateKey(text: string, pick: readonly number[]): Mutation | undefined {
    const values = shapeOf(text).values;
    const v = values[pick[0]! % values.length]!;
    const lineEnd = text.indexOf('\n', v.end);
    const line = text.slice(v.lineStart, lineEnd === -1 ? undefined : lineEnd);
    const copy = v.dash ? line.replace(/^(\s*)- /, '$1  ') : line;
    const out = insertAt(text, lineEnd === -1 ? text.length : lineEnd, `\n${copy}`);
    return {
      text: out,
      span: new Set([v.line + 1]),
      expect: { codes: ['DuplicateKey'], line: v.line + 1, column: v.keyStart - v.lineStart + 1 },
    };
  },
  /** A tag before a value: `!!str` before text (which the fix takes away), others before anything. */
  tag(text: string, pick: readonly number[]): Mutation | undefined {
    const values = shapeOf(text).values;
    const v = values[pick[0]! % values.length]!;
    const tags =
      typeof v.value === 'string'
        ? ['!!str', '!!int', '!!binary', '!shout', '!!float']
        : ['!!int', '!!float', '!shout', '!!bool'];
    const tag = tags[pick[1]! % tags.length]!;
    return {
      text: insertAt(text, v.start, `${tag} `),
      span: new Set([v.line]),
      expect: { codes: ['YamlTag'], line: v.line, column: v.start - v.lineStart + 1 },
    };
  },
  /**
   * The `- ` of a list item taken away (the one right before its first name), its name staying in its
   * column. The outer dash of `- - name:` is left alone: without it, the row joins the row above, which
   * is valid YAML that no check can tell from a longer row.
   */
  missingDash(text: string, pick: readonly number[]): Mutation | undefined {
    const { items } = shapeOf(text);
    if (items.length === 0) return undefined;
    const key = items[pick[0]! % items.length]!;
    if (text.slice(key - 2, key) !== '- ') return undefined;
    const line = lineAt(text, key);
    return {
      text: `${text.slice(0, key - 2)}  ${text.slice(key)}`,
      span: new Set([line]),
      expect: { codes: ['YamlSyntax', 'DuplicateKey', 'WrongType'] },
    };
  },
  /**
   * Two syntax mistakes at least eight lines apart, each one of: an unclosed quote, a tab, a missing
   * colon (before the value, quoted), or a list item one space left of its list.
   */
  twoMistakes(text: string, pick: readonly number[]): Mutation | undefined {
    const values = shapeOf(text).values;
    const indented = (v: Value) => !v.dash && v.keyStart - v.lineStart >= 2;
    const kinds: readonly { readonly fits: (v: Value) => boolean; readonly make: (t: string, v: Value) => string }[] = [
      { fits: (v) => plainText(v) && indented(v), make: (t, v) => insertAt(t, v.start, '"') },
      { fits: (v) => plainText(v) && indented(v), make: (t, v) => t.slice(0, v.lineStart) + '\t' + t.slice(v.keyStart) },
      {
        fits: (v) => plainText(v) && indented(v),
        make: (t, v) =>
          `${t.slice(0, v.keyStart)}${t.slice(v.keyStart, v.start).replace(/:\s+$/, ' ')}"${t.slice(v.start, v.end)}"${t.slice(v.end)}`,
      },
      {
        fits: (v) => v.dash && /^ {2,}- /.test(lineText(text, v)),
        make: (t, v) => t.slice(0, v.lineStart) + t.slice(v.lineStart + 1),
      },
    ];
    const [firstKind, secondKind] = [kinds[pick[2]! % kinds.length]!, kinds[pick[3]! % kinds.length]!];
    const firsts = values.filter(firstKind.fits);
    const first = firsts[pick[0]! % Math.max(firsts.length, 1)];
    const seconds = values.filter((v) => secondKind.fits(v) && first && v.line >= first.line + 8);
    const second = seconds[pick[1]! % Math.max(seconds.length, 1)];
    if (!first || !second) return undefined;
    // The later one first, so that the earlier keeps its offsets.
    const out = firstKind.make(secondKind.make(text, second), first);
    return { text: out, span: new Set([first.line, second.line]), each: [first.line, second.line] };
  },
} satisfies Record<string, (text: string, pick: readonly number[]) => Mutation | undefined>;

describe('mutations of the real content, each kind at random places (fast-check, seed 36)', () => {
  const copy = mkdtempSync(join(tmpdir(), 'content-yaml-features-'));
  cpSync(join(projectRoot, 'content'), join(copy, 'content'), { recursive: true });
  const options = {
    root: copy,
    contentDir: join(copy, 'content'),
    schemaDir: join(projectRoot, 'schemas'),
    publicDir: join(projectRoot, 'public'),
  };
  // Every file whose data the check gives back: pages, entries of collections, the site file, shared content.
  const files = listFiles(join(copy, 'content'), '.yaml')
    .filter((abs) => !abs.includes('/collections/'))
    .sort();
  const texts = new Map(files.map((abs) => [abs, readFileSync(abs, 'utf8')]));
  const rel = (abs: string) => abs.slice(copy.length + 1);
  const check = (abs: string, text: string) => checkContent({ ...options, drafts: new Map([[abs, text]]) });
  let baseline: ContentResult;
  beforeAll(async () => {
    baseline = await checkContent(options);
  });
  /** The data the check gives for a file: its page, the site settings, or the shared content. */
  const dataOf = (result: ContentResult, file: string): unknown => {
    if (file.endsWith('/site.yaml')) return result.site?.site;
    const shared = file.match(/\/shared\/([^/]+)\.yaml$/)?.[1];
    return shared ? result.shared.get(shared)?.data : result.pages.find((p) => p.file === file)?.page;
  };

  it('starts from content without errors, with data for every file it mutates', () => {
    expect(baseline.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(files.length).toBeGreaterThan(40);
    for (const abs of files) expect(dataOf(baseline, rel(abs)), rel(abs)).toBeDefined();
  });

  const arbitrary = fc.record({
    file: fc.nat(),
    pick: fc.array(fc.nat({ max: 10_000 }), { minLength: 4, maxLength: 4 }),
  });

  it.each(Object.keys(mutations) as (keyof typeof mutations)[])(
    '%s: the check stops at the mutated lines or the data is as before, and its fixes keep what the author typed',
    async (kind) => {
      let tried = 0;
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ file, pick }) => {
          const abs = files[file % files.length]!;
          const text = texts.get(abs)!;
          const mutation = mutations[kind](text, pick);
          if (!mutation || mutation.text === text) return;
          tried++;
          const name = rel(abs);
          const result = await check(abs, mutation.text);
          const errors = result.problems.filter((p) => p.severity === 'error');
          const where = `${name} after ${kind}:\n${mutation.text}`;
          // Nothing elsewhere: no other file is the worse for it. (Known gap, not of YAML's making: an entry
          // of a collection without data makes no page, so links to that page are reported as unknown.)
          const entryRoute = new RegExp(`^The link \`/[a-z-]+/${basename(abs, '.yaml')}\``);
          const elsewhere = errors.filter((p) => p.file !== name && !(p.code === 'UnknownRoute' && entryRoute.test(p.message)));
          expect(
            elsewhere.map((p) => `${p.file}:${p.line} ${p.code}`),
            where,
          ).toEqual([]);
          const mine = errors.filter((p) => p.file === name);
          if (mine.length === 0) {
            expect(dataOf(result, name), where).toEqual(dataOf(baseline, name));
            return;
          }
          // Every problem at a mutated line: no echo elsewhere in the file.
          expect(
            mine.map((p) => `${p.line} ${p.code}`).filter((p) => !mutation.span.has(Number(p.split(' ')[0]))),
            where,
          ).toEqual([]);
          if (mutation.expect) {
            const { codes, line, column } = mutation.expect;
            const found = mine.find((p) => codes.includes(p.code) && (line === undefined || p.line === line));
            expect(
              found,
              `${where}\n${mine.map((p) => `${p.line}:${p.column} ${p.code} ${p.message}`).join('\n')}`,
            ).toBeDefined();
            if (column !== undefined) expect(found!.column, where).toBe(column);
          }
          for (const line of mutation.each ?? [])
            expect(
              mine.some((p) => p.line === line),
              `${where}\nreported at line ${line}`,
            ).toBe(true);
          // Its fixes: each applies, its problem goes, none comes, and with all fixed the data is as before.
          const fixes = mine.filter((p) => p.fix);
          if (fixes.length === 0) return;
          const fixed = applyFixes(
            mutation.text,
            fixes.map((p) => p.fix!),
          );
          expect(fixed.applied.length, where).toBe(fixes.length);
          const again = await check(abs, fixed.text);
          const left = again.problems.filter((p) => p.severity === 'error' && p.file === name).map((p) => `${p.line} ${p.code}`);
          expect(left, `${where}\nfixed:\n${fixed.text}`).toEqual(mine.filter((p) => !p.fix).map((p) => `${p.line} ${p.code}`));
          if (left.length === 0) expect(dataOf(again, name), where).toEqual(dataOf(baseline, name));
        }),
        { seed: 36, numRuns: runs(100, 400) },
      );
      expect(tried, 'most runs make a mutation').toBeGreaterThan(15);
    },
    // A guard against a hang, not a speed check: five times the runs take five times as long, more on a busy machine.
    runs(60_000, 480_000),
  );
});
