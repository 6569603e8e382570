/**
 * One person's data, for the rights that data-protection law gives them (India's DPDP Act 2023, the
 * GDPR): to see what is kept about them, to get a copy, and to have it erased. A person is found by
 * their e-mail address or phone number, the two things they can prove are theirs. Each action is
 * written to the audit log, which holds no personal data: what was done, when, by which kind of
 * criterion, and how many rows it touched.
 */
import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import { declarations } from '../../forms/declared.ts';
import type { AuditAction, Database } from './tables.ts';

/** Who to look for: exactly one of an e-mail address (any case) or a phone number (any punctuation). */
export type PersonQuery = { readonly email: string } | { readonly phone: string };

/** The phone number's digits: `+91 98107-45210` and `(+91) 9810745210` are the same number. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/**
 * The fewest digits for matching a number with and without its country code: a national number in
 * India has 10, so `98107 45210` finds `+91 98107 45210`, while a shorter string never matches the
 * end of someone else's number.
 */
const NATIONAL_DIGITS = 10;

type Table = 'contact_submissions' | 'applications';

/** The column of a table that the forms' declarations mark as identifying a person by `kind`. */
function identifyingColumn(table: Table, kind: 'email' | 'phone'): string {
  const form = Object.values(declarations).find((f) => f.table === table)!;
  const field = form.fields.find((f) => f.identifies === kind);
  if (!field)
    throw new Error(`FieldUndeclared: no field of the ${form.submission} form is declared with \`identifies: ${kind}\`.`);
  return field.column;
}

/**
 * The condition that picks a person's rows from a submissions table. E-mail addresses are compared
 * without regard to case, as mail systems deliver them. Phone numbers are compared by their digits,
 * and match with or without a country code in front.
 */
export function personFilter<T extends Table>(table: T, person: PersonQuery) {
  return (eb: ExpressionBuilder<Database, T>): Expression<SqlBool> => {
    if ('email' in person) {
      return eb(eb.fn('lower', [sql.ref(`${table}.${identifyingColumn(table, 'email')}`)]), '=', person.email.toLowerCase());
    }
    const wanted = phoneDigits(person.phone);
    // The same punctuation the request schemas allow, removed in SQL that SQLite and PostgreSQL share.
    const stored = sql<string>`replace(replace(replace(replace(replace(replace(${sql.ref(`${table}.${identifyingColumn(table, 'phone')}`)}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;
    const alternatives: Expression<SqlBool>[] = [sql<SqlBool>`${stored} = ${wanted}`];
    if (wanted.length >= NATIONAL_DIGITS) alternatives.push(sql<SqlBool>`${stored} like ${`%${wanted}`}`);
    alternatives.push(sql<SqlBool>`(length(${stored}) >= ${NATIONAL_DIGITS} and cast(${wanted} as text) like '%' || ${stored})`);
    return eb.or(alternatives);
  };
}

/** How many rows an erasure removed (or, with dryRun, would remove). */
export interface ErasureResult {
  readonly contacts: number;
  readonly applications: number;
  /** All of their notifications, sent ones included (those hold no personal data, but point at nothing now). */
  readonly notifications: number;
  /** Of those, the ones not sent yet: they will now never go out. */
  readonly unsent: number;
}

/**
 * Deletes a person's submissions and their notifications in one transaction, and logs it. A
 * notification a worker is sending at this moment finds its submission gone and is dropped.
 */
export async function erasePerson(
  db: Kysely<Database>,
  person: PersonQuery,
  at: Date,
  options: { readonly dryRun?: boolean } = {},
): Promise<ErasureResult> {
  return db.transaction().execute(async (trx) => {
    const contactIds = (
      await trx.selectFrom('contact_submissions').select('id').where(personFilter('contact_submissions', person)).execute()
    ).map((row) => row.id);
    const applicationIds = (
      await trx.selectFrom('applications').select('id').where(personFilter('applications', person)).execute()
    ).map((row) => row.id);
    const ids = [...contactIds, ...applicationIds];
    const notifications =
      ids.length === 0
        ? []
        : await trx.selectFrom('notification_outbox').select(['id', 'status']).where('submission_id', 'in', ids).execute();
    const result: ErasureResult = {
      contacts: contactIds.length,
      applications: applicationIds.length,
      notifications: notifications.length,
      unsent: notifications.filter((n) => n.status !== 'sent').length,
    };
    if (options.dryRun || ids.length === 0) return result;
    await trx.deleteFrom('notification_outbox').where('submission_id', 'in', ids).execute();
    if (contactIds.length > 0) await trx.deleteFrom('contact_submissions').where('id', 'in', contactIds).execute();
    if (applicationIds.length > 0) await trx.deleteFrom('applications').where('id', 'in', applicationIds).execute();
    await trx
      .insertInto('audit_log')
      .values(auditRow('erase', criterionOf(person), at, result.contacts, result.applications, result.notifications))
      .execute();
    return result;
  });
}

/** One line of the audit log, as the `audit` command shows it. */
export interface AuditEntry {
  readonly id: string;
  readonly at: string;
  readonly action: AuditAction;
  /** How the rows were chosen, without the value: `e-mail`, `phone`, `older than 365d`. */
  readonly criterion: string;
  readonly contacts: number;
  readonly applications: number;
  readonly notifications: number;
}

export const criterionOf = (person: PersonQuery): string => ('email' in person ? 'e-mail' : 'phone');

export function auditRow(
  action: AuditAction,
  criterion: string,
  at: Date,
  contacts: number,
  applications: number,
  notifications: number,
) {
  return { id: randomUUID(), at: at.toISOString(), action, criterion, contacts, applications, notifications };
}

export async function listAudit(db: Kysely<Database>, limit: number): Promise<AuditEntry[]> {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    ...row,
    contacts: Number(row.contacts),
    applications: Number(row.applications),
    notifications: Number(row.notifications),
  }));
}
