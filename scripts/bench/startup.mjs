#!/usr/bin/env node
// `npm run bench:startup -- [BASE] [--routes /,/careers] [--runs 5] [--timeline]`: where a page's start-up
// time goes for a visitor on a phone-like machine (CPU 4× slower, DevTools' slow 4G, as in
// bench:interaction), without a trace: tracing itself slows the main thread (each captured stack makes V8
// re-parse the script it points into, 140 ms of a 154 ms evaluation of the app's entry in one trace), so
// this reads only what the page reports about itself: paint and load milestones, Resource Timing for
// the app's code, the moment the frame hydrated (`data-hydrated` on <html>), and Long Animation Frames
// with the scripts they ran. Per route it prints the medians of the milestones and of the main thread's
// blocking time before and after the load event; `--timeline` also prints every event of the median run.
// A benchmark, not a test: compare runs on one machine, and quote medians.
/* global window, document, addEventListener, MutationObserver -- the probe runs in the page */
import { benchArgs, fail, launchChromium, list, median, slowPhone, whole } from './common.mjs';

const {
  values: { runs, routes, timeline },
  positionals,
} = benchArgs({
  usage: 'npm run bench:startup -- [BASE] [--routes /,/careers] [--runs 5] [--timeline]',
  positionals: 'BASE  the running site (default: BASE_URL, else http://127.0.0.1:3000)',
  options: {
    routes: { default: '/', value: '/a,/b', help: 'routes to load', read: list() },
    runs: { default: '5', value: 'N', help: 'loads per route; medians are printed', read: whole() },
    timeline: { type: 'boolean', default: false, help: "also print every event of each route's median run" },
  },
});
if (positionals.length > 1) fail('BadArgument', `give one BASE address, not ${positionals.length}: ${positionals.join(' ')}.`);
const base = (positionals[0] ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
await fetch(`${base}/healthz`).catch((e) =>
  fail('ServerUnreachable', `${base} did not answer (${e.message}). Start the site with \`npm start\` first.`),
);

// Recorded in the page before any of its scripts runs.
const probe = () => {
  const log = (window.__startup = []);
  const note = (at, what, extra = {}) => log.push({ at, what, ...extra });
  new PerformanceObserver((entries) => {
    for (const e of entries.getEntries()) {
      const render = e.renderStart ? e.startTime + e.duration - e.renderStart : 0;
      const scripts = e.scripts.map((s) => ({
        what: `${s.invokerType} ${s.invoker.slice(0, 50)}`,
        file: s.sourceURL.split('/').pop(),
        ms: Math.round(s.duration),
      }));
      note(e.startTime, 'long frame', {
        ms: Math.round(e.duration),
        blocking: e.blockingDuration,
        render: Math.round(render),
        scripts,
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((entries) => {
    for (const e of entries.getEntries()) note(e.startTime, 'largest paint', { element: e.element?.tagName ?? '' });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  addEventListener('load', () => note(performance.now(), 'load event'));
  new MutationObserver((_, observer) => {
    if (document.documentElement?.dataset.hydrated !== 'true') return;
    note(performance.now(), 'frame hydrated');
    observer.disconnect();
    // On the document: this runs before the parser has made <html>.
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
};

/** One load of a route by a fresh visitor; its events in time order and its milestones. */
async function load(browser, route) {
  const { context, page } = await slowPhone(browser, probe);
  try {
    await page.goto(base + route, { waitUntil: 'load', timeout: 60_000 });
    // Until the frame has hydrated and the main thread has been quiet for a second, with a deadline.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const quiet = await page.evaluate(() => {
        const log = window.__startup;
        const last = Math.max(0, ...log.filter((e) => e.what === 'long frame').map((e) => e.at + e.ms));
        return log.some((e) => e.what === 'frame hydrated') && performance.now() - last > 1000;
      });
      if (quiet) break;
      if (Date.now() > deadline) fail('StartupNeverSettled', `${route} did not hydrate and settle within 30 s.`);
      await page.waitForTimeout(100);
    }
    const events = await page.evaluate(() => {
      const entry = document.querySelector('script[data-boot]')?.dataset.entry ?? '';
      const code = performance
        .getEntriesByType('resource')
        .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
        .map((r) => ({
          at: r.startTime,
          what: r.name.endsWith(entry) ? 'entry requested' : 'code requested',
          file: r.name.split('/').pop(),
          arrived: Math.round(r.responseEnd),
          kb: Math.round(r.transferSize / 1024),
        }));
      const paint = performance.getEntriesByName('first-contentful-paint').map((p) => ({ at: p.startTime, what: 'first paint' }));
      return [...window.__startup, ...code, ...paint].sort((a, b) => a.at - b.at);
    });
    const at = (what) => events.find((e) => e.what === what)?.at;
    const loadAt = at('load event');
    const frames = events.filter((e) => e.what === 'long frame');
    const blocking = (keep) => frames.filter(keep).reduce((sum, f) => sum + f.blocking, 0);
    const entry = events.find((e) => e.what === 'entry requested');
    return {
      events,
      firstPaint: at('first paint'),
      largestPaint: events.findLast((e) => e.what === 'largest paint')?.at,
      load: loadAt,
      entryRequested: entry?.at,
      entryArrived: entry?.arrived,
      hydrated: at('frame hydrated'),
      blockingBeforeLoad: blocking((f) => f.at < loadAt),
      blockingAfterLoad: blocking((f) => f.at >= loadAt),
    };
  } finally {
    await context.close();
  }
}

const columns = [
  ['firstPaint', 'first paint'],
  ['largestPaint', 'largest paint'],
  ['load', 'load event'],
  ['entryRequested', 'entry asked'],
  ['entryArrived', 'entry here'],
  ['hydrated', 'frame hydrated'],
  ['blockingBeforeLoad', 'blocking < load'],
  ['blockingAfterLoad', 'blocking ≥ load'],
];
const browser = await launchChromium();
const rows = [];
try {
  for (const route of routes) {
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await load(browser, route));
    const row = { route };
    for (const [key] of columns) row[key] = median(loads.map((l) => l[key] ?? Number.NaN));
    rows.push(row);
    process.stderr.write(`${route}: ${runs} loads\n`);
    if (timeline) {
      // The run whose hydration came at the median, as it happened.
      const run = [...loads].sort((a, b) => a.hydrated - b.hydrated)[Math.floor(loads.length / 2)];
      console.log(`\n### ${route}: the median run, ms from navigation\n`);
      for (const e of run.events) {
        const detail =
          e.what === 'long frame'
            ? `${e.ms} ms, blocking ${Math.round(e.blocking)}, style/layout/paint ${e.render}; ${e.scripts.map((s) => `${s.what} ${s.file} ${s.ms} ms`).join(' | ') || 'no script'}`
            : e.what.endsWith('requested')
              ? `${e.file} (${e.kb} KB), arrived at ${e.arrived}`
              : (e.element ?? '');
        console.log(`${String(Math.round(e.at)).padStart(6)}  ${e.what}  ${detail}`);
      }
    }
  }
} finally {
  await browser.close();
}

console.log(`\n### Start-up at 4× CPU and slow 4G (medians of ${runs} loads, ms from navigation)\n`);
console.log(`| route | ${columns.map(([, title]) => title).join(' | ')} |`);
console.log(`| --- | ${columns.map(() => '---').join(' | ')} |`);
for (const row of rows) console.log(`| ${row.route} | ${columns.map(([key]) => Math.round(row[key])).join(' | ')} |`);
