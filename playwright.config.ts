import { defineConfig, devices } from '@playwright/test';
import { freePort } from './tests/e2e/free-port.ts';

// Chosen once, by the runner, which loads this file first; its workers inherit the variable, so they
// all find the site's server at the same address.
process.env.E2E_PORT ??= String(freePort());
const port = Number(process.env.E2E_PORT);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const full = process.env.TEST_DEPTH === 'full';

/**
 * Browser tests run against the production build served by the production server (`npm start`),
 * in Debian's Chromium; no browser is ever downloaded.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // The gate (`npm test`) leaves to the full sweep (`npm run test:full`, TEST_DEPTH=full) the specs that start
  // Vite's dev server (its own toolchain, a minute of CPU each) and the tests tagged `@full`: the long
  // walks whose every step a shorter test of the gate also takes (CONTRIBUTING.md).
  testIgnore: full ? [] : ['**/dev-reload.spec.ts', '**/gallery.spec.ts'],
  grepInvert: full ? undefined : /@full/,
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // The list, then every retry and whether it was the browser's own stall (tests/e2e/retry-reporter.ts).
  reporter: [['list'], ['./tests/e2e/retry-reporter.ts']],
  // Limits against a hung test, not judgements of speed: on a two-core machine with both workers busy
  // a page can take seconds to load and hydrate, and a sound test must not fail for that.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test cost 40% of the browser tests' time (home.spec 152 s against 86 s
    // without): it is kept for the retry, which repeats a failure with the trace on. Locally, `--trace on`.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chrome,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'test-results/e2e-data', API_RATE_LIMIT_MAX: '1000' },
  },
});
