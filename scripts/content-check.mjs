#!/usr/bin/env node
// `npm run content:check`: runs src/content/cli/cli.ts, bundled by esbuild in memory at every run. A
// marketer runs it after every edit, so it should answer in well under a second: through tsx, Node
// compiled some forty TypeScript files on every run (about 1.7 s here); one bundle takes esbuild
// about 50 ms. Nothing is kept between runs, so nothing can be out of date. Packages stay outside
// the bundle and load from node_modules.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const result = await build({
  entryPoints: [join(root, 'src/content/cli/cli.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  write: false,
  logLevel: 'error',
  absWorkingDir: root,
  plugins: [
    {
      // A module that finds files next to itself (`import.meta.url`) must still find them from the
      // bundle, which runs from elsewhere: each one gets its own source file's address.
      name: 'own-import-meta-url',
      setup(b) {
        b.onLoad({ filter: /\.ts$/ }, (args) => ({
          contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
          loader: 'ts',
        }));
      },
    },
  ],
});
// esbuild's service would otherwise run until this process ends.
await stop();
// Inside node_modules, so that the bundle's imports of packages resolve; gone as soon as it is loaded.
const folder = join(root, 'node_modules/.cache');
mkdirSync(folder, { recursive: true });
const file = join(folder, `content-check-${randomUUID()}.mjs`);
writeFileSync(file, result.outputFiles[0].contents);
// The check ends with `process.exit` when it finds errors: the file goes then too.
process.on('exit', () => rmSync(file, { force: true }));
await import(pathToFileURL(file).href);
