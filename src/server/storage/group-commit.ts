import type Database from 'better-sqlite3';

/** One statement compiled by Kysely (`query.compile()`): SQL with `?` placeholders and their values. */
export interface CompiledStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** What the committer has done so far; read by tests and benchmarks. */
export interface GroupCommitStats {
  /** COMMITs issued, each one fsync with synchronous = FULL. */
  readonly transactions: number;
  /** Writes committed (each one a submission with its outbox rows). */
  readonly writes: number;
}

interface Job {
  readonly statements: readonly CompiledStatement[];
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** The most writes one transaction takes, so that one commit never holds the event loop for long. */
const defaultMaxBatch = 256;

/**
 * Group commit for SQLite. Every write that arrives during one turn of the event loop joins the same
 * transaction, so a burst of submissions costs one fsync instead of one each; each caller's promise
 * resolves only after the COMMIT returned, which with synchronous = FULL means after the fsync, so a 201 is
 * still only sent for a submission that is on disk.
 *
 * Each write runs in a savepoint of its own: a write that fails (a constraint, say) is rolled back alone and
 * rejects alone, and its neighbours commit. When the transaction as a whole fails (BEGIN or COMMIT, a full
 * disk, an I/O error), nothing of the batch is stored and every write of it rejects.
 *
 * better-sqlite3 is synchronous: the batch runs inside `exclusive`, which holds Kysely's connection, so that
 * it cannot interleave with a Kysely transaction that awaits between its statements.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly runOne: (statements: readonly CompiledStatement[]) => void;
  private readonly runBatch: { immediate: (batch: readonly Job[], failures: Map<Job, unknown>) => void };
  private counts = { transactions: 0, writes: 0 };

  constructor(
    private readonly database: Database.Database,
    private readonly exclusive: (work: () => void) => Promise<void>,
    private readonly maxBatch = defaultMaxBatch,
  ) {
    // A transaction function called inside another one runs as a SAVEPOINT and rolls back to it on error.
    this.runOne = database.transaction((statements: readonly CompiledStatement[]) => {
      for (const statement of statements) this.prepare(statement.sql).run(...(statement.parameters as unknown[]));
    });
    this.runBatch = database.transaction((batch: readonly Job[], failures: Map<Job, unknown>) => {
      for (const job of batch) {
        try {
          this.runOne(job.statements);
        } catch (error) {
          // Some errors (a full disk, I/O) make SQLite roll back the whole transaction by itself; what
          // follows would then commit statement by statement. Fail the batch instead.
          if (!database.inTransaction) throw error;
          failures.set(job, error);
        }
      }
    });
  }

  get stats(): GroupCommitStats {
    return { ...this.counts };
  }

  /** Runs the statements in one savepoint of the next group transaction; resolves once that is committed. */
  write(statements: readonly CompiledStatement[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ statements, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate runs after the poll phase, in which the requests of this turn were read: they all join.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.exclusive(() => {
      this.scheduled = false;
      // Taken only now: writes that arrived while the connection was busy join this batch too.
      const batch = this.queue.splice(0, this.maxBatch);
      if (this.queue.length > 0) this.schedule();
      this.commit(batch);
    }).catch((error: unknown) => {
      // The connection could not be had (the storage is closing): nothing queued was written.
      this.scheduled = false;
      for (const job of this.queue.splice(0)) job.reject(error);
    });
  }

  private commit(batch: readonly Job[]): void {
    if (batch.length === 0) return;
    const failures = new Map<Job, unknown>();
    try {
      // IMMEDIATE takes the write lock at BEGIN, where busy_timeout applies, rather than midway.
      this.runBatch.immediate(batch, failures);
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    this.counts = { transactions: this.counts.transactions + 1, writes: this.counts.writes + batch.length - failures.size };
    for (const job of batch) {
      if (failures.has(job)) job.reject(failures.get(job));
      else job.resolve();
    }
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.database.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
