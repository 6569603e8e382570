#!/usr/bin/env node
// `npm run bench:fuzz`: thousands of hostile requests per form endpoint, sent over real HTTP to the
// production server (`node --import tsx src/server/main.ts`): wrong types, missing and extra fields, huge
// strings, deep nesting, invalid UTF-8, __proto__ and constructor keys, SQL and HTML payloads, wrong
// content types and methods, truncated and broken JSON, empty and huge bodies (scripts/bench/hostile-requests.ts,
// the generator that tests/server/fuzz.test.ts also uses). Then it reads every stored row back through the
// storage layer and validates it against schemas/api. Prints counts by status; exits 1 on any 5xx, an
// unanswered request, a crash, a stored row that breaks the schema, a 201 without its row (or a row
// without its 201), a submitted e-mail address in the server's log, an error-level log line or one that is not
// JSON. A second run plays raw TCP exchanges: malformed chunked bodies, uploads cut off, clients that
// vanish or reset the connection (rawExchanges). Runs on the embedded database and
// on PostgreSQL.
//
//   npm run bench:fuzz [-- --count 5000] [--only embedded|postgres]      SEED=1 (default) | SEED=random
//
// The same SEED sends the same requests, so a failure can be replayed. PostgreSQL: TEST_DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/test by default), in a throw-away schema. Port: BENCH_FUZZ_PORT (3302).
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkContent } from '../../src/content/check.ts';
import { serverFacts } from '../../src/content/build/server-facts.ts';
import { repoRoot } from '../../src/server/paths.ts';
import { openStorage } from '../../src/server/storage/index.ts';
import { benchArgs, databaseUrl, fail, onlyDatabase, postgresScratch, startServer, whole, writeClientBuild } from './common.mjs';
import {
  expectedFields,
  fuzzTargets,
  hostileRequests,
  mutationKinds,
  rawExchanges,
  rawKindNames,
  readSeed,
  sendRaw,
  readStoredRows,
  storedRowProblems,
} from './hostile-requests.ts';

const {
  values: { count, concurrency, only },
} = benchArgs({
  usage: 'npm run bench:fuzz -- [--count 5000] [--concurrency 8] [--only embedded|postgres]   SEED=1 (default) | SEED=random',
  options: {
    count: { default: '5000', value: 'N', help: 'hostile requests per endpoint', read: whole() },
    concurrency: { default: '8', value: 'N', help: 'requests in flight at once', read: whole() },
    only: { value: 'DB', help: 'embedded or postgres; both when left out', read: onlyDatabase },
  },
});
let seed;
try {
  seed = readSeed(process.env.SEED, 1);
} catch (error) {
  fail('BadArgument', error.message);
}
const port = Number(process.env.BENCH_FUZZ_PORT ?? 3302);

/** Sends one request as bytes; resolves with the status, or with what went wrong on the connection. */
function send(agent, request) {
  return new Promise((resolve) => {
    const headers = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(request.body.length);
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers, agent, timeout: 15_000 },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, text }));
        response.on('error', (error) => resolve({ failure: error.code ?? error.message }));
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      resolve({ failure: 'no answer within 15 s' });
    });
    outgoing.on('error', (error) => resolve({ failure: error.code ?? error.message }));
    outgoing.end(request.body);
  });
}

async function fuzz(target) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const requests = [...hostileRequests(target, seed, count)];
  const byKind = new Map(mutationKinds.map((kind) => [kind, new Map()]));
  const statuses = new Map();
  const failures = [];
  const acknowledged = new Map(); // id answered -> the fields that must be stored under it
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < requests.length) {
      const index = next;
      next += 1;
      const request = requests[index];
      let outcome = await send(agent, request);
      // A server may close a kept-alive connection just as the next request goes out on it (the 413 of a
      // huge body closes it, say); that request never reached the handler, so it is sent again once.
      if (outcome.failure === 'ECONNRESET' || outcome.failure === 'EPIPE') outcome = await send(agent, request);
      const key = outcome.status ?? `no answer (${outcome.failure})`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      const kind = byKind.get(request.kind);
      kind.set(key, (kind.get(key) ?? 0) + 1);
      if (outcome.status === undefined || outcome.status >= 500) failures.push(`#${index} ${request.kind}: ${key}`);
      if (outcome.status === 201) acknowledged.set(JSON.parse(outcome.text).id, expectedFields(request));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { statuses, byKind, failures, acknowledged, seconds: (Date.now() - started) / 1000 };
}

/** Plays `count` raw exchanges with one endpoint, `concurrency` at a time. */
async function fuzzRaw(target) {
  const exchanges = [...rawExchanges(target, seed, count)];
  const byKind = new Map(rawKindNames.map((kind) => [kind, new Map()]));
  const failures = [];
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < exchanges.length) {
      const index = next;
      next += 1;
      const exchange = exchanges[index];
      const outcome = await sendRaw(port, exchange);
      const key = outcome.status ?? (exchange.ending === 'wait' ? `no answer (${outcome.failure})` : exchange.ending);
      const kind = byKind.get(exchange.kind);
      kind.set(key, (kind.get(key) ?? 0) + 1);
      if (exchange.ending === 'wait' && (outcome.status === undefined || outcome.status >= 500)) {
        failures.push(`raw #${index} ${exchange.kind}: ${key}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { byKind, failures, seconds: (Date.now() - started) / 1000 };
}

const format = (counts) =>
  [...counts]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');

async function runOn(name, env, storageConfig, roles) {
  console.log(`\n${name}`);
  const server = await startServer({ port, env, logLevel: 'info' });
  const problems = [];
  const results = [];
  for (const target of fuzzTargets(roles)) {
    const result = await fuzz(target);
    results.push([target, result]);
    console.log(`  ${target.url}: ${count} requests in ${result.seconds.toFixed(1)} s`);
    console.log(`    by status    ${format(result.statuses)}`);
    for (const [kind, counts] of result.byKind) {
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      if (total > 0) console.log(`    ${kind.padEnd(21)}${String(total).padStart(5)}  ${format(counts)}`);
    }
    problems.push(...result.failures.slice(0, 20));
    if (server.exit()) problems.push(`The server stopped while it was being fuzzed: ${JSON.stringify(server.exit())}`);
  }

  const health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    (response) => response.status,
    (error) => error.message,
  );
  if (health !== 200) problems.push(`/healthz answered ${health} after the run`);
  const { code, signal } = await server.kill('SIGTERM');
  if (code !== 0) problems.push(`The server did not exit cleanly on SIGTERM (code ${code}, signal ${signal})`);

  const storage = await openStorage(storageConfig);
  let rowsChecked = 0;
  const emails = [];
  for (const [target, result] of results) {
    const rows = await readStoredRows(storage, target.name);
    rowsChecked += rows.length;
    if (rows.length !== result.acknowledged.size) {
      problems.push(`${target.name}: ${result.acknowledged.size} answers were 201 but ${rows.length} rows are stored`);
    }
    // Valid against schemas/api, and exactly what the 201 with the row's id acknowledged.
    problems.push(...storedRowProblems(target, rows, roles, result.acknowledged).slice(0, 20));
    emails.push(...rows.map((row) => String(row.fields.email)));
  }
  await storage.close();

  // Second run, on the same data: what http.request cannot send. Rows these leave behind are not checked
  // (a client that vanished after its body may well have been stored without seeing its 201).
  const rawServer = await startServer({ port, env, logLevel: 'info' });
  for (const target of fuzzTargets(roles)) {
    const result = await fuzzRaw(target);
    console.log(`  ${target.url}, raw connections: ${count} in ${result.seconds.toFixed(1)} s`);
    for (const [kind, counts] of result.byKind) console.log(`    ${kind.padEnd(23)}${format(counts)}`);
    problems.push(...result.failures.slice(0, 20));
    if (rawServer.exit()) problems.push(`The server stopped during the raw connections: ${JSON.stringify(rawServer.exit())}`);
  }
  const rawExit = await rawServer.kill('SIGTERM');
  if (rawExit.code !== 0)
    problems.push(`The server did not exit cleanly on SIGTERM after the raw connections (code ${rawExit.code})`);

  const log = server.log() + rawServer.log();
  const leaked = emails.filter((email) => log.includes(email));
  if (leaked.length > 0) problems.push(`${leaked.length} submitted e-mail addresses appear in the server log`);
  const lines = log.split('\n').filter((line) => line.trim() !== '');
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      return undefined;
    }
  });
  const notJson = lines.filter((_line, i) => parsed[i] === undefined || typeof parsed[i] !== 'object');
  // Level 50 is pino's error, 60 fatal: what pages an operator. Nothing a client sends may produce one.
  const errorLines = parsed.filter((line) => line !== undefined && line.level >= 50);
  const stacks = parsed.filter((line) => line?.err?.stack);
  if (notJson.length > 0) problems.push(`${notJson.length} log lines are not JSON, such as: ${notJson[0].slice(0, 200)}`);
  if (errorLines.length > 0)
    problems.push(`${errorLines.length} error-level log lines, such as: ${JSON.stringify(errorLines[0]).slice(0, 400)}`);
  if (stacks.length > 0) problems.push(`${stacks.length} log lines carry a stack trace`);
  console.log(
    `  stored rows checked against schemas/api and against what was sent: ${rowsChecked}; server log: ${lines.length} lines, error-level: ${errorLines.length}, with a stack: ${stacks.length}, not JSON: ${notJson.length}, e-mail addresses in it: ${leaked.length}`,
  );

  for (const problem of problems) console.log(`  FAIL ${problem}`);
  return problems.length === 0;
}

// The roles a build of the content offers, as the build computes them for the server (server-facts.json).
const { roles } = serverFacts(await checkContent({ root: repoRoot, unfinished: 'fail' }), repoRoot);
if (roles.length === 0)
  fail('NoRoles', 'The content offers no role to apply for, so no application can be valid. Run `npm run content:check`.');
const work = mkdtempSync(join(tmpdir(), 'bench-fuzz-'));
const clientDir = writeClientBuild(join(work, 'client'), { roles });
let ok = true;
console.log(`bench:fuzz: SEED=${seed}, ${count} requests per endpoint, ${concurrency} at a time, port ${port}`);
try {
  if (only !== 'postgres') {
    const dataDir = join(work, 'data');
    ok =
      (await runOn(
        'Embedded database (SQLite)',
        { CLIENT_DIR: clientDir, DATA_DIR: dataDir, DATABASE_URL: '' },
        { kind: 'sqlite', file: join(dataDir, 'submissions.db') },
        roles,
      )) && ok;
  }
  if (only !== 'embedded') {
    const scratch = await postgresScratch('bench_fuzz');
    try {
      ok =
        (await runOn(
          'PostgreSQL',
          { CLIENT_DIR: clientDir, DATABASE_URL: scratch.url },
          { kind: 'postgres', connectionString: databaseUrl, schema: scratch.schema },
          roles,
        )) && ok;
    } finally {
      await scratch.drop();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(
  ok
    ? `\nNo 5xx, no crash, every stored row valid, no error-level log line (SEED=${seed}).`
    : `\nFAILED (replay with SEED=${seed}).`,
);
process.exitCode = ok ? 0 : 1;
