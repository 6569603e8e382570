/**
 * Phase 1a: reading a file as YAML. A syntax mistake gets one plain-words diagnosis at its line
 * (src/content/yaml-syntax.ts), never the parser's cascade; an unknown alias or a text cut short
 * by ` #` is reported here too, since both are lost before the data exists.
 */
import { LineCounter, parseDocument, type Document } from 'yaml';
import { explain } from '../catalog.ts';
import { codeFrame } from '../locate.ts';
import { diagnoseSyntax } from '../yaml-syntax.ts';
import { yamlTextProblems } from '../yaml-text.ts';
import { quickRead } from './quick-yaml.ts';
import type { CheckRun, SourceFile } from './run.ts';

/**
 * Files read before, by path, with the text they were read from. The dev server and the editor check
 * all content at every change; a file whose text is the same is not parsed again (at 1,000 pages,
 * parsing was half of each check). Only files read without a problem are kept.
 */
const reads = new Map<string, { readonly text: string; readonly source: SourceFile }>();

/** Forgets every file read: their data holds the defaults of schemas that have just changed. */
export function forgetReads(): void {
  reads.clear();
}

/** Every file read without a problem so far, by path, with its text and data. */
export const readsSoFar = (): ReadonlyMap<string, { readonly text: string; readonly source: SourceFile }> => reads;

/**
 * Takes a file's data as read by an earlier run (check/saved-reads.ts), to be used while its text is
 * `text`; yaml's document of it is made only if a problem needs a line and column.
 */
export function rememberRead(abs: string, file: string, text: string, data: unknown): SourceFile {
  let full: ReturnType<typeof parseYaml> | undefined;
  const source: SourceFile = { file, text, data, document: () => (full ??= parseYaml(text)) };
  reads.set(abs, { text, source });
  return source;
}

/** The file with its data, or nothing when it has none to check (its problems are reported). */
export function readSource(run: CheckRun, abs: string): SourceFile | undefined {
  const file = run.rel(abs);
  const text = run.textOf(abs);
  const known = reads.get(abs);
  if (known && known.text === text && known.source.file === file) return known.source;
  const reported = run.problems.length;
  const source = parseSource(run, file, text);
  if (source && run.problems.length === reported) reads.set(abs, { text, source });
  else reads.delete(abs);
  return source;
}

function parseSource(run: CheckRun, file: string, text: string): SourceFile | undefined {
  const quick = quickRead(text);
  if (quick) {
    let full: ReturnType<typeof parseYaml> | undefined;
    return { file, text, data: quick.data, document: () => (full ??= parseYaml(text)) };
  }
  const { doc, counter } = parseYaml(text);
  const at = (line: number, column: number) => ({ file, line, column, path: '', frame: codeFrame(text, { line, column }) });
  if (doc.errors.length > 0) {
    // One mistake, one message: the parser's later errors are echoes of its first.
    const { line, column, message, hint } = diagnoseSyntax(text, doc.errors, counter);
    run.problems.push({ code: 'YamlSyntax', severity: 'error', ...at(line, column), message, hint });
    return undefined;
  }
  const textProblems = yamlTextProblems(doc, text);
  for (const problem of textProblems) {
    const { line, col } = counter.linePos(problem.offset);
    run.problems.push({ code: problem.code, severity: 'error', ...at(line, col), message: problem.message, hint: problem.hint });
  }
  // Without its anchor an alias has no value, and the file none as data.
  if (textProblems.some((p) => p.code === 'UnknownAlias')) return undefined;
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
