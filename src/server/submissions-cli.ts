/**
 * `npm run submissions -- list|export|find|erase|audit|outbox|retry|purge …`: reads the submissions of the
 * database that the server uses (the same DATA_DIR / DATABASE_URL variables), for the people who answer
 * enquiries and applications; looks after their notifications and their retention; and answers a
 * person's requests to see, copy or erase their data (find, export --email, erase), each written to
 * an audit log.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { readStorageConfig } from './config.ts';
import {
  criterionOf,
  defaultCountry,
  identityOf,
  describePhoneRule,
  openStorage,
  personMatcher,
  readPhone,
  type Delivery,
  type DeliveryStatus,
  type AuditEntry,
  type PersonQuery,
  type Storage,
  type Submission,
  type SubmissionType,
} from './storage/index.ts';
import {
  csvSeparators,
  deliveryState,
  toAuditTable,
  toCsv,
  toJson,
  toOutboxTable,
  toPersonReport,
  toMatchSummary,
  toTable,
  type CsvSeparator,
  type PersonMatch,
} from './submissions-format.ts';
import { isEntryPoint } from './entry-point.ts';

/** How long submissions are kept when `purge` is given no --older-than. */
export const defaultRetention = '365d';

export const usage = `Usage:
  npm run submissions -- list [--type contact|application] [--since YYYY-MM-DD] [--limit N]
  npm run submissions -- export --format csv|json [--separator ';'] [--type contact|application] [--since YYYY-MM-DD]
                                [--email <address>] [--phone <number>]
  npm run submissions -- find --email <address> | --phone <number> [--email <address>]
  npm run submissions -- erase --email <address> | --phone <number> [--email <address>] [--dry-run] [--yes]
  npm run submissions -- audit [--limit N]
  npm run submissions -- outbox [--status pending|failed|sent|all] [--limit N]
  npm run submissions -- retry <notification id> | --failed
  npm run submissions -- purge [--older-than ${defaultRetention}] [--dry-run]

  list     prints the latest submissions as a table (20 unless --limit says otherwise), spam marked SPAM,
           with the state of their notifications (queued, sending, sent, retrying, failed)
  export   prints every matching submission, oldest first, as CSV or JSON; redirect it to a file.
           --separator ';' writes the CSV for spreadsheets whose locale uses a decimal comma.
           With --email or --phone, only that person's submissions: the copy of their data they may ask for
           (who matched, masked, is printed to stderr)
  find     prints who matched (names and e-mail addresses masked) and by which rule, then everything
           stored about the person, in full, with the state of its notifications
  erase    prints who matched, as find does, asks before it deletes, then deletes the person's
           submissions and their notifications (those not sent yet will never be sent) and says how many.
           It refuses when a phone number matches submissions with different e-mail addresses: add
           --email to say whose. --dry-run only counts; --yes answers its question (in a script)
  audit    lists what find, export --email/--phone, erase and purge did, latest first (20 unless --limit
           says otherwise). It records counts, never the address or number that was asked for
  outbox   lists notifications: by default those not sent yet (waiting to be retried, or failed)
  retry    makes a failed or waiting notification due now, with a fresh set of attempts; --failed does
           so for every failed one. The running server sends it within seconds
  purge    deletes the submissions older than --older-than (days or hours: 365d, 48h) and their
           notifications; the retention is ${defaultRetention} (a year) unless you say otherwise. --dry-run
           only counts them

  --type   only contact enquiries or only job applications (both by default)
  --since  only submissions made on or after this date (UTC), or this ISO 8601 time
  --email  one person, by e-mail address (any upper or lower case)
  --phone  one person, by phone number, compared in E.164 form: +1 98107 45210 is not +91 98107 45210.
           A number written without its country code (asked or stored) is read as dialled from
           ${defaultCountry.name} (+${defaultCountry.callingCode}), the site's default country. With --email too, only the
           submissions that carry both

The database is the one the server uses: DATABASE_URL when set, otherwise DATA_DIR/submissions.db
(DATA_DIR is ./data by default).`;

/** A mistake in the command line; the command prints it with the usage and exits with code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface ListCommand {
  readonly command: 'list';
  readonly type: SubmissionType | undefined;
  readonly since: string | undefined;
  readonly limit: number;
}

interface ExportCommand {
  readonly command: 'export';
  readonly format: 'csv' | 'json';
  readonly separator: CsvSeparator;
  readonly type: SubmissionType | undefined;
  readonly since: string | undefined;
  readonly person: PersonQuery | undefined;
}

interface FindCommand {
  readonly command: 'find';
  readonly person: PersonQuery;
}

interface EraseCommand {
  readonly command: 'erase';
  readonly person: PersonQuery;
  readonly dryRun: boolean;
  /** Erase without asking (scripts); otherwise the command asks through CliIo.confirm. */
  readonly yes: boolean;
}

interface AuditCommand {
  readonly command: 'audit';
  readonly limit: number;
}

interface OutboxCommand {
  readonly command: 'outbox';
  /** Undefined for every status. */
  readonly statuses: readonly DeliveryStatus[] | undefined;
  readonly limit: number;
}

interface RetryCommand {
  readonly command: 'retry';
  /** The notification id or its first characters; undefined with --failed. */
  readonly id: string | undefined;
}

interface PurgeCommand {
  readonly command: 'purge';
  /** The age as typed (365d), for messages. */
  readonly olderThan: string;
  readonly olderThanMs: number;
  readonly dryRun: boolean;
}

export type Command =
  | ListCommand
  | ExportCommand
  | FindCommand
  | EraseCommand
  | AuditCommand
  | OutboxCommand
  | RetryCommand
  | PurgeCommand
  | { readonly command: 'help' };

const commands = ['list', 'export', 'find', 'erase', 'audit', 'outbox', 'retry', 'purge'] as const;

/** The options each command takes; any other is a mistake worth pointing out. */
const optionsOf: Record<(typeof commands)[number], readonly string[]> = {
  list: ['type', 'since', 'limit'],
  export: ['format', 'separator', 'type', 'since', 'email', 'phone'],
  find: ['email', 'phone'],
  erase: ['email', 'phone', 'dry-run', 'yes'],
  audit: ['limit'],
  outbox: ['status', 'limit'],
  retry: ['failed'],
  purge: ['older-than', 'dry-run'],
};

/** Reads the command line, throwing UsageError with a message that says what to change. */
export function parseCommand(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string' },
        separator: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
        type: { type: 'string' },
        since: { type: 'string' },
        limit: { type: 'string' },
        status: { type: 'string' },
        failed: { type: 'boolean' },
        'older-than': { type: 'string' },
        'dry-run': { type: 'boolean' },
        yes: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  const command = positionals[0];
  if (command === undefined) throw new UsageError(`Name a command: ${commands.join(', ')}.`);
  if (!(commands as readonly string[]).includes(command)) {
    throw new UsageError(`Unknown command '${command}'; use ${commands.join(', ')}.`);
  }
  const known = command as (typeof commands)[number];
  const arity = known === 'retry' ? 2 : 1;
  if (positionals.length > arity) {
    throw new UsageError(
      `Give one command${arity === 2 ? ' and one id' : ''}, not ${positionals.map((p) => `'${p}'`).join(' ')}.`,
    );
  }
  checkOptions(known, values);

  switch (known) {
    case 'list':
      return { command: known, type: readType(values.type), since: readSince(values.since), limit: readLimit(values.limit, 20) };
    case 'export':
      if (values.format !== 'csv' && values.format !== 'json') {
        throw new UsageError(
          values.format === undefined
            ? 'export needs --format csv or --format json.'
            : `--format is '${values.format}'; use csv or json.`,
        );
      }
      return {
        command: known,
        format: values.format,
        separator: readSeparator(values.separator, values.format),
        type: readType(values.type),
        since: readSince(values.since),
        person: values.email === undefined && values.phone === undefined ? undefined : readPerson(known, values),
      };
    case 'find':
      return { command: known, person: readPerson(known, values) };
    case 'erase':
      return { command: known, person: readPerson(known, values), dryRun: values['dry-run'] === true, yes: values.yes === true };
    case 'audit':
      return { command: known, limit: readLimit(values.limit, 20) };
    case 'outbox':
      return { command: known, statuses: readStatuses(values.status), limit: readLimit(values.limit, 50) };
    case 'retry': {
      const id = positionals[1];
      if ((id === undefined) === (values.failed !== true)) {
        throw new UsageError(
          id === undefined
            ? 'retry needs the id of a notification (see `outbox`), or --failed to retry every failed one.'
            : 'Give retry either an id or --failed, not both.',
        );
      }
      if (id !== undefined && !/^[0-9a-f][0-9a-f-]{3,35}$/i.test(id)) {
        throw new UsageError(`'${id}' is not a notification id; give at least its first 4 characters as \`outbox\` shows them.`);
      }
      return { command: known, id: id?.toLowerCase() };
    }
    case 'purge': {
      const olderThan = values['older-than'] ?? defaultRetention;
      return { command: known, olderThan, olderThanMs: readAge(olderThan), dryRun: values['dry-run'] === true };
    }
  }
}

function checkOptions(command: (typeof commands)[number], values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || name === 'help' || optionsOf[command].includes(name)) continue;
    if (command === 'list' && name === 'format') throw new UsageError('--format belongs to export; list always prints a table.');
    if (command === 'export' && name === 'limit') {
      throw new UsageError('--limit belongs to list; export prints every matching submission.');
    }
    const owners = commands.filter((other) => optionsOf[other].includes(name));
    throw new UsageError(`--${name} belongs to ${owners.join(' and ')}, not to ${command}.`);
  }
}

/** The person of find, erase and export: one e-mail address, or one phone number (narrowed by an address). */
function readPerson(command: string, values: { email?: string | undefined; phone?: string | undefined }): PersonQuery {
  const { phone } = values;
  const email = values.email?.trim();
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new UsageError(`--email is '${values.email}'; give a whole address, such as asha@example.in.`);
  }
  if (phone !== undefined) {
    if (phone.replace(/\D/g, '').length < 7) {
      throw new UsageError(`--phone is '${phone}'; give the whole number (at least 7 digits), such as '+91 98107 45210'.`);
    }
    if (readPhone(phone) === undefined) {
      throw new UsageError(
        `--phone is '${phone}', which no country's numbering plan knows; check its country code, or find the person by --email.`,
      );
    }
    return email === undefined ? { phone } : { phone, email };
  }
  if (email !== undefined) return { email };
  throw new UsageError(`${command} needs --email <address> or --phone <number>: the person whose data it is.`);
}

function readSeparator(value: string | undefined, format: 'csv' | 'json'): CsvSeparator {
  if (value === undefined) return ',';
  if (format === 'json') throw new UsageError('--separator belongs to --format csv; JSON has none.');
  if ((csvSeparators as readonly string[]).includes(value)) return value as CsvSeparator;
  throw new UsageError(`--separator is '${value}'; use ',' or ';' (quote it in the shell: --separator ';').`);
}

function readType(value: string | undefined): SubmissionType | undefined {
  if (value === undefined || value === 'contact' || value === 'application') return value;
  throw new UsageError(`--type is '${value}'; use contact or application.`);
}

/** Turns --since into the ISO time that stored times are compared with; a date means its start in UTC. */
function readSince(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) ? new Date(value) : undefined;
  // Date rolls 2026-02-30 over to March; a date that does not exist is a typo, not a wish.
  if (time === undefined || Number.isNaN(time.getTime()) || (value.length === 10 && time.toISOString().slice(0, 10) !== value)) {
    throw new UsageError(`--since is '${value}'; write a date such as 2026-01-31 or a time such as 2026-01-31T09:30:00Z.`);
  }
  return time.toISOString();
}

function readLimit(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError(`--limit is '${value}'; use a whole number from 1.`);
  return limit;
}

function readStatuses(value: string | undefined): readonly DeliveryStatus[] | undefined {
  switch (value) {
    case undefined:
      return ['pending', 'failed'];
    case 'all':
      return undefined;
    case 'pending':
    case 'failed':
    case 'sent':
      return [value];
    default:
      throw new UsageError(`--status is '${value}'; use pending, failed, sent or all.`);
  }
}

const hour = 3_600_000;
const day = 24 * hour;

/**
 * Reads an age such as 365d or 48h. Less than an hour is refused: `purge --older-than 0d` would delete
 * everything, including what arrived a minute ago, which is never what a retention policy means.
 */
export function readAge(value: string): number {
  const match = /^(\d+)([dh])$/.exec(value);
  if (match === null) {
    throw new UsageError(
      /^\d+$/.test(value)
        ? `--older-than is '${value}'; add a unit: ${value}d for days or ${value}h for hours.`
        : `--older-than is '${value}'; write a number of days or hours, such as 365d or 48h.`,
    );
  }
  const ms = Number(match[1]) * (match[2] === 'd' ? day : hour);
  if (ms < hour)
    throw new UsageError(`--older-than is '${value}'; it must be at least 1h, so that purge never removes what just arrived.`);
  if (ms > 36_500 * day) throw new UsageError(`--older-than is '${value}'; the longest age is 36500d (100 years).`);
  return ms;
}

/** Where the command writes and what it reads; the real process by default, buffers in tests. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The current time (purge's cut-off, "next 12:03"); the system clock unless a test sets it. */
  readonly now?: () => Date;
  /** Asks the operator a yes/no question; absent when nobody can answer (not a terminal). */
  readonly confirm?: (question: string) => Promise<boolean>;
}

/** A command that ran but could not do what was asked (no such notification, say); exit code 1. */
class Refusal extends Error {}

/**
 * Runs the command and returns its exit code: 0 done, 1 the database failed or the command could not do
 * what was asked, 2 bad arguments.
 */
export async function runSubmissionsCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n\n${usage}\n`);
    return 2;
  }
  if (command.command === 'help') {
    io.stdout(`${usage}\n`);
    return 0;
  }

  const now = io.now ?? (() => new Date());
  let storage: Storage | undefined;
  try {
    storage = await openStorage(readStorageConfig(io.env), { now });
    switch (command.command) {
      case 'list': {
        const submissions = await readSubmissions(storage, command.type, {
          since: command.since,
          limit: command.limit,
          order: 'newest',
        });
        io.stdout(
          submissions.length === 0
            ? `No submissions${command.since === undefined ? ' yet' : ` since ${command.since}`}.\n`
            : toTable(submissions, await deliveriesBySubmission(storage, submissions), now()),
        );
        break;
      }
      case 'export': {
        const submissions = await readSubmissions(storage, command.type, {
          since: command.since,
          order: 'oldest',
          person: command.person,
        });
        if (command.person !== undefined) {
          // The export itself goes to stdout, into the file for the person; who matched goes to the operator.
          io.stderr(toMatchSummary(askedFor(command.person), matchesOf(command.person, submissions)));
        }
        // A person's copy of their data holds their files too (their CV), in the JSON as base64.
        const withContent =
          command.person === undefined || command.format === 'csv' ? submissions : await withFileContents(storage, submissions);
        io.stdout(command.format === 'csv' ? toCsv(submissions, command.type, command.separator) : toJson(withContent));
        if (command.person !== undefined) await storage.recordAudit('export', criterionOf(command.person), counts(submissions));
        break;
      }
      case 'find': {
        const submissions = await readSubmissions(storage, undefined, {
          since: undefined,
          order: 'oldest',
          person: command.person,
        });
        const deliveries = await deliveriesBySubmission(storage, submissions);
        await storage.recordAudit('find', criterionOf(command.person), counts(submissions, deliveries));
        io.stdout(
          submissions.length === 0
            ? `Nothing is stored about anyone with this ${criterionWord(command.person)}.\n`
            : `${toMatchSummary(askedFor(command.person), matchesOf(command.person, submissions))}\n${toPersonReport(submissions, deliveries, now())}`,
        );
        break;
      }
      case 'erase':
        await erase(storage, command, io);
        break;
      case 'audit': {
        const entries: AuditEntry[] = await storage.listAudit(command.limit);
        io.stdout(entries.length === 0 ? 'The audit log is empty.\n' : toAuditTable(entries));
        break;
      }
      case 'outbox': {
        const deliveries = await storage.listDeliveries({
          ...(command.statuses === undefined ? {} : { statuses: command.statuses }),
          limit: command.limit,
        });
        io.stdout(
          deliveries.length === 0
            ? `No notifications${command.statuses === undefined ? '' : ` ${command.statuses.map(statusWord).join(' or ')}`}.\n`
            : toOutboxTable(deliveries, now()),
        );
        break;
      }
      case 'retry':
        io.stdout(await retry(storage, command.id, now()));
        break;
      case 'purge':
        io.stdout(await purge(storage, command, now()));
        break;
    }
    return 0;
  } catch (error) {
    io.stderr(
      error instanceof Refusal
        ? `${error.message}\n`
        : `${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`,
    );
    return 1;
  } finally {
    await storage?.close();
  }
}

function statusWord(status: DeliveryStatus): string {
  return status === 'pending' ? 'waiting' : status;
}

/** Reads one or both types, merged in time order and cut to the limit. */
async function readSubmissions(
  storage: Storage,
  type: SubmissionType | undefined,
  query: { since: string | undefined; limit?: number; order: 'newest' | 'oldest'; person?: PersonQuery | undefined },
): Promise<Submission[]> {
  const listQuery = {
    order: query.order,
    ...(query.person === undefined ? {} : { person: query.person }),
    ...(query.since === undefined ? {} : { since: query.since }),
    ...(query.limit === undefined ? {} : { limit: query.limit }),
  };
  const [contacts, applications] = await Promise.all([
    type === 'application' ? [] : storage.listContacts(listQuery),
    type === 'contact' ? [] : storage.listApplications(listQuery),
  ]);
  const sign = query.order === 'newest' ? -1 : 1;
  // ISO times in UTC compare as plain strings.
  const merged = [...contacts, ...applications].sort(
    (a, b) => sign * (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0),
  );
  return query.limit === undefined ? merged : merged.slice(0, query.limit);
}

async function deliveriesBySubmission(storage: Storage, submissions: readonly Submission[]): Promise<Map<string, Delivery[]>> {
  const bySubmission = new Map<string, Delivery[]>();
  for (const delivery of await storage.listDeliveries({ submissionIds: submissions.map((s) => s.id) })) {
    bySubmission.set(delivery.submissionId, [...(bySubmission.get(delivery.submissionId) ?? []), delivery]);
  }
  return bySubmission;
}

async function retry(storage: Storage, id: string | undefined, now: Date): Promise<string> {
  const dueNow = 'The running server sends it within seconds, if it is configured for that channel.';
  if (id === undefined) {
    const failed = await storage.listDeliveries({ statuses: ['failed'] });
    if (failed.length === 0) return 'No notification has failed; nothing to retry.\n';
    const count = await storage.retryDeliveries(
      failed.map((d) => d.id),
      now,
    );
    return `${count} failed ${count === 1 ? 'notification is' : 'notifications are'} due again now, each with a fresh set of attempts. ${dueNow.replace('it', 'them')}\n`;
  }
  const matches = await storage.listDeliveries({ idPrefix: id, limit: 2 });
  const [delivery] = matches;
  if (delivery === undefined) {
    throw new Refusal(
      `No notification has an id starting with '${id}'. \`npm run submissions -- outbox --status all\` lists them.`,
    );
  }
  if (matches.length > 1) throw new Refusal(`Several notifications have an id starting with '${id}'; give more of it.`);
  const name = `Notification ${delivery.id.slice(0, 8)} (${delivery.channel}, ${delivery.submissionType} ${delivery.submissionId.slice(0, 8)})`;
  const state = deliveryState(delivery, now);
  if (state === 'sent')
    throw new Refusal(`${name} was sent at ${delivery.sentAt ?? 'an unknown time'}; there is nothing to retry.`);
  if (state === 'sending') {
    throw new Refusal(`${name} is being sent right now; see \`npm run submissions -- outbox\` in a minute for the outcome.`);
  }
  const count = await storage.retryDeliveries([delivery.id], now);
  // Between the read and the update, a worker may have claimed or sent it.
  if (count === 0) throw new Refusal(`${name} was picked up by the server meanwhile; see \`npm run submissions -- outbox\`.`);
  return `${name} is due again now, with a fresh set of attempts. ${dueNow}\n`;
}

const criterionWord = (person: PersonQuery): string =>
  'phone' in person ? `phone number${person.email === undefined ? '' : ' and e-mail address'}` : 'e-mail address';

/** The request as the operator gave it, with the number as it was read: `+1 98107 45210 (+19810745210 in E.164)`. */
function askedFor(person: PersonQuery): string {
  if (!('phone' in person)) return person.email;
  const number = readPhone(person.phone)!;
  const reading = number.ownCountryCode
    ? `${number.e164} in E.164`
    : `no country code: read as dialled from ${defaultCountry.name}, ${number.e164} in E.164`;
  return `${person.phone} (${reading})${person.email === undefined ? '' : ` with ${person.email}`}`;
}

/** Each submission with the rule that made it the person's, as the summary prints them. */
function matchesOf(person: PersonQuery, submissions: readonly Submission[]): PersonMatch[] {
  const matches = personMatcher(person);
  return submissions.map((submission) => {
    const identity = identityOf(submission);
    const rule = matches(identity);
    return {
      submission,
      rule: rule === undefined || rule === 'e-mail' ? 'the e-mail address, in any case' : describePhoneRule(rule),
      name: submission.type === 'contact' ? submission.username : submission.name,
      email: identity.email,
    };
  });
}

function counts(submissions: readonly Submission[], deliveries: ReadonlyMap<string, readonly Delivery[]> = new Map()) {
  return {
    contacts: submissions.filter((s) => s.type === 'contact').length,
    applications: submissions.filter((s) => s.type === 'application').length,
    notifications: [...deliveries.values()].reduce((sum, list) => sum + list.length, 0),
  };
}

/**
 * Shows who matched before anything goes, refuses a phone number that several e-mail addresses share
 * (a family's or an office's number: somebody else's data must not go with the person's), asks, and erases.
 */
async function erase(storage: Storage, command: EraseCommand, io: CliIo): Promise<void> {
  const { person } = command;
  const who = `anyone with this ${criterionWord(person)}`;
  const found = await readSubmissions(storage, undefined, { since: undefined, order: 'oldest', person });
  if (found.length === 0) {
    io.stdout(`Nothing is stored about ${who}; nothing to erase.\n`);
    return;
  }
  io.stdout(`${toMatchSummary(askedFor(person), matchesOf(person, found))}\n`);
  const addresses = new Set(found.map((s) => identityOf(s).email.toLowerCase()));
  if (addresses.size > 1) {
    throw new Refusal(
      `Nothing was erased: these submissions carry ${addresses.size} different e-mail addresses, so they may be more than one person's. ` +
        `Once you know which are this person's, run erase again with --email <address> as well, once for each of their addresses.`,
    );
  }
  if (!command.dryRun && !command.yes) {
    if (io.confirm === undefined) {
      throw new Refusal(
        'Nothing was erased: erase asks before it deletes. Run it in a terminal to answer, or add --yes in a script.',
      );
    }
    if (!(await io.confirm(`Erase ${plural(found.length, 'submission')} and their notifications for good? [y/N] `))) {
      io.stdout('Nothing was erased.\n');
      return;
    }
  }
  const result = await storage.erasePerson(person, { dryRun: command.dryRun });
  const total = result.contacts + result.applications;
  if (total === 0) {
    io.stdout(`Nothing is stored about ${who} any more; nothing to erase.\n`);
    return;
  }
  const what = `${plural(total, 'submission')} of ${who}: ${plural(result.contacts, 'enquiry', 'enquiries')} and ${plural(
    result.applications,
    'job application',
  )}, with their ${plural(result.notifications, 'notification')} (${result.unsent} not sent yet${
    command.dryRun ? '' : ', which will now never be sent'
  })`;
  io.stdout(
    command.dryRun
      ? `Would erase ${what}. Nothing was erased (--dry-run).\n`
      : `Erased ${what}. The audit log records the erasure, without the ${criterionWord(person)}.\n`,
  );
}

async function purge(storage: Storage, command: PurgeCommand, now: Date): Promise<string> {
  const before = new Date(now.getTime() - command.olderThanMs).toISOString();
  const cutOff = `made before ${before.slice(0, 16).replace('T', ' ')} UTC (older than ${command.olderThan})`;
  const result = await storage.purgeSubmissions(before, { dryRun: command.dryRun, olderThan: command.olderThan });
  const total = result.contacts + result.applications;
  if (total === 0) return `No submissions ${cutOff}; nothing to remove.\n`;
  const what = `${plural(total, 'submission')} ${cutOff}: ${plural(result.contacts, 'enquiry', 'enquiries')} and ${plural(
    result.applications,
    'job application',
  )}, with their ${plural(result.deliveries, 'notification')}`;
  return command.dryRun ? `Would remove ${what}. Nothing was removed (--dry-run).\n` : `Removed ${what}.\n`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

async function askInTerminal(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await terminal.question(question)).trim());
  } finally {
    terminal.close();
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runSubmissionsCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    ...(process.stdin.isTTY ? { confirm: askInTerminal } : {}),
  });
}

/** Submissions with the content of each application's files, as base64: what a person's export gives them. */
export async function withFileContents(storage: Storage, submissions: readonly Submission[]): Promise<Submission[]> {
  return Promise.all(
    submissions.map(async (submission) => {
      if (submission.type !== 'application' || submission.files.length === 0) return submission;
      const files = await Promise.all(
        submission.files.map(async (file) => {
          const read = await storage.readApplicationFile(submission.id, file.id);
          return { ...file, contentBase64: read ? read.content.toString('base64') : null };
        }),
      );
      return { ...submission, files };
    }),
  );
}
