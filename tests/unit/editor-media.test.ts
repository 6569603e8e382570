import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EditorError } from '../../src/editor/shared/errors.ts';
import { MAX_PICTURE_BYTES, storePicture } from '../../src/editor/api/media.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'editor-media-'));
  // editablePath only writes where public/media already exists.
  mkdirSync(join(root, 'public/media'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const stored = (path: string) => readFileSync(join(root, 'public', path));
const uploads = () => readdirSync(join(root, 'public/media/uploads'));
const plain = (width: number, height: number, background = '#5b3df5') =>
  sharp({ create: { width, height, channels: 3, background } });

/** The refusal `storePicture` throws, for its code and message. */
async function refusal(upload: Parameters<typeof storePicture>[1]): Promise<EditorError> {
  const error = await storePicture(root, upload).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EditorError);
  const refused = error as EditorError;
  expect(refused.code).toBe('EditorBadRequest');
  // Written for a marketer: no backticks, no paths on this machine.
  expect(refused.message).not.toMatch(/`|public\/|\/tmp|node_modules/);
  return refused;
}

describe('storePicture', () => {
  it('stores a 20 MB camera JPEG scaled to 2,400 px wide, as WebP, named from its alt text', async () => {
    const bytes = await sharp({
      create: {
        width: 6000,
        height: 4000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(15 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(MAX_PICTURE_BYTES);

    const result = await storePicture(root, { name: 'DSC_0042.JPG', bytes, alt: 'React team workshop in Noida', page: 'react' });

    expect(result).toEqual({
      path: '/media/uploads/react-team-workshop-in-noida.webp',
      width: 2400,
      height: 1600,
      resized: true,
    });
    const metadata = await sharp(stored(result.path)).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 2400, height: 1600 });
    expect(metadata.exif).toBeUndefined();
    // Making and decoding 24 megapixels is slow on a busy two-core machine; the default 20 s is tight.
  }, 60_000);

  it('refuses a picture over 25 MB, naming the limit', async () => {
    const bytes = Buffer.concat([await plain(100, 100).jpeg().toBuffer(), Buffer.alloc(MAX_PICTURE_BYTES)]);
    const error = await refusal({ name: 'huge.jpg', bytes });
    expect(error.message).toContain('25 MB');
    expect(error.message).toContain('huge.jpg');
  });

  it('refuses a PNG header followed by HTML', async () => {
    const png = await plain(20, 20).png().toBuffer();
    const bytes = Buffer.concat([png.subarray(0, 33), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const error = await refusal({ name: 'photo.png', bytes });
    expect(error.message).toMatch(/could not be read/);
    expect(() => uploads()).toThrow();
  });

  it('stores a PNG with script appended after its end without the appended bytes', async () => {
    const png = await plain(40, 30).png().toBuffer();
    const bytes = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const result = await storePicture(root, { name: 'photo.png', bytes, alt: 'Office' });
    const file = stored(result.path);
    expect(result.path).toBe('/media/uploads/office.webp');
    expect(file.includes('<script')).toBe(false);
    expect(file.includes('<html')).toBe(false);
    expect((await sharp(file).metadata()).format).toBe('webp');
  });

  it('keeps the transparency of a PNG in the WebP it stores', async () => {
    const bytes = await sharp({ create: { width: 30, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const result = await storePicture(root, { name: 'logo.png', bytes, alt: 'Logo' });
    expect((await sharp(stored(result.path)).metadata()).hasAlpha).toBe(true);
  });

  it('refuses an SVG, which can carry script', async () => {
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const error = await refusal({ name: 'logo.svg', bytes: Buffer.from(svg) });
    expect(error.message).toMatch(/SVG/);
    expect(error.message).toMatch(/PNG or WebP/);
  });

  it('refuses an empty upload', async () => {
    const error = await refusal({ name: 'photo.jpg', bytes: Buffer.alloc(0) });
    expect(error.message).toMatch(/empty/);
  });

  it('refuses a picture in a format the site does not use (GIF)', async () => {
    const error = await refusal({ name: 'anim.gif', bytes: await plain(10, 10).gif().toBuffer() });
    expect(error.message).toMatch(/not a JPEG, PNG, WebP, AVIF or HEIC picture/);
  });

  it('refuses a HEIC photo it cannot decode, saying to export it as JPEG', async () => {
    // An AVIF relabelled as HEVC: what a phone's HEIC looks like to a sharp built without HEVC.
    const bytes = Buffer.from(await plain(20, 20).avif().toBuffer());
    for (const [from, to] of [
      ['avif', 'heic'],
      ['av01', 'hvc1'],
      ['av1C', 'hvcC'],
    ] as const) {
      for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from)) bytes.write(to, at, 'latin1');
    }
    const error = await refusal({ name: 'IMG_2041.HEIC', bytes });
    expect(error.message).toMatch(/HEIC/);
    expect(error.message).toMatch(/export it as JPEG/i);
  });

  it('returns the same path when the same picture is uploaded twice', async () => {
    const bytes = await plain(300, 200).png().toBuffer();
    const first = await storePicture(root, { name: 'a.png', bytes, alt: 'Team lunch' });
    const second = await storePicture(root, { name: 'a.png', bytes, alt: 'Team lunch' });
    expect(second.path).toBe(first.path);
    expect(uploads()).toEqual(['team-lunch.webp']);
  });

  it('adds -2 for a different picture with the same alt text, leaving the first untouched', async () => {
    const first = await storePicture(root, {
      name: 'a.png',
      bytes: await plain(300, 200, '#ff0000').png().toBuffer(),
      alt: 'Team lunch',
    });
    const before = stored(first.path);
    const second = await storePicture(root, {
      name: 'b.png',
      bytes: await plain(300, 200, '#00ff00').png().toBuffer(),
      alt: 'Team lunch',
    });
    expect(first.path).toBe('/media/uploads/team-lunch.webp');
    expect(second.path).toBe('/media/uploads/team-lunch-2.webp');
    expect(stored(first.path).equals(before)).toBe(true);
  });

  it('names a picture in ASCII, hyphenated, from alt text with accents and punctuation', async () => {
    const bytes = await plain(50, 50).jpeg().toBuffer();
    const result = await storePicture(root, {
      name: 'x.jpg',
      bytes,
      alt: '  Équipe café à Zürich — Straße, “déjà vu”! Don’t 2024  ',
    });
    expect(result.path).toBe('/media/uploads/equipe-cafe-a-zurich-strasse-deja-vu-dont-2024.webp');
    expect(result.path).toMatch(/^[\x20-\x7e]+$/);
  });

  it('cuts a long alt text at a word boundary, within 60 characters', async () => {
    const alt = 'Engineers from the Noida office reviewing a React Native release plan on the big screen';
    const result = await storePicture(root, { name: 'x.jpg', bytes: await plain(50, 50).jpeg().toBuffer(), alt });
    const name = result.path.replace('/media/uploads/', '').replace('.webp', '');
    expect(name.length).toBeLessThanOrEqual(60);
    expect(alt.toLowerCase().replace(/ /g, '-').startsWith(`${name}-`)).toBe(true);
  });

  it('names a picture without alt text from the page, else from the uploaded file name', async () => {
    const fromPage = await storePicture(root, { name: 'IMG_1.jpg', bytes: await plain(50, 50).jpeg().toBuffer(), page: 'react' });
    const fromName = await storePicture(root, {
      name: 'Café Launch_Night.JPG',
      bytes: await plain(60, 50).jpeg().toBuffer(),
      alt: ' ',
    });
    expect(fromPage.path).toBe('/media/uploads/react-picture.webp');
    expect(fromName.path).toBe('/media/uploads/cafe-launch-night.webp');
  });

  it('does not enlarge a 1,200 px picture', async () => {
    const result = await storePicture(root, { name: 'a.jpg', bytes: await plain(1200, 800).jpeg().toBuffer(), alt: 'Small' });
    expect(result).toMatchObject({ width: 1200, height: 800, resized: false });
    expect(await sharp(stored(result.path)).metadata()).toMatchObject({ width: 1200, height: 800 });
  });

  it('applies EXIF orientation before measuring the width', async () => {
    // Stored sideways with orientation 6: it shows 2,000 wide and 3,000 tall, so it fits as it is.
    const bytes = await plain(3000, 2000).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await storePicture(root, { name: 'portrait.jpg', bytes, alt: 'Portrait' });
    expect(result).toEqual({ path: '/media/uploads/portrait.webp', width: 2000, height: 3000, resized: false });
  });
});
