/**
 * A picture dropped onto an image field, stored under public/media/uploads/ as WebP, at most 2,400
 * pixels wide, with a name made from its alt text (`react-team-workshop-in-noida.webp`), never over
 * another picture. What is stored is always sharp's re-encoding of the decoded pixels, never the
 * uploaded bytes: anything hidden in or after the picture (script, HTML, location in the EXIF) is
 * left behind. Its type is read from its bytes, not from its name, and the pixels must decode; SVG is
 * refused, because an SVG file can carry script.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { writeWhole } from '../../content/files.ts';
import { EditorError } from '../shared/errors.ts';
import { editablePath } from '../shared/files.ts';

export const MAX_PICTURE_BYTES = 25 * 1024 * 1024;
/** Wider than the widest slot on the site at 2x; more only costs visitors download time. */
export const MAX_PICTURE_WIDTH = 2400;
const MAX_NAME_LENGTH = 60;
/**
 * Read from the header, before a pixel is decoded: a 31 KB PNG can declare 16,000 × 16,000 pixels, and
 * decoding that held the editor for 3 s. 50 million is a 50-megapixel photo (8,160 × 6,120), more
 * than any phone takes by default; the site shows at most 2,400 pixels wide.
 */
export const MAX_PICTURE_PIXELS = 50_000_000;

type PictureType = 'png' | 'jpg' | 'webp' | 'avif' | 'heic';

/** The picture's type from its first bytes, or undefined for anything else. */
export function pictureType(bytes: Buffer): PictureType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    // The ftyp box lists the brands after the major one; a phone's HEIC often says only `mif1`.
    const size = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
    if (brands.some((b) => /^(hei[cxms]|hev[cxms]|mif1|msf1)$/.test(b))) return 'heic';
  }
  return undefined;
}

const looksLikeSvg = (bytes: Buffer) => /^\uFEFF?\s*(<\?xml|<!--|<!doctype svg|<svg)/i.test(bytes.toString('utf8', 0, 512));

// Letters NFKD leaves whole; the rest of Latin script comes apart into a base letter and marks.
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** The ASCII words of `text`: accents dropped, apostrophes closed up ("Don't" is one word, dont). */
function asciiWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTERS[letter] ?? '')
    .replace(/['’ʼ]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** As many whole words as fit in `max` characters, joined by hyphens; one long word is cut. */
function fitWords(words: string[], max: number): string {
  let name = '';
  for (const word of words) {
    const longer = name ? `${name}-${word}` : word;
    if (longer.length > max) break;
    name = longer;
  }
  return name || (words[0] ?? '').slice(0, max);
}

/** The file name without `.webp`: from the alt text, else the page, else the name it was uploaded with. */
export function pictureName(upload: { name: string; alt?: string; page?: string }): string {
  const alt = asciiWords(upload.alt ?? '');
  if (alt.length) return fitWords(alt, MAX_NAME_LENGTH);
  const page = asciiWords(upload.page ?? '');
  if (page.length) return `${fitWords(page, MAX_NAME_LENGTH - '-picture'.length)}-picture`;
  const original = upload.name.replace(/^.*[/\\]/, '').replace(/\.[^.]*$/, '');
  return fitWords(asciiWords(original), MAX_NAME_LENGTH) || 'picture';
}

const refuse = (message: string) => new EditorError('EditorBadRequest', message);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const EXPORT_AGAIN = 'Open it in an image editor, export it as JPEG or PNG, and upload that.';
const TYPE_NAMES: Record<PictureType, string> = { png: 'PNG', jpg: 'JPEG', webp: 'WebP', avif: 'AVIF', heic: 'HEIC' };
// Sharp's names for what it decoded; AVIF and HEIC both decode as heif.
const DECODED = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);

export interface StoredPicture {
  /** The path content names it by: `/media/uploads/…`. */
  readonly path: string;
  /** The stored picture's size in pixels, after orientation and scaling. */
  readonly width: number;
  readonly height: number;
  /** Whether it was scaled down to {@link MAX_PICTURE_WIDTH}. */
  readonly resized: boolean;
}

export async function storePicture(
  root: string,
  upload: { name: string; bytes: Buffer; alt?: string; page?: string },
): Promise<StoredPicture> {
  const { bytes } = upload;
  const label = upload.name.trim() || 'The picture';
  if (bytes.length === 0) {
    throw refuse(`${label} arrived empty, so there was no picture to store. Choose the picture again.`);
  }
  if (bytes.length > MAX_PICTURE_BYTES) {
    throw refuse(
      `${label} is ${megabytes(bytes.length)}, more than the ${MAX_PICTURE_BYTES / 1024 / 1024} MB a picture may be, so it was not uploaded. Export it smaller (2,400 pixels wide is plenty for the site) and upload that.`,
    );
  }
  const type = pictureType(bytes);
  // Checked before sharp sees the bytes: sharp would turn an SVG into pixels and so accept it.
  if (!type && looksLikeSvg(bytes)) {
    throw refuse(
      `${label} is an SVG drawing. An SVG file can carry script that would run on the site, so the editor does not take them. Export it as PNG or WebP and upload that.`,
    );
  }
  if (!type) {
    throw refuse(
      `${label} is not a JPEG, PNG, WebP, AVIF or HEIC picture (judged by its content, not its name), so it was not uploaded. ${EXPORT_AGAIN}`,
    );
  }
  const heicAdvice = `${label} is a HEIC photo (the format iPhones use), which the editor cannot read. Export it as JPEG (on a Mac: open it in Preview, then File, Export, JPEG) and upload that.`;
  const unreadable = () =>
    refuse(
      type === 'heic'
        ? heicAdvice
        : `${label} starts like a ${TYPE_NAMES[type]} picture but its pixels could not be read: the file is damaged, or is something else named as a picture. ${EXPORT_AGAIN}`,
    );

  const metadata = await sharp(bytes, { failOn: 'error' })
    .metadata()
    .catch((): never => {
      throw unreadable();
    });
  if (!DECODED.has(metadata.format)) throw unreadable();
  if (metadata.width * metadata.height > MAX_PICTURE_PIXELS) {
    throw refuse(
      `${label} is ${metadata.width} × ${metadata.height} pixels, more than the ${MAX_PICTURE_PIXELS / 1_000_000} million the editor takes. Export it smaller (2,400 pixels wide is plenty for the site) and upload that.`,
    );
  }

  // Decoding every pixel is the check that it is a picture; the header alone proves nothing.
  // Sharp writes no metadata unless asked, so EXIF (with a phone's location) stays behind.
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PICTURE_PIXELS })
    .rotate()
    .resize({ width: MAX_PICTURE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
    .catch((): never => {
      throw unreadable();
    });
  const picture = { width: info.width, height: info.height, resized: info.width < metadata.autoOrient.width };

  // No await from here on: within this server, two uploads cannot both find a name free and take it.
  const base = pictureName(upload);
  const digest = createHash('sha256').update(data).digest('hex');
  for (let n = 1; n < 1000; n++) {
    const name = `${base}${n === 1 ? '' : `-${n}`}.webp`;
    const target = editablePath(root, `public/media/uploads/${name}`);
    const path = `/media/uploads/${name}`;
    if (existsSync(target)) {
      if (createHash('sha256').update(readFileSync(target)).digest('hex') === digest) return { path, ...picture };
      continue;
    }
    writeWhole(target, data);
    return { path, ...picture };
  }
  throw refuse(
    `There are already 999 pictures named ${base}, so this one was not stored. Give it a different alt text and upload it again.`,
  );
}
