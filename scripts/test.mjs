#!/usr/bin/env node
// `npm test`, the gate: the production build, unit and API tests (vitest's `fast` project), checks of the
// built pages (`built`), then browser tests (Playwright) against the production build in Debian's Chromium.
// `npm run test:full` (`--full`) is the full sweep: the same stages at full depth (TEST_DEPTH=full: every
// route at every width, every generated case), the toolchain tests (`slow`) and the browser specs that
// start dev servers (CONTRIBUTING.md). It finds the browser itself (CHROME_PATH, else /usr/bin/chromium)
// and stops at once, with the install command, when there is none.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(
    `BrowserMissing: no Chromium at ${chrome}.\n` +
      "The browser tests drive Debian's Chromium; no browser is downloaded.\n" +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium fonts-liberation\n' +
      'or point CHROME_PATH at an existing Chromium or Chrome binary, then run `npm test` again.',
  );
  process.exit(1);
}

const full = process.argv.includes('--full');
// `--after-gate` (CI, right after `npm test` passed on the same tree): the full sweep's tests that the gate
// did not already run as the sweep would. A test that reads no depth (tests/helpers/depth.ts, FULL in the
// browser fixtures) runs the same in both, so the gate's run of it stands; what is left is the generated
// tests at full depth, the route sweep on every route, the toolchain tests, the dev-server specs and the
// tests tagged @full. The gate and this together run every test of `npm run test:full`, each at its depth.
const afterGate = full && process.argv.includes('--after-gate');
const readsDepth = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((file) => join(dir, String(file)))
    .filter((file) => /\.test\.tsx?$/.test(file) && /helpers\/depth\.ts'/.test(readFileSync(file, 'utf8')));
const deepTests = afterGate ? ['tests', 'src/sections'].flatMap(readsDepth) : [];
const deepBuiltTests = deepTests.filter((file) => file.startsWith('tests/built/'));
const deepUnitTests = deepTests.filter((file) => !file.startsWith('tests/built/'));
const env = {
  ...process.env,
  TEST_DEPTH: full ? 'full' : process.env.TEST_DEPTH || 'gate',
  CHROME_PATH: chrome,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  // The API tests run against both storages; PostgreSQL is the machine's own, database `test`.
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;

// The build first: the browser tests need it, and a broken build is the first thing to know. Every
// stage runs even when one before it failed (the browser tests only when there is a build to test),
// and the summary says how each went and how long it took.
const steps = [
  { name: 'production build', command: 'npm', args: ['run', 'build'] },
  afterGate
    ? {
        name: 'unit and API tests at full depth, those that read it',
        command: 'npx',
        args: ['vitest', 'run', '--project', 'fast', ...deepUnitTests],
      }
    : { name: 'unit and API tests', command: 'npx', args: ['vitest', 'run', '--project', 'fast'] },
  afterGate
    ? {
        name: 'checks of the built pages at full depth, those that read it',
        command: 'npx',
        args: ['vitest', 'run', '--project', 'built', ...deepBuiltTests],
        needs: 'production build',
      }
    : {
        name: 'checks of the built pages',
        command: 'npx',
        args: ['vitest', 'run', '--project', 'built'],
        needs: 'production build',
      },
  // Alone, after the others: their toolchains would take the CPU that the server tests' deadlines count on.
  ...(full
    ? [{ name: 'toolchain tests (npm run test:slow)', command: 'npx', args: ['vitest', 'run', '--project', 'slow'] }]
    : []),
  afterGate
    ? {
        name: 'browser tests of the full sweep only',
        command: 'npx',
        // Playwright matches --grep against the file name and the titles and tags of a test.
        // The route sweep tags what the gate did not run as it would (tests/e2e/sweep.spec.ts): its touch checks of
        // the gate's routes are the same test at either depth, and run once.
        args: ['playwright', 'test', '--grep', '@full|dev-reload\\.spec\\.ts|gallery\\.spec\\.ts'],
        needs: 'production build',
      }
    : { name: 'browser tests', command: 'npx', args: ['playwright', 'test'], needs: 'production build' },
];
const results = [];
for (const step of steps) {
  const needed = step.needs && results.find((r) => r.name === step.needs);
  if (needed && needed.status !== 0) {
    results.push({ name: step.name, status: null, seconds: 0, why: `skipped: ${step.needs} failed` });
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const status = run(step.command, step.args);
  results.push({ name: step.name, status, seconds: (performance.now() - started) / 1000 });
}
console.log(`\n${afterGate ? 'npm run test:full -- --after-gate' : full ? 'npm run test:full' : 'npm test'}:`);
for (const r of results)
  console.log(
    `  ${r.status === 0 ? '✓' : '✗'} ${r.name}: ${r.why ?? (r.status === 0 ? 'passed' : `failed (exit ${r.status})`)}${r.seconds ? `, ${Math.round(r.seconds)} s` : ''}`,
  );
const failed = results.filter((r) => r.status !== 0);
if (failed.length > 0) {
  console.error(`\n✗ ${failed.map((r) => r.name).join(', ')} did not pass.`);
  process.exit(1);
}
console.log('\n✓ all tests passed');
