/**
 * The throw-away PostgreSQL schemas of the server tests. Each test gets a schema of its own, named with
 * this run's prefix, and the schemas are dropped once every file has finished (global-setup.ts), not
 * by each test: Kysely's migrator looks at every schema of the database (`has_schema_privilege` on
 * each name), and a schema dropped by a test in another file at that moment failed the migration
 * with "schema … does not exist".
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The PostgreSQL server of the tests. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Whether the tests' PostgreSQL answers, with its database. Where it does not, the PostgreSQL cases are
 * left out with a line that says how to start it (tests/helpers/services.ts); with `CI` set that fails
 * instead, since .ci/run starts it and creates the database.
 */
async function postgresReady(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    const database = new URL(testDatabaseUrl).pathname.slice(1);
    const how =
      (error as { code?: string }).code === '3D000'
        ? `The server answers but has no database "${database}": create it with \`createdb -h 127.0.0.1 -U postgres ${database}\`.`
        : 'Start it with `pg_ctlcluster 15 main start` (Debian: `apt-get install postgresql`), or point TEST_DATABASE_URL at one.';
    const message = `PostgreSQL at ${testDatabaseUrl} cannot be used (${(error as Error).message}). ${how}`;
    if (process.env.CI) throw new Error(`ServiceMissing: ${message}`);
    console.warn(`ServiceMissing (PostgreSQL cases skipped): ${message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export const postgresAnswers = await postgresReady();

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
