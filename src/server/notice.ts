import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
// The route both forms link to under their submit button.
import { PRIVACY_ROUTE } from '../forms/spec.ts';

/**
 * The version of the privacy notice this server shows, recorded with every submission so that the
 * company can tell which notice a person was given (DPDP Act 2023, notice at collection): the date
 * the notice gives as `updated`, and the first ten hex digits of the SHA-256 of its file, which
 * changes with any edit even when the date was not moved on (`2026-11-25+1a2b3c4d5e`). Undefined
 * when no page has the notice's route; the server then says so at start-up.
 */
export async function loadNoticeVersion(contentDir: string): Promise<string | undefined> {
  const pagesDir = path.join(contentDir, 'pages');
  let names: string[];
  try {
    names = (await readdir(pagesDir)).filter((name) => /\.ya?ml$/.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  for (const name of names) {
    const text = await readFile(path.join(pagesDir, name), 'utf8');
    // Cheap test first: only the notice's own file is parsed.
    if (!new RegExp(`^route:\\s*["']?${PRIVACY_ROUTE}["']?\\s*$`, 'm').test(text)) continue;
    let updated: unknown;
    try {
      const page = parse(text) as { sections?: { updated?: unknown }[] } | null;
      updated = page?.sections?.find((section) => typeof section?.updated === 'string')?.updated;
    } catch {
      // The build refuses a file YAML cannot read; a server started on one still records the hash.
    }
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
    return `${typeof updated === 'string' ? updated : 'undated'}+${hash}`;
  }
  return undefined;
}
