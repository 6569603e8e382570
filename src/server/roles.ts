import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { SetupError } from './errors.ts';

/**
 * Collects the job titles one may apply for: every `tabs[].roles[].role` of every `type: careers` section in
 * content/pages/*.yaml. An application's `domain` must be one of them. No careers page (or no pages folder)
 * means no open roles, and every application is refused until one is written.
 */
export async function loadRoles(contentDir: string): Promise<string[]> {
  const pagesDir = path.join(contentDir, 'pages');
  let files: string[];
  try {
    files = (await readdir(pagesDir)).filter((name) => /\.ya?ml$/.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }

  const roles = new Set<string>();
  for (const name of files) {
    const file = path.join(pagesDir, name);
    let page: unknown;
    try {
      page = parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new SetupError(
        'ContentUnreadable',
        `${file} could not be read as YAML (${(error as Error).message}), so the open roles are unknown. Run \`npm run content:check\` and fix the file.`,
        { cause: error },
      );
    }
    for (const role of rolesOfPage(page)) roles.add(role);
  }
  return [...roles];
}

/**
 * Reads roles defensively: the build validates content against the schemas, but the server must not crash on
 * a page that someone is still writing.
 */
function rolesOfPage(page: unknown): string[] {
  const roles: string[] = [];
  for (const section of arrayAt(page, 'sections')) {
    if (!isRecord(section) || section.type !== 'careers') continue;
    for (const tab of arrayAt(section, 'tabs')) {
      for (const role of arrayAt(tab, 'roles')) {
        if (isRecord(role) && typeof role.role === 'string' && role.role.trim() !== '') roles.push(role.role.trim());
      }
    }
  }
  return roles;
}

function arrayAt(value: unknown, key: string): unknown[] {
  const item = isRecord(value) ? value[key] : undefined;
  return Array.isArray(item) ? item : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
