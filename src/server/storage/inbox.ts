/**
 * The inbox of the shared editor: the submissions as the people who answer them see them, a page at a
 * time with filters and a search, each with its state, who answers it and what was done with it. The
 * queries are plain SQL that SQLite and PostgreSQL share; a page of the list is two statements (the rows
 * and their count) over the `(status, created_at)` index, whatever the number of rows stored.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { declarations, type DeclaredForm } from '../../forms/declared.ts';
import type { Database, InboxAction, InboxStatus } from './tables.ts';

export type { InboxAction, InboxStatus } from './tables.ts';

export const inboxStatuses: readonly InboxStatus[] = ['new', 'in-progress', 'closed'];

export const isInboxStatus = (value: unknown): value is InboxStatus =>
  typeof value === 'string' && (inboxStatuses as readonly string[]).includes(value);

type SubmissionType = keyof typeof declarations;

/** What the list is asked for. Dates are days (`2026-11-03`), both ends included, in UTC. */
export interface InboxQuery {
  readonly type: SubmissionType;
  readonly status?: InboxStatus | undefined;
  /** Applications only: the role applied for (`domain`). */
  readonly role?: string | undefined;
  /** The site's page it was sent from. */
  readonly page?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** Words to find in any field (any case): a name, an address, a phrase of the message. */
  readonly search?: string | undefined;
  readonly assignee?: string | undefined;
  readonly offset?: number | undefined;
  readonly limit?: number | undefined;
}

/** One submission as the inbox lists it: its fields, and where it stands. */
export interface InboxItem {
  readonly type: SubmissionType;
  readonly id: string;
  readonly createdAt: string;
  readonly page: string | null;
  readonly status: InboxStatus;
  readonly assignee: string | null;
  readonly noticeVersion: string | null;
  /** The form's fields by name, as stored. */
  readonly fields: Readonly<Record<string, string | null>>;
}

export interface InboxPage {
  readonly items: readonly InboxItem[];
  /** How many submissions match the filters, on every page. */
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
}

export interface InboxEvent {
  readonly id: string;
  readonly at: string;
  readonly actor: string;
  readonly action: InboxAction;
  readonly value: string;
}

/** What somebody changes at once: its state, who answers it (null: nobody), a note. */
export interface InboxChange {
  readonly status?: InboxStatus | undefined;
  readonly assignee?: string | null | undefined;
  readonly note?: string | undefined;
}

export const INBOX_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

/** `2026-11-03` → the ISO time of that day's start in UTC; undefined for anything else. */
function dayStart(day: string | undefined, plusDays = 0): string | undefined {
  if (day === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(time) ? undefined : new Date(time + plusDays * 86_400_000).toISOString();
}

/** A LIKE pattern that finds `words` anywhere, its own `%`, `_` and `\` taken as themselves. */
const containing = (words: string) => `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(form: DeclaredForm, query: InboxQuery) {
  return (eb: ExpressionBuilder<Database, 'contact_submissions' | 'applications'>): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [eb(sql.ref('spam'), '=', sql.lit(false))];
    // Spam (a filled-in honeypot) is kept for the record but never put in front of people.
    if (query.status !== undefined) all.push(eb(sql.ref('status'), '=', query.status));
    if (query.page !== undefined) all.push(eb(sql.ref('page'), '=', query.page));
    if (query.assignee !== undefined) all.push(eb(sql.ref('assignee'), '=', query.assignee));
    if (query.role !== undefined && form.submission === 'application') all.push(eb(sql.ref('domain'), '=', query.role));
    const from = dayStart(query.from);
    const to = dayStart(query.to, 1);
    if (from !== undefined) all.push(eb(sql.ref('created_at'), '>=', from));
    if (to !== undefined) all.push(eb(sql.ref('created_at'), '<', to));
    const words = query.search?.trim();
    if (words) {
      const pattern = containing(words);
      all.push(eb.or(form.fields.map((field) => sql<SqlBool>`lower(${sql.ref(field.column)}) like ${pattern} escape '\\'`)));
    }
    return eb.and(all);
  };
}

const fieldsOf = (form: DeclaredForm, row: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(form.fields.map((field) => [field.name, (row[field.column] as string | null | undefined) ?? null]));

function itemOf(form: DeclaredForm, row: Readonly<Record<string, unknown>>): InboxItem {
  return {
    type: form.submission,
    id: String(row.id),
    createdAt: String(row.created_at),
    page: (row.page as string | null) ?? null,
    status: isInboxStatus(row.status) ? row.status : 'new',
    assignee: (row.assignee as string | null) ?? null,
    noticeVersion: (row.notice_version as string | null) ?? null,
    fields: fieldsOf(form, row),
  };
}

export async function listInbox(db: Kysely<Database>, query: InboxQuery): Promise<InboxPage> {
  const form = declarations[query.type];
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.limit ?? INBOX_PAGE_SIZE)));
  const offset = Math.max(0, Math.trunc(query.offset ?? 0));
  const where = conditions(form, query);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(form.table)
      .selectAll()
      .where(where)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom(form.table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => itemOf(form, row)), total: Number(count.n), offset, limit };
}

/** The values a filter can take, from what is stored: the pages forms were sent from, the roles applied for. */
export async function inboxChoices(db: Kysely<Database>, type: SubmissionType): Promise<{ pages: string[]; roles: string[] }> {
  const form = declarations[type];
  const pages = await db
    .selectFrom(form.table)
    .select(sql<string>`page`.as('page'))
    .distinct()
    .where(sql.ref('page'), 'is not', null)
    .execute();
  const roles =
    type === 'application'
      ? await db.selectFrom('applications').select('domain').distinct().execute()
      : ([] as { domain: string }[]);
  return {
    pages: pages.map((p) => p.page).sort(),
    roles: roles.map((r) => r.domain).sort((a, b) => a.localeCompare(b)),
  };
}

export async function readInboxItem(
  db: Kysely<Database>,
  type: SubmissionType,
  id: string,
): Promise<(InboxItem & { readonly events: readonly InboxEvent[] }) | undefined> {
  const form = declarations[type];
  const row = await db.selectFrom(form.table).selectAll().where(sql.ref('id'), '=', id).executeTakeFirst();
  if (!row) return undefined;
  return { ...itemOf(form, row), events: await eventsOf(db, id) };
}

export async function eventsOf(db: Kysely<Database>, submissionId: string): Promise<InboxEvent[]> {
  const rows = await db
    .selectFrom('inbox_events')
    .select(['id', 'at', 'actor', 'action', 'value'])
    .where('submission_id', '=', submissionId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows;
}

/**
 * Applies a change and records each part of it in the submission's history, in one transaction;
 * undefined when there is no such submission (erased meanwhile, say). A part that changes nothing (the
 * state it already has) is not recorded.
 */
export async function changeInboxItem(
  db: Kysely<Database>,
  type: SubmissionType,
  id: string,
  change: InboxChange,
  actor: string,
  at: Date,
): Promise<boolean> {
  const form = declarations[type];
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom(form.table).select(['status', 'assignee']).where(sql.ref('id'), '=', id).executeTakeFirst();
    if (!row) return false;
    const events: { action: InboxAction; value: string }[] = [];
    const set: { status?: InboxStatus; assignee?: string | null } = {};
    if (change.status !== undefined && change.status !== row.status) {
      set.status = change.status;
      events.push({ action: 'status', value: change.status });
    }
    if (change.assignee !== undefined && change.assignee !== row.assignee) {
      set.assignee = change.assignee;
      events.push({ action: 'assign', value: change.assignee ?? '' });
    }
    const note = change.note?.trim();
    if (note) events.push({ action: 'note', value: note });
    if (Object.keys(set).length > 0) await trx.updateTable(form.table).set(set).where(sql.ref('id'), '=', id).execute();
    // Ordered by time, then id: ids made in one change sort in the order of its parts.
    const time = at.toISOString();
    if (events.length > 0)
      await trx
        .insertInto('inbox_events')
        .values(
          events.map((event, n) => ({
            id: `${time}-${n}-${randomUUID()}`,
            submission_type: form.submission,
            submission_id: id,
            at: time,
            actor,
            ...event,
          })),
        )
        .execute();
    return true;
  });
}

/**
 * How many enquiries each page brought since `since`, for the writers' page list: counts only, no
 * personal data. Spam is not counted.
 */
export async function enquiriesByPage(db: Kysely<Database>, since: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('contact_submissions')
    .select(['page', (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .where('page', 'is not', null)
    .where(sql.ref('spam'), '=', sql.lit(false))
    .groupBy('page')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.page!, Number(row.n)]));
}
