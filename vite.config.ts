import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './src/content/build/plugin.ts';
import { apiSchemasForBrowserPlugin, formValidatorsPlugin } from './src/forms/validators-plugin.ts';
import { PRERENDER_BUNDLE_DIR } from './src/build/build-paths.ts';
import { shortClassNames } from './src/build/css-class-names.ts';
import { productionRouter } from './src/build/production-router.ts';

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? productionRouter : [] },
  css: {
    modules: command === 'build' ? { generateScopedName: shortClassNames(fileURLToPath(new URL('.', import.meta.url))) } : {},
  },
  // Content and form validation run here, at build time; the browser gets data and generated code.
  plugins: [contentPlugin(), formValidatorsPlugin(), apiSchemasForBrowserPlugin(), react()],
  // `vite build` builds both environments below in one process, the browser's first: the content
  // plugin is shared between them, so the site's content is read and checked once per build.
  builder: {},
  build: {
    // Sections are split per type; a warning for a page's chunk would be noise.
    chunkSizeWarningLimit: 250,
    // Vite gzips every chunk to print its size: at 1,000 pages that is every page module twice over,
    // and the prerender bundle's route table. `npm run bench:size` reports what visitors download.
    reportCompressedSize: false,
  },
  environments: {
    client: {
      build: {
        outDir: 'dist/client',
        emptyOutDir: true,
        // The prerender script reads which chunks and CSS each section needs from the manifest.
        manifest: true,
        // Every browser the site supports (ES modules with dynamic import) knows modulepreload but
        // Firefox before 115 and Safari before 17, which then fetch a module when it is imported: 1.2 KB
        // of the entry on every page, for a head start on a few old browsers.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The boot script is an entry of its own: prerendered pages load it instead of the app, and it
          // starts the app once the first screen has painted (src/app/startup/boot.ts).
          input: { index: 'index.html', boot: 'src/app/startup/boot.ts' },
          output: {
            codeSplitting: {
              groups: [
                {
                  // The small pieces most sections share (pictures, links, icons, headings, reveal,
                  // hooks) travel together: over HTTP/1.1 each request costs a round trip and one of
                  // six connections, which the hero image needs first.
                  name: 'ui',
                  test: /src[\\/](hooks|components[\\/](Picture|RichText|SmartLink|Icon|SectionHeading|Reveal))[\\/]|node_modules[\\/]lucide[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      // Bundled rather than loaded from node_modules at run time, where Node would pick the development build.
      resolve: { noExternal: ['react-router'] },
      build: {
        outDir: PRERENDER_BUNDLE_DIR,
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: {
          input: { 'entry-server': 'src/app/entry-server.tsx' },
          // `.mjs`, because under node_modules/ no package.json says these files are modules: Node then
          // parsed each `.js` file twice to find out (at 1,000 pages, a second of the prerender's CPU).
          output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' },
        },
      },
    },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
}));
