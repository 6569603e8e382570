import { randomUUID } from 'node:crypto';
import { Kysely, sql, type Selectable } from 'kysely';
import { SetupError } from '../errors.ts';
import { migrateToLatest } from './migrations.ts';
import { createPostgresDialect } from './postgres.ts';
import { createSqliteDialect } from './sqlite.ts';
import type { ApplicationTable, ContactSubmissionTable, Database } from './tables.ts';

/** Where submissions are kept: a SQLite file (the default) or a PostgreSQL database. */
export type StorageConfig =
  | { readonly kind: 'sqlite'; readonly file: string }
  | {
      readonly kind: 'postgres';
      readonly connectionString: string;
      /** Schema to use instead of the user's default (tests use a throw-away schema). */
      readonly schema?: string;
    };

/** An enquiry from the contact form. */
export interface ContactSubmission {
  readonly type: 'contact';
  readonly id: string;
  /** ISO 8601 time in UTC. */
  readonly createdAt: string;
  readonly username: string;
  readonly mobile: string;
  readonly email: string;
  readonly company: string | null;
  readonly projectDetails: string;
  readonly spam: boolean;
}

/** A job application from the careers page. */
export interface Application {
  readonly type: 'application';
  readonly id: string;
  readonly createdAt: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly domain: string;
  readonly spam: boolean;
}

export type Submission = ContactSubmission | Application;
export type SubmissionType = Submission['type'];

export type NewContactSubmission = Omit<ContactSubmission, 'type' | 'id' | 'createdAt' | 'company'> & {
  readonly company?: string | undefined;
};
export type NewApplication = Omit<Application, 'type' | 'id' | 'createdAt'>;

export interface ListQuery {
  /** Only submissions made at or after this time (ISO 8601). */
  readonly since?: string;
  readonly limit?: number;
  /** `newest` first (the default) or `oldest` first. */
  readonly order?: 'newest' | 'oldest';
}

/** Saves and reads submissions; the same interface whichever database is behind it. */
export interface Storage {
  readonly kind: StorageConfig['kind'];
  /** Resolves once the row is committed, so that a 201 is never sent for a submission that could be lost. */
  saveContact(submission: NewContactSubmission): Promise<ContactSubmission>;
  saveApplication(submission: NewApplication): Promise<Application>;
  listContacts(query?: ListQuery): Promise<ContactSubmission[]>;
  listApplications(query?: ListQuery): Promise<Application[]>;
  /** Runs `select 1`: resolves when the database answers, rejects when it cannot (used by /healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenStorageOptions {
  /** Clock for `createdAt`; tests set it to make dated submissions. */
  readonly now?: () => Date;
  /** Told about errors of idle PostgreSQL connections, which the pool replaces by itself. */
  readonly onIdleError?: (error: Error) => void;
}

/**
 * Connects to the configured database and brings its tables up to date, so the first start needs no setup
 * step.
 */
export async function openStorage(config: StorageConfig, options: OpenStorageOptions = {}): Promise<Storage> {
  let db: Kysely<Database> | undefined;
  let migrationSchema: string | undefined;
  try {
    db = new Kysely<Database>({
      dialect:
        config.kind === 'sqlite'
          ? createSqliteDialect(config.file)
          : createPostgresDialect({
              connectionString: config.connectionString,
              ...(config.schema === undefined ? {} : { schema: config.schema }),
              ...(options.onIdleError === undefined ? {} : { onIdleError: options.onIdleError }),
            }),
    });
    // The first query also proves the database is reachable.
    migrationSchema = config.kind === 'postgres' ? await currentSchema(db) : undefined;
  } catch (error) {
    await db?.destroy().catch(() => {});
    throw new SetupError(
      'StorageUnavailable',
      config.kind === 'sqlite'
        ? `The submissions file ${config.file} could not be opened (${(error as Error).message}). Check that DATA_DIR points to a writable folder.`
        : // The address is not repeated: it may hold a password.
          `The PostgreSQL database in DATABASE_URL could not be reached (${(error as Error).message}). Check that it is running, that the address and credentials are right, and that this machine may connect to it.`,
      { cause: error },
    );
  }
  try {
    await migrateToLatest(db, migrationSchema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new KyselyStorage(db, config.kind, options.now ?? (() => new Date()));
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) {
    throw new Error(
      'PostgreSQL has no current schema: the search_path names no existing schema. Create the schema or fix search_path.',
    );
  }
  return schema;
}

class KyselyStorage implements Storage {
  constructor(
    private readonly db: Kysely<Database>,
    readonly kind: StorageConfig['kind'],
    private readonly now: () => Date,
  ) {}

  async saveContact(submission: NewContactSubmission): Promise<ContactSubmission> {
    const saved: ContactSubmission = {
      type: 'contact',
      id: randomUUID(),
      createdAt: this.now().toISOString(),
      username: submission.username,
      mobile: submission.mobile,
      email: submission.email,
      company: submission.company ?? null,
      projectDetails: submission.projectDetails,
      spam: submission.spam,
    };
    // A single autocommit INSERT: when it resolves, the row is committed.
    await this.db
      .insertInto('contact_submissions')
      .values({
        id: saved.id,
        created_at: saved.createdAt,
        username: saved.username,
        mobile: saved.mobile,
        email: saved.email,
        company: saved.company,
        project_details: saved.projectDetails,
        spam: saved.spam ? 1 : 0,
      })
      .execute();
    return saved;
  }

  async saveApplication(submission: NewApplication): Promise<Application> {
    const saved: Application = {
      type: 'application',
      id: randomUUID(),
      createdAt: this.now().toISOString(),
      ...submission,
    };
    await this.db
      .insertInto('applications')
      .values({
        id: saved.id,
        created_at: saved.createdAt,
        name: saved.name,
        email: saved.email,
        phone: saved.phone,
        domain: saved.domain,
        spam: saved.spam ? 1 : 0,
      })
      .execute();
    return saved;
  }

  async listContacts(query: ListQuery = {}): Promise<ContactSubmission[]> {
    const direction = query.order === 'oldest' ? 'asc' : 'desc';
    let select = this.db.selectFrom('contact_submissions').selectAll().orderBy('created_at', direction).orderBy('id', direction);
    if (query.since !== undefined) select = select.where('created_at', '>=', query.since);
    if (query.limit !== undefined) select = select.limit(query.limit);
    return (await select.execute()).map(toContact);
  }

  async listApplications(query: ListQuery = {}): Promise<Application[]> {
    const direction = query.order === 'oldest' ? 'asc' : 'desc';
    let select = this.db.selectFrom('applications').selectAll().orderBy('created_at', direction).orderBy('id', direction);
    if (query.since !== undefined) select = select.where('created_at', '>=', query.since);
    if (query.limit !== undefined) select = select.limit(query.limit);
    return (await select.execute()).map(toApplication);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

function toContact(r: Selectable<ContactSubmissionTable>): ContactSubmission {
  return {
    type: 'contact',
    id: r.id,
    createdAt: r.created_at,
    username: r.username,
    mobile: r.mobile,
    email: r.email,
    company: r.company,
    projectDetails: r.project_details,
    spam: Boolean(r.spam),
  };
}

function toApplication(r: Selectable<ApplicationTable>): Application {
  return {
    type: 'application',
    id: r.id,
    createdAt: r.created_at,
    name: r.name,
    email: r.email,
    phone: r.phone,
    domain: r.domain,
    spam: Boolean(r.spam),
  };
}
