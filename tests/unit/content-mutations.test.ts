import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/catalog.ts';
import { checkContent } from '../../src/content/check.ts';
import { listFiles } from '../../src/content/files.ts';
import { applyFixes } from '../../src/content/fixes.ts';
import { fixture, projectRoot } from './content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

/**
 * The class test of "nothing changes what a page says silently": mistakes a marketer makes every
 * week, generated at random places of the real content with a fixed seed, each checked against the
 * rule that the check either stops at the mistake (a problem at a line of the mutated span) or the
 * data holds exactly what the author typed. Where the check offers fixes, they are applied and must
 * leave the author's characters in the data and no problem behind. Replay a failure with the seed
 * and the run printed by fast-check.
 */

const contentDir = join(projectRoot, 'content');
const files = [...listFiles(contentDir, '.yaml')].sort();
const texts = new Map(files.map((abs) => [abs, readFileSync(abs, 'utf8')]));
const rel = (abs: string) => abs.slice(projectRoot.length + 1);

/** A string value of a file, where it is and how it is reached. */
interface Place {
  readonly path: readonly (string | number)[];
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

/** Every string value of a map or list in the file (keys excluded), with its range in the text. */
function placesOf(text: string): Place[] {
  const doc = parseDocument(text);
  const out: Place[] = [];
  const walk = (node: Node | null | undefined, path: (string | number)[]) => {
    if (isMap(node))
      for (const pair of node.items) walk(pair.value as Node, [...path, String((pair.key as { value: unknown }).value)]);
    else if (isSeq(node)) node.items.forEach((item, i) => walk(item as Node, [...path, i]));
    else if (isScalar(node) && typeof node.value === 'string' && node.range && !/^BLOCK/.test(String(node.type))) {
      // Block texts (`>-`, `|`) end with their line break; the mistakes below are typed on one line.
      out.push({ path, start: node.range[0], end: node.range[1], value: node.value });
    }
  };
  walk(doc.contents as Node, []);
  return out;
}

const places = new Map(files.map((abs) => [abs, placesOf(texts.get(abs)!)]));
const withPlaces = files.filter((abs) => places.get(abs)!.length > 0);

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The value at `path` of the text as the content check's parser reads it. */
function valueAt(text: string, path: readonly (string | number)[]): unknown {
  let value: unknown = parseDocument(text).toJS();
  for (const key of path) value = (value as Record<string | number, unknown> | undefined)?.[key];
  return value;
}

/** The check of the whole site with one file's text replaced, as the editor checks a draft. */
const checkWith = (abs: string, text: string) =>
  checkContent({ root: projectRoot, unfinished: 'fail', drafts: new Map([[abs, text]]) });

const stopsAt = (problems: readonly Problem[], file: string, first: number, last: number) =>
  problems.some((p) => p.severity !== 'info' && p.file === file && p.line >= first && p.line <= last);

/** Applies every fix of `file` until none is left (at most three rounds), as `content:check -- --fix` does. */
async function fixAll(abs: string, text: string): Promise<{ text: string; problems: readonly Problem[] }> {
  let current = text;
  let result = await checkWith(abs, current);
  for (let round = 0; round < 3; round++) {
    const fixes = result.problems.filter((p) => p.file === rel(abs) && p.fix).map((p) => p.fix!);
    if (fixes.length === 0) break;
    current = applyFixes(current, fixes).text;
    result = await checkWith(abs, current);
  }
  return { text: current, problems: result.problems };
}

/** A place picked by two numbers, so that fast-check can shrink a failure to the first file and value. */
const place = fc.tuple(fc.nat(), fc.nat()).map(([f, p]) => {
  const abs = withPlaces[f % withPlaces.length]!;
  const list = places.get(abs)!;
  return { abs, at: list[p % list.length]! };
});

/** Values YAML reads as something else than the characters typed when they are written bare. */
const typedLookalikes = [
  '020130',
  '2024',
  '3.50',
  '1e3',
  '0x1F',
  '0o17',
  '+91',
  'true',
  'false',
  'null',
  '~',
  'yes',
  'on',
  '2026-12-01',
  '.inf',
];

/** What the real content gets said without any mistake (warnings and notes), to tell new problems from those. */
const unmutated = new Set(
  (await checkContent({ root: projectRoot, unfinished: 'fail' })).problems.map((p) => `${p.file} ${p.code} ${p.path}`),
);

/** Quoted values whose text YAML would read as a number, truth value, null or date without the quotes. */
const typedWhenBare = (value: string) => typeof parseDocument(value).toJS() !== 'string';

describe('every quoted value of the content that needs its quotes', () => {
  const quotedPlaces = files.flatMap((abs) =>
    places
      .get(abs)!
      .filter((p) => /^["']/.test(texts.get(abs)!.slice(p.start, p.end)) && typedWhenBare(p.value) && p.value !== '')
      .map((p) => ({ abs, at: p })),
  );

  it('is found in the content (or this proves nothing)', () => {
    expect(quotedPlaces.length).toBeGreaterThanOrEqual(5);
  });

  it.each(quotedPlaces.map((q) => [`${rel(q.abs)} ${q.at.path.join('.')}`, q] as const))(
    'written without its quotes (%s) is stopped at its line, and the fix gives back exactly the data before',
    async (_name, { abs, at }) => {
      const text = texts.get(abs)!;
      const mutated = text.slice(0, at.start) + at.value + text.slice(at.end);
      const line = lineOf(mutated, at.start);
      const result = await checkWith(abs, mutated);
      expect(stopsAt(result.problems, rel(abs), line, line)).toBe(true);
      const fixed = await fixAll(abs, mutated);
      // Some values are only stopped, not repaired, because the repair is not certain: one that does
      // not parse bare (`a: b`, a leading `*`), one that YAML reads as a comment (`#5b21b6`: the value
      // is then empty, and an empty value may be a note), and a collection template's placeholder
      // (`{entry.image}`), whose field takes a group of properties that YAML's braces also make.
      const leftToAuthor =
        parseDocument(mutated).errors.length > 0 || at.value.startsWith('#') || rel(abs).startsWith('content/collections/');
      if (leftToAuthor && fixed.text === mutated) return;
      expect(parseDocument(fixed.text).toJS()).toEqual(parseDocument(text).toJS());
      expect(fixed.problems.filter((p) => p.severity === 'error')).toEqual([]);
    },
  );
});

describe('every list item of plain text in the content', () => {
  // The items after the first of every YAML list of one-line plain texts: `- Vue` under `- React`.
  const items = files.flatMap((abs) => {
    const text = texts.get(abs)!;
    const list = places.get(abs)!;
    const plainLine = (p: Place) => !/^["'>|]/.test(text.slice(p.start, p.end)) && !text.slice(p.start, p.end).includes('\n');
    return list.flatMap((p) => {
      const index = p.path[p.path.length - 1];
      if (typeof index !== 'number' || index === 0 || !plainLine(p)) return [];
      const key = JSON.stringify([...p.path.slice(0, -1), index - 1]);
      const above = list.find((q) => JSON.stringify(q.path) === key);
      const line = lineOf(text, p.start);
      return above && plainLine(above) && lineOf(text, above.start) === line - 1 ? [{ abs, line }] : [];
    });
  });

  it('is found in the content (or this proves nothing)', () => {
    expect(items.length).toBeGreaterThanOrEqual(10);
  });

  it.each(items.map((item) => [`${rel(item.abs)}:${item.line}`, item] as const))(
    'with its `- ` deleted (%s) is reported at the item above or at its own line, never joined silently',
    async (_name, { abs, line }) => {
      const lines = texts.get(abs)!.split('\n');
      lines[line - 1] = lines[line - 1]!.replace('- ', '  ');
      const result = await checkWith(abs, lines.join('\n'));
      expect(
        result.problems.some((p) => p.file === rel(abs) && (p.line === line - 1 || p.line === line) && p.severity !== 'info'),
      ).toBe(true);
    },
  );
});

describe('generated mistakes in the real content', () => {
  it('a value YAML would read as a number, truth value or null is stopped at its line, or kept as typed; its fix keeps the characters', async () => {
    await fc.assert(
      fc.asyncProperty(place, fc.constantFrom(...typedLookalikes), async ({ abs, at }, typed) => {
        const text = texts.get(abs)!;
        const mutated = text.slice(0, at.start) + typed + text.slice(at.end);
        const first = lineOf(mutated, at.start);
        const result = await checkWith(abs, mutated);
        const kept = valueAt(mutated, at.path) === typed;
        expect(kept || stopsAt(result.problems, rel(abs), first, first), `${rel(abs)}:${first} ${typed}`).toBe(true);
        if (kept) return;
        const fixed = await fixAll(abs, mutated);
        if (fixed.text === mutated) return;
        // A fix was applied: the author's characters are the value, and whatever is still said (the
        // characters may not suit the field: a team that is no tab) is said at that line, or where another
        // file named the value that is gone (the roles of a renamed tab), nowhere else.
        expect(valueAt(fixed.text, at.path), `${rel(abs)}:${first} ${typed}`).toBe(typed);
        const elsewhere = fixed.problems.filter(
          (p) =>
            p.severity !== 'info' &&
            !(p.file === rel(abs) && p.line === first) &&
            !(p.file !== rel(abs) && p.message.includes(`\`${at.value}\``)) &&
            !unmutated.has(`${p.file} ${p.code} ${p.path}`),
        );
        expect(elsewhere, `${rel(abs)}:${first} ${typed}`).toEqual([]);
      }),
      { seed: 3434, numRuns: runs(60, 240) },
    );
  }, 120_000);

  it('a Markdown link or title typed into a text is stopped at its line, unless the text is a prose body', async () => {
    const markdown = fc.constantFrom('[our case studies](/success-stories)', '[call us](tel:+911204567800)', '## Why us');
    await fc.assert(
      fc.asyncProperty(place, markdown, fc.nat(), async ({ abs, at }, inserted, where) => {
        const text = texts.get(abs)!;
        const words = at.value.split(' ');
        const cut = where % (words.length + 1);
        // A title only means one at the start of a line; a link anywhere.
        const value = inserted.startsWith('#')
          ? `${inserted}\n${at.value}`
          : [...words.slice(0, cut), inserted, ...words.slice(cut)].join(' ');
        const written = JSON.stringify(value);
        const mutated = text.slice(0, at.start) + written + text.slice(at.end);
        const first = lineOf(mutated, at.start);
        const result = await checkWith(abs, mutated);
        const prose = at.path[at.path.length - 1] === 'body';
        expect(prose || stopsAt(result.problems, rel(abs), first, first), `${rel(abs)}:${first} ${at.path.join('.')}`).toBe(true);
      }),
      { seed: 3435, numRuns: runs(40, 160) },
    );
  }, 120_000);
});

describe('a text left as nothing (`~`, `null`)', () => {
  it('is stopped at its line, and --fix leaves it alone: whether the author meant the characters is a guess', async () => {
    await fc.assert(
      fc.asyncProperty(place, fc.constantFrom('~', 'null', 'Null', 'NULL'), async ({ abs, at }, typed) => {
        const text = texts.get(abs)!;
        const mutated = text.slice(0, at.start) + typed + text.slice(at.end);
        const first = lineOf(mutated, at.start);
        const result = await checkWith(abs, mutated);
        expect(stopsAt(result.problems, rel(abs), first, first), `${rel(abs)}:${first} ${typed}`).toBe(true);
        const fixes = result.problems.filter((p) => p.file === rel(abs) && p.fix).map((p) => p.fix!);
        expect(valueAt(applyFixes(mutated, fixes).text, at.path), `${rel(abs)}:${first} ${typed}`).not.toBe(typed);
      }),
      { seed: 3437, numRuns: runs(30, 120) },
    );
  }, 120_000);
});

describe('text never meant to go live', () => {
  const markers = ['TODO', 'TBD', 'TBC', 'FIXME', 'XXX', 'Lorem ipsum dolor sit amet', '[insert client name]', 'Your text here'];
  it('typed into any text of a published page is stopped at its line, in any of the forms people leave it', async () => {
    await fc.assert(
      fc.asyncProperty(place, fc.constantFrom(...markers), fc.nat(), async ({ abs, at }, marker, where) => {
        const text = texts.get(abs)!;
        const words = at.value.split(' ');
        const cut = where % (words.length + 1);
        const written = JSON.stringify([...words.slice(0, cut), marker, ...words.slice(cut)].join(' '));
        const mutated = text.slice(0, at.start) + written + text.slice(at.end);
        const first = lineOf(mutated, at.start);
        const result = await checkWith(abs, mutated);
        expect(
          result.problems.some((p) => p.severity === 'error' && p.file === rel(abs) && p.line === first),
          `${rel(abs)}:${first} ${at.path.join('.')} ${marker}`,
        ).toBe(true);
      }),
      { seed: 3436, numRuns: runs(40, 160) },
    );
  }, 120_000);
});

describe('every entry of every collection, on any day', () => {
  /** The entries of the real content with their dates, as their files write them. */
  const entries = files.flatMap((abs) => {
    const data = parseDocument(texts.get(abs)!).toJS() as { publishedAt?: unknown; validThrough?: unknown; draft?: unknown };
    return typeof data.publishedAt === 'string' ? [{ file: rel(abs), ...data }] : [];
  });

  it('is found in the content (or this proves nothing)', () => {
    expect(entries.length).toBeGreaterThanOrEqual(5);
  });

  it('is a note exactly when the day is before its publishedAt or after its validThrough, and then has no page', async () => {
    // Days around the entries' own dates, where the answer changes, and any day of ten years.
    const dates = entries.flatMap((e) => [e.publishedAt, e.validThrough]).filter((d): d is string => typeof d === 'string');
    const day = fc.oneof(
      fc.constantFrom(...dates),
      fc
        .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
    await fc.assert(
      fc.asyncProperty(day, async (today) => {
        const result = await checkContent({ root: projectRoot, unfinished: 'fail', today });
        const noted = new Set(result.problems.filter((p) => p.code === 'NotPublished').map((p) => p.file));
        const published = new Set(result.pages.map((p) => p.file));
        // On a day before an entry that another page links to is published, the link is an error
        // (LinkToDraft) and the build stops: there is no published site that day to look at.
        const stopped = result.problems.some((p) => p.severity === 'error');
        if (stopped) expect(result.problems.filter((p) => p.severity === 'error').map((p) => p.code)).toContain('LinkToDraft');
        for (const entry of entries) {
          const out =
            entry.draft === true ||
            String(entry.publishedAt) > today ||
            (typeof entry.validThrough === 'string' && entry.validThrough < today);
          expect(noted.has(entry.file), `${entry.file} on ${today}`).toBe(out);
          if (!stopped) expect(published.has(entry.file), `${entry.file} on ${today}`).toBe(!out);
        }
      }),
      { seed: 3436, numRuns: runs(25, 100) },
    );
  }, 120_000);
});

describe('every fix the check offers', () => {
  it('on every fixture, removes its problem, adds none, and keeps the letters and digits it replaces', async () => {
    const alnum = (text: string) => [...text.normalize('NFC')].filter((c) => /[\p{L}\p{N}]/u.test(c));
    let offered = 0;
    for (const name of readdirSync(join(projectRoot, 'tests/fixtures'))) {
      const project = fixture(name);
      const before = await checkContent(project);
      for (const problem of before.problems.filter((p) => p.fix)) {
        offered += 1;
        const fix = problem.fix!;
        const abs = join(project.root, problem.file);
        const original = readFileSync(abs, 'utf8');
        const { text, applied } = applyFixes(original, [fix]);
        expect(applied, `${name} ${problem.code}`).toHaveLength(1);
        // The characters replaced, in order, are in the new text (quotes and separators aside).
        const kept = alnum(fix.text);
        let i = 0;
        for (const c of alnum(fix.was).filter((c) => c !== '\uFFFD')) {
          while (i < kept.length && kept[i] !== c) i++;
          expect(i < kept.length, `${name} ${problem.code}: ${fix.was} → ${fix.text}`).toBe(true);
          i++;
        }
        writeFileSync(abs, text);
        const after = await checkContent(project);
        writeFileSync(abs, original);
        const key = (p: Problem) => `${p.file} ${p.code} ${p.path}`;
        expect(after.problems.map(key), `${name}: ${problem.code} fixed`).not.toContain(key(problem));
        const known = new Set(before.problems.map(key));
        expect(
          after.problems.map(key).filter((k) => !known.has(k)),
          `${name}: new problems after fixing ${problem.code}`,
        ).toEqual([]);
      }
    }
    // The fixtures must offer fixes, or this proves nothing.
    expect(offered).toBeGreaterThan(0);
  }, 120_000);

  it('is there wherever a hint promises `--fix`, and then leaves no such problem: every fixture, and invisible characters typed anywhere', async () => {
    const promises = (problems: readonly Problem[], where: string) =>
      problems
        .filter((p) => /--fix/.test(p.hint ?? ''))
        .map((p) => {
          expect(p.fix, `${where} ${p.code}: ${p.hint}`).toBeDefined();
          return p;
        });
    let promised = 0;
    for (const name of readdirSync(join(projectRoot, 'tests/fixtures')))
      promised += promises((await checkContent(fixture(name))).problems, name).length;
    // The characters whose hint promises --fix (text-hazards.ts), typed into generated places of the real content.
    const invisible = fc.constantFrom('\u0007', '\u0080', '\u200b', '\u200e', '\u202e', '\u2066', '\ufeff', '\u00ad');
    await fc.assert(
      fc.asyncProperty(place, invisible, fc.nat(), async ({ abs, at }, character, where) => {
        const text = texts.get(abs)!;
        const cut = where % (at.value.length + 1);
        const mutated =
          text.slice(0, at.start) + JSON.stringify(at.value.slice(0, cut) + character + at.value.slice(cut)) + text.slice(at.end);
        const label = `${rel(abs)} ${at.path.join('.')} U+${character.codePointAt(0)!.toString(16)}`;
        const found = promises((await checkWith(abs, mutated)).problems, label);
        promised += found.length;
        const fixed = applyFixes(
          mutated,
          found.filter((p) => p.file === rel(abs)).map((p) => p.fix!),
        ).text;
        const after = await checkWith(abs, fixed);
        expect(
          after.problems.filter((p) => /--fix/.test(p.hint ?? '') && p.file === rel(abs)).map((p) => p.code),
          label,
        ).toEqual([]);
      }),
      { seed: 3438, numRuns: runs(15, 60) },
    );
    expect(promised).toBeGreaterThan(0);
  }, 120_000);
});
