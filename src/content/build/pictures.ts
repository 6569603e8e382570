/**
 * The copies of a picture that the build makes, so that a marketer who drops a file into
 * public/media/ never runs a script: an AVIF twin (a third of a WebP's bytes, for browsers that
 * take it) unless one lies next to the file, and for a picture wider than a phone needs, an
 * 800-pixel copy in WebP and AVIF. Copies are named by the picture's content, served from
 * `/assets/pictures/` (cached for a year, like the app's hashed files), made once and kept in
 * node_modules/.cache/pictures/, so a build or a page view after the first costs nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { cacheFolder, writeWhole } from '../files.ts';

/** A phone's screen is about 400 CSS px wide; at its usual pixel ratio it needs 800. */
export const NARROW_WIDTH = 800;
/** Where the copies are published. */
export const PICTURES_PATH = '/assets/pictures/';
/** Changes with the way copies are made, so none made the old way is served again. */
const RECIPE = 'q55-82-e2';
const cacheDir = cacheFolder('pictures');

export interface Recipe {
  readonly source: string;
  readonly format: 'webp' | 'avif';
  /** The copy's width; none keeps the picture's own. */
  readonly width?: number;
}

/** Every copy that content asked for since the process started, by its URL. */
const planned = new Map<string, Recipe>();
const hashes = new Map<string, string>();

function contentHash(file: string): string {
  const { mtimeMs, size } = statSync(file);
  const key = `${file}:${mtimeMs}:${size}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = createHash('sha256').update(RECIPE).update(readFileSync(file)).digest('hex').slice(0, 10);
    hashes.set(key, hash);
  }
  return hash;
}

function plan(recipe: Recipe, hash: string): string {
  const stem = basename(recipe.source).replace(/\.[a-z0-9]+$/i, '');
  const url = `${PICTURES_PATH}${stem}-${hash}${recipe.width ? `-${recipe.width}` : ''}.${recipe.format}`;
  planned.set(url, recipe);
  return url;
}

export interface PictureCopies {
  readonly avif?: string;
  readonly narrow?: { readonly src: string; readonly avif: string; readonly width: number };
}

/**
 * The copies the page offers for the raster picture at `src` (a path under `publicDir`), `width`
 * pixels wide. An AVIF file next to the picture, with its name, is used as its twin; a vector
 * picture needs no copies.
 */
export function copiesOf(publicDir: string, src: string, width: number | undefined): PictureCopies {
  if (!/\.(webp|png|jpe?g|avif)$/i.test(src)) return {};
  const source = join(publicDir, src);
  const hash = contentHash(source);
  const isAvif = /\.avif$/i.test(src);
  const beside = src.replace(/\.[a-z0-9]+$/i, '.avif');
  const avif = isAvif ? undefined : existsSync(join(publicDir, beside)) ? beside : plan({ source, format: 'avif' }, hash);
  const narrow =
    (width ?? 0) > NARROW_WIDTH
      ? {
          src: plan({ source, format: 'webp', width: NARROW_WIDTH }, hash),
          avif: plan({ source, format: 'avif', width: NARROW_WIDTH }, hash),
          width: NARROW_WIDTH,
        }
      : undefined;
  return { ...(avif ? { avif } : {}), ...(narrow ? { narrow } : {}) };
}

/** The URLs of every copy planned so far, for the build to publish. */
export const plannedCopies = (): string[] => [...planned.keys()];

/** The bytes of the copy at `url`, made now or read from the cache; none for a URL never planned. */
export async function copyBytes(url: string): Promise<Buffer | undefined> {
  const recipe = planned.get(url);
  if (!recipe) return undefined;
  const cached = join(cacheDir, basename(url));
  if (existsSync(cached)) return readFileSync(cached);
  const { default: sharp } = await import('sharp');
  let image = sharp(recipe.source);
  if (recipe.width) image = image.resize({ width: recipe.width, withoutEnlargement: true });
  // Effort 2 makes an AVIF five times faster than 4 at the same size within a few per cent.
  const bytes =
    recipe.format === 'avif'
      ? await image.avif({ quality: 55, effort: 2 }).toBuffer()
      : await image.webp({ quality: 82, effort: 6, smartSubsample: true }).toBuffer();
  writeWhole(cached, bytes);
  return bytes;
}
