/**
 * A picture dropped onto an image field, stored under public/media/uploads/ with a name made from
 * the page and the field (`react-s0-image-src.webp`), never over another picture. Its type is read
 * from its bytes, not from its name; SVG is refused, because an SVG file can carry script.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeWhole } from '../../content/files.ts';
import { EditorError } from '../errors.ts';
import { editablePath } from '../files.ts';

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** The picture's type from its first bytes, or undefined for anything else. */
export function pictureType(bytes: Buffer): 'png' | 'jpg' | 'webp' | 'avif' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 4, 8) === 'ftyp' && /^avi[fs]$/.test(bytes.toString('latin1', 8, 12))) return 'avif';
  return undefined;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'picture';

export interface StoredPicture {
  /** The path content names it by: `/media/uploads/…`. */
  readonly path: string;
}

export function storePicture(root: string, upload: { name: string; page: string; field: string; bytes: string }): StoredPicture {
  const bytes = Buffer.from(upload.bytes, 'base64');
  if (bytes.length === 0) throw new EditorError('EditorBadRequest', '`bytes` is empty: choose the picture again.');
  if (bytes.length > MAX_PICTURE_BYTES) {
    throw new EditorError(
      'EditorBadRequest',
      `${upload.name} is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; pictures may be up to ${MAX_PICTURE_BYTES / 1024 / 1024} MB. Export it smaller (2,400 pixels wide is plenty) and try again.`,
    );
  }
  if (/^\s*(<\?xml|<svg)/i.test(bytes.toString('utf8', 0, 200))) {
    throw new EditorError(
      'EditorBadRequest',
      `${upload.name} is an SVG file, which can carry script; export it as PNG or WebP and upload that.`,
    );
  }
  const type = pictureType(bytes);
  if (!type) {
    throw new EditorError(
      'EditorBadRequest',
      `${upload.name} is not a WebP, AVIF, PNG or JPEG picture (judged by its content, not its name). Export it in one of those formats.`,
    );
  }
  const base = `${slug(upload.page)}-${slug(upload.field)}`;
  for (let n = 1; n < 1000; n++) {
    const name = `${base}${n === 1 ? '' : `-${n}`}.${type}`;
    const target = editablePath(root, `public/media/uploads/${name}`);
    const path = `/media/uploads/${name}`;
    if (existsSync(target)) {
      const same =
        createHash('sha256').update(readFileSync(target)).digest('hex') === createHash('sha256').update(bytes).digest('hex');
      if (same) return { path };
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeWhole(target, bytes);
    return { path };
  }
  throw new EditorError(
    'EditorBadRequest',
    `There are already 999 pictures named ${base}; rename some under ${join('public', 'media', 'uploads')}.`,
  );
}
