import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each section folder carries its own test (src/sections/<type>/index.test.tsx).
    // tests/content reads the real content and holds it to the specification.
    include: ['tests/unit/**/*.test.ts', 'tests/content/**/*.test.ts', 'tests/server/**/*.test.ts', 'src/sections/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    // Server tests share one PostgreSQL; files run in parallel but each uses its own schema, all
    // dropped at the end of the run (tests/server/postgres-schemas.ts).
    fileParallelism: true,
    globalSetup: ['tests/server/global-setup.ts'],
    // Vitest's default is one worker fewer than the cores, which is one on our two-core machines: the
    // files then ran one after another (186 s); two workers take 108 s.
    maxWorkers: 2,
  },
});
