import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sizeFromHeader } from '../../src/content/build/assets.ts';

describe('image sizes read from file headers', () => {
  const base = () => sharp({ create: { width: 321, height: 123, channels: 3, background: '#6d4aff' } });
  it.each([
    ['webp (lossy)', () => base().webp({ quality: 60 })],
    ['webp (lossless)', () => base().webp({ lossless: true })],
    [
      'webp (with alpha, extended)',
      () => sharp({ create: { width: 321, height: 123, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } }).webp(),
    ],
    ['png', () => base().png()],
    ['jpeg', () => base().jpeg()],
    ['avif', () => base().avif({ quality: 40 })],
  ])('agree with sharp for %s', async (_name, make) => {
    const buffer = await make().toBuffer();
    expect(sizeFromHeader(buffer)).toEqual({ width: 321, height: 123 });
  });

  it('read an SVG from its width and height, or from its viewBox', () => {
    expect(
      sizeFromHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="128"></svg>'), 'a.svg'),
    ).toEqual({ width: 256, height: 128 });
    expect(sizeFromHeader(Buffer.from('<?xml version="1.0"?>\n<svg viewBox="0 0 48 36"></svg>'), 'b.svg')).toEqual({
      width: 48,
      height: 36,
    });
  });

  it('answer undefined for a file that is not an image', () => {
    expect(sizeFromHeader(Buffer.from('hello world, this is text and not an image at all.'))).toBeUndefined();
  });
});
