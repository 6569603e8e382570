// Team portraits: public/media/team/member-1.svg ... member-8.svg
// Style: DiceBear "Lorelei" by Lisa Wischofsky, CC0 1.0 (see CREDITS.md).
// Usage: node tools/media-art/avatars.mjs
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA, ensureDir } from './lib/core.mjs';
import { TEAM, STYLE, portraitSvg } from './lib/people.mjs';

export async function buildAvatars() {
  if (STYLE.meta.license.name !== 'CC0 1.0') throw new Error(`unexpected licence for ${STYLE.name}: ${STYLE.meta.license.name}`);
  const dir = join(MEDIA, 'team');
  await ensureDir(join(dir, 'x'));
  for (let i = 0; i < TEAM.length; i++) {
    const svg = portraitSvg(i).replace('<svg ', '<svg width="256" height="256" role="img" ');
    await writeFile(join(dir, `member-${i + 1}.svg`), svg + '\n');
  }
  console.log(`avatars: ${TEAM.length} portraits (${STYLE.name}, ${STYLE.meta.license.name})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildAvatars();
