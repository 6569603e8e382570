#!/usr/bin/env node
// `npm test`: the whole test suite. Unit and API tests, then the tests that run whole toolchains (vitest's
// `fast` and `slow` projects, vitest.config.ts), then browser tests (Playwright)
// against the production build in Debian's Chromium. It finds the browser itself (CHROME_PATH,
// else /usr/bin/chromium) and stops at once, with the install command, when there is none.
import { existsSync } from 'node:fs';
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

const env = {
  ...process.env,
  CHROME_PATH: chrome,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  // The API tests run against both storages; PostgreSQL is the machine's own, database `test`.
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;

const steps = [
  ['unit and API tests', 'npx', ['vitest', 'run', '--project', 'fast']],
  // Alone, after the others: their toolchains would take the CPU that the server tests' deadlines count on.
  ['toolchain tests (npm run test:slow)', 'npx', ['vitest', 'run', '--project', 'slow']],
  ['production build', 'npm', ['run', 'build']],
  ['browser tests', 'npx', ['playwright', 'test']],
];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const status = run(command, args);
  if (status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${status}).`);
    process.exit(status);
  }
}
console.log('\n✓ all tests passed');
