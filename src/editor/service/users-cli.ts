/**
 * `npm run editor:users -- add|invite|list|role|remove|sign-out|audit …`: the admin's command for the accounts of
 * the shared editor service (accounts/index.ts), on the database the service uses (DATABASE_URL, or
 * EDITOR_DATA_DIR/editor.db). Everything it changes is written to the audit log with `cli` as the actor.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AccountError,
  accountsConfig,
  isRole,
  openAccounts,
  roles,
  type Accounts,
  type AccountsOptions,
  type Invitation,
  type Role,
} from './accounts/index.ts';
import { SetupError } from '../../server/errors.ts';
import { isEntryPoint } from '../../server/entry-point.ts';

/** The actor the audit log records for whatever this command does. */
export const cliActor = 'cli';

const defaultPort = '4500';

export const usage = `Usage:
  npm run editor:users -- add --email <address> --role ${roles.join('|')} [--name <name>]
  npm run editor:users -- invite --email <address>
  npm run editor:users -- list
  npm run editor:users -- role --email <address> --role ${roles.join('|')}
  npm run editor:users -- remove --email <address>
  npm run editor:users -- sign-out --email <address>
  npm run editor:users -- audit [--limit N]

  add       creates an account and prints its one-time invitation link, through which its owner sets a
            password; send it to them (it works once, for 7 days)
  invite    prints a new link for an existing account, for a forgotten password or a lost e-mail; earlier
            links stop working, and the account's sessions end once the new password is set
  list      prints every account: e-mail, name, role, whether a password is set or the invitation is open,
            and when it was created
  role      changes what an account may do: writers edit, publishers also publish, admins also manage
            accounts. The last admin cannot be demoted
  remove    deletes an account with its sessions and invitations. The last admin cannot be removed
  sign-out  ends every session of an account (a lost laptop, say) and prints how many there were
  audit     lists what happened to accounts and sessions, latest first (20 unless --limit says otherwise)

The database is the one the editor service uses: DATABASE_URL when set, otherwise EDITOR_DATA_DIR/editor.db
(EDITOR_DATA_DIR is ./data by default). Links start with EDITOR_PUBLIC_URL (http://localhost at EDITOR_PORT by default, port ${defaultPort}).`;

/** A mistake in the command line; the command prints it with the usage and exits with code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type Command =
  | { readonly command: 'add'; readonly email: string; readonly role: Role; readonly name: string | undefined }
  | { readonly command: 'invite' | 'remove' | 'sign-out'; readonly email: string }
  | { readonly command: 'list' }
  | { readonly command: 'role'; readonly email: string; readonly role: Role }
  | { readonly command: 'audit'; readonly limit: number }
  | { readonly command: 'help' };

const commands = ['add', 'invite', 'list', 'role', 'remove', 'sign-out', 'audit'] as const;
type CommandName = (typeof commands)[number];

/** The options each command takes; any other is a mistake worth pointing out. */
const optionsOf: Record<CommandName, readonly string[]> = {
  add: ['email', 'role', 'name'],
  invite: ['email'],
  list: [],
  role: ['email', 'role'],
  remove: ['email'],
  'sign-out': ['email'],
  audit: ['limit'],
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
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        limit: { type: 'string' },
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
  const known = command as CommandName;
  if (positionals.length > 1) {
    throw new UsageError(
      `Give one command, not ${positionals.map((p) => `'${p}'`).join(' ')}; options take the form --email <address>.`,
    );
  }
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || name === 'help' || optionsOf[known].includes(name)) continue;
    const owners = commands.filter((other) => optionsOf[other].includes(name));
    throw new UsageError(`--${name} belongs to ${owners.join(' and ')}, not to ${known}.`);
  }

  switch (known) {
    case 'add':
      return { command: known, email: readEmail(known, values.email), role: readRole(known, values.role), name: values.name };
    case 'role':
      return { command: known, email: readEmail(known, values.email), role: readRole(known, values.role) };
    case 'invite':
    case 'remove':
    case 'sign-out':
      return { command: known, email: readEmail(known, values.email) };
    case 'list':
      return { command: known };
    case 'audit':
      return { command: known, limit: readLimit(values.limit) };
  }
}

function readEmail(command: CommandName, value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new UsageError(`${command} needs --email <address>: the account's e-mail address.`);
  }
  return value;
}

function readRole(command: CommandName, value: string | undefined): Role {
  if (value === undefined) throw new UsageError(`${command} needs --role ${roles.join('|')}.`);
  if (!isRole(value)) throw new UsageError(`--role is '${value}'; use ${roles.join(', ')}.`);
  return value;
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
  readonly env: NodeJS.ProcessEnv;
  /** The accounts' clock; the system clock unless a test sets it. */
  readonly now?: () => Date;
}

/** Runs the command and returns its exit code: 0 done, 1 refused or the database failed, 2 bad arguments. */
export async function runUsersCli(argv: readonly string[], io: CliIo): Promise<number> {
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

  let accounts: Accounts | undefined;
  try {
    const options: AccountsOptions = io.now === undefined ? {} : { now: io.now };
    const config = accountsConfig(io.env);
    // The service makes its database at its first start. One missing here means these settings are not the
    // service's: accounts made in a new file would be in a database it never reads.
    if (config.kind === 'sqlite' && !existsSync(config.file))
      throw new SetupError(
        'EditorDatabaseMissing',
        `There is no editor database at ${config.file}, so the editor service has not run with EDITOR_DATA_DIR=${dirname(config.file)}. ` +
          'Nothing was done: give this command the same EDITOR_DATA_DIR (or DATABASE_URL) as the service, or start the service once first (npm run editor:start), which makes its database.',
      );
    accounts = await openAccounts(config, options);
    io.stdout(await run(accounts, command, publicUrl(io.env)));
    return 0;
  } catch (error) {
    // Refusals and setup problems carry a message written for the operator; anything else is shown by name.
    io.stderr(
      error instanceof AccountError || error instanceof SetupError
        ? `${error.message}\n`
        : `${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`,
    );
    return 1;
  } finally {
    await accounts?.close();
  }
}

async function run(accounts: Accounts, command: Exclude<Command, { command: 'help' }>, baseUrl: string): Promise<string> {
  switch (command.command) {
    case 'add': {
      const invitation = await accounts.add(
        { email: command.email, role: command.role, ...(command.name === undefined ? {} : { name: command.name }) },
        cliActor,
      );
      return `Added ${invitation.account.email} as ${command.role}. Send them this link to set their password:\n\n${link(
        baseUrl,
        invitation,
      )}`;
    }
    case 'invite': {
      const invitation = await accounts.invite(command.email, cliActor);
      return `A new link for ${invitation.account.email}; earlier links no longer work. Send it to them:\n\n${link(baseUrl, invitation)}`;
    }
    case 'list': {
      const all = await accounts.list();
      if (all.length === 0) {
        return `No accounts yet. Add the first admin: npm run editor:users -- add --email <your address> --role admin\n`;
      }
      return table(
        ['E-MAIL', 'NAME', 'ROLE', 'PASSWORD', 'CREATED'],
        all.map((a) => [
          a.email,
          a.name || '-',
          a.role,
          a.hasPassword ? 'set' : 'invited',
          a.createdAt.slice(0, 16).replace('T', ' '),
        ]),
      );
    }
    case 'role': {
      const account = await accounts.setRole(command.email, command.role, cliActor);
      return `${account.email} is now ${account.role}.\n`;
    }
    case 'remove':
      await accounts.remove(command.email, cliActor);
      return `Removed ${command.email.trim().toLowerCase()} with its sessions and invitations.\n`;
    case 'sign-out': {
      const ended = await accounts.signOutEverywhere(command.email, cliActor);
      return `Ended ${ended} session${ended === 1 ? '' : 's'} of ${command.email.trim().toLowerCase()}.\n`;
    }
    case 'audit': {
      const records = await accounts.listAudit(command.limit);
      if (records.length === 0) return 'The audit log is empty.\n';
      return table(
        ['AT (UTC)', 'ACTION', 'ACTOR', 'SUBJECT', 'DETAIL', 'IP'],
        records.map((r) => [
          r.at.slice(0, 19).replace('T', ' '),
          r.action,
          r.actor ?? '-',
          r.subject ?? '-',
          r.detail ?? '-',
          r.ip ?? '-',
        ]),
      );
    }
  }
}

/** Where the service is opened, as the service itself reads it: EDITOR_PUBLIC_URL, or localhost at EDITOR_PORT. */
function publicUrl(env: NodeJS.ProcessEnv): string {
  return (env.EDITOR_PUBLIC_URL?.trim() || `http://localhost:${env.EDITOR_PORT?.trim() || defaultPort}`).replace(/\/+$/, '');
}

/**
 * The link to send. The token is in the fragment (after #), which browsers never send to a server, so it stays
 * out of access logs and Referer headers; the invitation page reads it with JavaScript.
 */
function link(baseUrl: string, invitation: Invitation): string {
  return `  ${baseUrl}/invite#${invitation.token}\n\nIt works once, until ${invitation.expiresAt.slice(0, 16).replace('T', ' ')} UTC.\n`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return `${[header, ...rows].map(line).join('\n')}\n`;
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runUsersCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  });
}
