/**
 * `npm run content:check [-- --format text|github|json]`: validates all content and prints every
 * problem with its file, line, column and a fix: for people with a code frame (`text`), as GitHub
 * Actions annotations (`github`) or as a JSON array on stdout (`json`). Exits 1 when there is any
 * error, whatever the format; 0 when there are only warnings or none; 2 when the command line is
 * wrong.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkContent } from './check.ts';
import { formatReport, parseArgs } from './cli-formats.ts';

const options = parseArgs(process.argv.slice(2));
if ('error' in options) {
  console.error(options.error);
  process.exit(2);
}

const started = performance.now();
const root = resolve(process.env.CONTENT_ROOT ?? process.cwd());
const result = await checkContent({
  root,
  // The build's verdict: template text left in a page fails it (the dev server only warns).
  unfinished: 'fail',
  ...(process.env.CONTENT_DIR ? { contentDir: resolve(process.env.CONTENT_DIR) } : {}),
});
const ms = Math.round(performance.now() - started);
const color = options.format === 'text' && process.stdout.isTTY && !process.env.NO_COLOR;
const report = formatReport(result.problems, options.format, color);
// With `json`, stdout carries the array alone, so a tool can parse it; the summary goes to stderr.
const say = options.format === 'json' ? console.error : console.log;
if (report) console.log(report);
if (result.errors > 0) {
  say(`${options.format === 'text' ? '\n' : ''}Content check failed in ${ms} ms. Fix the problems above, then run it again.`);
  process.exit(1);
}
say(`Content is valid: ${result.pages.length} pages and the site settings checked in ${ms} ms.`);
