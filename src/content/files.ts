/**
 * Files the content tools read and the caches they keep, in one place: the folder walk that
 * content, schemas and media all need, and writes that never leave a half-written cache file.
 */
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every file under `dir` whose name ends in `suffix` (all files for ''), in name order; none when `dir` is
 * missing. Links are followed only while they stay inside `dir` itself (its real path): a link to a
 * file or folder elsewhere, to nothing, or back up the tree is left out, so that one stray link can
 * neither stop a check or the editor nor make them read a file that is not the site's.
 */
export function listFiles(dir: string, suffix = ''): string[] {
  if (!existsSync(dir)) return [];
  const top = realpathSync(dir);
  const seen = new Set<string>();
  const walk = (folder: string): string[] => {
    const real = realpathSync(folder);
    if (seen.has(real)) return [];
    seen.add(real);
    // The entries' types come with the listing; only a link needs a look at what it points to.
    return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = join(folder, entry.name);
      let isFolder = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        const target = statSync(full, { throwIfNoEntry: false });
        const inside = target !== undefined && `${realpathSync(full)}${sep}`.startsWith(`${top}${sep}`);
        if (!inside) return [];
        isFolder = target.isDirectory();
      }
      return isFolder ? walk(full) : entry.name.endsWith(suffix) ? [full] : [];
    });
  };
  return walk(dir).sort();
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
