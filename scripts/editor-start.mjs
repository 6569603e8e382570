#!/usr/bin/env node
// `npm run editor:start`: builds the editor service when there is no build (or with --rebuild), then
// runs it with plain Node (src/editor/service/main.ts; settings in docs/deploy.md). npm does not pass
// SIGTERM on to its script; this program passes it on to the service.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureEditorBuilt, root, serverDir } from './editor-build.mjs';

ensureEditorBuilt(process.argv.includes('--rebuild'));
const service = join(serverDir, 'main.mjs');
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
