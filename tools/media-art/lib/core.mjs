// Shared helpers for the media generators: seeded randomness, the brand
// palette, output paths and image encoding.
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const PUBLIC = join(ROOT, 'public');
export const MEDIA = join(PUBLIC, 'media');

export const C = {
  ink: '#070d1f',
  navy: '#0b1530',
  navy2: '#101c40',
  navy3: '#18275a',
  navy4: '#223574',
  violet: '#7c5cff',
  violetLight: '#a996ff',
  violetDeep: '#5b3ff0',
  teal: '#19c3b1',
  tealLight: '#6ee7d8',
  blue: '#4a7dff',
  sky: '#8fb4ff',
  paper: '#f6f5ff',
  mint: '#ecfbf8',
  white: '#ffffff',
};

// mulberry32: small, fast, deterministic.
export function rng(seed) {
  let a = typeof seed === 'string' ? hash(seed) : seed >>> 0;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (lo, hi) => lo + (hi - lo) * next();
  next.int = (lo, hi) => Math.floor(lo + (hi - lo + 1) * next());
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  next.shuffle = (arr) => {
    const a2 = arr.slice();
    for (let i = a2.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [a2[i], a2[j]] = [a2[j], a2[i]];
    }
    return a2;
  };
  return next;
}

export function hash(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export const n2 = (v) => +v.toFixed(2);

export async function ensureDir(file) {
  await mkdir(dirname(file), { recursive: true });
}

/** Render an SVG string to a raw sharp pipeline at its own size. */
export function svgToSharp(svg) {
  return sharp(Buffer.from(svg), { density: 72, limitInputPixels: false });
}

/**
 * Write <base>.webp and <base>.avif from an SVG (or PNG buffer).
 * `rel` is the path under public/media without extension.
 */
export async function writeImage(rel, input, { webpQuality = 80, avifQuality = 52, width, height } = {}) {
  const base = join(MEDIA, rel);
  await ensureDir(base);
  const src = typeof input === 'string' ? Buffer.from(input) : input;
  const png = await sharp(src, { density: 72 }).flatten({ background: C.navy }).png().toBuffer();
  let img = sharp(png);
  if (width && height) img = img.resize(width, height, { fit: 'cover' });
  const buf = await img.png().toBuffer();
  await sharp(buf)
    .webp({ quality: webpQuality, effort: 6, smartSubsample: true })
    .toFile(base + '.webp');
  await sharp(buf)
    .avif({ quality: avifQuality, effort: 5 })
    .toFile(base + '.avif');
  return base;
}
