// Looping background videos, their posters and the hero stills.
// Frames are SVG scenes (lib/motion.mjs, lib/hero-slides.mjs) rendered by sharp and piped as raw
// RGB into ffmpeg, once for VP9/WebM and once for H.264/MP4.
// Usage: node tools/media-art/video.mjs [hero-1|hero-2|counter|stills]
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MEDIA, ensureDir, writeImage } from './lib/core.mjs';
import { SCENES } from './lib/motion.mjs';
import { HERO_STILLS } from './lib/hero-slides.mjs';

const FFMPEG = process.env.FFMPEG || '/usr/bin/ffmpeg';
const W = 1280;
const H = 720;
const FPS = 24;
const SECONDS = 10;
const FRAMES = FPS * SECONDS; // frame FRAMES would equal frame 0, so it is not rendered

// poster: WebP and AVIF quality of the poster (frame 0). The network's poster, with its glows and
// many thin lines, is written lower to stay within the size of the poster it replaced.
const POSTER = { webpQuality: 86, avifQuality: 55 };
const VIDEOS = [
  { name: 'hero-1', dir: 'hero', scene: 'hero-1', vp9Crf: 33, x264Crf: 25, poster: POSTER },
  { name: 'hero-2', dir: 'hero', scene: 'hero-2', vp9Crf: 35, x264Crf: 26, poster: { webpQuality: 74, avifQuality: 42 } },
  { name: 'counter', dir: 'hire', scene: 'counter', vp9Crf: 33, x264Crf: 25, poster: POSTER },
];

function ffmpeg(args) {
  const p = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['pipe', 'inherit', 'inherit'] });
  const done = new Promise((resolve, reject) => {
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
    p.on('error', reject);
  });
  return { stdin: p.stdin, done };
}

const RAW_IN = ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(FPS), '-i', 'pipe:0'];

function write(stream, buf) {
  return new Promise((resolve, reject) => {
    stream.write(buf, (err) => (err ? reject(err) : resolve()));
  });
}

async function renderFrame(scene, i) {
  const svg = SCENES[scene](W, H, i / FRAMES);
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

async function buildVideo(v) {
  const base = join(MEDIA, v.dir, v.name);
  await ensureDir(base);
  const webm = ffmpeg([
    ...RAW_IN,
    '-c:v',
    'libvpx-vp9',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '0',
    '-crf',
    String(v.vp9Crf),
    '-deadline',
    'good',
    '-cpu-used',
    '1',
    '-row-mt',
    '1',
    '-g',
    String(FRAMES),
    '-an',
    base + '.webm',
  ]);
  const mp4 = ffmpeg([
    ...RAW_IN,
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    String(v.x264Crf),
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-aq-mode',
    '3',
    '-g',
    String(FRAMES / 2),
    '-movflags',
    '+faststart',
    '-an',
    base + '.mp4',
  ]);
  const t0 = Date.now();
  for (let i = 0; i < FRAMES; i++) {
    const frame = await renderFrame(v.scene, i);
    if (i === 0) {
      // the poster is exactly the first frame
      const png = await sharp(frame, { raw: { width: W, height: H, channels: 3 } })
        .png()
        .toBuffer();
      await writeImage(`${v.dir}/${v.name}-poster`, png, v.poster);
    }
    await Promise.all([write(webm.stdin, frame), write(mp4.stdin, frame)]);
  }
  webm.stdin.end();
  mp4.stdin.end();
  await Promise.all([webm.done, mp4.done]);
  const s1 = (await stat(base + '.webm')).size;
  const s2 = (await stat(base + '.mp4')).size;
  console.log(
    `video ${v.name}: ${FRAMES} frames in ${((Date.now() - t0) / 1000).toFixed(0)} s; webm ${(s1 / 1024).toFixed(0)} KB, mp4 ${(s2 / 1024).toFixed(0)} KB`,
  );
}

export async function buildStills() {
  // The hero's two 1600x900 image slides: a developer's desk and the team on a video call (whose
  // portraits are the busiest part, written at a lower quality to stay within the size of the still it
  // replaced).
  const quality = { 'still-1': { webpQuality: 80, avifQuality: 50 }, 'still-2': { webpQuality: 70, avifQuality: 42 } };
  for (const [name, scene] of Object.entries(HERO_STILLS)) await writeImage(`hero/${name}`, scene(1600, 900), quality[name]);
  console.log(
    `stills: ${Object.keys(HERO_STILLS)
      .map((n) => `hero/${n}`)
      .join(', ')}`,
  );
}

export async function buildVideos(only) {
  for (const v of VIDEOS) if (!only || only === v.name) await buildVideo(v);
  if (!only || only === 'stills') await buildStills();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildVideos(process.argv[2]);
