/**
 * `npm run content:check [-- --format text|github|json] [--fix] [--errors-only]`: validates all
 * content and prints every problem with its file, line, column and a fix: for people with a code
 * frame (`text`), as GitHub Actions annotations (`github`) or as a JSON array on stdout (`json`).
 * Errors come first, file by file, then warnings; the last line counts both. `--fix` applies every
 * fix the check offers (problems with exactly one right repair), says what it changed, and checks
 * again. Exits 1 when there is any error, whatever the format; 0 when there are only warnings or
 * none; 2 when the command line is wrong.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkContent, type ContentResult } from '../check.ts';
import { formatReport, parseArgs } from './cli-formats.ts';
import { applyFixes } from '../fixes.ts';

const options = parseArgs(process.argv.slice(2));
if ('error' in options) {
  console.error(options.error);
  process.exit(2);
}

const root = resolve(process.env.CONTENT_ROOT ?? process.cwd());
const check = (): Promise<ContentResult> =>
  checkContent({
    root,
    // The build's verdict: template text left in a page fails it (the dev server only warns).
    unfinished: 'fail',
    ...(process.env.CONTENT_DIR ? { contentDir: resolve(process.env.CONTENT_DIR) } : {}),
  });

// With `json`, stdout carries the array alone, so a tool can parse it; everything else goes to stderr.
const say = options.format === 'json' ? console.error : console.log;
let started = performance.now();
let result = await check();

if (options.fix) {
  const byFile = new Map<string, NonNullable<(typeof result.problems)[number]['fix']>[]>();
  for (const problem of result.problems) {
    if (problem.fix) byFile.set(problem.file, [...(byFile.get(problem.file) ?? []), problem.fix]);
  }
  const done: string[] = [];
  for (const [file, fixes] of byFile) {
    const abs = resolve(root, file);
    const { text, applied } = applyFixes(readFileSync(abs, 'utf8'), fixes);
    if (applied.length === 0) continue;
    // Written as UTF-8, whatever the file was read as: a file re-encoded by a fix is UTF-8 from now on.
    writeFileSync(abs, text);
    done.push(...applied.map((fix) => `  ${file}: ${fix.label}`));
  }
  say(done.length === 0 ? 'No problem has a fix to apply.' : `Applied ${done.length} fix${done.length === 1 ? '' : 'es'}:\n${done.join('\n')}`);
  if (done.length > 0) {
    say('Checking again…\n');
    started = performance.now();
    result = await check();
  }
}

const ms = Math.round(performance.now() - started);
const shown = options.errorsOnly ? result.problems.filter((p) => p.severity === 'error') : result.problems;
const color = options.format === 'text' && process.stdout.isTTY && !process.env.NO_COLOR;
const report = formatReport(shown, options.format, color);
if (report) console.log(report);
const hidden = result.problems.length - result.errors;
const left = options.errorsOnly && hidden > 0 ? ` (${hidden} warning${hidden === 1 ? '' : 's'} and note${hidden === 1 ? '' : 's'} not shown)` : '';
if (result.errors > 0) {
  const fixable = result.problems.filter((p) => p.fix).length;
  const offer = fixable > 0 && !options.fix ? ` ${fixable} of the problems can be fixed with \`npm run content:check -- --fix\`.` : '';
  say(`${options.format === 'text' ? '\n' : ''}Content check failed in ${ms} ms${left}. Fix the problems above, then run it again.${offer}`);
  process.exit(1);
}
say(`Content is valid: ${result.pages.length} pages and the site settings checked in ${ms} ms${left}.`);
