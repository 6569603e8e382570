import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { copiesOf, copyBytes, plannedCopies } from '../../src/content/build/pictures.ts';
import { projectRoot } from './content-fixtures.ts';

/** A public folder with one picture a marketer has just dropped in, `width` pixels wide. */
async function dropped(name: string, width: number, format: 'jpg' | 'png' | 'webp') {
  const publicDir = mkdtempSync(join(tmpdir(), 'pictures-'));
  mkdirSync(join(publicDir, 'media'));
  // Noise, so that no two runs of the test share a cached copy by accident.
  const pixels = Buffer.from(Array.from({ length: width * (width / 2) * 3 }, () => Math.floor(Math.random() * 256)));
  const image = sharp(pixels, { raw: { width, height: width / 2, channels: 3 } });
  writeFileSync(
    join(publicDir, 'media', `${name}.${format}`),
    await image.toFormat(format === 'jpg' ? 'jpeg' : format).toBuffer(),
  );
  return { publicDir, src: `/media/${name}.${format}` };
}

describe('the copies of a picture that the build makes', () => {
  it('gives a picture wider than a phone needs an 800-pixel WebP and AVIF, and a full-size AVIF twin', async () => {
    const { publicDir, src } = await dropped('team-offsite', 1800, 'jpg');
    const copies = copiesOf(publicDir, src, 1800);
    expect(copies).toEqual({
      avif: expect.stringMatching(/^\/assets\/pictures\/team-offsite-[0-9a-f]{10}\.avif$/),
      narrow: {
        src: expect.stringMatching(/^\/assets\/pictures\/team-offsite-[0-9a-f]{10}-800\.webp$/),
        avif: expect.stringMatching(/^\/assets\/pictures\/team-offsite-[0-9a-f]{10}-800\.avif$/),
        width: 800,
      },
    });
    const made = [copies.avif!, copies.narrow!.src, copies.narrow!.avif];
    expect(plannedCopies()).toEqual(expect.arrayContaining(made));
    const sizes = await Promise.all(
      made.map(async (url) => {
        const { format, width, height } = await sharp((await copyBytes(url))!).metadata();
        return `${format} ${width}x${height}`;
      }),
    );
    expect(sizes).toEqual(['heif 1800x900', 'webp 800x400', 'heif 800x400']);
  });

  it('keeps each copy, so the next build or page view reads it instead of making it again', async () => {
    const { publicDir, src } = await dropped('office', 1200, 'png');
    const { narrow } = copiesOf(publicDir, src, 1200);
    const first = await copyBytes(narrow!.src);
    const cached = join(projectRoot, 'node_modules/.cache/pictures', narrow!.src.split('/').pop()!);
    expect(existsSync(cached)).toBe(true);
    expect(await copyBytes(narrow!.src)).toEqual(first);
  });

  it('names the copies by the picture, so a changed picture gets new addresses and no stale copy is served', async () => {
    const { publicDir, src } = await dropped('banner', 1000, 'webp');
    const before = copiesOf(publicDir, src, 1000);
    const file = join(publicDir, src);
    writeFileSync(
      file,
      await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#5b3df5' } })
        .webp()
        .toBuffer(),
    );
    const after = copiesOf(publicDir, src, 1000);
    expect(after.narrow!.src).not.toBe(before.narrow!.src);
    expect(after.avif).not.toBe(before.avif);
  });

  it('uses the AVIF file beside a picture as its twin, and makes nothing for a narrow or vector picture', async () => {
    const { publicDir, src } = await dropped('icon-tile', 600, 'webp');
    writeFileSync(join(publicDir, 'media/icon-tile.avif'), await sharp(join(publicDir, src)).avif().toBuffer());
    expect(copiesOf(publicDir, src, 600)).toEqual({ avif: '/media/icon-tile.avif' });
    expect(copiesOf(publicDir, '/media/brand/logo.svg', 300)).toEqual({});
  });

  it('answers nothing for an address it never planned', async () => {
    expect(await copyBytes('/assets/pictures/nothing-0123456789-800.webp')).toBeUndefined();
  });
});
