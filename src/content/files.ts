/**
 * Files the content tools read and the caches they keep, in one place: the folder walk that
 * content, schemas and media all need, and writes that never leave a half-written cache file.
 */
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every file under `dir` whose name ends in `suffix` (all files for ''), in name order; none when `dir` is
 * missing. A link to a folder is followed once (a link back up the tree would otherwise be walked for
 * ever), and a link to nothing is left out, so that one stray link cannot stop a check or the editor.
 */
export function listFiles(dir: string, suffix = '', seen = new Set<string>()): string[] {
  if (!existsSync(dir)) return [];
  const real = realpathSync(dir);
  if (seen.has(real)) return [];
  seen.add(real);
  // The entries' types come with the listing; only a link needs a look at what it points to.
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      let folder = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        const target = statSync(full, { throwIfNoEntry: false });
        if (!target) return [];
        folder = target.isDirectory();
      }
      return folder ? listFiles(full, suffix, seen) : entry.name.endsWith(suffix) ? [full] : [];
    })
    .sort();
}

/** A folder of the tools' cache, node_modules/.cache/<name>: reinstalling the packages clears it. */
export const cacheFolder = (name: string) => join(dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache', name);

/** Writes `file` whole, then moves it into place, so a process stopped halfway leaves no broken file behind. */
export function writeWhole(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}
