/**
 * Reading a file as YAML. Each syntax mistake gets one plain-words diagnosis at its line
 * (src/content/yaml/yaml-syntax.ts), all of a file's in one run, never the parser's cascade; what YAML
 * reads but would lose or change is reported here too (src/content/yaml/yaml-text.ts), since it happens
 * before the data exists: an unknown or twice-defined anchor, a merge key, a tag, text cut short by
 * ` #`, an empty file. So is text that YAML reads, but not as its writer sees it: bytes that are not
 * UTF-8, typographic quotes, invisible characters (src/content/yaml/text-hazards.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { Problem } from '../catalog.ts';
import { explain, warningCodes } from '../catalog.ts';
import { codeFrame } from '../yaml/locate.ts';
import { diagnoseSyntax } from '../yaml/yaml-syntax.ts';
import { overgrown, overgrownReason } from '../yaml/yaml-limits.ts';
import { withoutData, yamlTextProblems } from '../yaml/yaml-text.ts';
import { encodingProblem, textHazards } from '../yaml/text-hazards.ts';
import type { Validators } from '../rules/validate.ts';
import { fileMissing, sharedPath, type CheckRun, type SourceFile } from './run.ts';

/**
 * The check's one cache: each file as read, keyed by its path and a hash of its text, with the
 * problems reading it found. The dev server and the editor check all content at every change, and
 * a file whose text is the same is not parsed again (at 1,000 pages, parsing is half of a check).
 * Kept in this process only; later phases keep what they derive from a file on its `SourceFile`.
 */
const reads = new Map<string, { readonly source: SourceFile | undefined; readonly problems: readonly Problem[] }>();

/**
 * The schema's verdict on each file as read, kept with it: a file that did not change gets the same
 * verdict (a third of a check at 1,000 pages). Keyed by the validator too, so recompiled schemas judge again.
 */
let verdicts = new WeakMap<SourceFile, { readonly validate: Validators['page']; readonly result: ReturnType<Validators['run']> }>();

/** Forgets every file read: their data holds the defaults of schemas that have just changed. */
export function forgetReads(): void {
  reads.clear();
  verdicts = new WeakMap();
}

/** The schema's verdict on a file's data: its problems and the references it holds. */
export function validated(validators: Validators, validate: Validators['page'], source: SourceFile): ReturnType<Validators['run']> {
  const known = verdicts.get(source);
  if (known?.validate === validate) return known.result;
  const result = validators.run(validate, source.data);
  verdicts.set(source, { validate, result });
  return result;
}

/** The content files a check validates, as read: site settings, shared content by name, and pages. */
export interface ReadContent {
  readonly site?: SourceFile;
  readonly shared: ReadonlyMap<string, SourceFile>;
  readonly pages: readonly SourceFile[];
}

/**
 * Reads the site settings, each shared file that has a schema, and every page (those made from
 * collection entries included); a file that is missing or has no data is reported and left out.
 */
export function readContent(run: CheckRun, sharedNames: Iterable<string>): ReadContent {
  let site: SourceFile | undefined;
  if (existsSync(run.sitePath)) site = readSource(run, run.sitePath);
  else run.problems.push(fileMissing(run.rel(run.sitePath), 'It holds the brand, navigation and footer of every page.'));
  const shared = new Map<string, SourceFile>();
  for (const name of sharedNames) {
    const read = existsSync(sharedPath(run, name)) ? readSource(run, sharedPath(run, name)) : undefined;
    if (read) shared.set(name, read);
  }
  const pages = run.pagePaths.map((p) => readSource(run, p)).filter((s) => s !== undefined);
  return { site, shared, pages };
}

/** The file with its data, or nothing when it has none to check (its problems are reported). */
export function readSource(run: CheckRun, abs: string): SourceFile | undefined {
  const file = run.rel(abs);
  const text = run.textOf(abs);
  // A file re-saved in another encoding may read as the very text it had before.
  const misencoded = run.encodingOf(file);
  const key = `${file}\0${createHash('sha1').update(text).digest('base64')}`;
  const known = misencoded ? undefined : reads.get(key);
  if (known) {
    run.problems.push(...known.problems);
    return known.source;
  }
  const reported = run.problems.length;
  if (misencoded) run.problems.push(encodingProblem(file, text, misencoded));
  const source = parseSource(run, file, text);
  // Text that YAML reads, but not as its writer sees it (text-hazards.ts).
  if (source) run.problems.push(...textHazards(source));
  // An old version of the file is of no more use once it is read again.
  for (const old of reads.keys()) if (old.startsWith(`${file}\0`)) reads.delete(old);
  if (!misencoded) reads.set(key, { source, problems: run.problems.slice(reported) });
  return source;
}

function parseSource(run: CheckRun, file: string, text: string): SourceFile | undefined {
  const { doc, counter } = parseYaml(text);
  const at = (line: number, column: number) => ({ file, line, column, path: '', frame: codeFrame(text, { line, column }) });
  if (doc.errors.length > 0) {
    // One message per mistake, every mistake of the file: the parser's echoes of one are not reported.
    for (const { code, line, column, message, hint, fix } of diagnoseSyntax(text, { doc, counter })) {
      run.problems.push({ code, severity: 'error', ...at(line, column), message, hint, ...(fix ? { fix } : {}) });
    }
    return undefined;
  }
  const textProblems = yamlTextProblems(doc, text, file);
  for (const { code, offset, message, hint, fix } of textProblems) {
    const { line, col } = counter.linePos(offset);
    run.problems.push({ code, severity: warningCodes.has(code) ? 'warning' : 'error', ...at(line, col), message, hint, ...(fix ? { fix } : {}) });
  }
  // Data other than the author meant (an alias without its anchor, a merge key, a tag that changes a
  // value, an empty file) is not checked: its problems would only repeat these in other words.
  if (withoutData(textProblems)) return undefined;
  const expanded = overgrown(doc);
  if (expanded) {
    const { line, col } = counter.linePos(expanded.offset ?? 0);
    run.problems.push({ code: 'YamlSyntax', severity: 'error', ...at(line, col), ...explain.YamlUnexpandable(overgrownReason()) });
    return undefined;
  }
  try {
    return { file, text, document: () => ({ doc, counter }), data: doc.toJS() };
  } catch (error) {
    // What YAML refuses to expand, such as aliases nested into millions of copies: reported, never a crash.
    run.problems.push({
      code: 'YamlSyntax',
      severity: 'error',
      ...at(1, 1),
      ...explain.YamlUnexpandable((error as Error).message),
    });
    return undefined;
  }
}

function parseYaml(text: string): { readonly doc: Document; readonly counter: LineCounter } {
  const counter = new LineCounter();
  return { doc: parseDocument(text, { lineCounter: counter, prettyErrors: true, uniqueKeys: true }), counter };
}
