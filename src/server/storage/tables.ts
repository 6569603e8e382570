import type { ColumnType, Insertable } from 'kysely';
import type { FieldsOf } from '../../forms/declared.ts';
import type { ApplicationRequest, ContactRequest } from '../../generated/schema-types.ts';

/**
 * Flags are bound as 0/1 and read back as 0/1 (SQLite) or true/false (PostgreSQL): better-sqlite3 cannot bind
 * JavaScript booleans, and PostgreSQL's boolean input accepts '0' and '1'.
 */
type Flag = ColumnType<boolean | number, 0 | 1, 0 | 1>;

/**
 * Times are ISO 8601 strings in UTC (`2026-01-05T10:22:03.123Z`): they sort as text in the same order as in
 * time, and the same column type works in both databases (Kysely stores its own migration times this way).
 */
type IsoTime = string;

/**
 * A request's fields as stored: every field of the form but the honeypot, an optional one as null when
 * it was left out (an empty string when it was sent empty).
 */
export type StoredFields<R> = {
  readonly [K in FieldsOf<R>]-?: undefined extends R[K] ? Exclude<R[K], undefined> | null : R[K];
};

/** `projectDetails` → `project_details`: a field's column (src/forms/declared.ts names it so too). */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** The columns of a form's fields, derived from its request schema's generated type. */
type FieldColumns<R> = { -readonly [K in keyof StoredFields<R> as SnakeCase<K & string>]: StoredFields<R>[K] };

/** What every submission row has besides its fields. */
interface SubmissionColumns {
  id: string;
  created_at: IsoTime;
  /** The honeypot field was filled in: most likely a bot. */
  spam: Flag;
  /** The privacy notice shown when it was sent (src/server/notice.ts); null for rows from before migration 0004. */
  notice_version: string | null;
  /** The site's page the form was sent from (`/contact`); null when the browser did not say, or before 0006. */
  page: string | null;
  /** Where the people who answer it are with it (the shared editor's inbox). */
  status: ColumnType<InboxStatus, InboxStatus | undefined, InboxStatus>;
  /** The e-mail address of the editor account answering it; null while nobody is. */
  assignee: string | null;
}

/** A submission in the inbox: `new` until somebody takes it up, `in-progress` while they answer, `closed` when done. */
export type InboxStatus = 'new' | 'in-progress' | 'closed';

/** What somebody did with a submission in the inbox; `value` is the new state, the assignee's address or the note. */
export type InboxAction = 'status' | 'assign' | 'note';

/**
 * The history of a submission in the inbox, oldest first: each change of state and of assignee, and each
 * note, with who did it and when. A note is about the person, so it is erased and exported with their data.
 */
export interface InboxEventTable {
  id: string;
  submission_type: 'contact' | 'application';
  submission_id: string;
  at: IsoTime;
  /** The editor account's e-mail address. */
  actor: string;
  action: InboxAction;
  value: string;
}

/** One enquiry from the contact form, as submitted (trimmed): columns from schemas/api/contact.schema.json. */
export type ContactSubmissionTable = SubmissionColumns & FieldColumns<ContactRequest>;

/** One job application from the careers page: columns from schemas/api/application.schema.json. */
export type ApplicationTable = SubmissionColumns & FieldColumns<ApplicationRequest>;

/**
 * A file sent with an application (its CV), kept in the database beside its row. `file_name` is the name the
 * applicant's computer gave it, cleaned for a download; `media_type` is what its content was found to be.
 */
export interface ApplicationFileTable {
  id: string;
  application_id: string;
  /** The form's file field it was sent as (`cv`). */
  field: string;
  file_name: string;
  media_type: string;
  size: number;
  /** Of the content, hex: how a download is checked against what was stored. */
  sha256: string;
  content: Buffer;
  created_at: IsoTime;
}

/**
 * How the company hears of a new submission, an e-mail (SMTP) or a signed HTTP POST (webhook), and how its
 * sender hears that it arrived: a confirmation e-mail to the address they gave.
 */
export type NotificationChannel = 'email' | 'webhook' | 'confirmation';

/**
 * `pending` until the channel accepts it (retried meanwhile), then `sent`; `failed` once every attempt
 * failed, kept so that an operator can see it and retry it.
 */
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

/**
 * The outbox: one row per submission and channel, written in the same transaction as the submission, so a
 * notification exists exactly when its submission does. The worker claims due rows with a lease
 * (`locked_until`, `lock_token`) and marks them sent only after the channel accepted them.
 */
export interface NotificationOutboxTable {
  /** Also the delivery id sent with the notification, so that a receiver can drop a repeat. */
  id: string;
  submission_type: 'contact' | 'application';
  submission_id: string;
  channel: NotificationChannel;
  status: DeliveryStatus;
  /** Attempts started so far; counted when a worker claims the row, so a crash mid-send counts too. */
  attempts: number;
  created_at: IsoTime;
  /** Not to be tried before this time (backoff after a failure). */
  next_attempt_at: IsoTime;
  /** A worker is sending it until then; after that, another worker may take it over. */
  locked_until: IsoTime | null;
  /** Identifies the claim, so that a worker whose lease ran out cannot overwrite its successor's result. */
  lock_token: string | null;
  last_error: string | null;
  sent_at: IsoTime | null;
}

/** What an operator did with submissions: looked a person up, exported or erased their data, or purged old ones. */
export type AuditAction = 'find' | 'export' | 'erase' | 'purge';

/**
 * The audit log of the data-protection actions. It holds no personal data: the value a person was
 * found by is not kept, only its kind (`criterion`), so the log itself never needs erasing.
 */
export interface AuditLogTable {
  id: string;
  at: IsoTime;
  action: AuditAction;
  /** How the rows were chosen: `e-mail`, `phone`, `older than 365d`. */
  criterion: string;
  contacts: number;
  applications: number;
  notifications: number;
}

/** The tables of the submissions database, for Kysely's typed queries. */
export interface Database {
  contact_submissions: ContactSubmissionTable;
  applications: ApplicationTable;
  application_files: ApplicationFileTable;
  notification_outbox: NotificationOutboxTable;
  audit_log: AuditLogTable;
  inbox_events: InboxEventTable;
}

export type NewContactRow = Insertable<ContactSubmissionTable>;
export type NewApplicationRow = Insertable<ApplicationTable>;
export type NewApplicationFileRow = Insertable<ApplicationFileTable>;
export type NewOutboxRow = Insertable<NotificationOutboxTable>;
