// The copy of the site that the build benches (bench:build, bench:dev) grow with extra pages.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

/**
 * A copy of the site in a temporary folder, with `extra` copies of the React page (`/bench-react-<i>`,
 * each with its own title and description, so that the check finds nothing to warn about): what
 * `vite build` and `vite` run in for `bench:build` and `bench:dev`. The caller removes it.
 */
export function siteWith(extra, bench) {
  const dir = mkdtempSync(join(tmpdir(), `bench-${bench}-${extra}-`));
  for (const entry of ['content', 'schemas', 'src', 'scripts', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json']) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  // Read only by the build: linked, not copied. The packages and the caches are linked one by one,
  // because the build writes its prerender bundle to node_modules/.cache/prerender of the copy.
  symlinkSync(join(root, 'public'), join(dir, 'public'));
  const linkEach = (from, to, except) => {
    mkdirSync(to);
    for (const name of readdirSync(from)) if (name !== except) symlinkSync(join(from, name), join(to, name));
  };
  linkEach(join(root, 'node_modules'), join(dir, 'node_modules'), '.cache');
  // A fresh install has no caches yet; the first build or check makes them.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  linkEach(join(root, 'node_modules/.cache'), join(dir, 'node_modules/.cache'), 'prerender');
  const page = readFileSync(join(root, 'content/pages/react.yaml'), 'utf8');
  for (let i = 1; i <= extra; i++) {
    const copy = page
      .replace(/^route: \/react$/m, `route: /bench-react-${i}`)
      .replace(/^title: (.*)$/m, `title: $1, copy ${i}`)
      .replace(/^description: >-\n((?: {2}.*\n)+)/m, (_m, text) => `description: >-\n${text.trimEnd()} Copy ${i}.\n`);
    writeFileSync(join(dir, 'content/pages', `bench-react-${i}.yaml`), copy);
  }
  return dir;
}
