#!/usr/bin/env node
// `npm run editor:users -- <command>`: the shared editor's people (src/editor/service/users-cli.ts),
// compiled like the service (dist/editor-server/users.mjs), built first when there is no build.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureEditorBuilt, root, serverDir } from './editor-build.mjs';

ensureEditorBuilt();
const child = spawn(process.execPath, ['--enable-source-maps', join(serverDir, 'users.mjs'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
