/**
 * Where `vite build` puts the server bundle that renders pages, relative to the project root.
 * `scripts/prerender.ts` runs it to write each page's HTML, and the server runs it to draw a form's page
 * again around a plain HTML post it could not accept (src/server/form-pages.ts), so it is part of what
 * is deployed, beside the client build.
 */
export const PRERENDER_BUNDLE_DIR = 'dist/render';
