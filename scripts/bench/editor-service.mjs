// `npm run bench:editor-service`: the shared editor service (`npm run editor:start`) on a copy of the site
// in a throw-away bare repository. It prints the time from starting the service to /healthz answering
// (medians of --starts), its resident memory after start, after signing in and opening a change set,
// after the hostile requests of tests/server/hostile-requests.ts (every address, --hostile cases each,
// as an administrator and as nobody, and the heavy ones the review found: 7 MB titles, 16,000 × 16,000
// pictures), and after each quarter of --edits saves (each one a page's heading typed anew and saved, as
// the editor does: open, draft check, save), with the medians and 95th percentiles of the saves. All the
// while another client asks /healthz every 25 ms: its slowest answer is what one writer's load costs the
// others. Targets (issue 49): resident memory at most 300 MB, the slowest /healthz at most 200 ms.
// Runs under tsx (package.json), to read the hostile requests' TypeScript.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { benchArgs, fail, root, whole } from './common.mjs';
import { addresses, declaredPng, hostileBody, hostileQuery, useOpenedPage } from '../../tests/server/hostile-requests.ts';

const {
  values: { starts, edits, port, hostile },
} = benchArgs({
  usage: 'npm run bench:editor-service -- [options]',
  options: {
    starts: { default: '3', value: 'N', help: 'service starts to time', read: whole(1) },
    edits: { default: '1000', value: 'N', help: 'saves to make, and measure memory after', read: whole(4) },
    port: { default: '4580', value: 'PORT', help: 'port for the service', read: whole(1) },
    hostile: { default: '10', value: 'N', help: 'hostile requests per address and identity', read: whole(0) },
  },
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)];
const rssMb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;

if (!existsSync(join(root, 'dist/editor-server/main.mjs'))) {
  console.log('Building the editor service first (npx tsx scripts/build-editor.ts)…');
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build-editor.ts')], { cwd: root, stdio: 'inherit' });
}

const temp = mkdtempSync(join(tmpdir(), 'bench-editor-service-'));
const git = (cwd, ...args) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd });
const seed = join(temp, 'seed');
for (const folder of ['content', 'schemas', 'public']) cpSync(join(root, folder), join(seed, folder), { recursive: true });
const remote = join(temp, 'site.git');
mkdirSync(remote);
git(remote, 'init', '--quiet', '--bare', '--initial-branch=main');
git(seed, 'init', '--quiet', '--initial-branch=main');
git(seed, 'add', '-A');
git(seed, 'commit', '--quiet', '-m', 'Site');
git(seed, 'push', '--quiet', remote, 'main');

const base = `http://localhost:${port}`;
// DATA_DIR: the inbox's submissions, in the bench's own folder rather than the checkout's ./data.
const env = {
  ...process.env,
  EDITOR_REPO: remote,
  EDITOR_PORT: String(port),
  EDITOR_PUBLIC_URL: base,
  LOG_LEVEL: 'warn',
  DATA_DIR: join(temp, 'site-data'),
  DATABASE_URL: '',
};
let service;
process.on('exit', () => {
  service?.kill('SIGKILL');
  rmSync(temp, { recursive: true, force: true });
});

/** Starts the service on a fresh data folder (`fresh`: it clones too) and returns the ms until /healthz answers. */
async function start(dataDir) {
  const started = performance.now();
  service = spawn(
    process.execPath,
    ['--disable-proto=throw', '--max-old-space-size=256', join(root, 'dist/editor-server/main.mjs')],
    {
      cwd: root,
      // As scripts/editor-start.mjs and the Dockerfile start it.
      env: { MALLOC_MMAP_THRESHOLD_: '131072', ...env, EDITOR_DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (service.exitCode !== null) fail('EditorDidNotStart', `the service exited with ${service.exitCode}.`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    await sleep(20);
  }
  fail('EditorDidNotStart', 'the service did not answer /healthz within 2 minutes.');
}

async function stop() {
  const exited = new Promise((resolve) => service.once('exit', resolve));
  service.kill('SIGTERM');
  await exited;
}

const startTimes = [];
for (let i = 0; i < starts; i++) {
  startTimes.push(await start(join(temp, `data-${i}`)));
  if (i < starts - 1) await stop();
}
const pid = service.pid;
const memory = [{ when: 'after start', mb: rssMb(pid) }];

// An administrator's invitation, accepted over HTTP as the sign-in page does.
const dataDir = join(temp, `data-${starts - 1}`);
const printed = execFileSync(
  process.execPath,
  [join(root, 'dist/editor-server/users.mjs'), 'add', '--email', 'bench@example.com', '--role', 'admin', '--name', 'Bench'],
  { cwd: root, env: { ...env, EDITOR_DATA_DIR: dataDir }, encoding: 'utf8' },
);
const token = /invite#(\S+)/.exec(printed)?.[1] ?? fail('NoInvitation', printed);
const accepted = await fetch(`${base}/auth/accept`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ token, password: 'a long pass phrase for timing saves' }),
});
const cookies = accepted.headers.getSetCookie().map((c) => c.split(';')[0]);
const csrf = decodeURIComponent(cookies.find((c) => c.includes('editor_csrf='))?.split('=')[1] ?? '');
const headers = { 'content-type': 'application/json', origin: base, cookie: cookies.join('; '), 'x-csrf-token': csrf };
/** Signs in again (the hostile requests include signing out) and uses the new session from then on. */
async function signIn() {
  const response = await fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'bench@example.com', password: 'a long pass phrase for timing saves' }),
  });
  if (!response.ok) fail('EditorRefused', `signing in again answered ${response.status}: ${await response.text()}`);
  const again = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  headers.cookie = again.join('; ');
  headers['x-csrf-token'] = decodeURIComponent(again.find((c) => c.includes('editor_csrf='))?.split('=')[1] ?? '');
}
const post = async (path, body, changeSet) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, ...(changeSet ? { 'x-change-set': changeSet } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) fail('EditorRefused', `${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
};
const changeSet = (await post('/api/change-sets', { title: 'Bench edits' })).id;
memory.push({ when: 'signed in, a change set started', mb: rssMb(pid) });

// Another person's view of the service all along: /healthz every 25 ms, each answer timed, from a
// thread of its own, so that what this process does to send the requests (a 7 MB body is a while
// in JSON.stringify) is never counted as the service's delay.
const health = { phase: 'hostile', slowest: { hostile: 0, saves: 0 }, times: { hostile: [], saves: [] } };
const prober = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
   let stop = false;
   parentPort.on('message', () => (stop = true));
   (async () => {
     while (!stop) {
       const asked = performance.now();
       await fetch(workerData + '/healthz').then((r) => r.arrayBuffer(), () => undefined);
       parentPort.postMessage(performance.now() - asked);
       await new Promise((resolve) => setTimeout(resolve, 25));
     }
     process.exit(0);
   })();`,
  { eval: true, workerData: base },
);
prober.on('message', (took) => {
  health.times[health.phase].push(took);
  health.slowest[health.phase] = Math.max(health.slowest[health.phase], took);
});
const probing = new Promise((resolve) => prober.once('exit', resolve));

const file = 'content/pages/contact.yaml';
// The hostile requests, over HTTP, as an administrator (every role's rights) and as nobody.
const hostileStarted = performance.now();
const statuses = new Map();
const serverErrors = [];
const slowest = [];
const send = async (method, url, payload, as, extra = {}) => {
  const asked = performance.now();
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(as === 'admin' ? headers : { 'content-type': 'application/json', origin: base }),
      'x-change-set': hostileSet,
      ...extra,
    },
    ...(method === 'POST' ? { body: payload } : {}),
  }).catch((error) => ({ status: 0, text: async () => String(error) }));
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  if (response.status >= 500 || response.status === 0)
    serverErrors.push(`${method} ${url} as ${as}: ${response.status} ${(await response.text()).slice(0, 120)}`);
  else await response.text();
  slowest.push({ took: performance.now() - asked, what: `${method} ${url.split('?')[0]} as ${as}: ${response.status}` });
};
// A change set of their own: the hostile requests may withdraw or publish the one they name.
const hostileSet = (await post('/api/change-sets', { title: 'Hostile requests' })).id;
const page = await post('/api/open', { file }, hostileSet);
useOpenedPage({ file, version: page.version, data: page.data });
for (const [n, as] of ['admin', 'nobody'].entries()) {
  for (const address of addresses) {
    const url = address.url.replace(':id', hostileSet).replace(':commit', 'abcdef1');
    if (address.method === 'GET')
      for (const c of fc.sample(hostileQuery, { seed: 4960 + n, numRuns: hostile }))
        await send('GET', `${url}?${c.query}`, undefined, as);
    else for (const c of fc.sample(hostileBody, { seed: 4960 + n, numRuns: hostile })) await send('POST', url, c.payload, as);
    if (as === 'admin') await signIn();
  }
}
// The review's heavy cases: six saves of a 7 MB title, and thirty 16,000 × 16,000 pictures.
for (let i = 0; i < 6; i++)
  await send(
    'POST',
    '/api/save',
    JSON.stringify({ file, version: page.version, data: { ...page.data, title: 'x'.repeat(7 * 1024 * 1024) } }),
    'admin',
  );
const huge = declaredPng(16_000, 16_000);
for (let i = 0; i < 30; i++)
  await send('POST', `/api/media?name=huge-${i}.png&alt=A+picture+far+too+large`, huge, 'admin', {
    'content-type': 'application/octet-stream',
  });
const hostileMs = performance.now() - hostileStarted;
const hostileCount = [...statuses.values()].reduce((a, b) => a + b, 0);
memory.push({ when: `after ${hostileCount} hostile requests`, mb: rssMb(pid) });
health.phase = 'saves';

const saves = [];
const drafts = [];
let opened = await post('/api/open', { file }, changeSet);
let peak = 0;
for (let i = 1; i <= edits; i++) {
  const data = structuredClone(opened.data);
  data.sections[0].heading = `Write to us, edit ${i}`;
  const drafted = performance.now();
  await post('/api/draft', { file, version: opened.version, data }, changeSet);
  const saving = performance.now();
  drafts.push(saving - drafted);
  opened = await post('/api/save', { file, version: opened.version, data }, changeSet);
  saves.push(performance.now() - saving);
  if (i % 50 === 0) peak = Math.max(peak, rssMb(pid));
  if (i % Math.ceil(edits / 4) === 0 || i === edits) memory.push({ when: `after ${i} edits`, mb: rssMb(pid) });
}
prober.postMessage('stop');
await probing;
await stop();

const ms = (value) => `${Math.round(value)} ms`;
console.log(`\nbench:editor-service on ${new Date().toISOString().slice(0, 10)}, ${starts} starts, ${edits} edits`);
console.log(
  `- start to /healthz answering: median ${ms(median(startTimes))} (${startTimes.map(ms).join(', ')}; each clones the site first)`,
);
for (const row of memory) console.log(`- resident memory ${row.when}: ${row.mb.toFixed(0)} MB`);
const highest = Math.max(peak, ...memory.map((row) => row.mb));
console.log(`- highest resident memory seen: ${highest.toFixed(0)} MB (target ≤ 300 MB: ${highest <= 300 ? 'met' : 'missed'})`);
console.log(
  `- hostile requests: ${hostileCount} in ${(hostileMs / 1000).toFixed(1)} s, answers ${[...statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([code, count]) => `${code} × ${count}`)
    .join(', ')}`,
);
console.log(
  `  the slowest: ${slowest
    .sort((a, b) => b.took - a.took)
    .slice(0, 5)
    .map((r) => `${r.what} ${ms(r.took)}`)
    .join('; ')}`,
);
if (serverErrors.length) console.log(`  5xx or no answer (${serverErrors.length}):\n  ${serverErrors.slice(0, 10).join('\n  ')}`);
for (const phase of ['hostile', 'saves'])
  console.log(
    `- /healthz during the ${phase === 'hostile' ? 'hostile requests' : 'saves'}: ${health.times[phase].length} asked, median ${ms(median(health.times[phase]))}, slowest ${ms(health.slowest[phase])} (target ≤ 200 ms: ${health.slowest[phase] <= 200 ? 'met' : 'missed'})`,
  );
console.log(`- draft check (keystroke to checked preview data): median ${ms(median(drafts))}, p95 ${ms(p95(drafts))}`);
console.log(`- save: median ${ms(median(saves))}, p95 ${ms(p95(saves))}, slowest ${ms(Math.max(...saves))}`);
if (serverErrors.length) process.exit(1);
