// What the benches share: reading their command line, launching Chromium, and for the API benches
// (bench:api, bench:durability, bench:fuzz, bench:interaction) a stand-in client build, a throw-away
// PostgreSQL schema, and starting the production server until /healthz answers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';

export const root = join(import.meta.dirname, '../..');
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

/** The Chromium the benches drive: Debian's, or the one CHROME_PATH names. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Launches the benches' Chromium through Playwright, headless, with `chromeFlags`. With `debuggingPort`
 * it also listens for the DevTools protocol on that port, which is how Lighthouse drives it; Playwright's
 * switch that turns off the back/forward cache is then left out, since Lighthouse audits that cache.
 */
export async function launchChromium({ debuggingPort } = {}) {
  // Loaded here, so the benches that need no browser do not load Playwright.
  const { chromium } = await import('@playwright/test');
  try {
    return await chromium.launch({
      executablePath: chromePath,
      args: debuggingPort === undefined ? chromeFlags : [...chromeFlags, `--remote-debugging-port=${debuggingPort}`],
      ...(debuggingPort === undefined ? {} : { ignoreDefaultArgs: ['--disable-back-forward-cache'] }),
    });
  } catch (error) {
    fail(
      'ChromiumDidNotStart',
      `Chromium at ${chromePath} did not start (${error.message.split('\n')[0]}). Install it (apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
  }
}

/**
 * A fresh visitor on a phone-like machine, as the start-up benches load pages: a new context (no cache)
 * running `probe` before the page's own scripts, its CPU 4× slower and its network DevTools' "Slow 4G"
 * preset. With `phone: false`, a desktop window on the same slow machine.
 */
export async function slowPhone(browser, probe, { phone = true } = {}) {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1280, height: 800 } },
  );
  await context.addInitScript(probe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (750 * 1024 * 0.9) / 8,
  });
  return { context, page };
}

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

/** Reads a whole number of at least `min`, for an option's `read`. */
export const whole =
  (min = 1) =>
  (value, flag) =>
    wholeNumber(value, flag, min);

/** Reads a comma-separated list, each item one of `allowed` when given, for an option's `read`. */
export const list =
  (allowed, item = (value) => value) =>
  (value, flag) =>
    value.split(',').map((part) => {
      if (allowed && !allowed.includes(part)) fail('BadArgument', `${flag}: '${part}'; use ${allowed.join(', ')}.`);
      return item(part, flag);
    });

/**
 * A bench's command line, read with node:util's `parseArgs`. `options` maps each long option to
 * `{ type: 'string' | 'boolean', default, value: 'N', help, read(value, flag), hidden }`: `read` turns
 * the text into what the bench uses (and refuses a bad value with `fail`); `default` is text, read the
 * same way. `--help` (or `-h`) prints `usage`, then each option with its help and default, and exits 0;
 * an unknown option, a missing or bad value or a stray word stops the bench with BadArgument (`fail`).
 * Returns the values by option name and, when `positionals` names them, the words after the options.
 */
export function benchArgs({ usage, options, positionals, argv = process.argv.slice(2) }) {
  const spec = { help: { type: 'boolean', short: 'h' } };
  for (const [name, option] of Object.entries(options)) spec[name] = { type: option.type ?? 'string' };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: spec, allowPositionals: positionals !== undefined, strict: true });
  } catch (error) {
    fail('BadArgument', `${error.message.replace(/\.?$/, '.')} Run with --help to see the options.`);
  }
  if (parsed.values.help) {
    console.log(helpText(usage, options, positionals));
    process.exit(0);
  }
  const values = {};
  for (const [name, option] of Object.entries(options)) {
    const given = parsed.values[name] ?? option.default;
    values[name] = given === undefined || typeof given === 'boolean' || !option.read ? given : option.read(given, `--${name}`);
  }
  return { values, positionals: parsed.positionals };
}

function helpText(usage, options, positionals) {
  const rows = Object.entries(options)
    .filter(([, option]) => !option.hidden)
    .map(([name, option]) => [
      `--${name}${option.type === 'boolean' ? '' : ` ${option.value ?? 'VALUE'}`}`,
      `${option.help}${option.default === undefined || option.type === 'boolean' ? '' : ` (default: ${option.default})`}`,
    ]);
  rows.push(['--help, -h', 'print this help and exit']);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  const lines = [usage, ''];
  if (positionals) lines.push(positionals, '');
  lines.push('Options:', ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`));
  return lines.join('\n');
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

/**
 * A client build with nothing but the shell and what the server reads of the build (server-facts.json,
 * src/content/build/server-facts.ts): the benches are about the API, and dist/ may not exist.
 */
export function writeClientBuild(dir, { roles = [] } = {}) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title>');
  writeFileSync(join(dir, 'routes.json'), '["/"]');
  writeFileSync(join(dir, 'server-facts.json'), JSON.stringify({ routes: ['/'], roles, noticeVersion: null }));
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
