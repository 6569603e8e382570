import type Database from 'better-sqlite3';
import { Kysely, Migrator, sql, type Migration } from 'kysely';
import { SetupError } from '../errors.ts';
import type { StorageConfig } from './index.ts';
import { createPostgresDialect } from './postgres.ts';
import { createSqliteDialect } from './sqlite.ts';

/**
 * Who owns a database: the submissions (src/server/storage) or the editor's accounts
 * (src/editor/service/accounts). Both open theirs the same way, which lives here once.
 */
export interface DatabaseOwner {
  /** What the database holds, as its errors name it: "submissions", "editor's accounts". */
  readonly holds: string;
  /** The variable that chooses the SQLite file's folder, which an unwritable folder's error points to. */
  readonly dataDirVariable: string;
  /** The owner's tables, applied in name order. */
  readonly migrations: Readonly<Record<string, Migration>>;
  /**
   * Kysely's bookkeeping tables, when not its defaults: two owners sharing one PostgreSQL database must not
   * see each other's migrations.
   */
  readonly migrationTables?: { readonly table: string; readonly lock: string };
}

export interface OpenedDatabase<DB> {
  readonly db: Kysely<DB>;
  /** The SQLite connection itself, for work Kysely does not do (group commit); undefined on PostgreSQL. */
  readonly sqlite: Database.Database | undefined;
}

/**
 * Connects to the configured database and brings the owner's tables up to date, so the first start needs no
 * setup step. Fails with `StorageUnavailable` when the database cannot be reached or the file not opened,
 * and `StorageMigrationFailed` when the tables cannot be updated; either way nothing is left open.
 */
export async function openDatabase<DB>(
  config: StorageConfig,
  owner: DatabaseOwner,
  options: { readonly onIdleError?: (error: Error) => void } = {},
): Promise<OpenedDatabase<DB>> {
  let db: Kysely<DB> | undefined;
  let sqlite: Database.Database | undefined;
  let migrationSchema: string | undefined;
  try {
    if (config.kind === 'sqlite') {
      const { dialect, database } = createSqliteDialect(config.file);
      db = new Kysely<DB>({ dialect });
      sqlite = database;
    } else {
      db = new Kysely<DB>({
        dialect: createPostgresDialect({
          connectionString: config.connectionString,
          ...(config.schema === undefined ? {} : { schema: config.schema }),
          ...(options.onIdleError === undefined ? {} : { onIdleError: options.onIdleError }),
        }),
      });
      // The first query also proves the database is reachable.
      migrationSchema = await currentSchema(db);
    }
  } catch (error) {
    await db?.destroy().catch(() => {});
    throw new SetupError(
      'StorageUnavailable',
      config.kind === 'sqlite'
        ? `The ${owner.holds} file ${config.file} could not be opened (${(error as Error).message}). Check that ${owner.dataDirVariable} points to a writable folder.`
        : // The address is not repeated: it may hold a password.
          `The PostgreSQL database in DATABASE_URL could not be reached (${(error as Error).message}). Check that it is running, that the address and credentials are right, and that this machine may connect to it.`,
      { cause: error },
    );
  }
  try {
    await migrate(db, owner, migrationSchema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, sqlite };
}

/**
 * Brings the owner's tables to the latest schema. `migrationTableSchema` pins Kysely's bookkeeping tables to
 * the schema the connection writes to; without it Kysely's PostgreSQL check "does kysely_migration exist"
 * also matches the table of another schema in the same database and then skips creating ours.
 */
async function migrate<DB>(db: Kysely<DB>, owner: DatabaseOwner, migrationTableSchema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...owner.migrations }) },
    ...(owner.migrationTables && {
      migrationTableName: owner.migrationTables.table,
      migrationLockTableName: owner.migrationTables.lock,
    }),
    ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely's PostgreSQL introspection reads every schema of the database; one that another program drops
  // between the list and the read (a second test run, a schema being cleaned up) fails it with 3F000,
  // "schema does not exist", though ours is there. Nothing was migrated then, so it is tried again: as often as
  // a neighbour dropping many schemas one by one can need (each try takes milliseconds), yet never forever.
  for (let attempt = 1; attempt < 50 && (error as { code?: string } | undefined)?.code === '3F000'; attempt += 1) {
    const missing = /schema "([^"]+)" does not exist/.exec((error as Error).message)?.[1];
    if (missing === undefined || missing === migrationTableSchema) break;
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new SetupError(
      'StorageMigrationFailed',
      `The ${owner.holds} database could not be brought up to date${failed ? ` (migration ${failed} failed)` : ''}: ${
        error instanceof Error ? error.message : String(error)
      }. Check that the database is reachable and that its user may create tables, then start again.`,
      { cause: error },
    );
  }
}

async function currentSchema<DB>(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) {
    throw new Error(
      'PostgreSQL has no current schema: the search_path names no existing schema. Create the schema or fix search_path.',
    );
  }
  return schema;
}
