/**
 * Gives the run a prefix for its PostgreSQL schemas, and drops them all when every test file has
 * finished (why not earlier: postgres-schemas.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from './postgres-schemas.ts';

export default function setup(project: TestProject) {
  const prefix = `test_${randomBytes(4).toString('hex')}_`;
  project.provide('testSchemaPrefix', prefix);
  return async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    try {
      await admin.connect();
    } catch {
      return; // No server: the PostgreSQL tests have failed and said so; nothing was made.
    }
    try {
      const { rows } = await admin.query<{ name: string }>(
        `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
        [prefix],
      );
      for (const { name } of rows) await admin.query(`drop schema ${name} cascade`);
    } finally {
      await admin.end();
    }
  };
}
