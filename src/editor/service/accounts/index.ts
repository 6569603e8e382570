/**
 * The accounts of the shared editor service: local accounts created by an admin, the one-time invitation links
 * through which people set their password, sessions, roles and an audit log, kept in the editor's own tables
 * (migrations.ts) in SQLite or PostgreSQL.
 *
 * Secrets: session and invitation tokens are 32 random bytes; the database keeps only their SHA-256, so a copy
 * of it lets nobody sign in. The CSRF token of a session is derived from its session token (see csrfOf), so it
 * needs no column either. Passwords are kept as scrypt hashes (passwords.ts). No token and no password is ever
 * written to the audit log or put in an error message.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { SetupError } from '../../../server/errors.ts';
import type { StorageConfig } from '../../../server/storage/index.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { accountMigrations } from './migrations.ts';
import {
  codePoints,
  dummyHash,
  hashPassword,
  needsRehash,
  passwordPolicy,
  passwordProblem,
  verifyPassword,
} from './passwords.ts';

export type Role = 'writer' | 'publisher' | 'admin' | 'sales' | 'hr';

/**
 * Every role. The content roles come in order of power (admin ⊇ publisher ⊇ writer); `sales` answers the
 * enquiries and `hr` the applications in the inbox, and neither edits content. An admin may do everything.
 */
export const roles: readonly Role[] = ['writer', 'publisher', 'admin', 'sales', 'hr'];

const contentRanks: readonly Role[] = ['writer', 'publisher', 'admin'];

/** Whether an account with `role` may do what needs `needed`. */
export function allows(role: Role, needed: Role): boolean {
  if (role === 'admin') return true;
  if (needed === 'sales' || needed === 'hr') return role === needed;
  const rank = contentRanks.indexOf(role);
  return rank !== -1 && rank >= contentRanks.indexOf(needed);
}

/** A role in a sentence, for people: "Only a publisher may do this; you are signed in as someone in sales." */
export const roleInWords: Readonly<Record<Role, string>> = {
  writer: 'a writer',
  publisher: 'a publisher',
  admin: 'an administrator',
  sales: 'someone in sales',
  hr: 'someone in HR',
};

/** Whether `value` names a role, for input from a command line or a request. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

export interface Account {
  readonly id: string;
  /** Lower-cased and trimmed. */
  readonly email: string;
  /** Empty when the admin gave none. */
  readonly name: string;
  readonly role: Role;
  /** ISO 8601 time in UTC. */
  readonly createdAt: string;
  /** False until the account's invitation has been accepted. */
  readonly hasPassword: boolean;
}

/** A new session: the token goes into the session cookie, the CSRF token into the page. */
export interface SignedIn {
  readonly token: string;
  readonly csrf: string;
  readonly account: Account;
  /** When the session ends unless it is used before (the idle timeout), or at the latest (the absolute one). */
  readonly expiresAt: string;
}

/** A live session, as found by its token. */
export interface Session {
  readonly account: Account;
  /** Compare it with the request's CSRF token with timingSafeEqual. */
  readonly csrf: string;
  /** Names the session in logs; no secret. */
  readonly id: string;
  readonly expiresAt: string;
}

/** A one-time link's token (for `/invite#<token>`) and whom it is for. */
export interface Invitation {
  readonly token: string;
  readonly expiresAt: string;
  readonly account: Account;
}

export interface AuditEvent {
  /** What happened, such as `account.added` or `page.published`. */
  readonly action: string;
  /** The e-mail address of who did it (`cli` for the command line). */
  readonly actor?: string;
  /** Whom or what it was done to. */
  readonly subject?: string;
  readonly detail?: string;
  readonly ip?: string;
}

export interface AuditRecord extends AuditEvent {
  /** ISO 8601 time in UTC. */
  readonly at: string;
}

export interface AccountsOptions {
  /** The clock; tests set it to reach the timeouts. */
  now?: () => Date;
  /** A session not used for this long ends (2 hours by default). */
  idleMs?: number;
  /** A session ends this long after sign-in however much it is used (12 hours by default). */
  absoluteMs?: number;
  /** How long an invitation link works (7 days by default). */
  invitationMs?: number;
}

export interface Accounts {
  /** Creates an account with no password and returns its first invitation. */
  add(input: { email: string; role: Role; name?: string }, actor?: string): Promise<Invitation>;
  /** A fresh one-time link for an existing account; earlier links stop working. */
  invite(email: string, actor?: string): Promise<Invitation>;
  /** Whom an unused, unexpired invitation is for. */
  invitation(token: string): Promise<Account | undefined>;
  /** Sets the password, uses up the invitation, ends the account's other sessions and signs in. */
  acceptInvitation(token: string, password: string, meta?: { ip?: string }): Promise<SignedIn>;
  signIn(email: string, password: string, meta?: { ip?: string }): Promise<SignedIn>;
  /** Signs in an existing account whose e-mail address an OpenID Connect provider vouched for. */
  /**
   * Signs in the account an OpenID Connect provider vouched for: the account bound to this issuer and
   * subject, or, at its first single sign-on, the account with that e-mail address, which is then
   * bound to them (another person at the provider with the same address afterwards is refused).
   */
  signInExternal(
    input: { email: string; name?: string; issuer: string; subject: string },
    meta?: { ip?: string },
  ): Promise<SignedIn>;
  /** The live session of `token`, or undefined (unknown, signed out, idle too long, or too old). */
  session(token: string): Promise<Session | undefined>;
  signOut(token: string, meta?: { ip?: string }): Promise<void>;
  /** Ends every session of the account; returns how many there were. */
  signOutEverywhere(email: string, actor?: string): Promise<number>;
  setRole(email: string, role: Role, actor?: string): Promise<Account>;
  /** Deletes the account with its sessions and invitations. */
  remove(email: string, actor?: string): Promise<void>;
  /** Every account, by e-mail address. */
  list(): Promise<Account[]>;
  audit(event: AuditEvent): Promise<void>;
  /** The latest `limit` (100 by default) audit records, latest first. */
  listAudit(limit?: number): Promise<AuditRecord[]>;
  close(): Promise<void>;
}

export type AccountErrorCode =
  | 'AccountExists'
  | 'AccountMissing'
  | 'EmailInvalid'
  | 'NameInvalid'
  | 'InvitationInvalid'
  | 'PasswordWeak'
  | 'SignInFailed'
  | 'LastAdmin';

/** A refusal of the accounts layer, with a permanent code and a message for the person who asked. */
export class AccountError extends Error {
  constructor(
    readonly code: AccountErrorCode,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

/** Where the editor keeps its accounts: PostgreSQL when DATABASE_URL is set, else `${EDITOR_DATA_DIR ?? 'data'}/editor.db`. */
export function accountsConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) {
      throw new SetupError(
        'InvalidConfig',
        `DATABASE_URL must be a PostgreSQL address such as postgres://user:password@host:5432/database (it starts with '${databaseUrl.split(':')[0]}:'). Leave it unset to keep the editor's accounts in a SQLite file in EDITOR_DATA_DIR.`,
      );
    }
    return { kind: 'postgres', connectionString: databaseUrl };
  }
  return { kind: 'sqlite', file: path.join(path.resolve(env.EDITOR_DATA_DIR?.trim() || 'data'), 'editor.db') };
}

interface AccountTable {
  id: string;
  email: string;
  name: string;
  role: string;
  password_hash: string | null;
  created_at: string;
  oidc_issuer: string | null;
  oidc_subject: string | null;
}

interface InvitationTable {
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
}

interface SessionTable {
  id: string;
  token_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
}

interface AuditTable {
  id: string;
  at: string;
  action: string;
  actor: string | null;
  subject: string | null;
  detail: string | null;
  ip: string | null;
}

interface EditorDatabase {
  editor_accounts: AccountTable;
  editor_invitations: InvitationTable;
  editor_sessions: SessionTable;
  editor_audit: AuditTable;
}

type AccountRow = Selectable<AccountTable>;
type Db = Kysely<EditorDatabase> | Transaction<EditorDatabase>;

/** Connects to the accounts database and brings its tables up to date, so the first start needs no setup step. */
export async function openAccounts(config: StorageConfig, options: AccountsOptions = {}): Promise<Accounts> {
  const { db } = await openDatabase<EditorDatabase>(config, {
    holds: "editor's accounts",
    dataDirVariable: 'EDITOR_DATA_DIR',
    migrations: accountMigrations,
    migrationTables: { table: 'editor_migration', lock: 'editor_migration_lock' },
  });
  return new KyselyAccounts(db, config.kind, {
    now: options.now ?? (() => new Date()),
    idleMs: options.idleMs ?? 2 * hour,
    absoluteMs: options.absoluteMs ?? 12 * hour,
    invitationMs: options.invitationMs ?? 7 * 24 * hour,
  });
}

const minute = 60_000;
const hour = 60 * minute;

/** How often a session's last-seen time is written at most: each request would otherwise be a write. */
const touchEveryMs = minute;

/** 32 random bytes, base64url: 43 characters. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * What the database keeps instead of a token. A plain SHA-256 suffices (no salt, no slow hash): the token is 256
 * random bits, so there is nothing to guess. Looking the hash up in the database is also why that look-up
 * cannot leak the token through its timing: an attacker controls the token, not its hash.
 */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The CSRF token of a session: an HMAC of a fixed label keyed with the session token. It is as unguessable as 32
 * random bytes, does not reveal the session token (it is sent to the page, which cannot read the cookie), and
 * can be recomputed from the token on every request, so it needs no column and a copy of the database holds
 * no CSRF token either.
 */
function csrfOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('devstaff editor csrf v1').digest('base64url');
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Lower-cases and trims an address; EmailInvalid when it is not one. */
function readEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (!looksLikeEmail(email)) {
    throw new AccountError(
      'EmailInvalid',
      `'${input.trim().slice(0, 100)}' is not an e-mail address. Give a whole address, such as asha@example.in.`,
    );
  }
  return email;
}

/**
 * A person's name as the editor shows it and git records it as an author: one line of up to 100
 * characters, without control, format (zero-width, bidirectional overrides) or `<` `>` characters. A
 * NUL or a `<` made git refuse the author, so that person could never ask for review again; an
 * override makes a name read as someone else's. The characters git drops from either end of a name
 * (spaces, `. , : ; " ' \`) are dropped here too, so the name shown is the name in the history. Empty
 * is allowed: the address is shown instead.
 */
export function readName(input: unknown): string {
  const typed = (typeof input === 'string' ? input : '').normalize('NFC');
  const name = typed.replace(/^[\s.,:;"'\\]+|[\s.,:;"'\\]+$/gu, '');
  const refuse = (why: string) =>
    new AccountError(
      'NameInvalid',
      `A name is one line of up to 100 characters with letters in it, without < >, line breaks, invisible characters or an e-mail address; ${why}. Write the person's name as colleagues know it, such as Asha Verma.`,
    );
  if (codePoints(name) > 100) throw refuse(`this one has ${codePoints(name)} characters`);
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/u.test(typed)) throw refuse('this one has characters of those kinds');
  if (name === '' && typed.trim() !== '') throw refuse('this one has only punctuation');
  // Shown where an address would be (the author of a change, the audit), a name that is an address
  // could pass for someone else's.
  if (/[^\s@]+@[^\s@]+\.[^\s@]+/u.test(name)) throw refuse('this one holds an e-mail address, which could pass for someone else');
  return name;
}

function looksLikeEmail(email: string): boolean {
  // Not RFC 5322: one @, no spaces or control characters, a dot in the domain, the length SMTP allows.
  return email.length <= 254 && /^[^\s@\p{Cc}]+@[^\s@\p{Cc}.]+(\.[^\s@\p{Cc}.]+)+$/u.test(email);
}

function assertRole(role: unknown): asserts role is Role {
  if (!isRole(role)) throw new TypeError(`Unknown role ${JSON.stringify(role)}; use one of ${roles.join(', ')}.`);
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    // A role this version does not know (a row edited by hand, a newer version's role) gets the least power.
    role: isRole(row.role) ? row.role : 'writer',
    createdAt: row.created_at,
    hasPassword: row.password_hash !== null,
  };
}

function missing(email: string): AccountError {
  return new AccountError(
    'AccountMissing',
    `There is no editor account for ${email}. Check the address (\`npm run editor:users -- list\` shows every account), or ask an admin to add one.`,
  );
}

const invitationInvalid = () =>
  new AccountError(
    'InvitationInvalid',
    'This invitation link does not work: it has been used already, has expired, or was replaced by a newer one. Ask an admin for a new link.',
  );

const signInFailed = () =>
  new AccountError(
    'SignInFailed',
    'The e-mail address or the password is wrong. Check both and try again; if you have forgotten your password, ask an admin for a new invitation link.',
  );

/** Unique-index violations of SQLite and PostgreSQL (two processes adding the same address at once). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

let auditSequence = 0;

/**
 * Audit ids sort in the order the records were written: the time, then a counter for records written in the same
 * millisecond by this process (a sign-in writes two), then random digits so that two processes never collide.
 */
function auditId(at: string): string {
  auditSequence = (auditSequence + 1) % 1e9;
  return `${at}~${String(auditSequence).padStart(9, '0')}~${randomBytes(4).toString('hex')}`;
}

interface Timeouts {
  readonly now: () => Date;
  readonly idleMs: number;
  readonly absoluteMs: number;
  readonly invitationMs: number;
}

class KyselyAccounts implements Accounts {
  constructor(
    private readonly db: Kysely<EditorDatabase>,
    private readonly kind: StorageConfig['kind'],
    private readonly timeouts: Timeouts,
  ) {}

  async add(input: { email: string; role: Role; name?: string }, actor?: string): Promise<Invitation> {
    const email = readEmail(input.email);
    assertRole(input.role);
    const now = this.timeouts.now();
    const row: AccountRow = {
      id: randomUUID(),
      email,
      name: readName(input.name ?? ''),
      role: input.role,
      password_hash: null,
      created_at: now.toISOString(),
      oidc_issuer: null,
      oidc_subject: null,
    };
    try {
      return await this.db.transaction().execute(async (trx) => {
        if ((await this.findAccount(trx, email)) !== undefined) throw exists(email);
        await trx.insertInto('editor_accounts').values(row).execute();
        const invitation = await this.newInvitation(trx, row, now);
        await this.write(trx, { action: 'account.added', actor, subject: email, detail: `role ${input.role}` }, now);
        return invitation;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw exists(email);
      throw error;
    }
  }

  async invite(email: string, actor?: string): Promise<Invitation> {
    const address = readEmail(email);
    const now = this.timeouts.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await this.findAccount(trx, address);
      if (row === undefined) throw missing(address);
      // One link at a time: a new one (for a forgotten password, a lost e-mail) replaces those given before.
      await trx.deleteFrom('editor_invitations').where('account_id', '=', row.id).execute();
      const invitation = await this.newInvitation(trx, row, now);
      await this.write(trx, { action: 'account.invited', actor, subject: address, detail: `until ${invitation.expiresAt}` }, now);
      return invitation;
    });
  }

  async invitation(token: string): Promise<Account | undefined> {
    const row = await this.findInvitation(this.db, token, this.timeouts.now());
    return row === undefined ? undefined : toAccount(row);
  }

  async acceptInvitation(token: string, password: string, meta: { ip?: string } = {}): Promise<SignedIn> {
    const found = await this.findInvitation(this.db, token, this.timeouts.now());
    if (found === undefined) throw invitationInvalid();
    // The invitation is not used up by a weak password: the person may try another with the same link.
    const problem = await passwordProblem(password, found.email, found.name);
    if (problem !== undefined) throw new AccountError('PasswordWeak', problem);
    const hash = await hashPassword(password);
    const now = this.timeouts.now();
    return this.db.transaction().execute(async (trx) => {
      // Deleting is the check: of two uses of one link at the same moment, only one deletes the row.
      const used = await trx
        .deleteFrom('editor_invitations')
        .where('token_hash', '=', tokenHash(token))
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      if (Number(used.numDeletedRows) !== 1) throw invitationInvalid();
      await trx.deleteFrom('editor_invitations').where('account_id', '=', found.id).execute();
      await trx.updateTable('editor_accounts').set({ password_hash: hash }).where('id', '=', found.id).execute();
      // A link is also how a forgotten password is replaced: whoever signed in with the old one is signed out.
      const ended = await trx.deleteFrom('editor_sessions').where('account_id', '=', found.id).executeTakeFirst();
      const account = await trx.selectFrom('editor_accounts').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
      await this.write(
        trx,
        {
          action: 'invitation.accepted',
          actor: account.email,
          subject: account.email,
          detail: `password set; ${plural(Number(ended.numDeletedRows), 'earlier session')} ended`,
          ip: meta.ip,
        },
        now,
      );
      return this.startSession(trx, account, now, meta, 'invitation');
    });
  }

  async signIn(email: string, password: string, meta: { ip?: string } = {}): Promise<SignedIn> {
    const address = email.trim().toLowerCase();
    // Made once, before anything else, so that the first sign-in of an unknown address takes no longer either.
    const fallback = await dummyHash();
    const row = looksLikeEmail(address) ? await this.findAccount(this.db, address) : undefined;
    // No password the policy accepts is longer than 256 code points (512 UTF-16 units): a longer one is wrong
    // whatever it is, and is cut before it is hashed, so that a megabyte of it costs no more than a real attempt.
    const longest = 2 * passwordPolicy.maxLength;
    const matches =
      (await verifyPassword(password.slice(0, longest), row?.password_hash ?? fallback)) && password.length <= longest;
    const now = this.timeouts.now();
    if (row === undefined || row.password_hash === null || !matches) {
      const why = row === undefined ? 'no such account' : row.password_hash === null ? 'no password set yet' : 'wrong password';
      await this.write(
        this.db,
        { action: 'session.sign-in-failed', subject: address.slice(0, 254), detail: why, ip: meta.ip },
        now,
      );
      throw signInFailed();
    }
    if (needsRehash(row.password_hash)) {
      // Raised parameters reach existing accounts here, the only moment the password is known.
      await this.db
        .updateTable('editor_accounts')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', row.id)
        .where('password_hash', '=', row.password_hash)
        .execute();
    }
    return this.db.transaction().execute((trx) => this.startSession(trx, row, now, meta, 'password'));
  }

  async signInExternal(
    input: { email: string; name?: string; issuer: string; subject: string },
    meta: { ip?: string } = {},
  ): Promise<SignedIn> {
    const address = readEmail(input.email);
    const now = this.timeouts.now();
    const bound = await this.db
      .selectFrom('editor_accounts')
      .selectAll()
      .where('oidc_issuer', '=', input.issuer)
      .where('oidc_subject', '=', input.subject)
      .executeTakeFirst();
    const byAddress = bound ?? (await this.findAccount(this.db, address));
    // An account already bound to another person at the provider is not theirs, whatever address they show.
    const found = byAddress && (bound || byAddress.oidc_subject === null) ? byAddress : undefined;
    if (found === undefined) {
      await this.write(
        this.db,
        {
          action: 'session.sign-in-failed',
          subject: address,
          detail: byAddress
            ? 'openid-connect: the account is bound to another person at the provider'
            : 'openid-connect: no such account',
          ip: meta.ip,
        },
        now,
      );
      throw missing(address);
    }
    // A provider's name that the editor would refuse is left out: the address is shown instead.
    let name: string | undefined;
    try {
      name = readName(input.name ?? '') || undefined;
    } catch {
      name = undefined;
    }
    return this.db.transaction().execute(async (trx) => {
      let row = found;
      if (row.oidc_subject === null) {
        await trx
          .updateTable('editor_accounts')
          .set({ oidc_issuer: input.issuer, oidc_subject: input.subject })
          .where('id', '=', row.id)
          .execute();
        row = { ...row, oidc_issuer: input.issuer, oidc_subject: input.subject };
      }
      if (name && row.name === '') {
        // The provider knows the person's name when the admin did not give one.
        await trx.updateTable('editor_accounts').set({ name }).where('id', '=', row.id).execute();
        row = { ...row, name };
      }
      return this.startSession(trx, row, now, meta, 'openid-connect');
    });
  }

  async session(token: string): Promise<Session | undefined> {
    if (!tokenPattern.test(token)) return undefined;
    const hash = tokenHash(token);
    const row = await this.db
      .selectFrom('editor_sessions as s')
      .innerJoin('editor_accounts as a', 'a.id', 's.account_id')
      .selectAll('a')
      .select(['s.id as session_id', 's.token_hash', 's.created_at as session_created_at', 's.last_seen_at'])
      .where('s.token_hash', '=', hash)
      .executeTakeFirst();
    if (row === undefined || !sameSecret(row.token_hash, hash)) return undefined;
    const now = this.timeouts.now();
    if (now.getTime() >= this.expiry(row.session_created_at, row.last_seen_at)) {
      await this.db.deleteFrom('editor_sessions').where('id', '=', row.session_id).execute();
      return undefined;
    }
    let lastSeen = row.last_seen_at;
    if (now.getTime() - Date.parse(lastSeen) >= touchEveryMs) {
      lastSeen = now.toISOString();
      await this.db.updateTable('editor_sessions').set({ last_seen_at: lastSeen }).where('id', '=', row.session_id).execute();
    }
    return {
      account: toAccount(row),
      csrf: csrfOf(token),
      id: row.session_id,
      expiresAt: new Date(this.expiry(row.session_created_at, lastSeen)).toISOString(),
    };
  }

  async signOut(token: string, meta: { ip?: string } = {}): Promise<void> {
    if (!tokenPattern.test(token)) return;
    const now = this.timeouts.now();
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('editor_sessions as s')
        .innerJoin('editor_accounts as a', 'a.id', 's.account_id')
        .select(['s.id as session_id', 'a.email'])
        .where('s.token_hash', '=', tokenHash(token))
        .executeTakeFirst();
      if (row === undefined) return;
      await trx.deleteFrom('editor_sessions').where('id', '=', row.session_id).execute();
      await this.write(trx, { action: 'session.signed-out', actor: row.email, subject: row.email, ip: meta.ip }, now);
    });
  }

  async signOutEverywhere(email: string, actor?: string): Promise<number> {
    const address = readEmail(email);
    const now = this.timeouts.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await this.findAccount(trx, address);
      if (row === undefined) throw missing(address);
      const ended = Number(
        (await trx.deleteFrom('editor_sessions').where('account_id', '=', row.id).executeTakeFirst()).numDeletedRows,
      );
      await this.write(
        trx,
        { action: 'session.signed-out-everywhere', actor, subject: address, detail: plural(ended, 'session') },
        now,
      );
      return ended;
    });
  }

  async setRole(email: string, role: Role, actor?: string): Promise<Account> {
    const address = readEmail(email);
    assertRole(role);
    const now = this.timeouts.now();
    return this.db.transaction().execute(async (trx) => {
      await this.lockAdmins(trx);
      const row = await this.findAccount(trx, address);
      if (row === undefined) throw missing(address);
      if (row.role === role) return toAccount(row);
      await trx.updateTable('editor_accounts').set({ role }).where('id', '=', row.id).execute();
      if (row.role === 'admin') await this.keepAnAdmin(trx, address, 'demote');
      await this.write(trx, { action: 'account.role', actor, subject: address, detail: `${row.role} → ${role}` }, now);
      return toAccount({ ...row, role });
    });
  }

  async remove(email: string, actor?: string): Promise<void> {
    const address = readEmail(email);
    const now = this.timeouts.now();
    await this.db.transaction().execute(async (trx) => {
      await this.lockAdmins(trx);
      const row = await this.findAccount(trx, address);
      if (row === undefined) throw missing(address);
      await trx.deleteFrom('editor_sessions').where('account_id', '=', row.id).execute();
      await trx.deleteFrom('editor_invitations').where('account_id', '=', row.id).execute();
      await trx.deleteFrom('editor_accounts').where('id', '=', row.id).execute();
      if (row.role === 'admin') await this.keepAnAdmin(trx, address, 'remove');
      await this.write(trx, { action: 'account.removed', actor, subject: address, detail: `was ${row.role}` }, now);
    });
  }

  async list(): Promise<Account[]> {
    const rows = await this.db.selectFrom('editor_accounts').selectAll().orderBy('email').execute();
    return rows.map(toAccount);
  }

  async audit(event: AuditEvent): Promise<void> {
    await this.write(this.db, event, this.timeouts.now());
  }

  async listAudit(limit = 100): Promise<AuditRecord[]> {
    const rows = await this.db
      .selectFrom('editor_audit')
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.max(1, Math.floor(limit)))
      .execute();
    return rows.map((row) => ({
      at: row.at,
      action: row.action,
      ...(row.actor === null ? {} : { actor: row.actor }),
      ...(row.subject === null ? {} : { subject: row.subject }),
      ...(row.detail === null ? {} : { detail: row.detail }),
      ...(row.ip === null ? {} : { ip: row.ip }),
    }));
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }

  private findAccount(db: Db, email: string): Promise<AccountRow | undefined> {
    return db.selectFrom('editor_accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  private async findInvitation(db: Db, token: string, now: Date): Promise<AccountRow | undefined> {
    if (!tokenPattern.test(token)) return undefined;
    const hash = tokenHash(token);
    const row = await db
      .selectFrom('editor_invitations as i')
      .innerJoin('editor_accounts as a', 'a.id', 'i.account_id')
      .selectAll('a')
      .select('i.token_hash')
      .where('i.token_hash', '=', hash)
      .where('i.expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (row === undefined || !sameSecret(row.token_hash, hash)) return undefined;
    const { token_hash: _, ...account } = row;
    return account;
  }

  private async newInvitation(trx: Transaction<EditorDatabase>, row: AccountRow, now: Date): Promise<Invitation> {
    const token = newToken();
    const expiresAt = new Date(now.getTime() + this.timeouts.invitationMs).toISOString();
    await trx
      .insertInto('editor_invitations')
      .values({ token_hash: tokenHash(token), account_id: row.id, created_at: now.toISOString(), expires_at: expiresAt })
      .execute();
    return { token, expiresAt, account: toAccount(row) };
  }

  private async startSession(
    trx: Transaction<EditorDatabase>,
    row: AccountRow,
    now: Date,
    meta: { ip?: string },
    how: string,
  ): Promise<SignedIn> {
    const at = now.toISOString();
    // The account's ended sessions are swept here, so that the table does not grow with every sign-in.
    await trx
      .deleteFrom('editor_sessions')
      .where('account_id', '=', row.id)
      .where((eb) =>
        eb.or([
          eb('created_at', '<=', new Date(now.getTime() - this.timeouts.absoluteMs).toISOString()),
          eb('last_seen_at', '<=', new Date(now.getTime() - this.timeouts.idleMs).toISOString()),
        ]),
      )
      .execute();
    const token = newToken();
    await trx
      .insertInto('editor_sessions')
      .values({
        id: randomUUID(),
        token_hash: tokenHash(token),
        account_id: row.id,
        created_at: at,
        last_seen_at: at,
        ip: meta.ip ?? null,
      })
      .execute();
    await this.write(trx, { action: 'session.signed-in', actor: row.email, subject: row.email, detail: how, ip: meta.ip }, now);
    return { token, csrf: csrfOf(token), account: toAccount(row), expiresAt: new Date(this.expiry(at, at)).toISOString() };
  }

  /** When a session ends, in ms since the epoch: idle for idleMs after it was last seen, or absoluteMs after it began. */
  private expiry(createdAt: string, lastSeenAt: string): number {
    return Math.min(Date.parse(createdAt) + this.timeouts.absoluteMs, Date.parse(lastSeenAt) + this.timeouts.idleMs);
  }

  /**
   * On PostgreSQL, locks the admins' rows until the transaction ends, so that two admins demoting each other at
   * the same moment cannot both see the other still an admin. SQLite needs no lock: its writers take turns, and a
   * transaction that read before another process wrote fails instead of going on with stale rows.
   */
  private async lockAdmins(trx: Transaction<EditorDatabase>): Promise<void> {
    if (this.kind === 'postgres') {
      await trx.selectFrom('editor_accounts').select('id').where('role', '=', 'admin').forUpdate().execute();
    }
  }

  /** Throws LastAdmin (rolling the transaction back) when the change just made left no admin. */
  private async keepAnAdmin(trx: Transaction<EditorDatabase>, email: string, change: 'demote' | 'remove'): Promise<void> {
    const { admins } = await trx
      .selectFrom('editor_accounts')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('admins'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    if (Number(admins) === 0) {
      throw new AccountError(
        'LastAdmin',
        `${email} is the last admin; ${change === 'demote' ? 'demoting' : 'removing'} them would leave nobody who can manage accounts. Make another account admin first (npm run editor:users -- role --email <address> --role admin), then try again.`,
      );
    }
  }

  private async write(db: Db, event: AuditEvent, now: Date): Promise<void> {
    const at = now.toISOString();
    await db
      .insertInto('editor_audit')
      .values({
        id: auditId(at),
        at,
        action: event.action,
        actor: event.actor ?? null,
        subject: event.subject ?? null,
        detail: event.detail ?? null,
        ip: event.ip ?? null,
      })
      .execute();
  }
}

function exists(email: string): AccountError {
  return new AccountError(
    'AccountExists',
    `There is already an editor account for ${email}. To give its owner a new link, use invite; to change what they may do, use role.`,
  );
}

function plural(count: number, one: string): string {
  return `${count} ${count === 1 ? one : `${one}s`}`;
}
