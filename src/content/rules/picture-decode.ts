/**
 * Whether a picture file decodes as a picture (PictureUnreadable). A file can have the right name and
 * size and still be no picture: a download cut short, an HTML error page saved as `.webp`, a PDF renamed.
 * The build's picture step would fail on it, or, for the files it copies as they are, the visitor would
 * get a broken image. sharp, which makes the site's pictures, decodes it; a header alone can look right
 * while the rest of the file is missing.
 *
 * Decoding costs tens of milliseconds a picture, and a check runs on every save in the editor and the
 * dev server, so a verdict is kept per file version (its size and modification time): in memory, and in
 * node_modules/.cache/picture-decode/ for the next command-line check. A changed file is decoded again.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFolder, writeWhole } from '../files.ts';

type Verdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };
/** The verdict on one version of a file, by its path. */
interface Known {
  readonly version: string;
  readonly verdict: Verdict;
}

const cacheFile = join(cacheFolder('picture-decode'), 'verdicts.json');
let verdicts: Map<string, Known> | undefined;
let changed = false;

function load(): Map<string, Known> {
  if (verdicts) return verdicts;
  try {
    verdicts = new Map(Object.entries(JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, Known>));
  } catch {
    verdicts = new Map();
  }
  return verdicts;
}

/** The decoder's reason why `file` is no picture, or undefined when it decodes (or does not exist: MissingAsset's). */
export async function undecodablePicture(file: string): Promise<string | undefined> {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const version = `${stat.size}:${stat.mtimeMs}`;
  const known = load().get(file);
  if (known?.version === version) return known.verdict.ok ? undefined : known.verdict.reason;
  const verdict = await decode(file, stat.size);
  load().set(file, { version, verdict });
  changed = true;
  return verdict.ok ? undefined : verdict.reason;
}

async function decode(file: string, size: number): Promise<Verdict> {
  if (size === 0) return { ok: false, reason: 'the file is empty' };
  const { default: sharp } = await import('sharp');
  try {
    // Every pixel read (a truncated file fails here, not at its header), at a small size, which JPEG and
    // WebP decode at a fraction of the cost. sharp fails on the decoder's warnings too (corrupt data), by default.
    // The bytes, not the file name: libvips keeps what it decoded by name, and would judge a file changed
    // since by what it held before.
    await sharp(readFileSync(file), { limitInputPixels: false }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: (error as Error).message.split('\n')[0]!.replace(/^Input buffer /, 'the file ') };
  }
}

/** Keeps the verdicts of this check for the next one; called once a check has judged every picture. */
export function saveDecodeVerdicts(): void {
  if (!changed || !verdicts) return;
  changed = false;
  // Files that are gone (a test's copy of the project, a deleted picture) are forgotten.
  for (const file of verdicts.keys()) if (!statSync(file, { throwIfNoEntry: false })) verdicts.delete(file);
  try {
    writeWhole(cacheFile, JSON.stringify(Object.fromEntries(verdicts)));
  } catch {
    // A cache that cannot be written (a read-only node_modules) only costs time.
  }
}
