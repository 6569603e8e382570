import { PostgresDialect } from 'kysely';
import pg from 'pg';

export interface PostgresOptions {
  readonly connectionString: string;
  /** Schema to read and write (sets search_path for every connection); the user's default when left out. */
  readonly schema?: string;
  /** Called when an idle connection fails (the database restarted, say); the pool replaces it. */
  readonly onIdleError?: (error: Error) => void;
}

/** Creates the PostgreSQL connection pool used when DATABASE_URL is a postgres:// address. */
export function createPostgresDialect(options: PostgresOptions): PostgresDialect {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
    // The name goes into a connection option, not a bound parameter, so only plain identifiers are accepted.
    throw new TypeError(`PostgreSQL schema name '${options.schema}' must be a lower-case identifier.`);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 10,
    connectionTimeoutMillis: 10_000,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  // Without a listener, an error on an idle connection is an unhandled 'error' event and stops the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  // The same holds for a connection that is checked out when the server goes away (a restart, a failover, a
  // dropped network): pg emits 'error' on the client as well as failing its query, and the pool listens only
  // to idle clients. The failed query already reports the error (the request answers 500, /healthz 503) and
  // the pool discards the broken client on release, so the event needs no handling beyond not crashing.
  pool.on('connect', (client) => client.on('error', () => {}));
  return new PostgresDialect({ pool });
}
