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
// a prototype through it, in our code or a dependency's (src/content/yaml/safe-keys.ts covers `constructor`).
// MALLOC_MMAP_THRESHOLD_: glibc otherwise raises its threshold after the first large request body is
// freed, serves later ones from its heap, and never gives that memory back: 100 hostile requests left
// the service at 520 MB resident with 110 MB of JavaScript heap; with a fixed threshold, 270 MB.
// --max-old-space-size=256: V8 otherwise lets garbage grow far past the live data before it collects
// (bench:editor-service: 365 MB resident at the peak of 1,000 saves, 217 MB with the cap, saves as
// quick). The site's 44 pages live in about 70 MB; a site of thousands of pages needs a larger cap,
// given in NODE_OPTIONS, which then replaces this one (docs/deploy.md).
const heap = /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '') ? [] : ['--max-old-space-size=256'];
const child = spawn(process.execPath, ['--enable-source-maps', '--disable-proto=throw', ...heap, service], {
  cwd: root,
  stdio: 'inherit',
  env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
