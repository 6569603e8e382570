/**
 * `npm run edit`: the visual editor for content, on http://localhost:4400/ (the next free port if
 * that one is taken). It serves the editor (src/editor/ui/) and its API (src/editor/api/, mounted by src/editor/local/plugin.ts) from a
 * Vite server of its own, so its preview draws the site's real sections with the site's styles.
 *
 * It listens on 127.0.0.1 only: it writes files and has no accounts. A team shares the editor
 * through the service (`npm run editor:start`), where everyone signs in. `EDITOR_PORT` picks the
 * port; `EDITOR_ROOT` edits the content of another copy of the project.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { contentPlugin } from '../src/content/build/plugin.ts';
import { editorPlugin } from '../src/editor/local/plugin.ts';
import { apiSchemasForBrowserPlugin, formValidatorsPlugin } from '../src/forms/validators-plugin.ts';

// The preview redraws the page at each keystroke: production React does that about three times
// faster than development React (bench:editor, keydown to preview, medians of three edits: 28 to
// 61 ms against 92 to 105 ms).
process.env.NODE_ENV = 'production';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The project whose content/, schemas/ and public/ are edited: this checkout unless told otherwise
// (the browser tests edit a copy).
const project = resolve(process.env.EDITOR_ROOT ?? root);
const host = '127.0.0.1';
const port = Number(process.env.EDITOR_PORT ?? 4400);

if (process.env.EDITOR_HOST && !['127.0.0.1', '::1', 'localhost'].includes(process.env.EDITOR_HOST)) {
  console.error(
    `EditorLocalOnly: the editor was asked to listen on ${process.env.EDITOR_HOST}, where other computers can reach it; it writes files and has no accounts, so it listens on this computer only.\n` +
      'To edit together, run the shared editor instead (`npm run editor:start`, docs/deploy.md "The editor service"): everyone signs in with their own account.',
  );
  process.exit(2);
}

const server = await createServer({
  configFile: false,
  root,
  appType: 'mpa',
  logLevel: 'warn',
  // The site's own plugins, so the preview draws sections (forms included) exactly as the site does.
  plugins: [
    contentPlugin({
      contentDir: resolve(project, 'content'),
      schemaDir: resolve(project, 'schemas'),
      publicDir: resolve(project, 'public'),
    }),
    formValidatorsPlugin(),
    apiSchemasForBrowserPlugin(),
    react(),
    editorPlugin({ root: project, codeRoot: root }),
  ],
  publicDir: resolve(project, 'public'),
  // The editor saves files that Vite watches; a reload would throw away what the marketer sees.
  // No CORS: no page of another origin, another local port included, may read what the editor
  // serves. Vite's own file serving is held to the editor's code, the packages and the pictures
  // (the editor's middleware refuses the rest first: served.ts).
  server: {
    host,
    port,
    strictPort: false,
    hmr: false,
    cors: false,
    fs: {
      strict: true,
      allow: [
        resolve(root, 'src'),
        resolve(root, 'schemas'),
        resolve(root, 'docs/images/sections'),
        resolve(root, 'node_modules'),
        resolve(project, 'public'),
      ],
    },
  },
  // Its own dependency cache: sharing node_modules/.vite with `npm run dev`, whose configuration
  // differs, made each server re-bundle the other's dependencies and reload its pages.
  cacheDir: resolve(root, 'node_modules/.vite-editor'),
  // The sections' code is prepared once up front, so the first preview does not wait for it.
  optimizeDeps: { entries: ['src/editor/ui/index.html', 'src/editor/ui/preview/index.html'] },
});
await server.listen();
const address = server.httpServer?.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
console.log(`Editor: http://localhost:${actualPort}/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
