#!/usr/bin/env node
// `npm run bench:build [-- --pages 0,100,1000]`: how the build's cost grows with the number of pages.
// For each N it copies the site to a temporary folder, adds N copies of the React technology page,
// and times `content:check` and each phase of `npm run build` (`vite build`, which makes the browser's
// and the prerender's bundles, then prerender), wall and CPU seconds, then the output's size. It prints figures and judges nothing:
// compare the rows of one run. With `--astro`, Astro 5 builds the same page files as a YAML content
// collection in the same run (scripts/bench/astro/; Astro is installed once, from npm, into
// node_modules/.cache/bench-astro), so that the two can be compared on one machine, as ratios.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchArgs, hostSpeed, list, whole } from './common.mjs';
import { siteWith } from './site.mjs';

const {
  values: { pages: counts, astro: withAstro },
} = benchArgs({
  usage: 'npm run bench:build -- [--pages 0,100,1000] [--astro]',
  options: {
    pages: {
      default: '0,100,1000',
      value: 'N,N,…',
      help: 'extra copies of the React page to build with, one build each',
      read: list(undefined, whole(0)),
    },
    astro: { type: 'boolean', default: false, help: 'also build the same page files with Astro 5 and compare' },
  },
});
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
  return { wall, cpu: times.length === 2 ? times[0] + times[1] : Number.NaN, stdout: result.stdout };
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

const astroVersion = '5.18.2';
const astroHome = join(import.meta.dirname, '../../node_modules/.cache/bench-astro');

/** Astro, installed once into astroHome: the only part of the bench that needs the npm registry. */
function installAstro() {
  const installed = join(astroHome, 'node_modules/astro/package.json');
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === astroVersion) return;
  mkdirSync(astroHome, { recursive: true });
  writeFileSync(join(astroHome, 'package.json'), '{ "private": true }\n');
  console.error(`… installing astro@${astroVersion} into ${astroHome}`);
  const result = spawnSync('npm', ['install', `astro@${astroVersion}`, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: astroHome,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('AstroInstallFailed: npm could not install Astro (is the npm registry reachable?). Run without --astro.');
    process.exit(1);
  }
}

/** An Astro project in a new folder holding the same page files as the site copy `dir`. */
function astroSiteFrom(dir) {
  const site = mkdtempSync(join(tmpdir(), 'bench-astro-'));
  const here = join(import.meta.dirname, 'astro');
  writeFileSync(join(site, 'package.json'), '{ "private": true, "type": "module" }\n');
  // Its own cache folder, so that no build reuses the content store of the one before.
  writeFileSync(join(site, 'astro.config.mjs'), "export default { cacheDir: './.astro-cache', site: 'https://example.com' };\n");
  symlinkSync(join(astroHome, 'node_modules'), join(site, 'node_modules'));
  mkdirSync(join(site, 'src/pages'), { recursive: true });
  mkdirSync(join(site, 'src/components'));
  cpSync(join(here, 'content.config.mjs'), join(site, 'src/content.config.mjs'));
  cpSync(join(here, 'page.astro'), join(site, 'src/pages/[...slug].astro'));
  cpSync(join(here, 'Value.astro'), join(site, 'src/components/Value.astro'));
  cpSync(join(dir, 'content/pages'), join(site, 'pages'), { recursive: true });
  return site;
}

const phases = [
  ['content:check', 'node', ['scripts/content-check.mjs']],
  // The steps of `npm run build`: one `vite build` makes the browser's and the prerender's bundles.
  // As `npm run build` runs it, printing included: what Vite prints costs too.
  ['vite build', 'npx', ['vite', 'build']],
  ['prerender', 'npx', ['tsx', 'scripts/prerender.ts']],
];
if (withAstro) installAstro();
const rows = [];
for (const extra of counts) {
  const dir = siteWith(extra, 'build');
  try {
    const figures = Object.fromEntries(phases.map(([name, command, args]) => [name, timed(dir, command, args)]));
    const build = phases
      .slice(1)
      .reduce((sum, [name]) => ({ wall: sum.wall + figures[name].wall, cpu: sum.cpu + figures[name].cpu }), { wall: 0, cpu: 0 });
    const pages = JSON.parse(readFileSync(join(dir, 'dist/client/routes.json'), 'utf8')).length;
    // The rendered-page check's own time, as the prerender prints it (src/content/rendered/).
    const drawn = /Checked the \d+ drawn pages: .*\((\d+) ms\)/.exec(figures.prerender.stdout)?.[1];
    const row = {
      extra,
      pages,
      figures,
      build,
      bytes: bytesIn(join(dir, 'dist')),
      drawnMs: drawn === undefined ? undefined : Number(drawn),
    };
    if (withAstro) {
      const site = astroSiteFrom(dir);
      try {
        row.astro = {
          ...timed(site, 'node', ['node_modules/astro/astro.js', 'build', '--silent']),
          bytes: bytesIn(join(site, 'dist')),
        };
      } finally {
        rmSync(site, { recursive: true, force: true });
      }
    }
    rows.push(row);
    console.error(`… ${extra} extra pages done`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pair = ({ wall, cpu }) => `${wall.toFixed(1)} / ${Number.isNaN(cpu) ? '?' : cpu.toFixed(1)}`;
const base = rows.find((row) => row.extra === 0);
/** CPU ms and output KB per page beyond the base row, for one build (ours, or Astro's). */
const marginal = (row, of) => {
  if (base === undefined || row.extra === 0) return undefined;
  const [now, then] = [of(row), of(base)];
  return { cpu: ((now.cpu - then.cpu) / row.extra) * 1000, kb: (now.bytes - then.bytes) / row.extra / 1024 };
};
const ours = (row) => ({ cpu: row.build.cpu, bytes: row.bytes });
const astros = (row) => row.astro;
console.log(
  `\nwall s / CPU s on ${execFileSync('nproc').toString().trim()} cores (${hostSpeed()} ms for bench-common's reference work, lower is faster); output is dist/ (what is deployed) with the compressed copies\n`,
);
console.log(
  `| extra pages | pages | ${phases.map(([name]) => name).join(' | ')} | of it, the rendered-page check | **full build** | output | output per extra page | CPU per extra page |`,
);
console.log(`| --- | --- | ${phases.map(() => '---').join(' | ')} | --- | --- | --- | --- | --- |`);
for (const row of rows) {
  const more = marginal(row, ours);
  const cpu = more && !Number.isNaN(more.cpu) ? `${more.cpu.toFixed(0)} ms` : '';
  const grown = more ? `${more.kb.toFixed(0)} KB` : '';
  const size = `${(row.bytes / 1024 / 1024).toFixed(1)} MB`;
  const cells = phases.map(([name]) => pair(row.figures[name])).join(' | ');
  const drawn = row.drawnMs === undefined ? '?' : `${(row.drawnMs / 1000).toFixed(2)} s wall`;
  console.log(`| ${row.extra} | ${row.pages} | ${cells} | ${drawn} | **${pair(row.build)}** | ${size} | ${grown} | ${cpu} |`);
}
if (withAstro) {
  console.log(
    `\nAstro ${astroVersion}, the same page files as a YAML content collection (scripts/bench/astro/), in the same run\n`,
  );
  console.log(
    '| extra pages | Astro build | output | output per extra page | CPU per extra page | ours ÷ Astro, CPU per extra page |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    const [more, ourMore] = [marginal(row, astros), marginal(row, ours)];
    const ratio = more && ourMore ? `${(ourMore.cpu / more.cpu).toFixed(1)}×` : '';
    console.log(
      `| ${row.extra} | ${pair(row.astro)} | ${(row.astro.bytes / 1024 / 1024).toFixed(1)} MB | ${more ? `${more.kb.toFixed(0)} KB` : ''} | ${more ? `${more.cpu.toFixed(1)} ms` : ''} | ${ratio} |`,
    );
  }
}
