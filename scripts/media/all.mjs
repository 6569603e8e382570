// Regenerate every file in public/media, then run the checks.
// Usage: node scripts/media/all.mjs            (everything, ~10 minutes)
//        node scripts/media/all.mjs art        (one group: brand | avatars | art | video | narrow)
import { buildBrand } from './brand.mjs';
import { buildAvatars } from './avatars.mjs';
import { buildArt } from './art.mjs';
import { buildVideos } from './video.mjs';
import { buildNarrow } from './narrow.mjs';
import { jobs } from './art.mjs';
import { verify } from './verify.mjs';

const only = process.argv[2];
const steps = {
  brand: buildBrand,
  avatars: buildAvatars,
  art: () => buildArt(),
  video: () => buildVideos(),
  // After art and video: the narrow copies are made from the full-size pictures.
  narrow: () =>
    buildNarrow([...jobs().map((j) => j.out), 'hero/hero-1-poster', 'hero/hero-2-poster', 'hero/still-1', 'hero/still-2']),
};
for (const [name, run] of Object.entries(steps)) if (!only || only === name) await run();
await verify();
