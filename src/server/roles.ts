import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { SetupError } from './errors.ts';

/**
 * Collects the job titles one may apply for: the `title` of every role of the roles collection
 * (content/roles/*.yaml) that is not a draft, and every `tabs[].roles[].role` written in a
 * `type: careers` section of content/pages/*.yaml. An application's `domain` must be one of them. No
 * roles at all means every application is refused until one is written.
 *
 * A role's dates are not looked at: the pages were built on another day than this server started,
 * and a visitor who sees a role on the site must never have the application refused.
 */
export async function loadRoles(contentDir: string): Promise<string[]> {
  const roles = new Set<string>();
  for (const page of await readYamlFolder(path.join(contentDir, 'pages'))) for (const role of rolesOfPage(page)) roles.add(role);
  for (const entry of await readYamlFolder(path.join(contentDir, 'roles'))) {
    const role = roleOfEntry(entry);
    if (role) roles.add(role);
  }
  return [...roles];
}

/** The data of every YAML file of a folder, in name order; none when there is no folder. */
async function readYamlFolder(dir: string): Promise<unknown[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const data: unknown[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    try {
      data.push(parse(await readFile(file, 'utf8')));
    } catch (error) {
      throw new SetupError(
        'ContentUnreadable',
        `${file} could not be read as YAML (${(error as Error).message}), so the open roles are unknown. Run \`npm run content:check\` and fix the file.`,
        { cause: error },
      );
    }
  }
  return data;
}

/** The title of a role entry that is not a draft. */
function roleOfEntry(entry: unknown): string | undefined {
  if (!isRecord(entry) || typeof entry.title !== 'string' || entry.title.trim() === '' || entry.draft === true) return undefined;
  return entry.title.trim();
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
