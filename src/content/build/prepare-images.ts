/**
 * What the build adds to the pictures of checked content, outside the check: each picture's
 * intrinsic size (so the page reserves its box and does not jump), its AVIF twin, and its copy
 * for phones (pictures.ts makes them). The checked data is left as it is; the app gets a
 * prepared copy.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from './assets.ts';
import { valueAt } from '../paths.ts';
import { copiesOf } from './pictures.ts';
import type { Reference } from '../rules/validate.ts';

interface Picture {
  src: string;
  width?: number;
  height?: number;
  avif?: string;
  narrow?: { src: string; avif?: string; width: number };
}

/** What a picture gets, by `src` and the size written in content: many pages show the same pictures. */
export type PictureMemo = Map<string, Omit<Picture, 'src'> | null>;

/**
 * The copies made by earlier checks, by the data they were made from (a file that has not changed
 * keeps its data between checks) and what its pictures got: the dev server checks every page again
 * on each save, and copying a thousand unchanged pages was a good part of that.
 */
const earlier = new WeakMap<object, { readonly filled: string; readonly copy: unknown }>();

/**
 * A copy of `data` whose pictures (the `image` references found in it) carry what the page needs.
 * `memo` is shared by the files of one check, so each picture file is looked at once per check.
 * The copy may be the one an earlier check made: callers must not change it.
 */
export function preparePictures<T>(data: T, references: readonly Reference[], publicDir: string, memo: PictureMemo = new Map()): T {
  const pictures = references.flatMap((ref) => {
    if (ref.kind !== 'image') return [];
    const picture = valueAt(data, ref.path);
    if (!picture || typeof picture !== 'object' || typeof (picture as Picture).src !== 'string') return [];
    const image = picture as Picture;
    const key = `${image.src}|${image.width ?? ''}|${image.height ?? ''}|${image.avif ?? ''}|${JSON.stringify(image.narrow ?? '')}`;
    let filled = memo.get(key);
    if (filled === undefined) {
      filled = filledPicture(image, publicDir);
      memo.set(key, filled);
    }
    return [{ path: ref.path, filled }];
  });
  const filled = JSON.stringify(pictures);
  const reused = typeof data === 'object' && data !== null ? earlier.get(data) : undefined;
  if (reused?.filled === filled) return reused.copy as T;
  const copy = structuredClone(data);
  for (const { path, filled } of pictures) {
    if (filled) Object.assign(valueAt(copy, path) as Picture, filled, filled.narrow ? { narrow: { ...filled.narrow } } : {});
  }
  if (typeof data === 'object' && data !== null) earlier.set(data, { filled, copy });
  return copy;
}

/** The fields the picture gets (what content wrote wins), or null for a file that is not there. */
function filledPicture(image: Picture, publicDir: string): Omit<Picture, 'src'> | null {
  const file = join(publicDir, image.src);
  if (!existsSync(file)) return null;
  const size = imageSize(file);
  const width = image.width ?? size?.width;
  const height = image.height ?? size?.height;
  const copies = copiesOf(publicDir, image.src, width);
  const avif = image.avif ?? copies.avif;
  const narrow = image.narrow ?? copies.narrow;
  return {
    ...(width === undefined ? {} : { width }),
    ...(height === undefined ? {} : { height }),
    ...(avif ? { avif } : {}),
    ...(narrow ? { narrow } : {}),
  };
}
