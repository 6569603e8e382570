import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that run whole toolchains on a copy of the project (the dev server and Chromium, tsc, vite build): minutes
 * each, and heavy enough to starve the server tests' processes of CPU when both run at once. They are the
 * `slow` project, which `npm test` runs after the others and `npm run test:slow` runs alone.
 */
const slowTests = ['tests/unit/new-section.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // Deadlines, not budgets: a test fails at once when what it checks goes wrong, and a slow machine (two
    // cores, beside other work) must not fail a test that would pass given the time. What a test waits for
    // has its own deadline in tests/helpers/deadlines.ts.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // Vitest's default is one worker fewer than the cores, which is one on our two-core machines: the
    // files then ran one after another (186 s); two workers take 108 s.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          // As the editor service runs (scripts/editor-start.mjs): reading or setting `__proto__` throws,
          // so a walk that would put a request's value on a prototype fails in a test instead.
          execArgv: ['--disable-proto=throw'],
          // A section or component folder may carry its own test (src/sections/<type>/index.test.tsx; new:section
          // writes one).
          // tests/content reads the real content and holds it to the specification.
          include: [
            'tests/unit/**/*.test.ts',
            'tests/content/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'src/sections/**/*.test.tsx',
            'src/components/**/*.test.tsx',
          ],
          exclude: [...configDefaults.exclude, ...slowTests],
          // Server tests share one PostgreSQL; files run in parallel but each uses its own schema, all
          // dropped at the end of the run (tests/server/postgres-schemas.ts).
          globalSetup: ['tests/server/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Checks that read only the HTML of the production build (links, metadata, structured data, the W3C
          // checker): they need `npm run build` first, which `npm test` runs before them.
          name: 'built',
          include: ['tests/built/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: slowTests,
        },
      },
    ],
  },
});
