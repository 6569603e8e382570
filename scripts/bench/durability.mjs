#!/usr/bin/env node
// `npm run bench:durability`: does every submission that got a 201 survive the server being killed?
// Starts the production server (`node --import tsx src/server/main.ts`), lets several clients send
// enquiries and applications without pause, each with a unique marker, kills the server with SIGKILL at a
// random moment, restarts it, and repeats. Then it reads every row back through the storage layer and
// checks that each acknowledged submission is stored exactly once, under the id the server answered.
// Runs on the embedded database (SQLite, WAL, synchronous=FULL) and on PostgreSQL. Prints figures; exits 1
// if anything acknowledged was lost, stored twice or stored under another id.
//
//   npm run bench:durability [-- --kills 25] [--clients 8] [--only embedded|postgres]
//
// SIGKILL stops the Node process, not the machine: this proves that a 201 is sent only after the database
// has the row, not that the disk keeps it through a power cut (that is what synchronous=FULL and
// PostgreSQL's fsync are for). PostgreSQL: TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test by
// default), in a throw-away schema. Port: BENCH_DURABILITY_PORT (3301 by default).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkContent } from '../../src/content/check.ts';
import { serverFacts } from '../../src/content/build/server-facts.ts';
import { repoRoot } from '../../src/server/paths.ts';
import { openStorage } from '../../src/server/storage/index.ts';
import {
  benchArgs,
  databaseUrl,
  fail,
  median,
  onlyDatabase,
  postgresScratch,
  startServer,
  whole,
  writeClientBuild,
} from './common.mjs';

const {
  values: { kills, clients, only },
} = benchArgs({
  usage: 'npm run bench:durability -- [--kills 25] [--clients 8] [--only embedded|postgres]',
  options: {
    kills: { default: '25', value: 'N', help: 'times the server is killed with SIGKILL, per database', read: whole() },
    clients: { default: '8', value: 'N', help: 'clients submitting without pause', read: whole() },
    only: { value: 'DB', help: 'embedded or postgres; both when left out', read: onlyDatabase },
  },
});
const port = Number(process.env.BENCH_DURABILITY_PORT ?? 3301);
const base = `http://127.0.0.1:${port}`;

/** The server is killed this long after it answers its first health check: long enough to be mid-write. */
const killAfterMs = { min: 50, max: 900 };

/** Kills the server with SIGKILL, which gives it no chance to flush anything on the way out. */
async function killServer(server) {
  const { signal } = await server.kill('SIGKILL');
  if (signal !== 'SIGKILL') fail('ServerExited', `The server exited on its own before it was killed:\n${server.log()}`);
}

/** One submission with a marker that identifies it among all stored rows: the local part of its e-mail. */
function submission(kind, marker, roles) {
  const email = `${marker}@durability.example`;
  return kind === 'contact'
    ? {
        url: '/api/v1/contact/create-contact',
        body: {
          username: 'Durability Bench',
          mobile: '+91 98765 43210',
          email,
          company: 'Bench',
          projectDetails: `Submission ${marker}, sent while the server may be killed at any moment.`,
        },
      }
    : {
        url: '/api/v1/services/create-service',
        body: { name: 'Durability Bench', email, phone: '+91 98765 43210', domain: roles[0] },
      };
}

async function runOn(name, env, storageConfig, roles) {
  const acknowledged = new Map(); // marker -> id the server answered
  // Every marker ever put in a request, including those whose connection was refused: a stored row must
  // carry one of them.
  const sent = new Set();
  const outcomes = { unanswered: 0, refused: 0, otherStatus: new Map() };
  let inFlight = 0;
  const inFlightAtKill = [];
  const perSecond = [];
  let running = true;

  const client = async (index) => {
    const kind = index % 2 === 0 ? 'contact' : 'application';
    while (running) {
      const marker = `d${randomBytes(8).toString('hex')}`;
      const { url, body } = submission(kind, marker, roles);
      sent.add(marker);
      inFlight += 1;
      try {
        const response = await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        if (response.status === 201) acknowledged.set(marker, JSON.parse(text).id);
        else outcomes.otherStatus.set(response.status, (outcomes.otherStatus.get(response.status) ?? 0) + 1);
      } catch (error) {
        const code = error?.cause?.code;
        if (code === 'ECONNREFUSED') {
          outcomes.refused += 1;
          await sleep(20);
        } else {
          outcomes.unanswered += 1;
        }
      } finally {
        inFlight -= 1;
      }
    }
  };

  const started = Date.now();
  let server = await startServer({ port, env });
  const workers = Array.from({ length: clients }, (_, index) => client(index));
  for (let kill = 1; kill <= kills; kill += 1) {
    const before = acknowledged.size;
    const upMs = killAfterMs.min + Math.random() * (killAfterMs.max - killAfterMs.min);
    await sleep(upMs);
    inFlightAtKill.push(inFlight);
    await killServer(server);
    perSecond.push(((acknowledged.size - before) * 1000) / upMs);
    if (process.stdout.isTTY) process.stdout.write(`\r  ${name}: ${kill}/${kills} kills, ${acknowledged.size} acknowledged`);
    if (kill < kills) server = await startServer({ port, env });
  }
  running = false;
  await Promise.all(workers);
  if (process.stdout.isTTY) process.stdout.write(`\r${' '.repeat(100)}\r`);

  // Read back through the storage layer, as the submissions command does, with the server dead.
  const storage = await openStorage(storageConfig);
  const rows = [...(await storage.listContacts()), ...(await storage.listApplications())];
  await storage.close();
  const byMarker = new Map();
  for (const row of rows) {
    const marker = row.email.split('@')[0];
    if (!byMarker.has(marker)) byMarker.set(marker, []);
    byMarker.get(marker).push(row.id);
  }

  let lost = 0;
  let duplicates = 0;
  let wrongId = 0;
  for (const [marker, id] of acknowledged) {
    const ids = byMarker.get(marker) ?? [];
    if (ids.length === 0) lost += 1;
    if (ids.length > 1) duplicates += 1;
    if (ids.length === 1 && ids[0] !== id) wrongId += 1;
  }
  const unacknowledgedStored = [...byMarker.keys()].filter((marker) => !acknowledged.has(marker)).length;
  const neverSent = [...byMarker.keys()].filter((marker) => !sent.has(marker)).length;
  const duplicatesOverall = [...byMarker.values()].filter((ids) => ids.length > 1).length;
  const others = [...outcomes.otherStatus].map(([status, count]) => `${status}: ${count}`).join(', ') || 'none';

  const line = (label, value, note = '') => console.log(`  ${label.padEnd(34)}${String(value).padStart(8)}  ${note}`);
  console.log(`\n${name}  (${clients} clients, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  line('kills (SIGKILL)', kills, `in flight at the kill: median ${median(inFlightAtKill)}, max ${Math.max(...inFlightAtKill)}`);
  line(
    'submissions that reached the server',
    sent.size - outcomes.refused,
    `(${outcomes.refused} more refused while it restarted)`,
  );
  line('acknowledged (201)', acknowledged.size, `median ${median(perSecond).toFixed(0)} per second while up`);
  line('stored', rows.length);
  line('  of which never acknowledged', unacknowledgedStored, 'committed, but the answer died with the server');
  line('cut off by a kill (no answer)', outcomes.unanswered);
  line('other answers', others === 'none' ? 0 : others);
  line('lost (201 but not stored)', lost);
  line('duplicates', duplicatesOverall, `${duplicates} of them acknowledged`);
  line('stored under another id', wrongId);
  line('stored but never sent', neverSent);
  return lost + duplicatesOverall + wrongId + neverSent === 0;
}

// The roles a build of the content offers, as the build computes them for the server (server-facts.json).
const { roles } = serverFacts(await checkContent({ root: repoRoot, unfinished: 'fail' }), repoRoot);
if (roles.length === 0)
  fail('NoRoles', 'The content offers no role to apply for, so no application can be sent. Run `npm run content:check`.');
const work = mkdtempSync(join(tmpdir(), 'bench-durability-'));
const clientDir = writeClientBuild(join(work, 'client'), { roles });
let ok = true;
console.log(`bench:durability: ${kills} kills per database, ${clients} concurrent clients, port ${port}`);
try {
  if (only !== 'postgres') {
    const dataDir = join(work, 'data');
    ok =
      (await runOn(
        'Embedded database (SQLite, WAL, synchronous=FULL)',
        { CLIENT_DIR: clientDir, DATA_DIR: dataDir, DATABASE_URL: '' },
        { kind: 'sqlite', file: join(dataDir, 'submissions.db') },
        roles,
      )) && ok;
  }
  if (only !== 'embedded') {
    const scratch = await postgresScratch('bench_durability');
    try {
      const { rows } = await scratch.admin.query('show synchronous_commit');
      ok =
        (await runOn(
          `PostgreSQL (synchronous_commit=${rows[0].synchronous_commit})`,
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
console.log(ok ? '\nNothing acknowledged was lost or stored twice.' : '\nFAILED: see lost / duplicates above.');
process.exitCode = ok ? 0 : 1;
