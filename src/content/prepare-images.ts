/**
 * What the build adds to the pictures of checked content, outside the check: each picture's
 * intrinsic size (so the page reserves its box and does not jump), its AVIF twin, and its copy
 * for phones (pictures.ts makes them). The checked data is left as it is; the app gets a
 * prepared copy.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from './assets.ts';
import { copiesOf } from './pictures.ts';
import type { Reference } from './validate.ts';

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
 * A copy of `data` whose pictures (the `image` references found in it) carry what the page needs.
 * `memo` is shared by the files of one check, so each picture file is looked at once per check.
 */
export function preparePictures<T>(data: T, references: readonly Reference[], publicDir: string, memo: PictureMemo = new Map()): T {
  const copy = structuredClone(data);
  for (const ref of references) {
    if (ref.kind !== 'image') continue;
    const picture = ref.path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], copy);
    if (!picture || typeof picture !== 'object' || typeof (picture as Picture).src !== 'string') continue;
    const image = picture as Picture;
    const key = `${image.src}|${image.width ?? ''}|${image.height ?? ''}|${image.avif ?? ''}|${JSON.stringify(image.narrow ?? '')}`;
    let filled = memo.get(key);
    if (filled === undefined) {
      filled = filledPicture(image, publicDir);
      memo.set(key, filled);
    }
    if (filled) Object.assign(image, filled, filled.narrow ? { narrow: { ...filled.narrow } } : {});
  }
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
