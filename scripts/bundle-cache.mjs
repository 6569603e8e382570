// One bundled file per TypeScript entry that plain Node runs without tsx (`npm run content:check`,
// the dev server's content check worker), kept in node_modules/.cache/content-check/ and rebuilt by
// esbuild whenever one of its sources is newer. Through tsx, Node compiled some forty TypeScript files
// on every run, which was half of content:check's time. Packages stay outside the bundle and load
// from node_modules as before.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// One folder per checkout: a copy of the site whose node_modules is a link to this one's (as
// `npm run bench:build` makes) must neither use this checkout's bundles nor leave its own in their place.
const cacheDir = process.env.CONTENT_CHECK_CACHE
  ? resolve(process.env.CONTENT_CHECK_CACHE)
  : join(root, 'node_modules/.cache/content-check', createHash('sha256').update(root).digest('hex').slice(0, 12));

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
};

/** Whether the bundle is older than any file it was made from (or than this script), or missing. */
function stale(bundle, inputsFile) {
  const built = mtime(bundle);
  if (built === Infinity) return true;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  return [fileURLToPath(import.meta.url), ...inputs].some((file) => mtime(resolve(root, file)) >= built);
}

async function rebuild(entry, bundle, inputsFile) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    write: false,
    logLevel: 'error',
    absWorkingDir: root,
    plugins: [
      {
        // A module that finds files next to itself (`import.meta.url`) must still find them from
        // the bundle, which lives elsewhere: each one gets its own source file's address.
        name: 'own-import-meta-url',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const source = readFileSync(args.path, 'utf8');
            const url = JSON.stringify(pathToFileURL(args.path).href);
            return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
          });
        },
      },
    ],
  });
  mkdirSync(cacheDir, { recursive: true });
  // Written whole and then moved into place: two runs started together never read half a bundle.
  const part = `${bundle}.${process.pid}.part`;
  writeFileSync(part, result.outputFiles[0].contents);
  writeFileSync(inputsFile, JSON.stringify(Object.keys(result.metafile.inputs)));
  renameSync(part, bundle);
}

/**
 * A key that changes with the code of the bundle at `url` and with the packages it loads from
 * node_modules (by the lock file): what a bundle saves between runs is valid under the same key only.
 */
export function codeKeyOf(url) {
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(url)));
  try {
    hash.update(readFileSync(join(root, 'package-lock.json')));
  } catch {
    // Without a lock file the bundle's own code is the key.
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * The address of `entry` (a path from the project root, such as `src/content/cli.ts`) bundled into one
 * module, made again first if any of its sources changed since. Import it with `import()`.
 */
export async function bundled(entry) {
  const name = basename(entry).replace(/\.ts$/, '');
  const bundle = join(cacheDir, `${name}.mjs`);
  const inputsFile = join(cacheDir, `${name}.inputs.json`);
  if (stale(bundle, inputsFile)) await rebuild(join(root, entry), bundle, inputsFile);
  return pathToFileURL(bundle).href;
}
