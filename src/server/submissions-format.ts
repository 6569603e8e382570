import { declarations } from '../forms/declared.ts';
import type { AuditEntry, Delivery, Submission, SubmissionType } from './storage/index.ts';

/** What every export row has besides the form's fields, around them. */
const leading = ['type', 'id', 'created_at', 'spam'] as const;
const trailing = ['notice_version', 'page'] as const;

/**
 * Columns of the CSV export, by submission type: the database column names (the fields' from their
 * declaration in schemas/api/), so the two read alike.
 */
const csvColumns = (type: SubmissionType): string[] => [
  ...leading,
  ...declarations[type].fields.map((field) => field.column),
  ...trailing,
];

/** Each form's field names by column, looked up once per cell of an export. */
const fieldByColumn = {
  contact: new Map(declarations.contact.fields.map((f) => [f.column, f.name])),
  application: new Map(declarations.application.fields.map((f) => [f.column, f.name])),
} satisfies Record<SubmissionType, ReadonlyMap<string, string>>;

/** The value of a CSV column for a submission; undefined when the column belongs to the other type. */
function csvValue(submission: Submission, column: string): string | boolean | null | undefined {
  switch (column) {
    case 'created_at':
      return submission.createdAt;
    case 'notice_version':
      return submission.noticeVersion;
    case 'page':
      return submission.page;
    case 'type':
    case 'id':
    case 'spam':
      return submission[column];
    default: {
      const name = fieldByColumn[submission.type].get(column);
      return name === undefined ? undefined : (submission as unknown as Record<string, string | null>)[name];
    }
  }
}

/** The separators `export --separator` offers: a comma, or a semicolon for locales whose decimal mark is a comma. */
export const csvSeparators = [',', ';'] as const;
export type CsvSeparator = (typeof csvSeparators)[number];

/**
 * Writes submissions as CSV (RFC 4180: a header row, CRLF line ends, quotes doubled). With one type the
 * columns are that type's; with both, the union, blank where a column belongs to the other type.
 */
export function toCsv(submissions: readonly Submission[], type?: SubmissionType, separator: CsvSeparator = ','): string {
  const columns = type === undefined ? [...new Set([...csvColumns('contact'), ...csvColumns('application')])] : csvColumns(type);
  const lines = [columns.join(separator)];
  for (const submission of submissions) {
    lines.push(columns.map((column) => csvCell(csvValue(submission, column))).join(separator));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A phone number written in groups with spaces, `+91 98107 45210`: a spreadsheet tries it as a formula
 * and fails (a space between two numbers is no operator), so it shows the text as written. It is the one
 * kind of cell starting with `+` that a visitor commonly sends, and it stays unguarded so that exports
 * keep phone numbers as they were typed. `+91-98107-45210` is a subtraction and is guarded.
 */
const spacedPhoneNumber = /^\+\d{1,4}(?: \d{1,8})+$/;

/**
 * Whether a spreadsheet opening the export would compute the cell instead of showing it (OWASP's CSV
 * injection): a leading `=`, `+`, `-` or `@` (Excel reads `+A1`, `-1+1` and `@SUM(A1)` as formulas),
 * also after leading spaces or in their full-width forms, which some spreadsheets trim or fold; a
 * leading tab or carriage return. A cell that starts with `'` is guarded too, so that the guard can be
 * undone: an exported cell that starts with `'` had exactly one added.
 */
function needsGuard(value: string): boolean {
  if (/^['\t\r]/.test(value)) return true;
  return /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u.test(value) && !spacedPhoneNumber.test(value);
}

/**
 * One CSV cell, guarded with a leading `'` where a spreadsheet would compute it (see needsGuard): remove
 * one leading `'` from an exported cell to get what was stored. A cell is quoted when it holds a comma or
 * a semicolon (the separator in either convention: a spreadsheet in a German or French locale splits on
 * `;` even in a comma-separated file), a quote, a line break or a tab; quotes inside are doubled.
 */
export function csvCell(value: string | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const safe = needsGuard(value) ? `'${value}` : value;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Writes submissions as a JSON array, one object per submission with the fields of its type. */
export function toJson(submissions: readonly Submission[]): string {
  return `${JSON.stringify(submissions, null, 2)}\n`;
}

/**
 * A table for the terminal, latest first, with spam marked and the state of each submission's notifications.
 * Cells are cut to a readable width and stripped of control characters: a submitted value must not be able
 * to move the cursor or recolour the terminal.
 */
export function toTable(
  submissions: readonly Submission[],
  deliveries: ReadonlyMap<string, readonly Delivery[]> = new Map(),
  now: Date = new Date(),
): string {
  return table(
    ['WHEN (UTC)', 'TYPE', 'SPAM', 'NAME', 'EMAIL', 'PHONE', 'ABOUT', 'NOTIFIED', 'ID'],
    [16, 11, 4, 24, 32, 18, 40, 60, 8],
    submissions.map((s) => [
      time(s.createdAt),
      s.type,
      s.spam ? 'SPAM' : '',
      s.type === 'contact' ? s.username : s.name,
      s.email,
      s.type === 'contact' ? s.mobile : s.phone,
      s.type === 'contact' ? [s.company, s.projectDetails].filter(Boolean).join(': ') : s.domain,
      [...(deliveries.get(s.id) ?? [])]
        .sort((a, b) => (a.channel < b.channel ? -1 : 1))
        .map((d) => describeDelivery(d, now))
        .join(', '),
      s.id.slice(0, 8),
    ]),
  );
}

/** The fields of a submission as `find` shows them, labelled as on the forms. */
function fieldsOf(submission: Submission): [string, string][] {
  return declarations[submission.type].fields.map((field) => [
    field.label,
    (submission as unknown as Record<string, string | null>)[field.name] ?? '(not given)',
  ]);
}

/**
 * Everything stored about one person, for `find`: each submission in full (long texts are not cut,
 * line breaks are kept) with the state of its notifications. Control and invisible characters are
 * shown as `·`, so what is printed is what is stored, and harmless.
 */
export function toPersonReport(
  submissions: readonly Submission[],
  deliveries: ReadonlyMap<string, readonly Delivery[]> = new Map(),
  now: Date = new Date(),
): string {
  const blocks = submissions.map((s) => {
    const rows: [string, string][] = [
      ...fieldsOf(s),
      ['Spam', s.spam ? 'yes (the hidden field was filled in)' : 'no'],
      ['Privacy notice', s.noticeVersion ?? '(not recorded)'],
      [
        'Notifications',
        [...(deliveries.get(s.id) ?? [])]
          .sort((a, b) => (a.channel < b.channel ? -1 : 1))
          .map((d) => describeDelivery(d, now))
          .join(', ') || 'none',
      ],
    ];
    const width = Math.max(...rows.map(([label]) => label.length));
    const lines = rows.flatMap(([label, value]) =>
      value
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line, i) => `  ${(i === 0 ? label : '').padEnd(width)}  ${line.replace(controlCharacters, '·')}`.trimEnd()),
    );
    const kind = s.type === 'contact' ? 'Enquiry' : 'Job application';
    return [`${kind} ${s.id}, made ${time(s.createdAt)} UTC`, ...lines].join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}

/** `Asha Verma` → `A*** V***`: enough to tell two people apart, not enough to read out. */
export function maskName(name: string): string {
  return name
    .replace(controlCharacters, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => `${[...word][0] ?? ''}***`)
    .join(' ');
}

/** `asha.verma@example.in` → `a***@example.in`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, Math.max(0, at));
  return `${[...local][0] ?? ''}***${email.slice(at)}`.replace(controlCharacters, '·');
}

/** One submission a rights request matched, with the rule that matched it. */
export interface PersonMatch {
  readonly submission: Submission;
  readonly rule: string;
  readonly name: string;
  readonly email: string;
}

/**
 * Who a rights request matched, before anything is shown, sent or erased: how many submissions by which
 * rule, and the people in them with names and e-mail addresses masked, one line per address. Two
 * addresses are a sign that two people gave the same number.
 */
export function toMatchSummary(asked: string, matches: readonly PersonMatch[]): string {
  const byRule = new Map<string, number>();
  for (const { rule } of matches) byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
  const people = new Map<string, { names: Set<string>; email: string; count: number }>();
  for (const { name, email } of matches) {
    const key = email.toLowerCase();
    const person = people.get(key) ?? { names: new Set<string>(), email, count: 0 };
    person.names.add(maskName(name));
    person.count += 1;
    people.set(key, person);
  }
  const count = (n: number) => `${n} ${n === 1 ? 'submission' : 'submissions'}`;
  return [
    `Asked for ${asked}: ${count(matches.length)} matched.`,
    ...[...byRule].map(([rule, n]) => `  ${count(n)} by ${rule}`),
    `${people.size === 1 ? 'One e-mail address' : `${people.size} different e-mail addresses`} among them (masked):`,
    ...[...people.values()].map((p) => `  ${maskEmail(p.email)}  ${[...p.names].join(', ')}  (${count(p.count)})`),
    '',
  ].join('\n');
}

/** The audit log for `audit`, latest first. */
export function toAuditTable(entries: readonly AuditEntry[]): string {
  return table(
    ['WHEN (UTC)', 'ACTION', 'BY', 'ENQUIRIES', 'APPLICATIONS', 'NOTIFICATIONS'],
    [16, 6, 40, 9, 12, 13],
    entries.map((e) => [time(e.at), e.action, e.criterion, String(e.contacts), String(e.applications), String(e.notifications)]),
  );
}

/** What a notification is doing, in words: queued, sending, retrying, sent or failed. */
export type DeliveryState = 'queued' | 'sending' | 'retrying' | 'sent' | 'failed';

export function deliveryState(delivery: Delivery, now: Date): DeliveryState {
  if (delivery.status !== 'pending') return delivery.status;
  if (delivery.lockedUntil !== null && delivery.lockedUntil > now.toISOString()) return 'sending';
  return delivery.attempts === 0 ? 'queued' : 'retrying';
}

/** "email sent", "webhook retrying (3 attempts, next 12:03)", "email failed (12 attempts)". */
export function describeDelivery(delivery: Delivery, now: Date): string {
  const state = deliveryState(delivery, now);
  const attempts = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (state) {
    case 'retrying':
      return `${delivery.channel} retrying (${attempts}, next ${shortTime(delivery.nextAttemptAt, now)})`;
    case 'failed':
      return `${delivery.channel} failed (${attempts})`;
    default:
      return `${delivery.channel} ${state}`;
  }
}

/** The notifications of `npm run submissions -- outbox`, newest first. */
export function toOutboxTable(deliveries: readonly Delivery[], now: Date = new Date()): string {
  return table(
    ['CREATED (UTC)', 'CHANNEL', 'STATE', 'ATTEMPTS', 'NEXT / SENT (UTC)', 'SUBMISSION', 'LAST ERROR', 'ID'],
    [16, 7, 8, 8, 16, 20, 70, 8],
    deliveries.map((d) => {
      const state = deliveryState(d, now);
      return [
        time(d.createdAt),
        d.channel,
        state,
        String(d.attempts),
        state === 'sent' && d.sentAt !== null
          ? time(d.sentAt)
          : state === 'queued' || state === 'retrying'
            ? time(d.nextAttemptAt)
            : '',
        `${d.submissionType} ${d.submissionId.slice(0, 8)}`,
        state === 'sent' ? '' : (d.lastError ?? ''),
        d.id.slice(0, 8),
      ];
    }),
  );
}

function table(header: readonly string[], widths: readonly number[], rows: readonly (readonly string[])[]): string {
  const cut = rows.map((row) => row.map((cell, i) => fit(cell, widths[i] ?? 20)));
  const used = header.map((title, i) => Math.max(title.length, ...cut.map((row) => [...(row[i] ?? '')].length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell + ' '.repeat(Math.max(0, (used[i] ?? 0) - [...cell].length)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...cut.map(line)].join('\n')}\n`;
}

/** `2026-01-05 10:22` from an ISO time in UTC. */
function time(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

/** `12:03` today (UTC), `01-06 12:03` on another day. */
function shortTime(iso: string, now: Date): string {
  return iso.slice(0, 10) === now.toISOString().slice(0, 10) ? iso.slice(11, 16) : `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}

/**
 * What must not reach a terminal as it was stored: control characters (an escape sequence moves the
 * cursor or recolours the screen) and invisible format characters (a right-to-left override makes a
 * line read backwards). Values stored before the forms refused them may still hold some.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]+/g;

function fit(text: string, width: number): string {
  const clean = text.replace(controlCharacters, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  return chars.length <= width ? clean : `${chars.slice(0, width - 1).join('')}…`;
}
