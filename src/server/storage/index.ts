import { createHash, randomUUID } from 'node:crypto';
import { Kysely, sql, type CompiledQuery, type Selectable } from 'kysely';
import { GroupCommit, type GroupCommitStats } from './group-commit.ts';
import { openDatabase } from './database.ts';
import { migrations } from './migrations.ts';
import {
  claimDeliveries,
  listDeliveries,
  newOutboxRows,
  recordDelivered,
  recordFailedAttempt,
  retryDeliveries,
  type ClaimedDelivery,
  type ClaimRequest,
  type Delivery,
  type DeliveryQuery,
} from './outbox.ts';
import {
  changeInboxItem,
  enquiriesByPage,
  inboxChoices,
  listInbox,
  readInboxItem,
  type InboxChange,
  type InboxEvent,
  type InboxItem,
  type InboxPage,
  type InboxQuery,
} from './inbox.ts';
import {
  auditRow,
  erasePerson,
  listAudit,
  personFilter,
  personsRows,
  type AuditEntry,
  type ErasureResult,
  type PersonQuery,
} from './people.ts';
import type {
  ApplicationTable,
  AuditAction,
  ContactSubmissionTable,
  Database,
  NotificationChannel,
  StoredFields,
} from './tables.ts';
import { applicationDeclaration, contactDeclaration, type DeclaredForm, type HONEYPOT } from '../../forms/declared.ts';
import type { ApplicationRequest, ContactRequest } from '../../generated/schema-types.ts';

export type { ClaimedDelivery, ClaimRequest, Delivery, DeliveryQuery } from './outbox.ts';
export type { AuditAction, DeliveryStatus, NotificationChannel } from './tables.ts';
export type { AuditEntry, ErasureResult, PersonQuery, PersonRule } from './people.ts';
export { criterionOf, identityOf, personMatcher } from './people.ts';
export { describePhoneRule, defaultCountry, readPhone, type PhoneRule } from './phone.ts';
export type { GroupCommitStats } from './group-commit.ts';
export type { InboxChange, InboxEvent, InboxItem, InboxPage, InboxQuery, InboxStatus } from './inbox.ts';
export { inboxStatuses, isInboxStatus, INBOX_PAGE_SIZE } from './inbox.ts';

/** Where submissions are kept: a SQLite file (the default) or a PostgreSQL database. */
export type StorageConfig =
  | { readonly kind: 'sqlite'; readonly file: string }
  | {
      readonly kind: 'postgres';
      readonly connectionString: string;
      /** Schema to use instead of the user's default (tests use a throw-away schema). */
      readonly schema?: string;
    };

/** What every stored submission has besides its fields. */
interface SubmissionBase<T extends 'contact' | 'application'> {
  readonly type: T;
  readonly id: string;
  /** ISO 8601 time in UTC. */
  readonly createdAt: string;
  readonly spam: boolean;
  /**
   * The version of the privacy notice in force when it was sent (`2026-11-25+1a2b3c4d5e`: the notice's
   * date and a hash of its file; src/server/notice.ts); null before notices were recorded.
   */
  readonly noticeVersion: string | null;
  /** The site's page the form was sent from (`/contact`); null when the browser did not say. */
  readonly page: string | null;
}

/** An enquiry from the contact form: its fields are those of schemas/api/contact.schema.json. */
export type ContactSubmission = SubmissionBase<'contact'> & StoredFields<ContactRequest>;

/** A file sent with an application, as stored: what it is, without its content (`readApplicationFile`). */
export interface StoredFile {
  readonly id: string;
  /** The form's file field (`cv`). */
  readonly field: string;
  readonly fileName: string;
  /** What its content was found to be (application/pdf, …). */
  readonly mediaType: string;
  readonly size: number;
  readonly sha256: string;
}

/** A file to store with an application: checked already (src/server/api/files.ts). */
export interface NewFile {
  readonly field: string;
  readonly fileName: string;
  readonly mediaType: string;
  readonly content: Buffer;
}

/**
 * A job application from the careers page: its fields are those of schemas/api/application.schema.json,
 * and the files sent with it (its CV).
 */
export type Application = SubmissionBase<'application'> &
  StoredFields<ApplicationRequest> & { readonly files: readonly StoredFile[] };

export type Submission = ContactSubmission | Application;
export type SubmissionType = Submission['type'];

/** What a save is given: the checked request's fields (optional ones may be left out), spam and the notice. */
type NewSubmission<R> = Omit<R, typeof HONEYPOT> & {
  readonly spam: boolean;
  readonly noticeVersion?: string | null | undefined;
  /** The site's page it was sent from, as the request's Referer named it. */
  readonly page?: string | null | undefined;
  /** Queue a confirmation e-mail to the sender too (the form's setting, and the server can send e-mail). */
  readonly confirm?: boolean;
};
export type NewContactSubmission = NewSubmission<ContactRequest>;
export type NewApplication = NewSubmission<ApplicationRequest> & { readonly files?: readonly NewFile[] };

export interface ListQuery {
  /** Only submissions made at or after this time (ISO 8601). */
  readonly since?: string;
  readonly limit?: number;
  /** `newest` first (the default) or `oldest` first. */
  readonly order?: 'newest' | 'oldest';
  /** Only one person's submissions (see people.ts for how they are matched). */
  readonly person?: PersonQuery;
}

/** A claimed delivery with the submission it announces (undefined when the submission was deleted since). */
export interface ClaimedNotification {
  readonly delivery: ClaimedDelivery;
  readonly submission: Submission | undefined;
}

/** How many rows a purge removed (or, with dryRun, would remove). */
export interface PurgeResult {
  readonly contacts: number;
  readonly applications: number;
  readonly deliveries: number;
}

/** Saves and reads submissions and their notifications; the same interface whichever database is behind it. */
export interface Storage {
  readonly kind: StorageConfig['kind'];
  /**
   * Resolves once the row is committed, so that a 201 is never sent for a submission that could be lost. The
   * same transaction queues one notification per configured channel, unless the submission is spam.
   */
  saveContact(submission: NewContactSubmission): Promise<ContactSubmission>;
  saveApplication(submission: NewApplication): Promise<Application>;
  listContacts(query?: ListQuery): Promise<ContactSubmission[]>;
  listApplications(query?: ListQuery): Promise<Application[]>;
  /** A file of an application, with its content; undefined when there is none by that id (erased, say). */
  readApplicationFile(applicationId: string, fileId: string): Promise<(StoredFile & { readonly content: Buffer }) | undefined>;
  /** Claims due notifications for sending (see outbox.ts), with their submissions. */
  claimNotifications(request: ClaimRequest): Promise<ClaimedNotification[]>;
  /** The channel accepted the notification. */
  recordDelivered(claim: ClaimedDelivery, at: Date): Promise<void>;
  /** An attempt failed; false when the claim had been lost meanwhile and nothing was recorded. */
  recordFailedAttempt(claim: ClaimedDelivery, failure: { error: string; retryAt: Date | undefined }): Promise<boolean>;
  listDeliveries(query?: DeliveryQuery): Promise<Delivery[]>;
  /** Makes failed or waiting deliveries due now with a fresh set of attempts; returns how many. */
  retryDeliveries(ids: readonly string[], at: Date): Promise<number>;
  /**
   * Deletes the submissions made before `before` (ISO 8601) and their notifications, in one transaction;
   * `olderThan` (as the operator gave it) goes into the audit log.
   */
  purgeSubmissions(before: string, options?: { dryRun?: boolean; olderThan?: string }): Promise<PurgeResult>;
  /** Deletes one person's submissions and notifications, and logs it (people.ts). */
  erasePerson(person: PersonQuery, options?: { dryRun?: boolean }): Promise<ErasureResult>;
  /** Logs a look-up or an export of one person's data (no personal data is logged). */
  recordAudit(
    action: AuditAction,
    criterion: string,
    counts: { contacts: number; applications: number; notifications: number },
  ): Promise<void>;
  /** The audit log, latest first. */
  listAudit(limit: number): Promise<AuditEntry[]>;
  /** A page of the inbox: submissions of one type, filtered, latest first (inbox.ts). */
  listInbox(query: InboxQuery): Promise<InboxPage>;
  /** The pages and roles stored, for the inbox's filters. */
  inboxChoices(type: SubmissionType): Promise<{ pages: string[]; roles: string[] }>;
  /** One submission as the inbox shows it, with its history; undefined when there is none by that id. */
  readInboxItem(
    type: SubmissionType,
    id: string,
  ): Promise<(InboxItem & { readonly events: readonly InboxEvent[]; readonly files: readonly StoredFile[] }) | undefined>;
  /** Changes a submission's state or assignee or adds a note, recorded in its history; false when there is none by that id. */
  changeInboxItem(type: SubmissionType, id: string, change: InboxChange, actor: string): Promise<boolean>;
  /** How many enquiries each page brought since `since` (ISO 8601), spam not counted. */
  enquiriesByPage(since: string): Promise<Record<string, number>>;
  /** Calls `listener` after a save queued notifications, so that a worker can send them without polling. */
  onNotificationsQueued(listener: () => void): () => void;
  /** Runs `select 1`: resolves when the database answers, rejects when it cannot (used by /healthz). */
  ping(): Promise<void>;
  /** Group commit figures on SQLite; undefined on PostgreSQL, which groups commits itself. */
  readonly commitStats: GroupCommitStats | undefined;
  close(): Promise<void>;
}

export interface OpenStorageOptions {
  /** Clock for `createdAt`; tests set it to make dated submissions. */
  readonly now?: () => Date;
  /** Told about errors of idle PostgreSQL connections, which the pool replaces by itself. */
  readonly onIdleError?: (error: Error) => void;
  /**
   * Channels to queue a notification on with each saved, non-spam submission. None by default: with no
   * channel configured, nothing piles up in the outbox.
   */
  readonly notify?: readonly NotificationChannel[];
}

/**
 * Connects to the configured database and brings its tables up to date, so the first start needs no setup
 * step.
 */
export async function openStorage(config: StorageConfig, options: OpenStorageOptions = {}): Promise<Storage> {
  const { db, sqlite } = await openDatabase<Database>(
    config,
    { holds: 'submissions', dataDirVariable: 'DATA_DIR', migrations },
    options.onIdleError === undefined ? {} : { onIdleError: options.onIdleError },
  );
  const groupCommit = sqlite && new GroupCommit(sqlite, (work) => db.connection().execute(async () => work()));
  return new KyselyStorage(db, config.kind, groupCommit, options.now ?? (() => new Date()), [...new Set(options.notify ?? [])]);
}

/** The INSERT of a submission row, not yet run. */
interface SubmissionInsert {
  compile(): CompiledQuery;
  execute(): Promise<unknown>;
}

class KyselyStorage implements Storage {
  private readonly queuedListeners = new Set<() => void>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly kind: StorageConfig['kind'],
    /** SQLite only: writes go through it, PostgreSQL writes go through the pool. */
    private readonly groupCommit: GroupCommit | undefined,
    private readonly now: () => Date,
    private readonly notify: readonly NotificationChannel[],
  ) {}

  get commitStats(): GroupCommitStats | undefined {
    return this.groupCommit?.stats;
  }

  saveContact(submission: NewContactSubmission): Promise<ContactSubmission> {
    return this.save(contactDeclaration, submission) as Promise<ContactSubmission>;
  }

  async saveApplication(submission: NewApplication): Promise<Application> {
    const { files = [], ...fields } = submission;
    const createdAt = this.now().toISOString();
    const rows = files.map((file) => ({
      id: randomUUID(),
      field: file.field,
      file_name: file.fileName,
      media_type: file.mediaType,
      size: file.content.length,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      content: file.content,
      created_at: createdAt,
    }));
    const saved = (await this.save(applicationDeclaration, fields, (id) =>
      rows.length === 0
        ? []
        : [
            this.db
              .insertInto('application_files')
              .values(rows.map((row) => ({ ...row, application_id: id })))
              .compile(),
          ],
    )) as Application;
    return { ...saved, files: rows.map(storedFile) };
  }

  /** Saves a submission of either form, its fields mapped to their columns by the form's declaration. */
  private async save(
    form: DeclaredForm,
    submission: Readonly<Record<string, unknown>>,
    /** Rows that belong to the submission (an application's files), written in its transaction. */
    withIt: (id: string) => CompiledQuery[] = () => [],
  ): Promise<Submission> {
    const fields = Object.fromEntries(form.fields.map((field) => [field.name, submission[field.name] ?? null]));
    const saved = {
      type: form.submission,
      id: randomUUID(),
      createdAt: this.now().toISOString(),
      ...fields,
      spam: submission.spam === true,
      noticeVersion: (submission.noticeVersion as string | null | undefined) ?? null,
      page: (submission.page as string | null | undefined) ?? null,
    } as unknown as Submission;
    const row = {
      id: saved.id,
      created_at: saved.createdAt,
      ...Object.fromEntries(form.fields.map((field) => [field.column, fields[field.name]])),
      spam: saved.spam ? 1 : 0,
      notice_version: saved.noticeVersion,
      page: saved.page,
    };
    // The row's columns come from the declaration, which the table types are derived from too.
    await this.insert(saved, this.db.insertInto(form.table).values(row as never), withIt(saved.id), submission.confirm === true);
    return form.submission === 'application' ? ({ ...saved, files: [] } as Submission) : saved;
  }

  /**
   * Writes a submission and its outbox rows atomically; resolves once committed. Spam (a filled-in honeypot)
   * is stored but never announced: a bot must not be able to fill the company's inbox.
   */
  private async insert(
    saved: Submission,
    submissionInsert: SubmissionInsert,
    withIt: readonly CompiledQuery[],
    confirm: boolean,
  ): Promise<void> {
    // Spam is confirmed to no one either: a bot must not make the company write to addresses it typed.
    const outbox = newOutboxRows(saved, saved.spam ? [] : [...this.notify, ...(confirm ? (['confirmation'] as const) : [])]);
    if (this.groupCommit !== undefined) {
      await this.groupCommit.write([
        submissionInsert.compile(),
        ...withIt,
        ...(outbox.length === 0 ? [] : [this.db.insertInto('notification_outbox').values(outbox).compile()]),
      ]);
    } else if (outbox.length === 0 && withIt.length === 0) {
      // A single autocommit INSERT: when it resolves, the row is committed.
      await submissionInsert.execute();
    } else {
      await this.db.transaction().execute(async (trx) => {
        await trx.executeQuery(submissionInsert.compile());
        for (const query of withIt) await trx.executeQuery(query);
        if (outbox.length > 0) await trx.insertInto('notification_outbox').values(outbox).execute();
      });
    }
    if (outbox.length > 0) {
      for (const listener of this.queuedListeners) {
        try {
          listener();
        } catch {
          // A listener only speeds delivery up; the worker's polling finds the rows anyway.
        }
      }
    }
  }

  async listContacts(query: ListQuery = {}): Promise<ContactSubmission[]> {
    const direction = query.order === 'oldest' ? 'asc' : 'desc';
    let select = this.db.selectFrom('contact_submissions').selectAll().orderBy('created_at', direction).orderBy('id', direction);
    if (query.since !== undefined) select = select.where('created_at', '>=', query.since);
    if (query.person === undefined) {
      if (query.limit !== undefined) select = select.limit(query.limit);
      return (await select.execute()).map(toContact);
    }
    // The limit comes after the person's rows are picked from the candidates SQL narrowed to.
    const rows = personsRows(
      'contact_submissions',
      query.person,
      await select.where(personFilter('contact_submissions', query.person)).execute(),
    );
    return rows.slice(0, query.limit ?? rows.length).map(toContact);
  }

  async listApplications(query: ListQuery = {}): Promise<Application[]> {
    const direction = query.order === 'oldest' ? 'asc' : 'desc';
    let select = this.db.selectFrom('applications').selectAll().orderBy('created_at', direction).orderBy('id', direction);
    if (query.since !== undefined) select = select.where('created_at', '>=', query.since);
    if (query.person === undefined) {
      if (query.limit !== undefined) select = select.limit(query.limit);
      return this.withFiles(await select.execute());
    }
    // The limit comes after the person's rows are picked from the candidates SQL narrowed to.
    const rows = personsRows(
      'applications',
      query.person,
      await select.where(personFilter('applications', query.person)).execute(),
    );
    return this.withFiles(rows.slice(0, query.limit ?? rows.length));
  }

  /** Applications from their rows, each with what is stored of its files (not their content). */
  private async withFiles(rows: readonly Selectable<ApplicationTable>[]): Promise<Application[]> {
    const files = await this.filesOf(rows.map((row) => row.id));
    return rows.map((row) => ({ ...toApplication(row), files: files.get(row.id) ?? [] }));
  }

  /** What is stored of the files of these applications (not their content), by application. */
  private async filesOf(applicationIds: readonly string[]): Promise<Map<string, StoredFile[]>> {
    const files = new Map<string, StoredFile[]>();
    // In slices: a list of thousands would otherwise be one statement with thousands of parameters.
    for (let at = 0; at < applicationIds.length; at += 500) {
      const found = await this.db
        .selectFrom('application_files')
        .select(['id', 'application_id', 'field', 'file_name', 'media_type', 'size', 'sha256'])
        .where('application_id', 'in', applicationIds.slice(at, at + 500))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      for (const row of found) files.set(row.application_id, [...(files.get(row.application_id) ?? []), storedFile(row)]);
    }
    return files;
  }

  async readApplicationFile(
    applicationId: string,
    fileId: string,
  ): Promise<(StoredFile & { readonly content: Buffer }) | undefined> {
    const row = await this.db
      .selectFrom('application_files')
      .selectAll()
      .where('application_id', '=', applicationId)
      .where('id', '=', fileId)
      .executeTakeFirst();
    return row && { ...storedFile(row), content: Buffer.from(row.content) };
  }

  async claimNotifications(request: ClaimRequest): Promise<ClaimedNotification[]> {
    const claimed = await claimDeliveries(this.db, this.kind, request);
    if (claimed.length === 0) return [];
    const idsOf = (type: SubmissionType) => claimed.filter((d) => d.submissionType === type).map((d) => d.submissionId);
    const contactIds = idsOf('contact');
    const applicationIds = idsOf('application');
    const [contacts, applications] = await Promise.all([
      contactIds.length === 0
        ? []
        : this.db.selectFrom('contact_submissions').selectAll().where('id', 'in', contactIds).execute(),
      applicationIds.length === 0
        ? []
        : this.db.selectFrom('applications').selectAll().where('id', 'in', applicationIds).execute(),
    ]);
    const byId = new Map<string, Submission>([
      ...contacts.map((row) => [row.id, toContact(row)] as const),
      ...(await this.withFiles(applications)).map((application) => [application.id, application] as const),
    ]);
    return claimed.map((delivery) => ({ delivery, submission: byId.get(delivery.submissionId) }));
  }

  recordDelivered(claim: ClaimedDelivery, at: Date): Promise<void> {
    return recordDelivered(this.db, claim, at);
  }

  recordFailedAttempt(claim: ClaimedDelivery, failure: { error: string; retryAt: Date | undefined }): Promise<boolean> {
    return recordFailedAttempt(this.db, claim, failure);
  }

  listDeliveries(query: DeliveryQuery = {}): Promise<Delivery[]> {
    return listDeliveries(this.db, query);
  }

  retryDeliveries(ids: readonly string[], at: Date): Promise<number> {
    return retryDeliveries(this.db, ids, at);
  }

  async erasePerson(person: PersonQuery, options: { dryRun?: boolean } = {}): Promise<ErasureResult> {
    const result = await erasePerson(this.db, person, this.now(), options);
    if (this.kind === 'sqlite' && !options.dryRun && result.contacts + result.applications > 0) {
      // As after a purge: no copy of the erased rows may stay behind in the write-ahead log.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(this.db);
    }
    return result;
  }

  async recordAudit(
    action: AuditAction,
    criterion: string,
    counts: { contacts: number; applications: number; notifications: number },
  ): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values(auditRow(action, criterion, this.now(), counts.contacts, counts.applications, counts.notifications))
      .execute();
  }

  listAudit(limit: number): Promise<AuditEntry[]> {
    return listAudit(this.db, limit);
  }

  async purgeSubmissions(before: string, options: { dryRun?: boolean; olderThan?: string } = {}): Promise<PurgeResult> {
    const result = await this.db.transaction().execute(async (trx) => {
      const oldContacts = trx.selectFrom('contact_submissions').select('id').where('created_at', '<', before);
      const oldApplications = trx.selectFrom('applications').select('id').where('created_at', '<', before);
      const ofOldSubmissions = trx
        .selectFrom('notification_outbox')
        .where((eb) => eb.or([eb('submission_id', 'in', oldContacts), eb('submission_id', 'in', oldApplications)]));
      if (options.dryRun) {
        const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
          Number((await query.executeTakeFirstOrThrow()).n);
        return {
          deliveries: await count(ofOldSubmissions.select((eb) => eb.fn.countAll<number>().as('n'))),
          contacts: await count(
            trx
              .selectFrom('contact_submissions')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('created_at', '<', before),
          ),
          applications: await count(
            trx
              .selectFrom('applications')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('created_at', '<', before),
          ),
        };
      }
      // Notifications first: they are found through the submissions that are about to go.
      const deliveries = await trx
        .deleteFrom('notification_outbox')
        .where((eb) => eb.or([eb('submission_id', 'in', oldContacts), eb('submission_id', 'in', oldApplications)]))
        .executeTakeFirst();
      await trx.deleteFrom('application_files').where('application_id', 'in', oldApplications).execute();
      await trx
        .deleteFrom('inbox_events')
        .where((eb) => eb.or([eb('submission_id', 'in', oldContacts), eb('submission_id', 'in', oldApplications)]))
        .execute();
      const contacts = await trx.deleteFrom('contact_submissions').where('created_at', '<', before).executeTakeFirst();
      const applications = await trx.deleteFrom('applications').where('created_at', '<', before).executeTakeFirst();
      const removed = {
        deliveries: Number(deliveries.numDeletedRows),
        contacts: Number(contacts.numDeletedRows),
        applications: Number(applications.numDeletedRows),
      };
      await trx
        .insertInto('audit_log')
        .values(
          auditRow(
            'purge',
            options.olderThan === undefined ? `made before ${before}` : `older than ${options.olderThan}`,
            this.now(),
            removed.contacts,
            removed.applications,
            removed.deliveries,
          ),
        )
        .execute();
      return removed;
    });
    if (this.kind === 'sqlite' && !options.dryRun && result.contacts + result.applications > 0) {
      // Copies of the deleted pages may linger in the write-ahead log; move it into the database and empty it.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(this.db);
    }
    return result;
  }

  listInbox(query: InboxQuery): Promise<InboxPage> {
    return listInbox(this.db, query);
  }

  inboxChoices(type: SubmissionType): Promise<{ pages: string[]; roles: string[] }> {
    return inboxChoices(this.db, type);
  }

  async readInboxItem(type: SubmissionType, id: string) {
    const item = await readInboxItem(this.db, type, id);
    if (!item) return undefined;
    const files = type === 'application' ? ((await this.filesOf([id])).get(id) ?? []) : [];
    return { ...item, files };
  }

  changeInboxItem(type: SubmissionType, id: string, change: InboxChange, actor: string): Promise<boolean> {
    return changeInboxItem(this.db, type, id, change, actor, this.now());
  }

  enquiriesByPage(since: string): Promise<Record<string, number>> {
    return enquiriesByPage(this.db, since);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  onNotificationsQueued(listener: () => void): () => void {
    this.queuedListeners.add(listener);
    return () => this.queuedListeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

/** A stored row as a submission of its form, its columns mapped back to the fields by the declaration. */
function fromRow(form: DeclaredForm, r: Readonly<Record<string, unknown>>): Submission {
  return {
    type: form.submission,
    id: r.id,
    createdAt: r.created_at,
    ...Object.fromEntries(form.fields.map((field) => [field.name, r[field.column] ?? null])),
    spam: Boolean(r.spam),
    noticeVersion: r.notice_version ?? null,
    page: r.page ?? null,
  } as unknown as Submission;
}

const toContact = (r: Selectable<ContactSubmissionTable>) => fromRow(contactDeclaration, r) as ContactSubmission;
const toApplication = (r: Selectable<ApplicationTable>) => fromRow(applicationDeclaration, r) as Omit<Application, 'files'>;

function storedFile(row: {
  readonly id: string;
  readonly field: string;
  readonly file_name: string;
  readonly media_type: string;
  readonly size: number | string;
  readonly sha256: string;
}): StoredFile {
  return {
    id: row.id,
    field: row.field,
    fileName: row.file_name,
    mediaType: row.media_type,
    size: Number(row.size),
    sha256: row.sha256,
  };
}
