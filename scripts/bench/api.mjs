#!/usr/bin/env node
// `npm run bench:api`: how many contact enquiries the production server stores per second, and how fast it
// answers, on the embedded database and on PostgreSQL; then whether one address flooding the API slows
// everyone else down. Every run starts `src/server/main.ts` itself, kills it with SIGKILL afterwards and
// counts the stored rows, so a 201 that was not committed shows up as a missing row. Figures, not a test:
// compare runs, quote medians.
//
//   npm run bench:api [-- --runs 3] [--duration 10] [--connections 20] [--only embedded|postgres]
//
// PostgreSQL: TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test by default), in a schema of its
// own that is dropped afterwards. Ports: BENCH_PORT (3201 by default) and the next one.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { benchArgs, fail, median, onlyDatabase, postgresScratch, root, whole, writeClientBuild } from './common.mjs';

const { values: args } = benchArgs({
  usage: 'npm run bench:api -- [--runs 3] [--duration 10] [--connections 20] [--only embedded|postgres]',
  options: {
    runs: { default: '3', value: 'N', help: 'runs per database; the medians are printed', read: whole() },
    duration: { default: '10', value: 'S', help: 'seconds of load per run', read: whole() },
    connections: { default: '20', value: 'N', help: 'concurrent connections', read: whole() },
    only: { value: 'DB', help: 'embedded or postgres; both when left out', read: onlyDatabase },
    // Internal: run one load generator (see `load`).
    load: { hidden: true, help: 'one load generator, started by the bench itself' },
  },
});
const { runs, duration, connections } = args;
const basePort = Number(process.env.BENCH_PORT ?? 3201);

const contactPath = '/api/v1/contact/create-contact';
const body = JSON.stringify({
  username: 'Asha Verma',
  mobile: '+91 98765 43210',
  email: 'asha@example.in',
  company: 'Verma Textiles',
  projectDetails: 'An online shop for our fabrics, with payments and delivery tracking, in English and Hindi.',
});

/** Normal visitors send this many enquiries per second while one address floods the API. */
const normalRate = 50;

/** The client build to serve: dist/client when built, else a one-page stand-in (the bench only posts). */
function clientDir(scratch) {
  const built = join(root, 'dist/client');
  if (existsSync(join(built, 'server-facts.json'))) return built;
  return writeClientBuild(join(scratch, 'client'));
}

/**
 * Starts the production server and resolves once it listens. Its log goes to a file: reading it through a
 * pipe would put the bench process's own work into the figures.
 */
async function startServer({ port, scratch, env }) {
  const logFile = join(scratch, `server-${port}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CLIENT_DIR: clientDir(scratch),
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      WEBHOOK_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    if (child.exitCode !== null)
      fail('ServerFailed', `the server exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8')}`);
    if (readFileSync(logFile, 'utf8').includes('Serving the site on')) return { child, logFile };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  fail('ServerFailed', `the server did not listen within 30 s:\n${readFileSync(logFile, 'utf8')}`);
}

/** SIGKILL: nothing gets a chance to flush on the way out, so what is stored afterwards was committed. */
async function killServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * Runs autocannon in a process of its own, so that one client's work (a flood of thousands of requests a
 * second) does not delay another's timing, nor the bench's. Resolves with autocannon's figures and the ids
 * of the enquiries answered 201, to be looked up in the database afterwards.
 */
function cannon(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename, `--load=${JSON.stringify(options)}`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`the load generator exited with ${code}`)),
    );
  });
}

/**
 * The load generator (`scripts/bench/api.mjs --load <json>`): posts the enquiry to `url` and prints the figures as
 * JSON. `visitors: 10` gives each request an X-Forwarded-For address of its own, in 10.0.0.0/8.
 */
async function load({ url, headers = {}, visitors, ...options }) {
  const ids = [];
  let visitor = 0;
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        requests: [
          {
            onResponse: (status, responseBody) => {
              if (status === 201) ids.push(JSON.parse(responseBody).id);
            },
            ...(visitors !== undefined
              ? {
                  setupRequest: (request) => {
                    visitor += 1;
                    const address = `${visitors}.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
                    return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
                  },
                }
              : {}),
          },
        ],
        ...options,
      },
      (error, figures) => (error ? reject(error) : resolve(figures)),
    );
  });
  const { duration: seconds, statusCodeStats, latency, requests, errors, timeouts, non2xx } = result;
  process.stdout.write(
    JSON.stringify({
      result: {
        duration: seconds,
        statusCodeStats,
        latency: { p50: latency.p50, p99: latency.p99 },
        requests,
        errors,
        timeouts,
        non2xx,
      },
      ids,
    }),
  );
}

/** How many of the ids answered with 201 are in the database. */
async function foundStored(target, created) {
  const stored = await target.ids();
  return created.filter((id) => stored.has(id)).length;
}

const count = (result, status) => result.statusCodeStats?.[status]?.count ?? 0;

/** One database under test: how to point the server at it and how to count its rows. */
function embeddedTarget(scratch) {
  const dataDir = join(scratch, 'data');
  const file = join(dataDir, 'submissions.db');
  return {
    name: 'embedded',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async ids() {
      const db = new Database(file, { readonly: true });
      try {
        return new Set(db.prepare('select id from contact_submissions').pluck().all());
      } finally {
        db.close();
      }
    },
    async cleanup() {},
  };
}

async function postgresTarget() {
  const { admin, schema, url, drop } = await postgresScratch('bench');
  return {
    name: 'postgres',
    env: { DATABASE_URL: url },
    async ids() {
      const { rows } = await admin.query(`select id from ${schema}.contact_submissions`);
      return new Set(rows.map((row) => row.id));
    },
    cleanup: drop,
  };
}

/** As many enquiries as `connections` clients can send, rate limit out of the way. */
async function throughputRun(target, scratch, port) {
  const { child } = await startServer({ port, scratch, env: { ...target.env, API_RATE_LIMIT_MAX: '1000000' } });
  try {
    const url = `http://127.0.0.1:${port}${contactPath}`;
    await cannon({ url, connections, duration: 2 }); // warm-up: JIT, connection pool, page cache
    const { result, ids } = await cannon({ url, connections, duration });
    await killServer(child);
    return {
      rps: count(result, 201) / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      created: ids.length,
      stored: await foundStored(target, ids),
    };
  } finally {
    await killServer(child);
  }
}

/**
 * One address floods the API while other visitors send enquiries at a normal pace. The server sits behind a
 * "proxy" (TRUST_PROXY=127.0.0.1), so each client is the address in its X-Forwarded-For, as it would be
 * behind nginx: the flood always sends one address, each normal enquiry comes from an address of its own.
 * The rate limit is the default one.
 */
async function floodRun(target, scratch, port) {
  const { child } = await startServer({
    port,
    scratch,
    env: { ...target.env, TRUST_PROXY: '127.0.0.1', API_RATE_LIMIT_MAX: '' },
  });
  try {
    const url = `http://127.0.0.1:${port}${contactPath}`;
    // Warm-up of both paths, the stored enquiry and the refused one: JIT, connection pool, page cache.
    await Promise.all([
      cannon({ url, connections: 5, duration: 2, visitors: 10 }),
      cannon({ url, connections: 2, duration: 2, headers: { 'x-forwarded-for': '192.0.2.1' } }),
    ]);
    const [flood, normal] = await Promise.all([
      cannon({ url, connections, duration, headers: { 'x-forwarded-for': '203.0.113.66' } }),
      cannon({
        url,
        connections: 5,
        duration,
        overallRate: normalRate,
        // autocannon's coordinated-omission correction takes 1/rate (0.1) as the interval in milliseconds, not
        // 1000/rate: it would add a made-up sample for every millisecond of every response. Off; each request
        // is sent on time at this rate anyway, the server answering in far less than the 100 ms between two.
        ignoreCoordinatedOmission: true,
        visitors: 11,
      }),
    ]);
    await killServer(child);
    const created = [...flood.ids, ...normal.ids];
    return {
      floodRps: (flood.result.requests.total - flood.result.errors) / flood.result.duration,
      flood429: count(flood.result, 429),
      floodP99: flood.result.latency.p99,
      normalRps: count(normal.result, 201) / normal.result.duration,
      normalP50: normal.result.latency.p50,
      normalP99: normal.result.latency.p99,
      normalNon2xx: normal.result.non2xx,
      errors: flood.result.errors + flood.result.timeouts + normal.result.errors + normal.result.timeouts,
      created: created.length,
      stored: await foundStored(target, created),
    };
  } finally {
    await killServer(child);
  }
}

async function main() {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const results = [];
  try {
    const targetNames = args.only === undefined ? ['embedded', 'postgres'] : [args.only];
    for (const name of targetNames) {
      const throughput = [];
      const floods = [];
      for (let run = 1; run <= runs; run += 1) {
        // A fresh database per run, so that runs do not differ by the size of the table.
        const runDir = join(scratch, `${name}-${run}`);
        mkdirSync(runDir);
        const target = name === 'embedded' ? embeddedTarget(runDir) : await postgresTarget();
        try {
          const t = await throughputRun(target, runDir, basePort);
          console.error(
            `${name} run ${run}: ${t.rps.toFixed(0)} stored/s, p50 ${t.p50} ms, p99 ${t.p99} ms, ${t.stored} of ${t.created} 201s found stored`,
          );
          throughput.push(t);
          const f = await floodRun(target, runDir, basePort + 1);
          console.error(
            `${name} run ${run}: flood ${f.floodRps.toFixed(0)} req/s (${f.flood429} × 429, p99 ${f.floodP99} ms); normal p99 ${f.normalP99} ms`,
          );
          floods.push(f);
        } finally {
          await target.cleanup();
        }
      }
      results.push({ name, throughput, floods });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const rows = [['database', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'every 201 stored']];
  for (const { name, throughput, floods } of results) {
    const durable = (list) => `${list.filter((r) => r.created === r.stored).length}/${list.length} runs`;
    rows.push([
      name,
      `create-contact, ${connections} connections`,
      median(throughput.map((r) => r.rps)).toFixed(0),
      String(median(throughput.map((r) => r.p50))),
      String(median(throughput.map((r) => r.p99))),
      String(median(throughput.map((r) => r.non2xx))),
      String(median(throughput.map((r) => r.errors))),
      durable(throughput),
    ]);
    rows.push([
      name,
      `flood from one address (${connections} conn.)`,
      median(floods.map((r) => r.floodRps)).toFixed(0),
      '',
      String(median(floods.map((r) => r.floodP99))),
      `${median(floods.map((r) => r.flood429))} × 429`,
      String(median(floods.map((r) => r.errors))),
      durable(floods),
    ]);
    rows.push([
      name,
      `  meanwhile, normal visitors (${normalRate}/s)`,
      median(floods.map((r) => r.normalRps)).toFixed(0),
      String(median(floods.map((r) => r.normalP50))),
      String(median(floods.map((r) => r.normalP99))),
      String(median(floods.map((r) => r.normalNon2xx))),
      '',
      '',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => (i >= 2 && i <= 6 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\nbench:api, medians of ${runs} run(s) of ${duration} s (latencies of answered requests)\n`);
  console.log(rows.map(line).join('\n'));
  console.log(
    '\nGoal on the embedded database: at least 1,000 stored enquiries per second with p99 under 50 ms; during a flood,' +
      ' normal visitors keep p99 under 100 ms.',
  );
}

if (args.load !== undefined) await load(JSON.parse(args.load));
else await main();
