import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * True when the module at `moduleUrl` (its `import.meta.url`) is the program being run, not an import:
 * a command's file runs its command only then (`tsx src/server/submissions-cli.ts`, the compiled
 * `dist/server/submissions.mjs`), and its tests import its functions without running it.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === moduleUrl;
  } catch {
    return false;
  }
}
