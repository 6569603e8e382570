// `npm run bench:editor-service`: the shared editor service (`npm run editor:start`) on a copy of the site
// in a throw-away bare repository. It prints the time from starting the service to /healthz answering
// (medians of --starts), its resident memory after start, after signing in and opening a change set,
// and after each quarter of --edits saves (each one a page's heading typed anew and saved, as the
// editor does: open, draft check, save), with the medians and 95th percentiles of the saves.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchArgs, fail, root, whole } from './common.mjs';

const {
  values: { starts, edits, port },
} = benchArgs({
  usage: 'npm run bench:editor-service -- [options]',
  options: {
    starts: { default: '3', value: 'N', help: 'service starts to time', read: whole(1) },
    edits: { default: '1000', value: 'N', help: 'saves to make, and measure memory after', read: whole(4) },
    port: { default: '4580', value: 'PORT', help: 'port for the service', read: whole(1) },
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
const env = { ...process.env, EDITOR_REPO: remote, EDITOR_PORT: String(port), EDITOR_PUBLIC_URL: base, LOG_LEVEL: 'warn' };
let service;
process.on('exit', () => {
  service?.kill('SIGKILL');
  rmSync(temp, { recursive: true, force: true });
});

/** Starts the service on a fresh data folder (`fresh`: it clones too) and returns the ms until /healthz answers. */
async function start(dataDir) {
  const started = performance.now();
  service = spawn(process.execPath, ['--disable-proto=throw', join(root, 'dist/editor-server/main.mjs')], {
    cwd: root,
    env: { ...env, EDITOR_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
  body: JSON.stringify({ token, password: 'a bench pass phrase long enough' }),
});
const cookies = accepted.headers.getSetCookie().map((c) => c.split(';')[0]);
const csrf = decodeURIComponent(cookies.find((c) => c.includes('editor_csrf='))?.split('=')[1] ?? '');
const headers = { 'content-type': 'application/json', origin: base, cookie: cookies.join('; '), 'x-csrf-token': csrf };
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

const file = 'content/pages/contact.yaml';
const saves = [];
const drafts = [];
let opened = await post('/api/open', { file }, changeSet);
for (let i = 1; i <= edits; i++) {
  const data = structuredClone(opened.data);
  data.sections[0].heading = `Write to us, edit ${i}`;
  const drafted = performance.now();
  await post('/api/draft', { file, version: opened.version, data }, changeSet);
  const saving = performance.now();
  drafts.push(saving - drafted);
  opened = await post('/api/save', { file, version: opened.version, data }, changeSet);
  saves.push(performance.now() - saving);
  if (i % Math.ceil(edits / 4) === 0 || i === edits) memory.push({ when: `after ${i} edits`, mb: rssMb(pid) });
}
await stop();

const ms = (value) => `${Math.round(value)} ms`;
console.log(`\nbench:editor-service on ${new Date().toISOString().slice(0, 10)}, ${starts} starts, ${edits} edits`);
console.log(
  `- start to /healthz answering: median ${ms(median(startTimes))} (${startTimes.map(ms).join(', ')}; each clones the site first)`,
);
for (const row of memory) console.log(`- resident memory ${row.when}: ${row.mb.toFixed(0)} MB`);
console.log(`- draft check (keystroke to checked preview data): median ${ms(median(drafts))}, p95 ${ms(p95(drafts))}`);
console.log(`- save: median ${ms(median(saves))}, p95 ${ms(p95(saves))}, slowest ${ms(Math.max(...saves))}`);
