/**
 * Where `vite build` puts the server bundle, relative to the project root. Only `scripts/prerender.ts`
 * runs it, to write each page's HTML: it is a step of the build, not part of what is deployed
 * (`dist/client`), so it stays out of `dist/` with Vite's other caches.
 */
export const PRERENDER_BUNDLE_DIR = 'node_modules/.cache/prerender';
