/**
 * Every content file validated against its schema. What the schema marks as a
 * reference (a link, an icon, a logo, a picture, a video) is collected for the phases after it.
 */
import { basename, dirname, join } from 'node:path';
import { explain } from '../catalog.ts';
import { slug } from '../fixes.ts';
import { valueAt } from '../paths.ts';
import type { RawProblem, Reference, Validators } from '../rules/validate.ts';
import { validated, type ReadContent } from './read.ts';
import type { CheckRun, SourceFile } from './run.ts';

/** A file that was read, and whether its data has the shape of its schema. */
export type ShapedFile = SourceFile & { readonly valid: boolean };

export interface Shapes {
  readonly site?: ShapedFile;
  /** Shared content by name, for each file of content/shared/ that has a schema. */
  readonly shared: ReadonlyMap<string, ShapedFile>;
  readonly pages: readonly ShapedFile[];
  /** The references of every file that was read, valid or not. */
  readonly references: ReadonlyMap<ShapedFile, readonly Reference[]>;
}

/**
 * A picture path of the wrong form that names a file which is there (`/media/Team Photo.WEBP`): the
 * repair is to rename the file, and the hint says to what, instead of pointing at a path that may
 * be another picture. Any other problem is returned as it is.
 */
function namingPicture(run: CheckRun, source: SourceFile, problem: RawProblem): RawProblem {
  const value = valueAt(source.data, problem.path);
  if (problem.code !== 'BadFormat' || problem.path[problem.path.length - 1] !== 'src' || typeof value !== 'string') return problem;
  const file = join(run.publicDir, value);
  if (!value.startsWith('/') || !run.exists(file)) return problem;
  const name = basename(value);
  const dot = name.lastIndexOf('.');
  const good = `${slug(dot > 0 ? name.slice(0, dot) : name) || 'picture'}${dot > 0 ? name.slice(dot).toLowerCase() : ''}`;
  const wanted = `${dirname(value)}/${good}`.replace(/^\/\//, '/');
  const taken = run.exists(join(run.publicDir, wanted));
  const { edit: _unused, ...rest } = problem;
  return { ...rest, ...explain.PictureFileName(value, run.rel(file), good, wanted, taken) };
}

/**
 * Validates the files as read (pages with their listings filled in) against their schemas, and
 * collects what each one refers to.
 */
export function checkShapes(run: CheckRun, validators: Validators, read: ReadContent): Shapes {
  const references = new Map<ShapedFile, readonly Reference[]>();
  const shape = (source: SourceFile, validate: Validators['page']): ShapedFile => {
    const result = validated(validators, validate, source);
    for (const problem of result.problems) run.report(source, namingPicture(run, source, problem));
    const shaped = { ...source, valid: result.problems.length === 0 };
    references.set(shaped, result.references);
    return shaped;
  };
  const shared = new Map<string, ShapedFile>();
  for (const [name, source] of read.shared) shared.set(name, shape(source, validators.shared.get(name)!));
  return {
    site: read.site && shape(read.site, validators.site),
    shared,
    pages: read.pages.map((source) => shape(source, validators.page)),
    references,
  };
}
