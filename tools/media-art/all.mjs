// Regenerate every file in public/media, then run the checks.
// Usage: node tools/media-art/all.mjs            (everything, ~10 minutes)
//        node tools/media-art/all.mjs art        (one group: brand | avatars | art | cases | video)
// Phone-sized copies are not made here: the build makes them for every picture content uses
// (src/content/build/pictures.ts).
import { buildBrand } from './brand.mjs';
import { buildAvatars } from './avatars.mjs';
import { buildArt } from './art.mjs';
import { buildCases } from './cases.mjs';
import { buildVideos } from './video.mjs';
import { verify } from './verify.mjs';

const only = process.argv[2];
const steps = {
  brand: buildBrand,
  avatars: buildAvatars,
  art: () => buildArt(),
  cases: () => buildCases(),
  video: () => buildVideos(),
};
for (const [name, run] of Object.entries(steps)) if (!only || only === name) await run();
await verify();
