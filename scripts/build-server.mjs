// Compiles the production server and the submissions command (`npm run build`, after the site): each
// TypeScript entry becomes a JavaScript file in dist/server/ that plain Node runs, without tsx, so a
// deployment needs no TypeScript tooling and no src/. Vite's own bundler does it, as it builds the
// site; packages stay outside the bundles and load from node_modules. The server reads the content
// through the site's build (dist/client/server-facts.json), never content/.
//
//   node scripts/build-server.mjs [--out-dir dist/server]
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Every file as deep in its project as src/server/ is (no chunk folder), so the folders src/server/paths.ts
// finds from `import.meta.url` (dist/client, schemas/api) are the same from the compiled code. Another
// folder (tests/server/deployment.test.ts) must be `<project>/dist/server` too.
const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist/server' } } });
const outDir = resolve(root, values['out-dir']);
const entries = { main: 'src/server/main.ts', submissions: 'src/server/submissions-cli.ts' };

const started = performance.now();
await build({
  // Not vite.config.ts: that one builds the site, with the content plugin and React.
  configFile: false,
  root,
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    // Stack traces in the log name the TypeScript files and lines (Node runs it with --enable-source-maps).
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      input: entries,
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
});
const files = Object.keys(entries).map((name) => relative(root, join(outDir, `${name}.mjs`)));
console.log(`Compiled the server into ${files.join(' and ')} in ${Math.round(performance.now() - started)} ms.`);
