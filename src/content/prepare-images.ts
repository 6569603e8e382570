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

/** A copy of `data` whose pictures (the `image` references found in it) carry what the page needs. */
export function preparePictures<T>(data: T, references: readonly Reference[], publicDir: string): T {
  const copy = structuredClone(data);
  for (const ref of references) {
    if (ref.kind !== 'image') continue;
    const picture = ref.path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], copy);
    if (!picture || typeof picture !== 'object' || typeof (picture as Picture).src !== 'string') continue;
    fillPicture(picture as Picture, publicDir);
  }
  return copy;
}

function fillPicture(image: Picture, publicDir: string): void {
  const file = join(publicDir, image.src);
  if (!existsSync(file)) return;
  const size = imageSize(file);
  image.width ??= size?.width;
  image.height ??= size?.height;
  const copies = copiesOf(publicDir, image.src, image.width);
  if (copies.avif) image.avif ??= copies.avif;
  if (copies.narrow) image.narrow ??= copies.narrow;
}
