// Checks the generated media: every expected file exists with the right
// dimensions, every .webp has an .avif twin, videos use the right codecs and
// stay under 1.5 MB, MP4s are fast-start, and the dark images leave white
// text readable (WCAG AA) under a 55 % navy overlay.
// Usage: node tools/media-art/verify.mjs (npm run verify -w @sutra/media-art)
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, openSync, readSync, closeSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { MEDIA } from './lib/core.mjs';
import { jobs } from './art.mjs';
import { CASES } from './lib/compose-cases.mjs';

const FFPROBE = process.env.FFPROBE || '/usr/bin/ffprobe';
const MAX_VIDEO = 1.5 * 1024 * 1024;

function expected() {
  const img = []; // [path without ext, w, h, dark]
  const add = (p, w, h, dark = false) => img.push([p, w, h, dark]);
  for (const n of ['hero-1', 'hero-2']) add(`hero/${n}-poster`, 1280, 720, true);
  add('hire/counter-poster', 1280, 720, true);
  add('hero/still-1', 1600, 900, true);
  add('hero/still-2', 1600, 900, true);
  // Every picture content names under art/, at the size art.mjs draws it.
  for (const j of jobs()) add(j.out, j.width, j.height, j.dark);
  // Case-study pictures (cases.mjs): the problem and what was built, two per story.
  for (const name of Object.keys(CASES)) add(`cases/${name}`, 1200, 900);
  const videos = ['hero/hero-1', 'hero/hero-2', 'hire/counter'];
  const other = ['brand/logo.svg', 'brand/logo-mark.svg', 'brand/share.jpg'];
  for (let i = 1; i <= 8; i++) other.push(`team/member-${i}.svg`);
  return { img, videos, other };
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const lin = (c) => {
  c /= 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Lowest contrast of white text over the image with a 55 % #0b1530 overlay (blurred to text scale). */
async function minWhiteContrast(file) {
  const navy = [0x0b, 0x15, 0x30];
  const { data, info } = await sharp(file).resize(400).blur(3).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let maxL = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const r = 0.45 * data[i] + 0.55 * navy[0];
    const g = 0.45 * data[i + 1] + 0.55 * navy[1];
    const b = 0.45 * data[i + 2] + 0.55 * navy[2];
    const L = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    if (L > maxL) maxL = L;
  }
  return 1.05 / (maxL + 0.05);
}

function mp4FastStart(file) {
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(64 * 1024);
  readSync(fd, buf, 0, buf.length, 0);
  closeSync(fd);
  let off = 0;
  while (off + 8 <= buf.length) {
    const size = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    if (type === 'moov') return true;
    if (type === 'mdat') return false;
    if (size < 8) return false;
    off += size;
  }
  return false;
}

export async function verify() {
  const { img, videos, other } = expected();
  const problems = [];
  const want = new Set();
  for (const [p, w, h, dark] of img) {
    for (const ext of ['webp', 'avif']) {
      const f = join(MEDIA, `${p}.${ext}`);
      want.add(f);
      try {
        const m = await sharp(f).metadata();
        if (m.width !== w || m.height !== h) problems.push(`${p}.${ext}: ${m.width}x${m.height}, expected ${w}x${h}`);
      } catch {
        problems.push(`missing ${p}.${ext}`);
      }
    }
    if (dark) {
      const cr = await minWhiteContrast(join(MEDIA, `${p}.webp`));
      if (cr < 7) problems.push(`${p}: white text contrast only ${cr.toFixed(2)}:1 under the overlay`);
    }
  }
  for (const v of videos) {
    for (const [ext, codec] of [
      ['webm', 'vp9'],
      ['mp4', 'h264'],
    ]) {
      const f = join(MEDIA, `${v}.${ext}`);
      want.add(f);
      let out;
      try {
        out = execFileSync(FFPROBE, [
          '-v',
          'error',
          '-select_streams',
          'v:0',
          '-show_entries',
          'stream=codec_name,pix_fmt,width,height:format=duration',
          '-of',
          'json',
          f,
        ]).toString();
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
        // The other checks still run, so a machine without FFmpeg learns everything else in one pass.
        problems.push(`${v}.${ext}: not checked, there is no ffprobe at ${FFPROBE}; install FFmpeg or set FFPROBE`);
        continue;
      }
      const j = JSON.parse(out);
      const s = j.streams[0];
      const dur = +j.format.duration;
      if (s.codec_name !== codec) problems.push(`${v}.${ext}: codec ${s.codec_name}`);
      if (s.pix_fmt !== 'yuv420p') problems.push(`${v}.${ext}: pix_fmt ${s.pix_fmt}`);
      if (s.width !== 1280 || s.height !== 720) problems.push(`${v}.${ext}: ${s.width}x${s.height}`);
      if (dur < 8 || dur > 12) problems.push(`${v}.${ext}: duration ${dur}`);
      if (statSync(f).size > MAX_VIDEO) problems.push(`${v}.${ext}: ${statSync(f).size} bytes > 1.5 MB`);
      if (ext === 'mp4' && !mp4FastStart(f)) problems.push(`${v}.mp4: moov atom is not at the front`);
    }
  }
  for (const o of other) {
    const f = join(MEDIA, o);
    want.add(f);
    try {
      statSync(f);
    } catch {
      problems.push(`missing ${o}`);
    }
  }
  const share = await sharp(join(MEDIA, 'brand/share.jpg')).metadata();
  if (share.width !== 1200 || share.height !== 630) problems.push(`share.jpg is ${share.width}x${share.height}`);

  const all = walk(MEDIA).sort();
  let total = 0;
  for (const f of all) {
    const size = statSync(f).size;
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${relative(join(MEDIA, '..'), f)}`);
    if (!want.has(f)) problems.push(`unexpected file ${relative(MEDIA, f)}`);
  }
  console.log(`${all.length} files, ${(total / 1024 / 1024).toFixed(2)} MB`);
  if (problems.length) {
    console.log('\nPROBLEMS:\n' + problems.map((p) => '  - ' + p).join('\n'));
    process.exitCode = 1;
  } else console.log('verify: all checks passed');
}

if (import.meta.url === `file://${process.argv[1]}`) await verify();
