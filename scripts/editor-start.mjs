#!/usr/bin/env node
// `npm run editor:start`: builds the editor service when there is no build (or with --rebuild), then
// runs it with plain Node (src/editor/service/main.ts; settings in docs/deploy.md). npm does not pass
// SIGTERM on to its script; this program passes it on to the service.
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const service = join(root, 'dist/editor-server/main.mjs');
const built = [join(root, 'dist/editor/ui/src/editor/ui/index.html'), service].every((file) => existsSync(file));
if (!built || process.argv.includes('--rebuild')) {
  console.log('No build of the editor service found: building it first (npx tsx scripts/build-editor.ts)…');
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build-editor.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// --disable-proto=throw: reading or setting `__proto__` throws, so no value from a request can reach
// a prototype through it, in our code or a dependency's (src/content/safe-keys.ts covers `constructor`).
// MALLOC_MMAP_THRESHOLD_: glibc otherwise raises its threshold after the first large request body is
// freed, serves later ones from its heap, and never gives that memory back: 100 hostile requests left
// the service at 520 MB resident with 110 MB of JavaScript heap; with a fixed threshold, 270 MB.
const child = spawn(process.execPath, ['--enable-source-maps', '--disable-proto=throw', service], {
  cwd: root,
  stdio: 'inherit',
  env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
