// What the API benches (bench:api, bench:durability, bench:fuzz) share: argument checks, a stand-in client
// build, a throw-away PostgreSQL schema, and starting the production server until /healthz answers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export const root = join(import.meta.dirname, '..');
export const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Flags for Debian's Chromium in the benches: no sandbox (root), no GPU, and none of the background
 * connections that this machine's closed network refuses.
 */
export const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Prints `Name: message` and exits 1: a bench that cannot run says why and stops. */
export function fail(name, message) {
  console.error(`${name}: ${message}`);
  process.exit(1);
}

/** A command-line number, refused with a clear message unless it is a whole number of at least `min`. */
export function wholeNumber(value, name, min = 1) {
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min)
    fail('BadArgument', `${name} is '${value}'; use a whole number from ${min}.`);
  return parsed;
}

/** `--only embedded|postgres`, or undefined for both. */
export function onlyDatabase(value) {
  if (value !== undefined && value !== 'embedded' && value !== 'postgres') {
    fail('BadArgument', `--only is '${value}'; use embedded or postgres.`);
  }
  return value;
}

export const median = (values) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * How fast this machine runs JavaScript: milliseconds for a fixed piece of work, the best of five
 * (lower is faster). CPU throttling in Chrome slows the machine it runs on, so the same page shows a
 * higher INP on a slower machine; printed with a bench's figures, it says which machine made them.
 */
export function hostSpeed() {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const words = [];
    let length = 0;
    for (let i = 0; i < 300_000; i++) {
      words.push(`item-${i}`);
      length += words[i].length;
    }
    if (length === 0) throw new Error('unreachable');
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}

/** A client build with nothing but the shell: the benches are about the API, and dist/ may not exist. */
export function writeClientBuild(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title>');
  writeFileSync(join(dir, 'routes.json'), '["/"]');
  return dir;
}

/**
 * A schema of its own in the PostgreSQL test database, dropped by `drop()`. The server reads only
 * DATABASE_URL, so `url` carries libpq's `options` parameter pointing it at the schema.
 */
export async function postgresScratch(prefix) {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  try {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  } catch (error) {
    fail('PostgresUnavailable', `PostgreSQL at ${databaseUrl} could not be reached (${error.message}); set TEST_DATABASE_URL.`);
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    admin,
    url: url.href,
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/**
 * Starts the production server on `port` with the rate limit out of the way, and resolves once /healthz
 * answers 200. `log()` is what it printed; `exit()` how it ended, once it has; `kill(signal)` stops it and
 * resolves with how it ended.
 */
export async function startServer({ port, env, logLevel = 'warn' }) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: logLevel, API_RATE_LIMIT_MAX: '1000000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exit;
  void exited.then((result) => (exit = result));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exit) fail('ServerDidNotStart', `The server exited before it answered /healthz:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      fail('ServerDidNotStart', `The server did not answer /healthz within 30 s:\n${log}`);
    }
    const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await sleep(25);
  }
  return {
    log: () => log,
    exit: () => exit,
    kill: (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}
