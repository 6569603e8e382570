/**
 * `npm run content:check`: validates all content and prints every problem with its file, line,
 * column, a fix and a code frame. Exits 1 when there is any error, 0 otherwise.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkContent } from './check.ts';
import { formatProblems } from './format.ts';

const started = performance.now();
const root = resolve(process.env.CONTENT_ROOT ?? process.cwd());
const result = await checkContent({
  root,
  ...(process.env.CONTENT_DIR ? { contentDir: resolve(process.env.CONTENT_DIR) } : {}),
});
const ms = Math.round(performance.now() - started);
const color = process.stdout.isTTY && !process.env.NO_COLOR;
if (result.problems.length > 0) console.log(formatProblems(result.problems, color));
if (result.errors > 0) {
  console.log(`\nContent check failed in ${ms} ms. Fix the problems above, then run it again.`);
  process.exit(1);
}
console.log(`Content is valid: ${result.pages.length} pages and the site settings checked in ${ms} ms.`);
