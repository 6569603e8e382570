#!/usr/bin/env node
// `npm run bench:dev [-- --pages 0,1000] [--starts 3] [--edits 9]`: the dev server as a marketer meets it,
// and how that grows with the number of pages. For each N it copies the site with N copies of the React
// page (as bench:build does), then, in Chromium:
//   - start: from launching `vite` to its listening, and to /react on screen (its heading drawn), over
//     `--starts` starts (the browser is up before the server, so its own start is not counted). The
//     first start of a copy is shown apart (Vite has not yet transformed the copy's files once); each
//     server runs a few seconds after its first page, as a marketer's does;
//   - save: from writing a changed hero heading into content/pages/react.yaml to the first frame that
//     shows it, over `--edits` saves, half a second apart.
// Dependencies are pre-bundled in the checkout's node_modules/.vite, which the copies share: these are
// the starts a marketer has after the first one following an install. It prints figures (medians, with
// the lowest and highest) and judges nothing; issue 16 has the targets.
/* global document -- the heading probe runs in the page */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchArgs, fail, launchChromium, list, median, whole } from './common.mjs';
import { siteWith } from './site.mjs';

const { values: options } = benchArgs({
  usage: 'npm run bench:dev -- [--pages 0,1000] [--starts 3] [--edits 9]',
  options: {
    pages: {
      default: '0,1000',
      value: 'N,N,…',
      help: 'extra copies of the React page, one site copy each',
      read: list(undefined, whole(0)),
    },
    starts: { default: '3', value: 'N', help: 'dev server starts per site copy', read: whole() },
    edits: { default: '9', value: 'N', help: 'saves of a changed heading per site copy', read: whole() },
  },
});

const heading = 'heading: "Responsive interfaces built with **React**"';
const sinceMs = (start) => performance.now() - start;
/** How long a server runs after its first page before it is stopped, as a marketer's would. */
const RUNS_FOR_MS = 3000;

/** Starts `vite` in `dir` on a free port; settles with the server and its URL once it listens. */
function startVite(dir, port) {
  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(port), '--strictPort'], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Local:')) resolve({ server, url: `http://localhost:${port}` });
    });
    server.stderr.on('data', (chunk) => (output += chunk));
    server.on('exit', (code) => reject(new Error(`DevServerExited: vite stopped with ${code} before listening:\n${output}`)));
  });
}

/** The first frame whose page heading holds `text`, polled at every frame. */
const headingShows = (page, text) =>
  page.waitForFunction((t) => document.querySelector('main h1')?.textContent?.includes(t), text, {
    polling: 'raf',
    timeout: 30_000,
  });

const browser = await launchChromium();
const rows = [];
try {
  for (const extra of options.pages) {
    const dir = siteWith(extra, 'dev');
    const file = join(dir, 'content/pages/react.yaml');
    const original = readFileSync(file, 'utf8');
    if (!original.includes(heading))
      fail('BenchOutdated', `content/pages/react.yaml no longer has \`${heading}\`; update scripts/bench/dev.mjs.`);
    const listens = [];
    const firsts = [];
    const saves = [];
    try {
      for (let start = 1; start <= options.starts; start++) {
        const page = await browser.newPage();
        const started = performance.now();
        const { server, url } = await startVite(dir, 5400 + (process.pid % 400) + start);
        listens.push(sinceMs(started));
        try {
          await page.goto(`${url}/react`);
          await headingShows(page, 'Responsive interfaces');
          firsts.push(sinceMs(started));
          if (start < options.starts) await page.waitForTimeout(RUNS_FOR_MS);
          // The saves are timed on the last start, once the server has served the page.
          for (let edit = 1; start === options.starts && edit <= options.edits; edit++) {
            await page.waitForTimeout(500);
            const text = `Edit ${edit} of ${extra} pages`;
            const saved = performance.now();
            writeFileSync(file, original.replace(heading, `heading: "${text}"`));
            await headingShows(page, text);
            saves.push(sinceMs(saved));
          }
        } finally {
          server.kill();
          await page.close();
          writeFileSync(file, original);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    rows.push({ extra, listens, firsts, saves });
    console.error(`… ${extra} extra pages done`);
  }
} finally {
  await browser.close();
}

const figure = (values) =>
  values.length === 0
    ? '–'
    : `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
console.log(`\nms, median (lowest–highest) of ${options.starts} starts and ${options.edits} saves\n`);
console.log('| extra pages | start to listening | first start to first page | later starts to first page | save to screen |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows) {
  console.log(
    `| ${row.extra} | ${figure(row.listens)} | ${row.firsts[0].toFixed(0)} | ${figure(row.firsts.slice(1))} | ${figure(row.saves)} |`,
  );
}
