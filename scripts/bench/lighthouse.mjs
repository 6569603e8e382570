#!/usr/bin/env node
// `npm run bench:lighthouse [-- BASE] [--runs N] [--routes /a,/b]`: Lighthouse (mobile, default simulated
// throttling) over every route of the running production server, in Debian's Chromium. Prints one table:
// route, the four scores, LCP, TBT, CLS and the JavaScript transferred. A benchmark, not a test: the
// machine is shared and noisy, so compare runs and quote medians (`--runs 3`, or LH_RUNS=3, runs each
// route three times). BASE_URL and LH_ROUTES set the other two options' defaults.
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { benchArgs, fail, launchChromium, list, whole } from './common.mjs';

const {
  values: { runs, routes: only },
  positionals,
} = benchArgs({
  usage: 'npm run bench:lighthouse -- [BASE] [--runs 1] [--routes /a,/b]',
  positionals: 'BASE  the running site (default: BASE_URL, else http://127.0.0.1:3000)',
  options: {
    runs: {
      default: process.env.LH_RUNS ?? '1',
      value: 'N',
      help: 'runs per route; the medians are printed (LH_RUNS)',
      read: whole(),
    },
    routes: {
      default: process.env.LH_ROUTES,
      value: '/a,/b',
      help: "routes to audit; the sitemap's when left out (LH_ROUTES)",
      read: list(),
    },
  },
});
if (positionals.length > 1) fail('BadArgument', `give one BASE address, not ${positionals.length}: ${positionals.join(' ')}.`);
const base = (positionals[0] ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');

const sitemap = await fetch(`${base}/sitemap.xml`).then(
  (r) => (r.ok ? r.text() : Promise.reject(new Error(`sitemap.xml answered ${r.status}`))),
  (e) => {
    console.error(`ServerUnreachable: ${base} did not answer (${e.message}). Start the site with \`npm start\` first.`);
    process.exit(1);
  },
);
const routes = only ?? [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);

/** A TCP port nothing listens on now, for Chromium's DevTools endpoint, which Lighthouse connects to. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const port = await freePort();
const chrome = await launchChromium({ debuggingPort: port });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
try {
  for (const route of routes) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      // On a loaded machine Chrome sometimes loses the trace (NO_NAVSTART, NO_FCP); that run says
      // nothing about the page, so it is run again, up to three times.
      let result;
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await lighthouse(`${base}${route}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result.lhr.runtimeError) break;
        process.stderr.write(`${route}: Lighthouse failed (${result.lhr.runtimeError.code}), attempt ${attempt} of 3\n`);
      }
      const { categories, audits } = result.lhr;
      const scripts = audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
      samples.push({
        perf: categories.performance.score * 100,
        a11y: categories.accessibility.score * 100,
        bp: categories['best-practices'].score * 100,
        seo: categories.seo.score * 100,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        js: (scripts?.transferSize ?? 0) / 1024,
        failing: Object.values(result.lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      });
    }
    const pick = (key) => median(samples.map((s) => s[key]));
    rows.push({
      route,
      perf: pick('perf'),
      a11y: pick('a11y'),
      bp: pick('bp'),
      seo: pick('seo'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      js: pick('js'),
      failing: samples[0].failing,
    });
    const r = rows.at(-1);
    process.stderr.write(
      `${route}: ${r.perf}/${r.a11y}/${r.bp}/${r.seo}${r.failing.length ? '  failing: ' + r.failing.join(', ') : ''}\n`,
    );
  }
} finally {
  await chrome.close();
}

const header = ['route', 'perf', 'a11y', 'best', 'seo', 'LCP s', 'TBT ms', 'CLS', 'JS KB'];
const lines = rows.map((r) => [
  r.route,
  r.perf.toFixed(0),
  r.a11y.toFixed(0),
  r.bp.toFixed(0),
  r.seo.toFixed(0),
  (r.lcp / 1000).toFixed(2),
  r.tbt.toFixed(0),
  r.cls.toFixed(3),
  r.js.toFixed(1),
]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
const fmt = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}on ${base}, mobile, simulated throttling`);
console.log(fmt(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
lines.forEach((l) => console.log(fmt(l)));
const worst = (key, dir) => rows.reduce((a, r) => (dir * r[key] > dir * a[key] ? r : a));
console.log(
  `\nlowest performance ${worst('perf', -1).perf} (${worst('perf', -1).route}); highest LCP ${(worst('lcp', 1).lcp / 1000).toFixed(2)} s, TBT ${worst('tbt', 1).tbt.toFixed(0)} ms, CLS ${worst('cls', 1).cls.toFixed(3)}`,
);
