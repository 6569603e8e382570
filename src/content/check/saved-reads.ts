/**
 * What a check keeps between runs of the dev server: each content file's data, its schema's verdict
 * and what the lint rules that read it alone found, saved with the file's text. Reading and judging a file is over half of a cold check (at
 * 1,000 pages, about half a second of the dev server's start); a file whose text is the same as when
 * it was saved is taken as it was, as Astro's data store does for its collections.
 *
 * A verdict holds as long as the schemas and the code that gave it: the saved file is used only under
 * the same key, made of the check's code (`codeKey`, from its bundle) and the compiled schemas. The
 * file is JSON, read back faster than V8's own format (at a thousand pages, 0.23 s against 0.35 s in
 * the dev server's worker); a file whose data JSON cannot hold exactly (`.inf`, `.nan`, `-0`) is not
 * saved, and is read afresh each start.
 */
import { readFileSync } from 'node:fs';
import type { Reference, RawProblem, Validators } from '../validate.ts';
import { writeWhole } from '../files.ts';
import { valueAt } from '../paths.ts';
import { findingsOf, rememberFindings, type Found } from '../lint.ts';
import { readsSoFar, rememberRead } from './read.ts';
import { rememberVerdict, verdictOf } from './shape.ts';
import type { SavedReadsOptions, SourceFile } from './run.ts';

interface SavedFile {
  readonly abs: string;
  readonly file: string;
  readonly text: string;
  readonly data: unknown;
  readonly verdict?: {
    readonly validator: string;
    readonly problems: readonly RawProblem[];
    readonly references: readonly Reference[];
  };
  /** What each lint rule that reads this file only found in it (lint.ts). */
  readonly lint?: Readonly<Record<string, Found[]>>;
}

interface Saved {
  readonly key: string;
  readonly files: readonly SavedFile[];
}

/** Each validator by the name that survives a restart. */
function validatorNames(validators: Validators): Map<Validators['page'], string> {
  const names = new Map<Validators['page'], string>([
    [validators.site, 'site'],
    [validators.page, 'page'],
  ]);
  for (const [name, validate] of validators.shared) names.set(validate, `shared:${name}`);
  if (validators.collection) names.set(validators.collection, 'collection');
  for (const [name, { validate }] of validators.collections) names.set(validate, `collection:${name}`);
  return names;
}

const keyOf = (options: SavedReadsOptions, validators: Validators) => `${options.codeKey}:${validators.key}`;

/** The sources written or restored last, to save only when something was read or judged since. */
let inStore = new WeakSet<SourceFile>();
let storeSize = -1;
/**
 * Takes the reads and verdicts saved under the same key when nothing has been read yet (a new
 * process, or schemas that just changed): a check then reads and judges again only the files whose
 * text changed since. A missing, unreadable or outdated file is ignored.
 */
export function restoreReads(options: SavedReadsOptions, validators: Validators): void {
  // What this process has read is newer than anything saved.
  if (readsSoFar().size > 0) return;
  const key = keyOf(options, validators);
  let saved: Saved;
  try {
    const text = readFileSync(options.file, 'utf8');
    // The key leads the file: another key's file is not parsed at all.
    if (!text.startsWith(`{"key":${JSON.stringify(key)},`)) return;
    saved = JSON.parse(text) as Saved;
  } catch {
    return;
  }
  const files: readonly SavedFile[] = saved.files;
  const byName = new Map([...validatorNames(validators)].map(([validate, name]) => [name, validate]));
  for (const entry of files) {
    const source = rememberRead(entry.abs, entry.file, entry.text, entry.data);
    inStore.add(source);
    if (entry.lint) rememberFindings(entry.data, entry.file, entry.text, entry.lint);
    const verdict = entry.verdict;
    const validate = verdict && byName.get(verdict.validator);
    if (!verdict || !validate) continue;
    // A picture's or video's reference is its object in the data, which later phases fill a copy of.
    const references = verdict.references.map((r): Reference =>
      typeof r.value === 'object' && r.value !== null ? { ...r, value: valueAt(entry.data, r.path) } : r,
    );
    rememberVerdict(source, validate, { problems: [...verdict.problems], references });
  }
  storeSize = readsSoFar().size;
}

/** Saves every file read so far, with its verdict, unless nothing was read or judged since the last save. */
export function saveReads(options: SavedReadsOptions, validators: Validators): void {
  const reads = readsSoFar();
  const sources = [...reads.values()].map((r) => r.source);
  if (reads.size === storeSize && sources.every((s) => inStore.has(s))) return;
  const names = validatorNames(validators);
  const files: string[] = [];
  for (const [abs, { text, source }] of reads) {
    const verdict = verdictOf(source);
    const validator = verdict && names.get(verdict.validate);
    const lint = findingsOf(source.data, source.file, text);
    const entry: SavedFile = {
      abs,
      file: source.file,
      text,
      data: source.data,
      ...(validator ? { verdict: { validator, problems: verdict.result.problems, references: verdict.result.references } } : {}),
      ...(Object.keys(lint).length > 0 ? { lint } : {}),
    };
    let exact = true;
    const json = JSON.stringify(entry, (_key, value: unknown) => {
      if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) exact = false;
      return value;
    });
    if (exact) files.push(json);
  }
  try {
    writeWhole(options.file, `{"key":${JSON.stringify(keyOf(options, validators))},"files":[\n${files.join(',\n')}\n]}\n`);
  } catch {
    // A read-only or full disk costs the next start its head start, nothing else.
    return;
  }
  inStore = new WeakSet(sources);
  storeSize = reads.size;
}
