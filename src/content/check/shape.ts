/**
 * Phase 1: every content file read and validated against its schema. What the schema marks as a
 * reference (a link, an icon, a logo, a picture, a video) is collected for the phases after it.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { explain } from '../catalog.ts';
import { slug } from '../fixes.ts';
import { valueAt } from '../paths.ts';
import { sharedPath } from './shared.ts';
import type { RawProblem, Reference, Validators } from '../validate.ts';
import type { Collections } from './collections.ts';
import { withListings } from './listings.ts';
import { readSource } from './read.ts';
import { fileMissing, type CheckRun, type SourceFile } from './run.ts';

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
 * The schema's verdict on a file read before, by the file as read: the dev server and the editor check
 * everything at each change, and a file that did not change gets the same verdict (a third of a check
 * at 1,000 pages). Keyed by the validator too, so recompiled schemas judge again.
 */
const verdicts = new WeakMap<SourceFile, { readonly validate: Validators['page']; readonly result: ReturnType<Validators['run']> }>();

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

export function validated(validators: Validators, validate: Validators['page'], source: SourceFile): ReturnType<Validators['run']> {
  const known = verdicts.get(source);
  if (known?.validate === validate) return known.result;
  const result = validators.run(validate, source.data);
  verdicts.set(source, { validate, result });
  return result;
}

export function checkShapes(run: CheckRun, validators: Validators, collections: Collections): Shapes {
  const references = new Map<ShapedFile, readonly Reference[]>();
  const shape = (abs: string, validate: Validators['page']): ShapedFile | undefined => {
    const read = readSource(run, abs);
    if (!read) return undefined;
    const source = validate === validators.page ? withListings(run, read, collections) : read;
    const result = validated(validators, validate, source);
    for (const problem of result.problems) run.report(source, namingPicture(run, source, problem));
    const shaped = { ...source, valid: result.problems.length === 0 };
    references.set(shaped, result.references);
    return shaped;
  };
  let site: ShapedFile | undefined;
  if (existsSync(run.sitePath)) site = shape(run.sitePath, validators.site);
  else run.problems.push(fileMissing(run.rel(run.sitePath), 'It holds the brand, navigation and footer of every page.'));
  const shared = new Map<string, ShapedFile>();
  for (const [name, validate] of validators.shared) {
    const shaped = existsSync(sharedPath(run, name)) ? shape(sharedPath(run, name), validate) : undefined;
    if (shaped) shared.set(name, shaped);
  }
  const pages = run.pagePaths.map((p) => shape(p, validators.page)).filter((s) => s !== undefined);
  return { site, shared, pages, references };
}
