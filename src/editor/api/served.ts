/**
 * What the editor's server answers at all. It runs on Vite's development server, which by itself
 * answers any file of the project (a submissions database under data/, .git, .env) and lets other
 * local pages read it. The editor needs only its own code and the site's code it draws with, the
 * packages and schemas those import, the pictures and files under public/, and its API: everything else is
 * refused before Vite sees it. And only the editor's own page may call the API: a page of another
 * origin (another local port included) is refused even for reads, since the unpublished diff and
 * the drafts are the company's work in progress.
 */
import type { IncomingMessage } from 'node:http';
import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

/** Code the editor runs: its own, and the site's that its preview draws with. Not the server's, not tests. */
const codeFolders = ['app', 'components', 'content', 'editor', 'forms', 'generated', 'hooks', 'sections', 'styles'];

/** Where Vite serves what the browser needs: its client, prepared packages, virtual modules. */
const vitePrefixes = ['/@vite/', '/@id/', '/@react-refresh', '/node_modules/'];

export interface ServedOptions {
  /** The checkout the editor's code is served from. */
  readonly root: string;
  /** The public folder of the project being edited (pictures, videos, fonts of the site). */
  readonly publicDir: string;
}

/** Whether a GET of `pathname` is something the editor serves. */
export function isServed(pathname: string, options: ServedOptions): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (path.includes('\0') || path.split('/').some((part) => part === '..')) return false;
  if (['/', '/index.html', '/preview'].includes(path) || path.startsWith('/api/')) return true;
  if (path.startsWith('/@fs/')) {
    // Files outside the root that Vite names by absolute path: only packages and the editor's code.
    const file = normalize(path.slice('/@fs'.length));
    return [join(options.root, 'node_modules'), ...codeFolders.map((f) => join(options.root, 'src', f))].some((folder) =>
      file.startsWith(folder + sep),
    );
  }
  if (vitePrefixes.some((prefix) => path.startsWith(prefix))) {
    // Packages, and Vite's own prepared copies of them; not the caches of the build or the check.
    return !/^\/node_modules\/\.(?!vite-editor\/)/.test(path);
  }
  // A picture's copies the preview's check planned (its AVIF twin, its phone-sized copy): the content plugin
  // makes and answers them, as the site's development server does, so an upload shows at once.
  if (/^\/assets\/pictures\/[\w.-]+\.(?:avif|webp)$/.test(path)) return true;
  // The picture of each section type (docs:screenshots draws them), shown when adding a section.
  if (/^\/docs\/images\/sections\/[a-z0-9-]+\.webp$/.test(path)) return true;
  // The schemas the site's forms validate with (the enquiry and application forms import them).
  if (/^\/schemas\/[\w/-]+\.schema\.json$/.test(path)) return true;
  const code = path.match(/^\/src\/([^/]+)\//);
  if (code) return codeFolders.includes(code[1]!) && !/\.test\.[jt]sx?$/.test(path);
  // A file of the site's public folder (a picture, a video, a font).
  const file = join(options.publicDir, normalize(path));
  return file.startsWith(options.publicDir + sep) && existsSync(file) && statSync(file).isFile();
}

/**
 * Why a request for the API comes from somewhere other than the editor's own page, or undefined.
 * Browsers name the page that made a request in `Origin` (always for a write, and for a read from
 * another origin) and say in `Sec-Fetch-Site` whether it is this very origin. A request with
 * neither (a script on this computer, the tests) is the editor's own user.
 */
export function foreignOrigin(req: IncomingMessage): string | undefined {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `it was sent by a page of another site (${site})`;
  const origin = req.headers.origin;
  if (origin === undefined) return req.method === 'POST' ? 'it names no page it comes from' : undefined;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return 'the page it comes from has no address';
  }
  return host !== '' && host === req.headers.host ? undefined : 'it was sent by a page of another site';
}
