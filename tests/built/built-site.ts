/**
 * The production build as files: its route table and each route's prerendered HTML, parsed without
 * running a script. Checks that read only HTML run here, in vitest, instead of through a browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { Window } from 'happy-dom';

const client = new URL('../../dist/client/', import.meta.url);

/** The build's route table: every page file's route and every collection entry's. */
export function builtRoutes(): string[] {
  const file = new URL('routes.json', client);
  if (!existsSync(file))
    throw new Error('BuildMissing: dist/client/routes.json is missing: run `npm run build` first (npm test does).');
  return JSON.parse(readFileSync(file, 'utf8')) as string[];
}

/** The prerendered HTML of a route, or of a stored file such as `404.html`, as the build stored it. */
export function builtHtml(route: string): string {
  const file = route.endsWith('.html') ? route.slice(1) : `${route === '/' ? '' : route.slice(1) + '/'}index.html`;
  return brotliDecompressSync(readFileSync(new URL(`${file}.br`, client))).toString('utf8');
}

const window = new Window({
  settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});
const parsed = new Map<string, Document>();

/** A route's HTML as a document (parsed once per run), as a reader has it before any script. */
export function builtDocument(route: string): Document {
  let document = parsed.get(route);
  if (!document) {
    document = new window.DOMParser().parseFromString(builtHtml(route), 'text/html') as unknown as Document;
    parsed.set(route, document);
  }
  return document;
}
