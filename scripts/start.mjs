#!/usr/bin/env node
// `npm start`: builds the site and the server when there is no build yet (or with --rebuild), then runs
// the compiled production server (site + API + embedded database) with plain Node on PORT (default 3000)
// and HOST. npm does not pass SIGTERM on to its script; this program passes it on to the server.
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'dist/server/main.mjs');
// What the server needs of a build: the pages with what the build wrote for the server beside them, and itself.
const built = [join(root, 'dist/client/server-facts.json'), server].every((file) => existsSync(file));
if (!built || process.argv.includes('--rebuild')) {
  console.log('No production build found: building the site and the server first (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const child = spawn(process.execPath, ['--enable-source-maps', server], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
