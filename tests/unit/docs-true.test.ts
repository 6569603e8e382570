/**
 * The README and the guides in docs/ are what a newcomer reads first; each claim here that the tree
 * can answer is checked against it, so that a moved file, a renamed command or a new page makes this
 * test fail instead of leaving the docs quietly wrong.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';

const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const docs = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => ({ name: `docs/${name}`, text: readFileSync(join(root, 'docs', name), 'utf8') }));
const allDocs = [{ name: 'README.md', text: readme }, ...docs];

/**
 * Paths the docs name that a reader creates, not the tree: each with why it is not there.
 * Anything else the docs name must exist.
 */
const writtenByTheReader = new Map([
  ['content/pages/svelte.yaml', 'the README walks through adding a technology page with this file'],
  ['public/media/uploads/', 'the editor creates this folder at the first upload'],
]);

/** Backticked repository paths (`src/…`, `docs/…`), without placeholders, globs or `file:line` tails. */
function namedPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const [, quoted] of text.matchAll(/`([^`\s]+)`/g)) {
    if (!/^(\.\/)?(src|scripts|tests|schemas|content|docs|tools|public|\.ci)\//.test(quoted!)) continue;
    if (/[<>*{}…|]/.test(quoted!)) continue;
    paths.add(quoted!.split(/[:#]/)[0]!.replace(/[.,]$/, ''));
  }
  return [...paths];
}

describe('the docs are true to the tree', () => {
  it('names only files and folders that exist, in the README and every guide', () => {
    const missing = allDocs.flatMap(({ name, text }) =>
      namedPaths(text)
        .filter((path) => !writtenByTheReader.has(path) && !existsSync(join(root, path)))
        .map((path) => `${name}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('states the number of pages the build publishes, with the roles and case studies among them', async () => {
    const result = await checkContent({ root, unfinished: 'fail' });
    expect(result.errors).toBe(0);
    const routes = result.pages.map((p) => p.page.route);
    const stated = /India: (\d+) pages/.exec(readme);
    expect(stated, 'the README opens with the page count').not.toBeNull();
    expect(Number(stated![1])).toBe(routes.length);
    const jobs = result.pages.filter((p) => p.page.structuredData?.type === 'JobPosting');
    expect(Number(/each of the (\d+) open roles/.exec(readme)?.[1])).toBe(jobs.length);
    expect(Number(/each of the (\d+) case studies/.exec(readme)?.[1])).toBe(
      routes.filter((r) => r.startsWith('/success-stories/')).length,
    );
  });

  it('maps every folder of the repository and of src/, and nothing that is not there', () => {
    const section = readme.slice(readme.indexOf('## Folders'), readme.indexOf('\n## ', readme.indexOf('## Folders') + 1));
    const mapped = [...section.matchAll(/^\| `([^`]+)\/` \|/gm)].map((m) => m[1]!);
    expect(mapped.length).toBeGreaterThan(5);
    for (const folder of mapped) expect(existsSync(join(root, folder)), `${folder}/ is in the map`).toBe(true);
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
    const folders = new Set(
      tracked.flatMap((file) => {
        const parts = file.split('/');
        if (parts.length < 2) return [];
        return parts[0] === 'src' && parts.length > 2 ? [`src/${parts[1]}`] : [parts[0]!];
      }),
    );
    // A folder is mapped when it, a folder it is in, or a folder in it has a row (src/ has one row per folder).
    const unmapped = [...folders].filter(
      (folder) => !mapped.some((m) => folder === m || folder.startsWith(`${m}/`) || m.startsWith(`${folder}/`)),
    );
    expect(unmapped).toEqual([]);
  });

  it('names only npm scripts that exist, and every script of package.json is in the README', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
    );
    // `npm run bench:*` names a family; `npm run art -w @sutra/media-art` a script of a workspace package.
    const named = new Set(
      allDocs.flatMap(({ text }) =>
        [...text.matchAll(/npm run ([a-z][\w:-]*)([*]| -w)?/g)].filter((m) => !m[2]).map((m) => m[1]!),
      ),
    );
    expect([...named].filter((name) => !scripts.includes(name))).toEqual([]);
    const unnamed = scripts.filter((name) => !new RegExp(`npm (run )?${name.replace(/[:-]/g, '\\$&')}\\b`).test(readme));
    expect(unnamed).toEqual([]);
  });
});
