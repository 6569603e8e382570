import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

/**
 * Opens (creating it and its folder if needed) the SQLite file that holds submissions when no DATABASE_URL
 * is set. WAL lets the submissions command read while the server writes; synchronous = FULL makes a commit
 * durable before the server answers 201, at the cost of one fsync per submission, which a contact form can
 * afford.
 */
export function createSqliteDialect(file: string): SqliteDialect {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  // The submissions command and the server may open the file at the same time; wait for a lock, don't fail.
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database });
}
