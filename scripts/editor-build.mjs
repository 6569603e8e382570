// The shared editor's build (dist/editor, dist/editor-server), made when it is missing or asked for
// (`--rebuild`): `npm run editor:start` and `npm run editor:users` both run the compiled service,
// with plain Node, as a deployment does, never its TypeScript through tsx.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverDir = join(root, 'dist/editor-server');

export function ensureEditorBuilt(rebuild = false) {
  const built = [
    join(root, 'dist/editor/ui/src/editor/ui/index.html'),
    join(serverDir, 'main.mjs'),
    join(serverDir, 'users.mjs'),
  ];
  if (built.every((file) => existsSync(file)) && !rebuild) return;
  console.error('No build of the editor service found: building it first (npx tsx scripts/build-editor.ts)…');
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build-editor.ts')], {
    cwd: root,
    stdio: ['ignore', 2, 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
