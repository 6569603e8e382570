#!/usr/bin/env node
// `npm run stress-test`: the whole suite (`npm test`, or with `--full` the full sweep) several times while
// other programs keep the CPU busy, as on a shared two-core machine, to find tests that depend on timing.
// Starts two CPU hogs (`--hogs N`), runs the suite three times (`--runs N`) one after another, prints each run's passed and failed counts and
// the tests that failed, and exits 1 if any run failed. The hogs stop when it ends, also on Ctrl-C.
import { spawn } from 'node:child_process';
import { parseArgs, stripVTControlCharacters } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    hogs: { type: 'string', default: '2' },
    full: { type: 'boolean', default: false },
  },
});
const count = (name, text) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`BadCount: --${name} ${text} is not a whole number. Example: npm run stress-test -- --runs 3 --hogs 2`);
    process.exit(2);
  }
  return n;
};
const runs = count('runs', values.runs);
const hogCount = count('hogs', values.hogs);

// Busy loops in their own processes, so each takes a core whatever the suite does.
const hogs = Array.from({ length: hogCount }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
let suite;
const stopAll = () => {
  for (const child of [...hogs, suite]) if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/** What one `npm test` printed, summed up: vitest's and Playwright's counts, and the failed tests' names. */
function summarize(output) {
  const text = stripVTControlCharacters(output);
  const counts = [];
  for (const match of text.matchAll(/^\s*Tests\s+(.+?)\s+\(\d+\)$/gm)) counts.push(`vitest: ${match[1]}`);
  const playwright = [...text.matchAll(/^\s+(\d+) (passed|failed|flaky|skipped|did not run)\b/gm)].map((m) => `${m[1]} ${m[2]}`);
  if (playwright.length > 0) counts.push(`playwright: ${playwright.join(', ')}`);
  const failed = [
    ...new Set([
      ...[...text.matchAll(/^\s*(?:FAIL|×)\s+(.+)$/gm)].map((m) => m[1].trim()),
      ...[...text.matchAll(/^\s+\d+\) (\[.+)$/gm)].map((m) => m[1].trim()),
    ]),
  ];
  return { counts, failed };
}

function runSuite() {
  return new Promise((resolve) => {
    let output = '';
    suite = spawn('npm', values.full ? ['run', 'test:full'] : ['test'], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [from, to] of [
      [suite.stdout, process.stdout],
      [suite.stderr, process.stderr],
    ]) {
      from.on('data', (chunk) => {
        output += chunk;
        to.write(chunk);
      });
    }
    suite.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

const results = [];
for (let run = 1; run <= runs; run += 1) {
  console.log(`\n▶ stress-test run ${run} of ${runs}, with ${hogCount} CPU hogs running`);
  const started = Date.now();
  const { code, output } = await runSuite();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const { counts, failed } = summarize(output);
  results.push({ run, code, minutes, counts, failed });
}

console.log(`\nstress-test: ${runs} runs of ${values.full ? 'npm run test:full' : 'npm test'} with ${hogCount} CPU hogs`);
for (const { run, code, minutes, counts, failed } of results) {
  console.log(
    `  run ${run}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${minutes} min; ${counts.join('; ') || 'no counts printed'}`,
  );
  for (const name of failed) console.log(`    failed: ${name}`);
}
const failedRuns = results.filter((r) => r.code !== 0).length;
console.log(`${runs - failedRuns} of ${runs} runs passed.`);
stopAll();
process.exit(failedRuns === 0 ? 0 : 1);
