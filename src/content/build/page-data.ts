/**
 * A page's data file of a build (`assets/pages/<name>-<hash>.js`): written by the content plugin
 * (src/content/build/plugin.ts), imported by the browser, and read back here by the prerender, so that its
 * bundle does not carry every page's data a second time.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const PREFIX = 'export default ';

/**
 * A module whose default export is the data written as `json`. JSON is an object literal in JavaScript,
 * 12 % smaller than the string JSON.parse would need, except that a `__proto__` key there sets the
 * prototype instead: data with one goes through JSON.parse.
 */
export function dataModule(json: string): string {
  return `${PREFIX}${json.includes('"__proto__":') ? `JSON.parse(${JSON.stringify(json)})` : json};\n`;
}

/** The data of a module written by `dataModule`. */
export function readDataModule(source: string, file: string): unknown {
  const end = source.lastIndexOf(';');
  if (!source.startsWith(PREFIX) || end === -1) {
    throw new Error(`PageDataUnreadable: ${file} is not a page data file of this build. Run \`npm run build\` again.`);
  }
  const value = source.slice(PREFIX.length, end);
  return value.startsWith('JSON.parse(') ? JSON.parse(JSON.parse(value.slice('JSON.parse('.length, -1)) as string) : JSON.parse(value);
}

let clientDir: string | undefined;

/** Where the prerender finds the build's data files: the client build's folder. */
export function readPagesFrom(dir: string): void {
  clientDir = dir;
}

/** A page's data, from its file in the client build (`/assets/pages/react-<hash>.js`). */
export async function readPageData(address: string): Promise<{ default: unknown }> {
  if (!clientDir) throw new Error('PageDataFolderUnset: call readPagesFrom(the client build) before rendering a page.');
  const file = join(clientDir, address);
  return { default: readDataModule(await readFile(file, 'utf8'), file) };
}
