// Narrow copies of the full-bleed pictures (page heroes, banner slides, home hero posters and
// stills): `<name>-800.webp` and `.avif`, 800 px wide. A phone's screen is about 400 CSS px wide, so
// at its usual pixel ratio it needs half the 1600 px picture: the content engine finds these copies
// (src/content/check.ts) and pages offer both sizes, so the hero a phone downloads first is a
// third of the size. Made from the full-size files, after the other generators.
// Usage: node scripts/media/narrow.mjs
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { MEDIA } from './lib/core.mjs';

export const NARROW_WIDTH = 800;

/** The pictures shown across the whole width of the screen, by path under public/media. */
export function fullBleed(names) {
  return names.filter(
    (n) =>
      (/^art\/.+-(hero|slide-\d)$/.test(n) && !n.startsWith('art/hire-slide')) || /^hero\/(hero-\d-poster|still-\d)$/.test(n),
  );
}

export async function buildNarrow(names) {
  for (const name of fullBleed(names)) {
    const source = join(MEDIA, `${name}.webp`);
    if (!existsSync(source)) continue;
    const image = sharp(source).resize({ width: NARROW_WIDTH });
    await image
      .clone()
      .webp({ quality: 82, effort: 6, smartSubsample: true })
      .toFile(join(MEDIA, `${name}-${NARROW_WIDTH}.webp`));
    await image
      .clone()
      .avif({ quality: 55, effort: 5 })
      .toFile(join(MEDIA, `${name}-${NARROW_WIDTH}.avif`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { readdirSync } = await import('node:fs');
  const names = ['art', 'hero'].flatMap((dir) =>
    readdirSync(join(MEDIA, dir))
      .filter((f) => f.endsWith('.webp') && !f.endsWith(`-${NARROW_WIDTH}.webp`))
      .map((f) => `${dir}/${f.replace(/\.webp$/, '')}`),
  );
  await buildNarrow(names);
  console.log(`narrow: ${fullBleed(names).length} pictures at ${NARROW_WIDTH} px`);
}
