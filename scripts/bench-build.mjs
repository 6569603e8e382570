#!/usr/bin/env node
// `npm run bench:build [-- --pages 0,100,1000]`: how the build's cost grows with the number of pages.
// For each N it copies the site to a temporary folder, adds N copies of the React technology page,
// and times `content:check` and each phase of `npm run build` (`vite build`, which makes the browser's
// and the prerender's bundles, then prerender), wall and CPU seconds, then the output's size. It prints figures and judges nothing:
// compare the rows of one run (issue 16 has Astro's figures for the same page counts).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { siteWith } from './bench-site.mjs';

const arg = process.argv.indexOf('--pages');
const counts = (arg > 0 ? process.argv[arg + 1] : '0,100,1000').split(',').map(Number);
if (counts.some((n) => !Number.isInteger(n) || n < 0)) {
  console.error(`BadPages: --pages takes whole numbers separated by commas, such as 0,100,1000.`);
  process.exit(2);
}
// GNU time reports the CPU of the command and its children; without it, only wall time is shown.
const gnuTime = existsSync('/usr/bin/time');

/** Runs a command in `cwd`; returns wall and CPU seconds. Fails loudly: a broken build is no figure. */
function timed(cwd, command, args) {
  const started = process.hrtime.bigint();
  const result = gnuTime
    ? spawnSync('/usr/bin/time', ['-f', '%U %S', command, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) {
    console.error(`BenchStepFailed: \`${command} ${args.join(' ')}\` failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
    process.exit(1);
  }
  const times = gnuTime ? result.stderr.trim().split('\n').pop().split(' ').map(Number) : [];
  return { wall, cpu: times.length === 2 ? times[0] + times[1] : Number.NaN };
}

function bytesIn(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const stat = statSync(full);
    total += stat.isDirectory() ? bytesIn(full) : stat.size;
  }
  return total;
}

const phases = [
  ['content:check', 'node', ['scripts/content-check.mjs']],
  // The steps of `npm run build`: one `vite build` makes the browser's and the prerender's bundles.
  ['vite build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['prerender', 'npx', ['tsx', 'scripts/prerender.ts']],
];
const rows = [];
for (const extra of counts) {
  const dir = siteWith(extra, 'build');
  try {
    const figures = Object.fromEntries(phases.map(([name, command, args]) => [name, timed(dir, command, args)]));
    const build = phases
      .slice(1)
      .reduce((sum, [name]) => ({ wall: sum.wall + figures[name].wall, cpu: sum.cpu + figures[name].cpu }), { wall: 0, cpu: 0 });
    const pages = JSON.parse(readFileSync(join(dir, 'dist/client/routes.json'), 'utf8')).length;
    rows.push({ extra, pages, figures, build, bytes: bytesIn(join(dir, 'dist')) });
    console.error(`… ${extra} extra pages done`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pair = ({ wall, cpu }) => `${wall.toFixed(1)} / ${Number.isNaN(cpu) ? '?' : cpu.toFixed(1)}`;
const base = rows.find((row) => row.extra === 0);
console.log(
  `\nwall s / CPU s on ${execFileSync('nproc').toString().trim()} cores; output is dist/ (what is deployed) with the compressed copies\n`,
);
console.log(
  `| extra pages | pages | ${phases.map(([name]) => name).join(' | ')} | **full build** | output | output per extra page | CPU per extra page |`,
);
console.log(`| --- | --- | ${phases.map(() => '---').join(' | ')} | --- | --- | --- | --- |`);
for (const row of rows) {
  const extra = base !== undefined && row.extra > 0;
  const cpu =
    extra && !Number.isNaN(row.build.cpu) ? `${(((row.build.cpu - base.build.cpu) / row.extra) * 1000).toFixed(0)} ms` : '';
  const grown = extra ? `${((row.bytes - base.bytes) / row.extra / 1024).toFixed(0)} KB` : '';
  const size = `${(row.bytes / 1024 / 1024).toFixed(1)} MB`;
  const cells = phases.map(([name]) => pair(row.figures[name])).join(' | ');
  console.log(`| ${row.extra} | ${row.pages} | ${cells} | **${pair(row.build)}** | ${size} | ${grown} | ${cpu} |`);
}
