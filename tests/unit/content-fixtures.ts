import { cpSync, mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const projectRoot = resolve(import.meta.dirname, '../..');
const fixtures = join(projectRoot, 'tests/fixtures');

/**
 * A content project for one test: the valid base site with the named fixture's files laid over
 * it, in a temporary folder whose layout matches the real one (content/, public/).
 */
export function fixture(name: string): { root: string; contentDir: string; publicDir: string; schemaDir: string } {
  const root = mkdtempSync(join(tmpdir(), `content-${name}-`));
  cpSync(join(fixtures, '_base'), root, { recursive: true });
  if (name !== '_base') {
    const overlay = join(fixtures, name);
    if (!existsSync(overlay)) throw new Error(`No fixture folder tests/fixtures/${name}`);
    cpSync(overlay, root, { recursive: true });
  }
  return {
    root,
    contentDir: join(root, 'content'),
    publicDir: join(root, 'public'),
    schemaDir: join(projectRoot, 'schemas'),
  };
}

/**
 * A copy of the project's content, schemas and public folder in a temporary folder, for tests that
 * write files (the editor's); remove it with `rmSync(root, { recursive: true, force: true })`.
 */
export function projectCopy(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), `${prefix}-`));
  for (const folder of ['content', 'schemas', 'public'])
    cpSync(join(projectRoot, folder), join(root, folder), { recursive: true });
  return root;
}
