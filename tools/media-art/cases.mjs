// Case-study pictures: two per project (the problem, then what we built), 1200x900,
// light, written to public/media/cases/<name>.webp + .avif.
// Usage: node tools/media-art/cases.mjs [name-filter]
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeImage, MEDIA } from './lib/core.mjs';
import { CASES } from './lib/compose-cases.mjs';

// The busy desk scene carries more detail than the others; a little lower WebP quality keeps it under 60 KB.
const QUALITY = { 'parcelpoint-1': { webpQuality: 78, avifQuality: 52 } };

export async function buildCases(filter) {
  const names = Object.keys(CASES).filter((n) => !filter || n.includes(filter));
  for (const name of names) {
    const out = `cases/${name}`;
    await writeImage(out, CASES[name](), QUALITY[name] || { webpQuality: 84, avifQuality: 55 });
    const kb = async (ext) => ((await stat(join(MEDIA, out + ext))).size / 1024).toFixed(1);
    console.log(`${out}: webp ${await kb('.webp')} KB, avif ${await kb('.avif')} KB`);
  }
  console.log(`cases: ${names.length} images (webp + avif)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildCases(process.argv[2]);
