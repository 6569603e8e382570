/**
 * Collections. A collection is a folder of entries with one schema: every file of
 * content/<name>/ is an entry checked against schemas/collections/<name>.schema.json, and
 * content/collections/<name>.yaml gives the route of each entry's page (`/careers/{slug}`) and the
 * page itself, made of the usual sections with `{entry.…}` placeholders.
 *
 * Each entry becomes a page that every later phase checks exactly like a file of content/pages/;
 * what they find in it is then reported where it can be fixed (`relocateMadePages`): at the
 * entry's field the value came from, or else at the template's. An entry that is a draft, or whose
 * `publishedAt` is still to come or whose `validThrough` is past, makes a draft page: shown by the
 * dev server and the editor, left out of the published site like any draft.
 *
 * Listings are filled in here too, before the pages that hold them are checked: a `collection-list`
 * section's `entries`, and a careers section's roles when it names a `collection`.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { explain, type Fix, type Problem } from '../catalog.ts';
import { codeFrame, formatPath, locate, nodeAt } from '../yaml/locate.ts';
import { quoted, valueFix } from '../fixes.ts';
import { parsePath } from '../paths.ts';
import { closest } from '../suggest.ts';
import type { Reference, Validators } from '../rules/validate.ts';
import { readSource, validated } from './read.ts';
import { dayOf, fileMissing, isRecord, listFiles, type CheckRun, type SourceFile } from './run.ts';

type Path = (string | number)[];
type Data = Record<string, unknown>;

/** Why an entry is not on the published site. */
export type Unpublished = 'draft' | 'scheduled' | 'expired';

export interface Entry {
  readonly slug: string;
  readonly route: string;
  readonly source: SourceFile;
  readonly data: Data;
  /** What the entry's own values refer to, its Markdown texts among them, for the rules of one file (lint.ts). */
  readonly references: readonly Reference[];
  readonly unpublished?: Unpublished;
}

export interface Collection {
  readonly name: string;
  /** The entry schema's properties. */
  readonly fields: readonly string[];
  readonly order: { readonly by: string; readonly direction: 'asc' | 'desc' };
  /** The entries whose shape is right, in the collection's order. */
  readonly entries: readonly Entry[];
}

/** A page made from an entry, and where its values came from. */
interface MadePage {
  /** The name the later phases know the page by. */
  readonly file: string;
  readonly entry: Entry;
  readonly template: SourceFile;
  /** Paths in the page (formatted) whose value is the entry's, with the path it has in the entry. */
  readonly fromEntry: ReadonlyMap<string, Path>;
}

export interface Collections {
  readonly byName: ReadonlyMap<string, Collection>;
  /** The pages made from entries, by the file name the later phases know them by. */
  readonly made: ReadonlyMap<string, MadePage>;
  /** The text of each page made from an entry, by its absolute path, for the later phases to read. */
  readonly pages: ReadonlyMap<string, string>;
}

/** An entry's file name becomes the end of its page's address. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const slugFor = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
const WHOLE = /^\{entry\.([A-Za-z0-9_.]+)\}$/;
const PLACEHOLDER = /\{entry\.([A-Za-z0-9_.]+)\}/g;
/** The same, for a test (a global expression keeps its place between tests). */
const PLACEHOLDER_ANYWHERE = /\{entry\.[A-Za-z0-9_.]+\}/;

/** The template's own text at `path`, as its file writes it (placeholders unfilled), if it is a text. */
function templateText(data: unknown, path: Path): string | undefined {
  let value = data;
  for (const key of path) value = isRecord(value) || Array.isArray(value) ? (value as Record<string | number, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Reads every collection, reports what is wrong in it, and makes one page per entry. */
export function readCollections(run: CheckRun, validators: Validators): Collections {
  const byName = new Map<string, Collection>();
  const made = new Map<string, MadePage>();
  const pages = new Map<string, string>();
  const today = dayOf(run.options);
  for (const [name, { validate, fields }] of validators.collections) {
    const dir = join(run.contentDir, name);
    const files = entryFiles(run, dir);
    // A collection without a folder has no entries yet, and its listings are empty.
    const definition = files.length > 0 || existsSync(dir) ? readDefinition(run, validators, name, fields) : undefined;
    const entries: Entry[] = [];
    for (const abs of files) {
      const source = readSource(run, abs);
      if (!source) continue;
      const { problems, references } = validated(validators, validate, source);
      for (const problem of problems) run.report(source, problem);
      if (problems.length > 0 || !isRecord(source.data)) continue;
      const slug = basename(abs).replace(/\.ya?ml$/, '');
      if (!SLUG.test(slug)) {
        run.report(source, { code: 'BadFormat', path: [], ...explain.EntryFileName(basename(abs), slugFor(slug)) });
        continue;
      }
      const data = source.data;
      const route = definition ? definition.route.replace('{slug}', slug) : '';
      entries.push({ slug, route, source, data, references, ...unpublishedOf(data, today) });
    }
    const order = definition?.order ?? { by: 'title', direction: 'asc' as const };
    entries.sort((a, b) => compareBy(a.data, b.data, order.by) * (order.direction === 'desc' ? -1 : 1) || a.slug.localeCompare(b.slug));
    byName.set(name, { name, fields, order, entries });
    if (!definition) continue;
    for (const entry of entries) {
      const fromEntry = new Map<string, Path>();
      const values = { ...entry.data, slug: entry.slug, route: entry.route };
      const filled = fill(definition.page, [], { values, known: [...fields, 'slug', 'route'], fromEntry }) as Data;
      // The entry's own route and publishing state win over anything the template says.
      const page = { ...filled, route: entry.route, ...(entry.unpublished ? { draft: true } : {}) };
      const file = join(dir, `${entry.slug}.page.yaml`);
      pages.set(file, stringify(page, { lineWidth: 0 }));
      made.set(run.rel(file), { file: run.rel(file), entry, template: definition.source, fromEntry });
    }
  }
  return { byName, made, pages };
}

interface Definition {
  readonly source: SourceFile;
  readonly route: string;
  readonly order?: Collection['order'];
  readonly page: Data;
}

function readDefinition(run: CheckRun, validators: Validators, name: string, fields: readonly string[]): Definition | undefined {
  const abs = join(run.contentDir, 'collections', `${name}.yaml`);
  if (!existsSync(abs) && !run.options.drafts?.has(abs)) {
    run.problems.push(fileMissing(run.rel(abs), `It gives the route and the page of each entry of the collection \`${name}\`.`));
    return undefined;
  }
  const source = readSource(run, abs);
  if (!source || !validators.collection) return undefined;
  const { problems } = validators.run(validators.collection, source.data);
  for (const problem of problems) run.report(source, problem);
  if (problems.length > 0) return undefined;
  const data = source.data as { route: string; order?: { by: string; direction: 'asc' | 'desc' }; page: Data };
  const known = [...fields, 'slug', 'route'];
  // A placeholder that names nothing would be shown as written on every entry's page.
  const unknown = (written: string, path: Path) => {
    const field = written.slice('{entry.'.length, -1).split('.')[0]!;
    if (known.includes(field)) return;
    run.report(source, { code: 'UnknownEntryField', path, ...explain.UnknownEntryField(written, name, closest(field, known), fields) });
  };
  walkStrings(data.page, ['page'], (text, path) => {
    for (const match of text.matchAll(PLACEHOLDER)) unknown(match[0], path);
  });
  if (data.order && !known.includes(data.order.by)) {
    const by = data.order.by;
    run.report(source, { code: 'UnknownEntryField', path: ['order', 'by'], ...explain.UnknownEntryField(by, name, closest(by, known), fields) });
  }
  return { source, route: data.route, ...(data.order ? { order: data.order } : {}), page: data.page };
}

/** The entry files of a collection folder, with the editor's unsaved new ones. */
function entryFiles(run: CheckRun, dir: string): string[] {
  const drafts = [...(run.options.drafts?.keys() ?? [])].filter((abs) => dirname(abs) === dir);
  return [...new Set([...listFiles(dir, '.yaml'), ...listFiles(dir, '.yml'), ...drafts])]
    .filter((abs) => dirname(abs) === dir && /\.ya?ml$/.test(abs))
    .sort();
}

function unpublishedOf(data: Data, today: string): { unpublished?: Unpublished } {
  if (data.draft === true) return { unpublished: 'draft' };
  if (typeof data.publishedAt === 'string' && data.publishedAt > today) return { unpublished: 'scheduled' };
  if (typeof data.validThrough === 'string' && data.validThrough < today) return { unpublished: 'expired' };
  return {};
}

/** Entries in the order of one field: numbers by value, anything else as text. */
export function compareBy(a: Data, b: Data, field: string): number {
  const x = a[field];
  const y = b[field];
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x ?? '').localeCompare(String(y ?? ''));
}

/** The value at a dotted path of the entry (`pictures.0`), or undefined. */
function valueAt(values: Data, dotted: string): { value: unknown; path: Path } {
  const path: Path = [];
  let value: unknown = values;
  for (const key of dotted.split('.')) {
    const index = Array.isArray(value) && /^\d+$/.test(key) ? Number(key) : key;
    path.push(index);
    value = isRecord(value) || Array.isArray(value) ? (value as Record<string | number, unknown>)[index] : undefined;
  }
  return { value, path };
}

/**
 * The template with every placeholder filled in. A text that is one placeholder takes the entry's
 * value as it is, and a missing value drops its key; elsewhere values are written into the text.
 * `fromEntry` records which paths of the page hold the entry's values, for reporting problems there.
 */
interface Filling {
  readonly values: Data;
  /** The fields an entry may have; a placeholder naming another is reported, and left as written. */
  readonly known: readonly string[];
  readonly fromEntry: Map<string, Path>;
}

function fill(template: unknown, path: Path, filling: Filling): unknown {
  const { values, known, fromEntry } = filling;
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole && known.includes(whole[1]!.split('.')[0]!)) {
      const { value, path: at } = valueAt(values, whole[1]!);
      if (typeof at[0] === 'string' && at[0] in values && at[0] !== 'slug' && at[0] !== 'route') fromEntry.set(formatPath(path), at);
      return value;
    }
    let first: Path | undefined;
    const text = template.replace(PLACEHOLDER, (written, dotted: string) => {
      const { value, path: at } = valueAt(values, dotted);
      if (typeof value !== 'string' && typeof value !== 'number') return written;
      if (at[0] !== 'slug' && at[0] !== 'route') first ??= at;
      return String(value);
    });
    if (first) fromEntry.set(formatPath(path), first);
    return text;
  }
  if (Array.isArray(template)) {
    return template.map((item, i) => fill(item, [...path, i], filling)).filter((item) => item !== undefined);
  }
  if (isRecord(template)) {
    const out: Data = {};
    for (const [key, item] of Object.entries(template)) {
      const value = fill(item, [...path, key], filling);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  return template;
}

function walkStrings(value: unknown, path: Path, visit: (text: string, path: Path) => void): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((item, i) => walkStrings(item, [...path, i], visit));
  else if (isRecord(value)) for (const [key, item] of Object.entries(value)) walkStrings(item, [...path, key], visit);
}

/**
 * Moves what the later phases found in a page made from an entry to where it can be fixed: a value
 * the entry gave is reported at the entry's field; the rest at the template's, once for all entries.
 */
export function relocateMadePages(problems: readonly Problem[], collections: Collections): Problem[] {
  const seen = new Set<string>();
  const entryFiles = new Set([...collections.made.values()].map((m) => m.entry.source.file));
  // Messages that name a made page (another page with the same title, say) name the entry that makes it.
  const names = [...collections.made.values()].map((m) => [m.file, m.entry.source.file] as const);
  const renamed = (message: string) => names.reduce((text, [from, to]) => text.split(from).join(to), message);
  // How many pages each template makes, and on how many of them each problem (code and place) is found.
  const pagesOf = new Map<string, number>();
  for (const made of collections.made.values()) pagesOf.set(made.template.file, (pagesOf.get(made.template.file) ?? 0) + 1);
  const sharedKey = (problem: Problem, made: MadePage) => `${made.template.file} ${problem.code} ${problem.path}`;
  // By page, not by problem: one page may show the same value in several places (its title is also its
  // `og:title`), which counted as several pages would blame the template for one entry's text.
  const found = new Map<string, Set<string>>();
  for (const problem of problems) {
    const made = collections.made.get(problem.file);
    if (made) found.set(sharedKey(problem, made), (found.get(sharedKey(problem, made)) ?? new Set()).add(made.file));
  }
  return problems.flatMap((problem): Problem[] => {
    const made = collections.made.get(problem.file);
    // A text the template writes around a placeholder ("{entry.title} job, remote in India") holds
    // characters of both. A problem found in it on every page the template makes is in the template's
    // own characters, not in each entry: it is reported once, at the template.
    const everyPage = made !== undefined && (pagesOf.get(made.template.file) ?? 0) > 1 && found.get(sharedKey(problem, made))?.size === pagesOf.get(made.template.file);
    const located = made ? relocate(problem, made, everyPage) : problem;
    const moved = { ...located, message: renamed(located.message), ...(located.hint ? { hint: renamed(located.hint) } : {}) };
    // Said once for the template, in the words of the first page it was found on. An entry's own texts are
    // judged as written too (judge.ts), so what its page shows of them is said once, at their line.
    const inEntry = entryFiles.has(moved.file);
    const key = inEntry
      ? `${moved.file}:${moved.line}:${moved.code}`
      : `${moved.file}:${moved.line}:${moved.column}:${moved.code}${everyPage ? '' : `:${moved.message}`}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [moved];
  });
}

function relocate(problem: Problem, made: MadePage, onEveryPage: boolean): Problem {
  const pagePath = parsePath(problem.path);
  const written = templateText(made.template.data, ['page', ...pagePath]);
  const aroundPlaceholder = written !== undefined && !WHOLE.test(written) && PLACEHOLDER_ANYWHERE.test(written);
  const entryPath = onEveryPage && aroundPlaceholder ? undefined : fromEntryAt(made.fromEntry, pagePath);
  const [source, path] =
    entryPath !== undefined
      ? [made.entry.source, entryPath]
      : pagePath[0] === 'route' || pagePath[0] === 'draft'
        ? [made.template, ['route']]
        : [made.template, ['page', ...pagePath]];
  // A property that should not be there is pointed at by its name, as in any other file.
  const keyed = problem.code === 'UnknownProperty' || problem.code === 'RenamedProperty';
  const { doc, counter } = source.document();
  const at = keyed ? locate(doc, counter, path.slice(0, -1), String(path[path.length - 1])) : locate(doc, counter, path);
  // A fix was made for the made page's text, which no file holds: a quote fix is made again from
  // the characters of the file the problem now points at; any other is left out.
  // A fix that replaces characters found once among the value's characters in that file (an invisible
  // character deleted) is made again there. Without a fix, a hint must not promise --fix.
  const { fix: _madeFor, ...rest } = problem;
  const node = nodeAt(doc, path);
  const quote = problem.fix && problem.fix.text === quoted(problem.fix.was) ? valueFix(source.text, node, path, { quote: true }) : undefined;
  const remade = !quote && problem.fix ? sameCharactersIn(source.text, node?.range, problem.fix) : undefined;
  const fix = quote?.fix ?? remade;
  return {
    ...rest,
    file: source.file,
    line: at.line,
    column: at.column,
    path: formatPath(path),
    frame: codeFrame(source.text, at),
    ...(quote?.fix ? { hint: quote.hint } : !fix && rest.hint ? { hint: withoutFixPromise(rest.hint) } : {}),
    ...(fix ? { fix } : {}),
  };
}

/** `fix` moved to where its characters are, once, in `range` of `text`; undefined when they are not there exactly once. */
function sameCharactersIn(text: string, range: readonly number[] | null | undefined, fix: Fix): Fix | undefined {
  if (!range || fix.was === '') return undefined;
  const inFile = text.slice(range[0], range[1]);
  const at = inFile.indexOf(fix.was);
  if (at < 0 || inFile.indexOf(fix.was, at + 1) >= 0) return undefined;
  return { ...fix, start: range[0]! + at, end: range[0]! + at + fix.was.length };
}

/** A hint without its promise that `--fix` does the repair, for a problem that lost its fix. */
const withoutFixPromise = (hint: string) => hint.replace(/: `npm run content:check -- --fix` does that for you\./g, '.');

/** The entry's path for a path of the made page, when the value there (or around it) is the entry's. */
function fromEntryAt(fromEntry: ReadonlyMap<string, Path>, pagePath: Path): Path | undefined {
  for (let length = pagePath.length; length >= 0; length--) {
    const at = fromEntry.get(formatPath(pagePath.slice(0, length)));
    if (at) return [...at, ...pagePath.slice(length)];
  }
  return undefined;
}
