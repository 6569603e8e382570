import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Server tests share one PostgreSQL; files run in parallel but each uses its own schema.
    fileParallelism: true,
  },
});
