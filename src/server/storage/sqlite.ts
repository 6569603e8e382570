import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

/**
 * Opens (creating it and its folder if needed) the SQLite file that holds submissions when no DATABASE_URL
 * is set. WAL lets the submissions command read while the server writes; synchronous = FULL makes a commit
 * durable (fsynced) before the server answers 201. One fsync per submission would cap the server at a few
 * hundred submissions a second and stall it meanwhile, so saves are committed in groups (see
 * group-commit.ts). The raw connection is returned too, for that.
 */
export function createSqliteDialect(file: string): { dialect: SqliteDialect; database: Database.Database } {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  // The submissions command and the server may open the file at the same time; wait for a lock, don't fail.
  database.pragma('busy_timeout = 5000');
  // Purged submissions are overwritten with zeros, not merely unlinked: personal data must really go.
  database.pragma('secure_delete = ON');
  return { dialect: new SqliteDialect({ database }), database };
}
