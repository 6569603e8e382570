#!/usr/bin/env node
// `npm run pages:decode [-- dir]`: writes each page of a build as plain HTML (`react/index.html`) beside the
// brotli copy the build stores (`react/index.html.br`), for a static host that cannot send a brotli file
// with `Content-Encoding: br` or must also answer clients without brotli. The Node server needs neither:
// it decodes for such a client itself (src/server/static.ts). See docs/deploy.md.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist/client'));
if (!existsSync(join(dir, 'routes.json'))) {
  console.error(
    `BuildMissing: ${dir} holds no client build (no routes.json). Run \`npm run build\` first, or name the build's folder.`,
  );
  process.exit(1);
}
function* pages(folder) {
  for (const name of readdirSync(folder)) {
    const full = join(folder, name);
    if (statSync(full).isDirectory()) yield* pages(full);
    else if (name.endsWith('.html.br')) yield full;
  }
}
let count = 0;
for (const stored of pages(dir)) {
  writeFileSync(stored.slice(0, -'.br'.length), brotliDecompressSync(readFileSync(stored)));
  count += 1;
}
console.log(`Decoded ${count} pages in ${relative(process.cwd(), dir) || '.'}; each keeps its .br copy.`);
