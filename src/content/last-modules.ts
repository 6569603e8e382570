/**
 * The dev server's content modules as its last session served them, to answer the next start's first
 * page before the check has run (check-worker.ts). They are used only if no input of the check has
 * changed since: every content, schema and public file by path, modification time and size, the
 * check's code and the day (publishing dates). The check then runs all the same, and the server sends
 * what differs through the path an edit takes (src/content/plugin.ts), so nothing stale stays on screen.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { ContentOptions } from './check.ts';
import { listFiles, writeWhole } from './files.ts';
import { dayOf, foldersOf } from './check/run.ts';
import type { Recipe } from './pictures.ts';

/** The check's inputs as the disk has them now, as one hash. */
export function inputsNow(options: ContentOptions, codeKey: string): string {
  const hash = createHash('sha256').update(`${codeKey}\n${dayOf(options)}\n${options.unfinished}\n`);
  for (const folder of Object.values(foldersOf(options))) {
    for (const file of listFiles(folder)) {
      const stat = statSync(file, { throwIfNoEntry: false });
      hash.update(`${file}\t${stat?.mtimeMs}\t${stat?.size}\n`);
    }
  }
  return hash.digest('hex');
}

/** The modules a check gave, with the logo files and picture copies they name. */
export interface Modules {
  readonly codes: Readonly<Record<string, string>>;
  readonly logos: readonly (readonly [string, string])[];
  readonly pictures: readonly (readonly [string, Recipe])[];
}

/** The modules saved in `file` for the inputs `inputs`, or nothing if the inputs have changed since. */
export function lastModules(file: string, inputs: string): Modules | undefined {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Modules & { readonly inputs: string };
    return saved.inputs === inputs ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Saves the modules a check of `inputs` gave, for the next start. */
export function saveLastModules(file: string, inputs: string, modules: Modules): void {
  try {
    writeWhole(file, JSON.stringify({ inputs, ...modules }));
  } catch {
    // Not saved: the next start waits for its check, as it did before.
  }
}
