import { isIP } from 'node:net';
import path from 'node:path';
import { SetupError } from './errors.ts';
import { defaultMaxAttempts, type NotifyConfig } from './notify/index.ts';
import type { StorageConfig } from './storage/index.ts';

/** Everything `npm start` reads from the environment, checked and with defaults applied. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly storage: StorageConfig;
  /** The client build to serve; dist/client when CLIENT_DIR is unset. */
  readonly clientDir: string | undefined;
  readonly allowedOrigins: readonly string[];
  /** Fastify's `trustProxy`: false, true (trust every hop) or a comma list of proxy addresses. */
  readonly trustProxy: boolean | string;
  readonly rateLimit: RateLimitConfig;
  readonly logLevel: string;
  /**
   * Redis shared by every instance for the rate limit (REDIS_URL); unset keeps the counts in this process,
   * which is right for a single instance only.
   */
  readonly redisUrl: string | undefined;
  /** How long after SIGTERM the server keeps serving while /healthz already says it is stopping. */
  readonly shutdownDrainMs: number;
  /** E-mail and webhook notifications of new submissions; neither is required. */
  readonly notify: NotifyConfig;
}

/** How many submissions one IP address may send to one endpoint per time window. */
export interface RateLimitConfig {
  readonly max: number;
  readonly timeWindowMs: number;
}

export const defaultRateLimit: RateLimitConfig = { max: 5, timeWindowMs: 60_000 };

type Env = Readonly<Record<string, string | undefined>>;

/** Proxy names understood by Fastify's trustProxy (through proxy-addr) besides addresses and CIDR ranges. */
const proxyAddrNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const logLevels = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * Reads the server configuration from environment variables, reporting every bad variable at once so that a
 * deployment is fixed in one round.
 */
export function readServerConfig(env: Env): ServerConfig {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };

  const port = readInteger(value('PORT'), 3000, 0, 65535, 'PORT', problems);
  const host = value('HOST') ?? '0.0.0.0';
  const clientDirValue = value('CLIENT_DIR');
  const clientDir = clientDirValue === undefined ? undefined : path.resolve(clientDirValue);
  const rateLimit: RateLimitConfig = {
    max: readInteger(value('API_RATE_LIMIT_MAX'), defaultRateLimit.max, 1, 1_000_000, 'API_RATE_LIMIT_MAX', problems),
    timeWindowMs: readInteger(
      value('API_RATE_LIMIT_WINDOW_MS'),
      defaultRateLimit.timeWindowMs,
      1000,
      86_400_000,
      'API_RATE_LIMIT_WINDOW_MS',
      problems,
    ),
  };
  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!logLevels.has(logLevel)) {
    problems.push(`LOG_LEVEL is '${logLevel}'; use one of ${[...logLevels].join(', ')}.`);
  }

  let storage: StorageConfig | undefined;
  try {
    storage = readStorageConfig(env);
  } catch (error) {
    problems.push((error as Error).message);
  }

  const redisUrl = readRedisUrl(value('REDIS_URL'), problems);
  const shutdownDrainMs = readInteger(value('SHUTDOWN_DRAIN_MS'), 0, 0, 60_000, 'SHUTDOWN_DRAIN_MS', problems);
  const allowedOrigins = readAllowedOrigins(value('API_ALLOWED_ORIGINS'), problems);
  const trustProxy = readTrustProxy(value('TRUST_PROXY'), problems);
  const notify = readNotifyConfig(value, problems);

  if (problems.length > 0 || storage === undefined) {
    throw new SetupError(
      'InvalidConfig',
      `The server cannot start because of its environment variables:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return { port, host, storage, clientDir, allowedOrigins, trustProxy, rateLimit, logLevel, redisUrl, shutdownDrainMs, notify };
}

/**
 * Chooses the database: PostgreSQL when DATABASE_URL is a postgres:// address, otherwise a SQLite file in
 * DATA_DIR (./data by default), so that a fresh checkout stores submissions with no setup step.
 */
export function readStorageConfig(env: Env): StorageConfig {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) {
      throw new SetupError(
        'InvalidConfig',
        `DATABASE_URL must be a PostgreSQL address such as postgres://user:password@host:5432/database (it starts with '${databaseUrl.split(':')[0]}:'). Leave it unset to store submissions in a SQLite file in DATA_DIR.`,
      );
    }
    return { kind: 'postgres', connectionString: databaseUrl };
  }
  const dataDir = path.resolve(env.DATA_DIR?.trim() || 'data');
  return { kind: 'sqlite', file: path.join(dataDir, 'submissions.db') };
}

function readInteger(
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  name: string,
  problems: string[],
): number {
  if (raw === undefined) return fallback;
  const parsed = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    problems.push(`${name} is '${raw}'; use a whole number from ${min} to ${max}, or leave it unset for ${fallback}.`);
    return fallback;
  }
  return parsed;
}

/** Checks REDIS_URL (redis:// or rediss://); the address is not repeated in the message, as it may hold a password. */
function readRedisUrl(raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '') {
    problems.push(
      'REDIS_URL is not a Redis address; write it as redis://host:6379 (or rediss:// for TLS, redis://:password@host:6379/0 with a password), or leave it unset for a single instance.',
    );
    return undefined;
  }
  return raw;
}

/** Parses API_ALLOWED_ORIGINS into normalised origins (scheme://host[:port], default ports dropped). */
function readAllowedOrigins(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined) return [];
  const origins: string[] = [];
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const origin = normaliseOrigin(entry);
    if (origin === undefined || entry === '*') {
      problems.push(
        `API_ALLOWED_ORIGINS contains '${entry}', which is not an origin; write each origin as https://host or https://host:port, separated by commas.`,
      );
    } else {
      origins.push(origin);
    }
  }
  return origins;
}

export function readTrustProxy(raw: string | undefined, problems: string[]): boolean | string {
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  const entries = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !proxyAddrNames.has(entry) && isIP(entry.split('/')[0] ?? '') === 0);
  if (bad.length > 0 || entries.length === 0) {
    problems.push(
      `TRUST_PROXY is '${raw}'; use 'true' (trust every proxy), 'false', or a comma list of proxy addresses or CIDR ranges such as 10.0.0.0/8,loopback.`,
    );
    return false;
  }
  return entries.join(',');
}

/**
 * Returns the origin of a URL in the form browsers send in the Origin header (lower-case, no default port,
 * no path), or undefined when it is not an http(s) URL.
 */
export function normaliseOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

const notifyVariables = ['NOTIFY_FROM', 'NOTIFY_TO', 'NOTIFY_TO_CONTACT', 'NOTIFY_TO_APPLICATION'] as const;
const address = String.raw`[^\s@<>(),;:"]+@[^\s@<>(),;:"]+`;
const addressPattern = new RegExp(`^${address}$`);
const mailboxPattern = new RegExp(`^(?:${address}|[^<>]*<\\s*${address}\\s*>)$`);

/**
 * Reads the notification settings: e-mail through SMTP_URL from NOTIFY_FROM to NOTIFY_TO (or, per form,
 * NOTIFY_TO_CONTACT and NOTIFY_TO_APPLICATION), and/or a webhook (WEBHOOK_URL, signed with WEBHOOK_SECRET).
 * Both are optional; half of one is an error, not a notification that silently never comes. Addresses that
 * may hold a password (SMTP_URL, WEBHOOK_URL) and the secret are never repeated in a message.
 */
export function readNotifyConfig(value: (name: string) => string | undefined, problems: string[]): NotifyConfig {
  const maxAttempts = readInteger(value('NOTIFY_MAX_ATTEMPTS'), defaultMaxAttempts, 1, 100, 'NOTIFY_MAX_ATTEMPTS', problems);
  const before = problems.length;

  let email: NotifyConfig['email'];
  const smtpUrl = value('SMTP_URL');
  if (smtpUrl === undefined) {
    const stray = notifyVariables.filter((name) => value(name) !== undefined);
    if (stray.length > 0) {
      problems.push(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but SMTP_URL is not, so no e-mail would be sent. Set SMTP_URL to your mail server (such as smtps://user:password@smtp.example.com:465), or unset ${stray.length === 1 ? 'it' : 'them'}.`,
      );
    }
  } else {
    if (!isUrlWithProtocol(smtpUrl, ['smtp:', 'smtps:'])) {
      problems.push(
        'SMTP_URL is not the address of a mail server; write it as smtps://user:password@smtp.example.com:465 (TLS) or smtp://user:password@smtp.example.com:587 (STARTTLS), with user name and password URL-encoded.',
      );
    }
    const from = value('NOTIFY_FROM');
    if (from === undefined) {
      problems.push(
        'SMTP_URL is set but NOTIFY_FROM is not; set the sender of the notification e-mails, such as NOTIFY_FROM="Sutra Labs website <website@sutralabs.in>", with an address your mail server may send from.',
      );
    } else if (!mailboxPattern.test(from)) {
      problems.push(
        `NOTIFY_FROM is '${from}', which is not an e-mail address; write address@example.com or Name <address@example.com>.`,
      );
    }
    const all = readAddressList(value('NOTIFY_TO'), 'NOTIFY_TO', problems);
    const contact = readAddressList(value('NOTIFY_TO_CONTACT'), 'NOTIFY_TO_CONTACT', problems) ?? all;
    const application = readAddressList(value('NOTIFY_TO_APPLICATION'), 'NOTIFY_TO_APPLICATION', problems) ?? all;
    const unaddressed = [
      contact === undefined ? 'enquiries' : undefined,
      application === undefined ? 'job applications' : undefined,
    ]
      .filter(Boolean)
      .join(' and ');
    if (unaddressed !== '') {
      problems.push(
        `SMTP_URL is set but no address receives ${unaddressed}; set NOTIFY_TO to the address (or comma-separated addresses) for both forms, or NOTIFY_TO_CONTACT and NOTIFY_TO_APPLICATION for each.`,
      );
    }
    if (problems.length === before && from !== undefined && contact !== undefined && application !== undefined) {
      email = { smtpUrl, from, to: { contact, application } };
    }
  }

  let webhook: NotifyConfig['webhook'];
  const webhookUrl = value('WEBHOOK_URL');
  const secret = value('WEBHOOK_SECRET');
  if (webhookUrl === undefined) {
    if (secret !== undefined) {
      problems.push(
        'WEBHOOK_SECRET is set but WEBHOOK_URL is not; set WEBHOOK_URL to the address to post to, or unset WEBHOOK_SECRET.',
      );
    }
  } else {
    const urlOk = isUrlWithProtocol(webhookUrl, ['http:', 'https:']);
    if (!urlOk) {
      problems.push('WEBHOOK_URL is not an http(s) address; write it as https://hooks.example.com/path.');
    }
    if (secret === undefined) {
      problems.push(
        'WEBHOOK_URL is set but WEBHOOK_SECRET is not. Every webhook request is signed so that the receiver can tell it comes from this server: set WEBHOOK_SECRET to at least 32 random characters (openssl rand -hex 32) and give the receiver the same.',
      );
    } else if (secret.length < 32) {
      problems.push(
        `WEBHOOK_SECRET is ${secret.length} characters long; use at least 32 random characters (openssl rand -hex 32), so that signatures cannot be guessed.`,
      );
    } else if (urlOk) {
      webhook = { url: webhookUrl, secret };
    }
  }
  return { email, webhook, maxAttempts };
}

/** A comma-separated list of e-mail addresses; undefined when the variable is unset. */
function readAddressList(raw: string | undefined, name: string, problems: string[]): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = list.filter((entry) => !addressPattern.test(entry));
  if (bad.length > 0 || list.length === 0) {
    problems.push(
      `${name} is '${raw}', which is not a list of e-mail addresses; write sales@example.com, or several separated by commas.`,
    );
    return undefined;
  }
  return list;
}

function isUrlWithProtocol(raw: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(raw);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}
