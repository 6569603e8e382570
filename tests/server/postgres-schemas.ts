/**
 * The throw-away PostgreSQL schemas of the server tests. Each test gets a schema of its own, named with
 * this run's prefix, and the schemas are dropped once every file has finished (global-setup.ts), not
 * by each test: Kysely's migrator looks at every schema of the database (`has_schema_privilege` on
 * each name), and a schema dropped by a test in another file at that moment failed the migration
 * with "schema … does not exist".
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { inject } from 'vitest';

/** The PostgreSQL server of the tests. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Begins the name of every schema this run makes (`test_<run>_`). */
    testSchemaPrefix: string;
  }
}

/** Makes a new, empty schema through `admin` and returns its name. */
export async function createTestSchema(admin: pg.Client): Promise<string> {
  const schema = `${inject('testSchemaPrefix')}${randomBytes(6).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  return schema;
}
