/**
 * What every phase of the content check shares (the context: where things are, the files as read)
 * and what each phase has of its own (its run: the problems it finds). A phase reads its input and
 * returns data; none changes the context or another phase's data.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Document, LineCounter } from 'yaml';
import { codeFrame, formatPath, locate, nodeAt } from '../yaml/locate.ts';
import { valueFix } from '../fixes.ts';
import { explain, type Problem, type ProblemCode, type Severity } from '../catalog.ts';
import type { RawProblem } from '../rules/validate.ts';
import type { RenderedFinding } from '../rendered/judge.ts';
import { listFiles } from '../files.ts';
import { decodeContent, type Misencoded } from '../yaml/text-hazards.ts';

export { listFiles };

/** Where content, schemas and public files live; defaults follow the project layout. */
export interface ContentOptions {
  readonly root: string;
  readonly contentDir?: string;
  readonly schemaDir?: string;
  readonly publicDir?: string;
  /**
   * Pages that are not files of `contentDir`, checked and prepared exactly like them: the dev
   * server's section gallery is one, made of the schemas' examples. `file` is relative to `root`.
   */
  readonly extraPages?: readonly { readonly file: string; readonly text: string }[];
  /**
   * What the template's `TODO` texts are: warnings while a page is being written (the dev server),
   * errors when the site is to be published (`npm run build`, `npm run content:check`). Publishing
   * also leaves out draft pages (`draft: true`), and a link to one from a published page is an error.
   */
  readonly unfinished?: 'warn' | 'fail';
  /**
   * Texts to check in place of files on disk, by absolute path: the visual editor's unsaved edits,
   * checked as the build would check them once saved. A page here that is not yet on disk counts too.
   */
  readonly drafts?: ReadonlyMap<string, string>;
  /**
   * The day the site is built for (YYYY-MM-DD), today when left out: an entry of a collection whose
   * `publishedAt` is later, or whose `validThrough` is earlier, is left out of the published site.
   */
  readonly today?: string;
  /**
   * What the rendered-page check found in the pages the build drew from this content (src/content/rendered/),
   * reported at the values that produced it, with every other problem.
   */
  readonly rendered?: readonly RenderedFinding[];
}

/** A content file that could be read as YAML, with its data when it has any. */
export interface SourceFile {
  readonly file: string;
  readonly text: string;
  /** `yaml`'s document of the file and its line counter, for a problem's line and column. */
  readonly document: () => { readonly doc: Document; readonly counter: LineCounter };
  readonly data: unknown;
}

/** A problem as a phase states it: a field of a file, not yet a line and column. */
export type Finding = Omit<RawProblem, 'code'> & { code: ProblemCode };

/**
 * What every phase reads: the options, where things are, and the files as this check sees them. No
 * phase changes it; the pages made from collection entries make a new context (`withPages`).
 */
export interface CheckContext {
  readonly options: ContentOptions;
  readonly root: string;
  readonly contentDir: string;
  readonly schemaDir: string;
  readonly publicDir: string;
  readonly sitePath: string;
  /** The folder of shared content: `<name>.yaml` for each schema in schemas/shared/. */
  readonly sharedDir: string;
  /** Every page file, the extra pages included, in name order; then the pages made from collection entries. */
  readonly pagePaths: readonly string[];
  /** A path relative to the root, with forward slashes, as problems name files. */
  rel(abs: string): string;
  /**
   * The text of a content file, or of an extra page. A file that is not UTF-8 is read as the encoding
   * it looks saved in (text-hazards.ts), so the rest of it is still checked; `encodingOf` tells.
   */
  textOf(abs: string): string;
  /** How the file named `file` (as problems name it) was read when its bytes are not UTF-8; undefined when they are. */
  encodingOf(file: string): Misencoded | undefined;
  /**
   * Whether a file is there, asked of the disk once per check: a thousand pages name the same few
   * pictures and shared blocks again and again.
   */
  exists(abs: string): boolean;
}

/** A phase's view of the check: the context, and the problems this phase finds, which are its own. */
export interface CheckRun extends CheckContext {
  readonly problems: Problem[];
  /** Adds a problem found at a field of `source`, located by its path. */
  report(source: SourceFile, finding: Finding, severity?: Severity): void;
}

/** What a phase gave: its data, and the problems it found. */
export interface PhaseResult<T> {
  readonly value: T;
  readonly problems: readonly Problem[];
}

/**
 * Runs one phase over `context`, with a list of problems of its own: the check runs its phases in
 * order and puts their problems together (check.ts). An async phase's problems are complete once its
 * value has settled.
 */
export function phase<T>(context: CheckContext, body: (run: CheckRun) => T): PhaseResult<T> {
  const run = reporting(context);
  return { value: body(run), problems: run.problems };
}

/** The context with pages that no file holds (those made from collection entries), checked like the others. */
export function withPages(context: CheckContext, pages: ReadonlyMap<string, string>): CheckContext {
  if (pages.size === 0) return context;
  return {
    ...context,
    pagePaths: [...context.pagePaths, ...pages.keys()],
    textOf: (abs) => pages.get(abs) ?? context.textOf(abs),
  };
}

/** The folders a check reads, the project layout's where the options name none. */
export function foldersOf(options: ContentOptions): { readonly contentDir: string; readonly schemaDir: string; readonly publicDir: string } {
  return {
    contentDir: options.contentDir ?? join(options.root, 'content'),
    schemaDir: options.schemaDir ?? join(options.root, 'schemas'),
    publicDir: options.publicDir ?? join(options.root, 'public'),
  };
}

/** The file of the shared content `name`: content/shared/<name>.yaml. */
export const sharedPath = (run: Pick<CheckContext, 'sharedDir'>, name: string) => join(run.sharedDir, `${name}.yaml`);

/** The day a check publishes for (YYYY-MM-DD): `options.today`, or today. */
export const dayOf = (options: ContentOptions): string => options.today ?? new Date().toISOString().slice(0, 10);

/** The context of a check with `options`, before any collection entry has made a page. */
export function startContext(options: ContentOptions): CheckContext {
  const root = options.root;
  const { contentDir, schemaDir, publicDir } = foldersOf(options);
  const extraPages = new Map((options.extraPages ?? []).map((p) => [join(root, p.file), p.text]));
  const pagesDir = join(contentDir, 'pages');
  const drafts = options.drafts ?? new Map<string, string>();
  const draftPages = [...drafts.keys()].filter((abs) => abs.startsWith(pagesDir) && /\.ya?ml$/.test(abs));
  const exists = new Map<string, boolean>();
  const misencoded = new Map<string, Misencoded>();
  const rel = (abs: string) => relative(root, abs).split('\\').join('/');
  const readText = (abs: string) => {
    const read = decodeContent(readFileSync(abs));
    if (read.misencoded) misencoded.set(rel(abs), read.misencoded);
    else misencoded.delete(rel(abs));
    return read.text;
  };
  const pagePaths: readonly string[] = [
    ...new Set([...listFiles(pagesDir, '.yaml'), ...listFiles(pagesDir, '.yml'), ...extraPages.keys(), ...draftPages]),
  ].sort();
  return {
    options,
    root,
    contentDir,
    schemaDir,
    publicDir,
    sitePath: join(contentDir, 'site.yaml'),
    sharedDir: join(contentDir, 'shared'),
    pagePaths,
    rel,
    textOf: (abs) => extraPages.get(abs) ?? drafts.get(abs) ?? readText(abs),
    encodingOf: (file) => misencoded.get(file),
    exists: (abs) => exists.get(abs) ?? exists.set(abs, existsSync(abs)).get(abs)!,
  };
}

/** A phase's run over `context`: problems it reports are located in their file and kept apart. */
function reporting(context: CheckContext): CheckRun {
  const problems: Problem[] = [];
  return {
    ...context,
    problems,
    report(source, finding, severity = 'error') {
      const { doc, counter } = source.document();
      const position = locate(doc, counter, finding.path, finding.key);
      const keyed = finding.code === 'UnknownProperty' || finding.code === 'RenamedProperty';
      const repair = finding.edit ? valueFix(source.text, nodeAt(doc, finding.path), finding.path, finding.edit) : undefined;
      problems.push({
        code: finding.code,
        severity,
        file: source.file,
        line: position.line,
        column: position.column,
        path: formatPath(finding.key && keyed ? [...finding.path, finding.key] : finding.path),
        message: finding.message,
        // A quote fix's hint shows the characters as typed, which the validator's hint (made from the data) cannot.
        ...(repair && finding.edit && 'quote' in finding.edit ? { hint: repair.hint } : finding.hint ? { hint: finding.hint } : {}),
        ...(repair?.fix ? { fix: repair.fix } : {}),
        frame: codeFrame(source.text, position),
      });
    },
  };
}


export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The sections of a page, those that are objects. */
export function sectionsOf(source: SourceFile): { type?: unknown }[] {
  const sections = (source.data as { sections?: unknown } | null)?.sections;
  return Array.isArray(sections) ? sections.filter(isRecord) : [];
}

/** A file the content needs is not there. */
export function fileMissing(file: string, why: string): Problem {
  return {
    code: 'FileUnreadable',
    severity: 'error',
    file,
    line: 1,
    column: 1,
    path: '',
    ...explain.FileUnreadable(file, why),
    frame: '',
  };
}
