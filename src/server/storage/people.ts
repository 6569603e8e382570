/**
 * One person's data, for the rights that data-protection law gives them (India's DPDP Act 2023, the
 * GDPR): to see what is kept about them, to get a copy, and to have it erased. A person is found by
 * their e-mail address or phone number, the two things they can prove are theirs. Each action is
 * written to the audit log, which holds no personal data: what was done, when, by which kind of
 * criterion, and how many rows it touched.
 */
import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import { declarations, type DeclaredField } from '../../forms/declared.ts';
import { phoneRule, readPhone, type PhoneNumber, type PhoneRule } from './phone.ts';
import type { AuditAction, Database } from './tables.ts';

/**
 * Who to look for: an e-mail address (any case), or a phone number (compared in E.164, see phone.ts),
 * optionally narrowed to the submissions that also carry one e-mail address, for when several people
 * gave the same number.
 */
export type PersonQuery = { readonly email: string } | { readonly phone: string; readonly email?: string };

/** Why a submission is the person's: their e-mail address, or one of the phone rules of phone.ts. */
export type PersonRule = 'e-mail' | PhoneRule;

type Table = 'contact_submissions' | 'applications';

/** The field of a table's form that the declarations mark as identifying a person by `kind`. */
function identifyingField(table: Table, kind: 'email' | 'phone'): DeclaredField {
  const form = Object.values(declarations).find((f) => f.table === table)!;
  const field = form.fields.find((f) => f.identifies === kind);
  if (!field)
    throw new Error(`FieldUndeclared: no field of the ${form.submission} form is declared with \`identifies: ${kind}\`.`);
  return field;
}

/** The asked number, read; the commands check it before they get here, so a failure is a programming error. */
function askedPhone(person: { readonly phone: string }): PhoneNumber {
  const number = readPhone(person.phone);
  if (number === undefined) throw new Error(`PhoneUnreadable: '${person.phone}' is no phone number; check it before querying.`);
  return number;
}

/**
 * The condition that picks the rows that may be a person's. For an e-mail address it is exact (mail
 * systems deliver without regard to case). For a phone number it only narrows: every way of writing a
 * number ends with its national digits, so the rows whose digits end with those are the candidates, and
 * `personMatcher` then decides in E.164. The two steps keep the phone rules in one library, not in SQL.
 */
export function personFilter<T extends Table>(table: T, person: PersonQuery) {
  return (eb: ExpressionBuilder<Database, T>): Expression<SqlBool> => {
    const email =
      person.email === undefined
        ? undefined
        : eb(eb.fn('lower', [sql.ref(`${table}.${identifyingField(table, 'email').column}`)]), '=', person.email.toLowerCase());
    if (!('phone' in person)) return email!;
    // The punctuation the request schemas allow, removed in SQL that SQLite and PostgreSQL share.
    const digits = sql<string>`replace(replace(replace(replace(replace(replace(${sql.ref(`${table}.${identifyingField(table, 'phone').column}`)}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;
    const candidate = sql<SqlBool>`${digits} like ${`%${askedPhone(person).nationalNumber}`}`;
    return email === undefined ? candidate : eb.and([candidate, email]);
  };
}

/**
 * Why a stored submission is the person's, given its e-mail address and phone number; undefined when
 * it is not. The asked number is read once, not once per row.
 */
export function personMatcher(
  person: PersonQuery,
): (stored: { readonly email: string; readonly phone: string }) => PersonRule | undefined {
  const asked = 'phone' in person ? askedPhone(person) : undefined;
  const email = person.email?.toLowerCase();
  return (stored) => {
    if (email !== undefined && stored.email.toLowerCase() !== email) return undefined;
    return asked === undefined ? 'e-mail' : phoneRule(asked, stored.phone);
  };
}

/** The rows of `table` that are the person's, of those `personFilter` selected, in their order. */
export function personsRows<R extends object>(table: Table, person: PersonQuery, rows: readonly R[]): R[] {
  const matches = personMatcher(person);
  return rows.filter((row) => matches(identity(table, row, 'column')) !== undefined);
}

/** The e-mail address and phone number of a submission as the storage returns it. */
export const identityOf = (submission: { readonly type: keyof typeof declarations }) =>
  identity(declarations[submission.type].table as Table, submission, 'name');

/** The e-mail address and phone number of a stored row or submission, by the declared fields. */
export function identity(table: Table, values: object, by: 'column' | 'name') {
  const read = (kind: 'email' | 'phone') => String((values as Record<string, unknown>)[identifyingField(table, kind)[by]] ?? '');
  return { email: read('email'), phone: read('phone') };
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
 * Deletes a person's submissions, their files and their notifications in one transaction, and logs it. A
 * notification a worker is sending at this moment finds its submission gone and is dropped.
 */
export async function erasePerson(
  db: Kysely<Database>,
  person: PersonQuery,
  at: Date,
  options: { readonly dryRun?: boolean } = {},
): Promise<ErasureResult> {
  return db.transaction().execute(async (trx) => {
    const idsOf = async (table: Table) =>
      personsRows(table, person, await trx.selectFrom(table).selectAll().where(personFilter(table, person)).execute()).map(
        (row) => row.id,
      );
    const contactIds = await idsOf('contact_submissions');
    const applicationIds = await idsOf('applications');
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
    // The inbox's notes are about the person too.
    await trx.deleteFrom('inbox_events').where('submission_id', 'in', ids).execute();
    if (contactIds.length > 0) await trx.deleteFrom('contact_submissions').where('id', 'in', contactIds).execute();
    if (applicationIds.length > 0) {
      // An application's files are its data too: erased with it.
      await trx.deleteFrom('application_files').where('application_id', 'in', applicationIds).execute();
      await trx.deleteFrom('applications').where('id', 'in', applicationIds).execute();
    }
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

export const criterionOf = (person: PersonQuery): string =>
  'phone' in person ? (person.email === undefined ? 'phone' : 'phone and e-mail') : 'e-mail';

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
