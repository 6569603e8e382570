/**
 * `npm run submissions -- list|export …`: reads the submissions of the database that the server uses (the
 * same DATA_DIR / DATABASE_URL variables), for the people who answer enquiries and applications.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readStorageConfig } from './config.ts';
import { openStorage, type Storage, type Submission, type SubmissionType } from './storage/index.ts';
import { toCsv, toJson, toTable } from './submissions-format.ts';

export const usage = `Usage:
  npm run submissions -- list [--type contact|application] [--since YYYY-MM-DD] [--limit N]
  npm run submissions -- export --format csv|json [--type contact|application] [--since YYYY-MM-DD]

  list     prints the latest submissions as a table (20 unless --limit says otherwise), spam marked SPAM
  export   prints every matching submission, oldest first, as CSV or JSON; redirect it to a file

  --type   only contact enquiries or only job applications (both by default)
  --since  only submissions made on or after this date (UTC), or this ISO 8601 time

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
  readonly type: SubmissionType | undefined;
  readonly since: string | undefined;
}

export type Command = ListCommand | ExportCommand | { readonly command: 'help' };

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
        type: { type: 'string' },
        since: { type: 'string' },
        limit: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'Name a command: list or export.'
        : `Give one command, not ${positionals.map((p) => `'${p}'`).join(' ')}.`,
    );
  }
  const command = positionals[0];
  const type = readType(values.type);
  const since = readSince(values.since);

  if (command === 'list') {
    if (values.format !== undefined) throw new UsageError('--format belongs to export; list always prints a table.');
    return { command, type, since, limit: readLimit(values.limit) };
  }
  if (command === 'export') {
    if (values.limit !== undefined) throw new UsageError('--limit belongs to list; export prints every matching submission.');
    if (values.format !== 'csv' && values.format !== 'json') {
      throw new UsageError(
        values.format === undefined
          ? 'export needs --format csv or --format json.'
          : `--format is '${values.format}'; use csv or json.`,
      );
    }
    return { command, format: values.format, type, since };
  }
  throw new UsageError(`Unknown command '${command}'; use list or export.`);
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

function readLimit(value: string | undefined): number {
  if (value === undefined) return 20;
  const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError(`--limit is '${value}'; use a whole number from 1.`);
  return limit;
}

/** Where the command writes and what it reads; the real process by default, buffers in tests. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Runs the command and returns its exit code: 0 done, 1 the database failed, 2 bad arguments. */
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

  let storage: Storage | undefined;
  try {
    storage = await openStorage(readStorageConfig(io.env));
    if (command.command === 'list') {
      const submissions = await readSubmissions(storage, command.type, {
        since: command.since,
        limit: command.limit,
        order: 'newest',
      });
      io.stdout(
        submissions.length === 0
          ? `No submissions${command.since === undefined ? ' yet' : ` since ${command.since}`}.\n`
          : toTable(submissions),
      );
    } else {
      const submissions = await readSubmissions(storage, command.type, { since: command.since, order: 'oldest' });
      io.stdout(command.format === 'csv' ? toCsv(submissions, command.type) : toJson(submissions));
    }
    return 0;
  } catch (error) {
    io.stderr(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    return 1;
  } finally {
    await storage?.close();
  }
}

/** Reads one or both types, merged in time order and cut to the limit. */
async function readSubmissions(
  storage: Storage,
  type: SubmissionType | undefined,
  query: { since: string | undefined; limit?: number; order: 'newest' | 'oldest' },
): Promise<Submission[]> {
  const listQuery = {
    order: query.order,
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

/** True when this file is the program being run (`tsx src/server/submissions-cli.ts`), not an import. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === import.meta.url;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  process.exitCode = await runSubmissionsCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  });
}
