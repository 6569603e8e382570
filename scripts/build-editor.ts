// Builds the editor service (`npm run editor:start` runs it when there is no build): the editor's
// pages (src/editor/ui: the editor, its preview frame, sign-in) into dist/editor/ui, with the site's
// sections and styles the preview draws with, and the service itself compiled to plain JavaScript in
// dist/editor-server, so it runs with Node alone: no Vite, no TypeScript at run time. The service draws the
// site's pages with the site's own sections, compiled in with it.
//
//   npx tsx scripts/build-editor.ts
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { apiSchemasForBrowserPlugin, formValidatorsPlugin } from '../src/forms/validators-plugin.ts';
import { drawSlotsPlugin } from '../src/content/build/draw-slots.ts';
import { productionRouter } from '../src/build/production-router.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ui = resolve(root, 'src/editor/ui');
const started = performance.now();

// The preview validates the site's forms as the site does; the content itself comes from the API
// at run time, so the content plugin has no part here.
process.env.NODE_ENV = 'production';
await build({
  configFile: false,
  // The project's root, as for `npm run edit`, whose pages name their code from it
  // (/src/editor/ui/main.tsx): the pages land in dist/editor/ui/src/editor/ui/.
  root,
  base: '/',
  publicDir: false,
  logLevel: 'warn',
  plugins: [formValidatorsPlugin(), apiSchemasForBrowserPlugin(), react()],
  build: {
    outDir: resolve(root, 'dist/editor/ui'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1000,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        index: resolve(ui, 'index.html'),
        preview: resolve(ui, 'preview/index.html'),
        account: resolve(ui, 'account/index.html'),
        'site-preview': resolve(ui, 'site-preview/index.html'),
      },
    },
  },
});

await build({
  configFile: false,
  root,
  publicDir: false,
  logLevel: 'warn',
  // The service draws a change set's pages with the site's own code before publishing them
  // (src/app/entry-draw.tsx): the sections and their forms are compiled in as the site's build compiles
  // them, with empty content modules that each drawing fills.
  plugins: [drawSlotsPlugin(), formValidatorsPlugin(), react()],
  resolve: { alias: productionRouter },
  ssr: { noExternal: ['react-router'] },
  // The key of the compiled validators' cache (src/content/rules/validate.ts), fixed now, so that the
  // service never reads the keywords' source files to know whether its cache is current.
  define: {
    __VALIDATOR_CODE__: JSON.stringify(
      createHash('sha256')
        .update(
          ['rules/validate.ts', 'renames.ts'].map((file) => readFileSync(resolve(root, 'src/content', file), 'utf8')).join('\0'),
        )
        .digest('hex'),
    ),
  },
  build: {
    ssr: true,
    // Two folders deep, as src/editor/ is: the code finds the checkout's folders (src/content/templates,
    // node_modules/.cache) from `import.meta.url` the same way compiled or not.
    outDir: resolve(root, 'dist/editor-server'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      input: { main: 'src/editor/service/main.ts', users: 'src/editor/service/users-cli.ts' },
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
});
console.log(
  `Built the editor service into dist/editor/ui and dist/editor-server in ${Math.round(performance.now() - started)} ms.`,
);
