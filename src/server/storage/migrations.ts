import { Migrator, type Kysely, type Migration } from 'kysely';
import { SetupError } from '../errors.ts';

/**
 * Schema changes, applied in name order and recorded in `kysely_migration`. They are kept in code (not in a
 * folder scanned at run time) so that they ship with the server and run the same on SQLite and PostgreSQL:
 * only portable column types (text, boolean) are used. Never edit a migration that has shipped; add one.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_create_submissions': {
    // Kysely<unknown>, not Kysely<Database>: a migration must keep compiling when the `Database` type changes.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_submissions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('username', 'text', (col) => col.notNull())
        .addColumn('mobile', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('company', 'text')
        .addColumn('project_details', 'text', (col) => col.notNull())
        .addColumn('spam', 'boolean', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('contact_submissions_created_at').on('contact_submissions').column('created_at').execute();

      await db.schema
        .createTable('applications')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('phone', 'text', (col) => col.notNull())
        .addColumn('domain', 'text', (col) => col.notNull())
        .addColumn('spam', 'boolean', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('applications_created_at').on('applications').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('applications').execute();
      await db.schema.dropTable('contact_submissions').execute();
    },
  },
};

/**
 * Brings the database to the latest schema. `migrationTableSchema` pins Kysely's bookkeeping tables to the
 * schema the connection writes to; without it Kysely's PostgreSQL check "does kysely_migration exist" also
 * matches the table of another schema in the same database and then skips creating ours.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, migrationTableSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new SetupError(
      'StorageMigrationFailed',
      `The submissions database could not be brought up to date${failed ? ` (migration ${failed} failed)` : ''}: ${
        error instanceof Error ? error.message : String(error)
      }. Check that the database is reachable and that its user may create tables, then start again.`,
      { cause: error },
    );
  }
}
