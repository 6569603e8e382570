import type { ColumnType, Insertable } from 'kysely';

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

/** One enquiry from the contact form, as submitted (trimmed). */
export interface ContactSubmissionTable {
  id: string;
  created_at: IsoTime;
  username: string;
  mobile: string;
  email: string;
  /** Null when the field was left out; an empty string when it was sent empty. */
  company: string | null;
  project_details: string;
  /** The honeypot field was filled in: most likely a bot. */
  spam: Flag;
}

/** One job application from the careers page, as submitted (trimmed). */
export interface ApplicationTable {
  id: string;
  created_at: IsoTime;
  name: string;
  email: string;
  phone: string;
  /** Title of the role applied for, one of the roles on the careers page. */
  domain: string;
  spam: Flag;
}

/** The tables of the submissions database, for Kysely's typed queries. */
export interface Database {
  contact_submissions: ContactSubmissionTable;
  applications: ApplicationTable;
}

export type NewContactRow = Insertable<ContactSubmissionTable>;
export type NewApplicationRow = Insertable<ApplicationTable>;
