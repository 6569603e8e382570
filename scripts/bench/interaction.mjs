#!/usr/bin/env node
// `npm run bench:interaction`: does a visitor's FIRST press work, whenever it comes? For every route and
// every control in its prerendered HTML, a fresh visitor (no cache) on a phone-like machine (CPU 4×
// slower, DevTools' slow-4G network) loads the page and presses the control once, at one moment of the
// load (as soon as it shows, at the load event, then 100 ms, 500 ms and 2 s after), by mouse, by keyboard,
// by a script's element.click() (as screen readers do) or by a tap at 390 px. It prints, per press, whether
// the control did what it should, the time from the press to the first frame that shows it ("effect"),
// and Chrome's own INP for the press (Event Timing: input to the next paint); then, per route and moment,
// the median and worst effect for controls in the first screen and below it, and the medians after the
// load event against the targets (500 ms in the first screen, 1 s for any control). A benchmark, not a test:
// compare runs on one machine, and quote medians.
//
//   npm run bench:interaction -- [--routes /careers,/] [--quick] [--moments first-paint,load]
//                                [--modes pointer,keyboard,script,touch] [--url http://host:port]
//                                [--client-dir dist/client] [--json out.json]
/* global window, document, addEventListener, requestAnimationFrame, Element, getComputedStyle -- the control catalogue and the probe run in the page */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchArgs, fail, hostSpeed, launchChromium, list, median, root, slowPhone, startServer } from './common.mjs';

const allMoments = ['first-paint', 'load', 'load+100', 'load+500', 'load+2000'];
const allModes = ['pointer', 'keyboard', 'script', 'touch'];

function parse(argv) {
  const { values } = benchArgs({
    argv,
    usage:
      'npm run bench:interaction -- [--routes /careers,/] [--quick] [--moments first-paint,load]\n' +
      '                             [--modes pointer,keyboard,script,touch] [--url http://host:port]\n' +
      '                             [--client-dir dist/client] [--json out.json]',
    options: {
      routes: { value: '/a,/b', help: "routes to visit; the sitemap's when left out", read: list() },
      quick: { type: 'boolean', default: false, help: 'press only at first paint and at the load event' },
      moments: { default: allMoments.join(','), value: 'M,M', help: 'moments of the load to press at', read: list(allMoments) },
      modes: { default: allModes.join(','), value: 'M,M', help: 'ways to press', read: list(allModes) },
      url: {
        value: 'URL',
        help: 'a running site to test; by default the bench serves dist/client itself',
        read: (v) => v.replace(/\/$/, ''),
      },
      'client-dir': { value: 'DIR', help: 'the build to serve (dist/client)', read: (v) => resolve(v) },
      json: { value: 'FILE', help: 'also write every press as JSON to FILE' },
    },
  });
  const options = { ...values, clientDir: values['client-dir'] };
  if (options.quick) options.moments = ['first-paint', 'load'];
  return options;
}

/**
 * The controls of a page, as the prerendered HTML has them: where to find each, how to press it by
 * keyboard, and what it must do. `find` and `effect` run in the page; `effect` gets the control and what
 * `before` read at the press. The carousels' pause buttons are in the HTML too; they are left out to keep
 * a full run near an hour (one more control on every carousel), and browser tests press them early.
 */
const kinds = [
  {
    name: 'menu toggle',
    phoneOnly: true,
    find: () => document.querySelector('header button[aria-controls]'),
    // A native popover: the browser opens it and tells assistive technology, with no aria-expanded attribute.
    effect: (el) => document.getElementById(el.getAttribute('aria-controls'))?.matches(':popover-open') === true,
  },
  {
    name: 'hero scroll arrow',
    find: () => document.querySelector('[data-section="hero"] [data-slot="scroll-down"]'),
    before: () => window.scrollY,
    effect: (_el, y) => window.scrollY > y + 50,
  },
  {
    name: 'hero dot',
    // The third: neither the slide shown nor the one the slide show moves to next.
    // A radio button, answered by the CSS before the app: its slide is laid out and fading in.
    find: () => document.querySelectorAll('[data-section="hero"] [data-slot="dot"] input')[2],
    // A radio button answers Space, as every native one does (Enter submits a form, and there is none).
    key: { press: 'Space' },
    effect: (el) =>
      el.checked &&
      Number(getComputedStyle(el.closest('[data-section="hero"]').querySelectorAll('[data-slot="slide"]')[2]).opacity) > 0,
  },
  {
    name: 'hero toggle',
    // A checkbox, checked when paused: the drift stops by CSS, the slide show once the app has started.
    find: () => document.querySelector('[data-section="hero"] [data-slot="toggle"] input'),
    key: { press: 'Space' },
    effect: (el) => el.checked,
  },
  {
    name: 'careers tab',
    find: () => document.querySelector('[role="tab"][aria-selected="false"]'),
    // The arrow key from the selected tab reaches the next one, which is the one `find` gives.
    key: { focus: () => document.querySelector('[role="tab"][aria-selected="true"]'), press: 'ArrowRight' },
    // With the app, the tab is selected and its panel shown. Before it, the tab is a link to its panel, all
    // panels are shown, and the browser brings that panel to the top of the screen.
    effect: (el) => {
      const panel = document.getElementById(el.getAttribute('aria-controls'));
      if (!panel || panel.hidden) return false;
      if (el.getAttribute('aria-selected') === 'true') return true;
      const top = panel.getBoundingClientRect().top;
      return window.location.hash === `#${panel.id}` && top > -2 && top < window.innerHeight / 2;
    },
  },
  {
    name: 'Apply Now',
    // A link to the role's form, which the app opens as the dialog; before the app, the browser follows it
    // to the role's page, and the effect is its form on screen there (`arrives`).
    find: () => document.querySelector('[data-section="careers"] [data-slot="apply"]'),
    effect: () => [...document.querySelectorAll('[role="dialog"]')].some((d) => d.getBoundingClientRect().height > 0),
    arrives: () => {
      const form = document.querySelector('[data-section="job-opening"] form');
      if (!form) return false;
      const box = form.getBoundingClientRect();
      return box.top < window.innerHeight && box.bottom > 0;
    },
  },
  {
    name: 'carousel next',
    many: true,
    find: () => [...document.querySelectorAll('[data-slot="carousel"] [data-slot="next"]')],
    before: (el) => {
      const slides = [...el.closest('[data-slot="carousel"]').querySelectorAll('[data-slot="slide"]')];
      return {
        first: Math.max(
          0,
          slides.findIndex((s) => s.hasAttribute('data-selected')),
        ),
        count: slides.length,
        scrolled: el.closest('[data-slot="carousel"]').querySelector('[data-slot="viewport"]').scrollLeft,
      };
    },
    // Before the app's carousel is ready the row is a native scroll-snap row, which the press scrolls
    // (src/app/startup/interactions.ts, answerAsHtml); once ready, the carousel selects the next slide.
    effect: (el, at) => {
      const carousel = el.closest('[data-slot="carousel"]');
      const viewport = carousel.querySelector('[data-slot="viewport"]');
      if (!viewport.hasAttribute('data-ready')) return viewport.scrollLeft > at.scrolled;
      const slides = [...carousel.querySelectorAll('[data-slot="slide"]')];
      const now = slides.findIndex((s) => s.hasAttribute('data-selected'));
      return now !== -1 && now !== at.first;
    },
  },
  {
    name: 'map button',
    find: () => document.querySelector('[data-slot="map-show"]'),
    effect: () => document.querySelector('[data-slot="map"] iframe') !== null,
  },
  {
    name: 'contact submit (empty)',
    find: () => document.querySelector('[data-section="contact"] [data-slot="submit"]'),
    // The form's own message once the app runs; before it, the browser's own check, which stops the post
    // and takes the visitor to the first field it refuses (its bubble is not in the page to read).
    effect: (el) => {
      const form = el.closest('form');
      const refused = document.activeElement;
      return form.querySelector('[aria-invalid="true"]') !== null || (form.contains(refused) && refused.matches(':invalid'));
    },
  },
  {
    name: 'contact submit (typed early)',
    find: () => document.querySelector('[data-section="contact"] [data-slot="submit"]'),
    typeFirst: 'Asha Verma',
    effect: (el) => {
      const form = el.closest('form');
      const name = form.querySelector('input');
      const refused = document.activeElement;
      const checked =
        form.querySelector('[aria-invalid="true"]') !== null ||
        (form.contains(refused) && refused !== name && refused.matches(':invalid'));
      return checked && name.value === 'Asha Verma' && name.getAttribute('aria-invalid') !== 'true';
    },
  },
];

// Recorded in the page before any of its scripts runs: when the press came, and Chrome's event timings.
const probe = () => {
  const bench = (window.__bench = { pressedAt: undefined, inp: 0 });
  for (const type of ['pointerdown', 'keydown', 'click']) {
    addEventListener(
      type,
      (e) => {
        // Kept for the next document too: a press that follows a link is measured on the page it opens.
        if (bench.pressedAt === undefined)
          sessionStorage.setItem('bench.pressedEpoch', String(performance.timeOrigin + e.timeStamp));
        bench.pressedAt ??= e.timeStamp;
        bench.pressedOn ??= e.target;
        // A disabled button gets pointerdown but no click: lost before any code of ours could see it.
        bench.pressedDisabled ??= e.target.closest?.('button')?.disabled === true;
      },
      { capture: true },
    );
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) bench.inp = Math.max(bench.inp, entry.duration);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
};

const options = parse(process.argv.slice(2));
const started = performance.now();
let server;
let base = options.url;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-interaction-'));
if (!base) {
  const clientDir = options.clientDir ?? join(root, 'dist/client');
  if (!existsSync(join(clientDir, 'routes.json')))
    fail('BuildMissing', `There is no build in ${clientDir}. Run \`npm run build\` first.`);
  const port = 3350;
  server = await startServer({ port, env: { CLIENT_DIR: clientDir, DATA_DIR: dataDir } });
  base = `http://127.0.0.1:${port}`;
}
const stop = async () => {
  await server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

const sitemap = await fetch(`${base}/sitemap.xml`).then(
  (r) => (r.ok ? r.text() : Promise.reject(new Error(`sitemap.xml answered ${r.status}`))),
  (e) =>
    fail('ServerUnreachable', `${base} did not answer (${e.message}). Start the site with \`npm start\`, or leave out --url.`),
);
const routes = options.routes ?? [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);

const browser = await launchChromium();

/** A fresh visitor on a slow phone (or, with `phone` false, a slow desktop). */
const visitor = (phone) => slowPhone(browser, probe, { phone });

/** The controls a route's HTML has, found without throttling: kind and position among its kind. */
async function controlsOf(route) {
  const { context, page } = await visitor(false);
  await page.goto(base + route, { waitUntil: 'domcontentloaded' });
  const found = [];
  for (const kind of kinds) {
    const count = await page.evaluate(
      `(() => { const f = (${kind.find}); const r = f(); return r ? (Array.isArray(r) ? r.length : 1) : 0; })()`,
    );
    for (let i = 0; i < count; i++) found.push({ kind, nth: i });
  }
  await context.close();
  return found;
}

const handleOf = (page, kind, nth) =>
  page.evaluateHandle(`(() => { const f = (${kind.find}); const r = f(); return Array.isArray(r) ? r[${nth}] : r; })()`);

/** Forgets what the probe recorded of a press: typing into a field first is not the press measured. */
const forgetPress = (page) =>
  page.evaluate(() => {
    sessionStorage.removeItem('bench.pressedEpoch');
    window.__bench.pressedAt = window.__bench.pressedOn = window.__bench.pressedDisabled = undefined;
  });

/** One first press; resolves with its outcome. */
async function press(route, control, mode, moment) {
  const { kind, nth } = control;
  const { context, page } = await visitor(mode === 'touch' || kind.phoneOnly);
  // What the page reported, for the diagnosis of a press that was lost.
  const errors = [];
  // Without the stack frames: React's recoverable errors give their cause after their own message.
  const gist = (text) =>
    text
      .split('\n')
      .filter((line) => !/^\s+at /.test(line))
      .join(' ')
      .slice(0, 400);
  page.on('pageerror', (error) => errors.push(gist(error.message)));
  page.on('console', (message) => message.type() === 'error' && errors.push(gist(message.text())));
  try {
    if (moment === 'first-paint') {
      await page.goto(base + route, { waitUntil: 'commit' });
      // Polled from here, not with waitForFunction, which evaluates with eval in the page, and the
      // site's Content-Security-Policy forbids that; the page may also still be replacing its context.
      const shown = `(() => { const f = (${kind.find}); const r = f(); const el = Array.isArray(r) ? r[${nth}] : r; return !!el && el.getBoundingClientRect().width > 0; })()`;
      const deadline = Date.now() + 30_000;
      while (!(await page.evaluate(shown).catch(() => false))) {
        if (Date.now() > deadline) throw new Error(`${kind.name} never showed`);
        await page.waitForTimeout(16);
      }
    } else {
      await page.goto(base + route, { waitUntil: 'load', timeout: 60_000 });
      const wait = Number(moment.split('+')[1] ?? 0);
      if (wait) await page.waitForTimeout(wait);
    }
    const control = await handleOf(page, kind, nth);
    // In the first screen: where a visitor sees the control without scrolling.
    const firstScreen = await control.evaluate((el) => el.getBoundingClientRect().top + window.scrollY < window.innerHeight);
    const keyTarget = kind.key?.focus ? await page.evaluateHandle(`(${kind.key.focus})()`) : control;
    // The press is made where a visitor makes it: on the control, scrolled into view, once the frame
    // that shows it has painted. A visitor cannot press a control before seeing it; pressed in the same
    // frame as the scroll, the press would be charged with drawing the part of the page the scroll
    // brought in (a few hundred ms for a page of pictures at this CPU speed), which no visitor meets.
    const scrollTo = (el) =>
      new Promise((resolve) => {
        el.scrollIntoView({ block: 'center', behavior: 'instant' });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      });
    await control.evaluate(scrollTo);
    if (kind.typeFirst) {
      await forgetPress(page);
      const input = await control.evaluateHandle((el) => el.closest('form').querySelector('input'));
      await input.focus();
      await page.keyboard.type(kind.typeFirst);
      await forgetPress(page);
      // Focusing the first field scrolls the form's top into view, which can push the control below
      // the fold; a visitor scrolls back down to it before pressing.
      await control.evaluate(scrollTo);
    }
    // What the effect is measured against, read just before the press (scroll position, selected slide).
    await control.evaluate((el) => (window.__bench.control = el));
    if (kind.before) await page.evaluate(`window.__bench.before = (${kind.before})(window.__bench.control)`);
    if (mode === 'pointer') {
      const box = await control.boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    } else if (mode === 'touch') {
      const box = await control.boundingBox();
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    } else if (mode === 'keyboard') {
      await keyTarget.focus();
      await page.keyboard.press(kind.key?.press ?? 'Enter');
    } else await control.evaluate((el) => el.click());
    const start = page.url();
    // Watched frame by frame in the page. Compiled by DevTools from a string: the site's
    // Content-Security-Policy forbids eval in the page, which Playwright's waitForFunction uses.
    // With `kind.arrives`, the press may take the browser to another page (a link followed before the app):
    // the effect is then the first frame there that shows `arrives`, timed from the press by epoch time
    // (the press's is kept in sessionStorage, which the next page of the same tab has).
    const watch = `new Promise((resolve) => {
          const effect = (${kind.effect});
          const arrives = ${kind.arrives ? `(${kind.arrives})` : 'null'};
          const deadline = performance.now() + 15000;
          const tick = () => {
            let holds = false;
            // React may have put a new element in the control's place; the effect is judged on what is shown.
            const find = (${kind.find});
            const found = find();
            const el = window.__bench.control?.isConnected ? window.__bench.control : Array.isArray(found) ? found[${nth}] : found;
            // Some effects need no control (the map's button gives way to the map): judged even without one.
            try { holds = effect(el, window.__bench.before); } catch {}
            if (holds) { window.__bench.effectAt = performance.now(); resolve(true); return; }
            try { holds = arrives !== null && window.__bench.pressedAt === undefined && arrives(); } catch {}
            if (holds) { resolve(performance.timeOrigin + performance.now()); return; }
            if (performance.now() > deadline) resolve(false);
            else requestAnimationFrame(tick);
          };
          tick();
        })`;
    let left = false;
    let seen = await page.evaluate(watch).catch((error) => {
      left = /context was destroyed|navigat/i.test(error.message);
      return false;
    });
    if (seen === false && kind.arrives && (left || page.url() !== start)) {
      // Playwright learns the new address a moment after the old page's context is gone.
      await page.waitForURL((url) => url.href !== start, { timeout: 20_000 }).catch(() => {});
      await page.waitForLoadState('domcontentloaded').catch(() => {});
      seen = await page.evaluate(watch).catch(() => false);
    }
    if (typeof seen === 'number') {
      const pressed = Number(await page.evaluate(() => sessionStorage.getItem('bench.pressedEpoch')));
      // The press's INP was the old page's, which is gone with it.
      return { ok: true, firstScreen, effect: seen - pressed, inp: undefined, navigated: true };
    }
    const bench = await page.evaluate(() => ({
      pressedAt: window.__bench.pressedAt,
      effectAt: window.__bench.effectAt,
      inp: window.__bench.inp,
    }));
    // A lost press says what was left of it: still held by start-up (never replayed), its control
    // replaced by React (a replay then goes to a detached element), or an error.
    const lostBecause = seen
      ? undefined
      : await page
          .evaluate(() => {
            const control = window.__bench.control;
            const on = window.__bench.pressedOn;
            return [
              !(on instanceof Element)
                ? 'no press reached the page'
                : !control.contains(on)
                  ? `pressed beside it, on ${on.tagName.toLowerCase()}[data-slot=${on.closest('[data-slot]')?.dataset.slot}]`
                  : 'pressed on it',
              window.__bench.pressedDisabled ? 'control disabled at the press' : 'control enabled at the press',
              control.isConnected ? 'control on the page' : 'control replaced',
              control.disabled ? 'control disabled after' : 'control enabled after',
              control.hasAttribute('data-held') ? 'press still held' : 'press not held',
              `${document.querySelectorAll('[data-held]').length} held on the page`,
            ].join(', ');
          })
          .then((state) => [state, ...errors.slice(0, 3)].join('; '))
          .catch((error) => error.message.split('\n')[0]);
    return {
      ok: seen,
      firstScreen,
      ...(lostBecause && { error: lostBecause }),
      effect: seen && bench.pressedAt !== undefined ? bench.effectAt - bench.pressedAt : undefined,
      // Chrome reports no event shorter than 16 ms: a press it did not report was answered faster.
      // Counted as 16 in the medians (an upper bound), shown as "<16".
      inp: bench.inp || (bench.pressedAt !== undefined ? 16 : undefined),
      inpUnder: !bench.inp && bench.pressedAt !== undefined,
    };
  } catch (error) {
    return { ok: false, error: error.message.split('\n')[0] };
  } finally {
    await context.close();
  }
}

const results = [];
const fixed = (n) => (n === undefined ? '–' : String(Math.round(n)));
try {
  for (const route of routes) {
    const controls = await controlsOf(route);
    for (const control of controls) {
      const modes = options.modes.filter((m) => (control.kind.phoneOnly ? m !== 'pointer' : true));
      for (const mode of modes) {
        // Touch runs at the first two moments: the tap a phone visitor makes while the page arrives.
        const moments = mode === 'touch' ? options.moments.filter((m) => m === 'first-paint' || m === 'load') : options.moments;
        for (const moment of moments) {
          const outcome = await press(route, control, mode, moment);
          const label = `${control.kind.name}${control.kind.many ? ` ${control.nth + 1}` : ''}`;
          results.push({ route, control: label, mode, moment, ...outcome });
          process.stderr.write(
            `${route} ${label} ${mode} ${moment}: ${outcome.ok ? 'ok' : 'LOST'} effect ${fixed(outcome.effect)} ms, INP ${outcome.inpUnder ? '<16' : fixed(outcome.inp)} ms${outcome.error ? ` (${outcome.error})` : ''}\n`,
          );
        }
      }
    }
  }
} finally {
  await browser.close();
  await stop();
}

const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

for (const route of routes) {
  const mine = results.filter((r) => r.route === route);
  if (mine.length === 0) continue;
  console.log(`\n### ${route}\n`);
  console.log(
    table(
      ['control', 'mode', 'moment', 'result', 'effect ms', 'INP ms'],
      mine.map((r) => [r.control, r.mode, r.moment, r.ok ? 'ok' : 'LOST', fixed(r.effect), r.inpUnder ? '<16' : fixed(r.inp)]),
    ),
  );
}

/** The measured values of `key` (effect, inp) of the given presses, leaving out those without one. */
const valuesOf = (rows, key) => rows.flatMap((r) => (r[key] === undefined ? [] : [r[key]]));
const summary = routes.map((route) => {
  const mine = results.filter((r) => r.route === route);
  const effects = valuesOf(mine, 'effect');
  const inps = valuesOf(mine, 'inp');
  return [
    route,
    mine.length,
    mine.filter((r) => !r.ok).length,
    fixed(effects.length ? median(effects) : undefined),
    fixed(effects.length ? Math.max(...effects) : undefined),
    fixed(inps.length ? median(inps) : undefined),
    fixed(inps.length ? Math.max(...inps) : undefined),
  ];
});
console.log('\n### Summary (CPU 4× slower, slow 4G)\n');
console.log(table(['route', 'presses', 'lost', 'median effect ms', 'max effect ms', 'median INP ms', 'max INP ms'], summary));

// The time from a press to its visible effect, by route and moment of the press, for controls in the
// first screen and below it: the targets are medians of 500 ms (first screen) and 1 s (any control)
// for a press made once the page has loaded.
const spread = (values) => (values.length ? `${fixed(median(values))} / ${fixed(Math.max(...values))}` : '–');
const effectsOf = (rows) => valuesOf(rows, 'effect');
const byRouteAndMoment = routes.flatMap((route) =>
  allMoments
    .filter((m) => options.moments.includes(m))
    .flatMap((moment) => {
      const mine = results.filter((r) => r.route === route && r.moment === moment);
      if (mine.length === 0) return [];
      return [
        [
          route,
          moment,
          mine.length,
          mine.filter((r) => !r.ok).length,
          spread(effectsOf(mine.filter((r) => r.firstScreen))),
          spread(effectsOf(mine.filter((r) => !r.firstScreen))),
          spread(effectsOf(mine)),
          spread(valuesOf(mine, 'inp')),
        ],
      ];
    }),
);
console.log('\n### Effect by moment of the press (median / worst, ms)\n');
console.log(table(['route', 'moment', 'presses', 'lost', 'first screen', 'below it', 'any control', 'INP'], byRouteAndMoment));
const afterLoad = results.filter((r) => r.moment !== 'first-paint');
const targets = routes.flatMap((route) => {
  const mine = afterLoad.filter((r) => r.route === route);
  if (mine.length === 0) return [];
  const first = effectsOf(mine.filter((r) => r.firstScreen));
  const any = effectsOf(mine);
  const verdict = (values, limit) =>
    values.length ? `${fixed(median(values))} ms ${median(values) <= limit ? 'within' : 'OVER'} ${limit}` : '–';
  return [[route, verdict(first, 500), verdict(any, 1000)]];
});
if (targets.length) {
  console.log('\n### Presses after the load event against the targets (medians)\n');
  console.log(table(['route', 'first screen (500 ms)', 'any control (1 s)'], targets));
}
const lost = results.filter((r) => !r.ok).length;
const late = (key) => results.filter((r) => (r[key] ?? 0) > 200).length;
const byMoment = allMoments
  .filter((m) => options.moments.includes(m))
  .map((moment) => {
    const mine = results.filter((r) => r.moment === moment && r.effect !== undefined).map((r) => r.effect);
    return `${moment} ${fixed(mine.length ? median(mine) : undefined)} ms`;
  });
console.log(
  `\n${results.length} first presses on ${routes.length} routes: ${lost} lost; INP over 200 ms: ${late('inp')}; effect later than 200 ms: ${late('effect')}.` +
    `\nMedian effect by moment of the press: ${byMoment.join(', ')}.` +
    `\nRun time ${Math.round((performance.now() - started) / 1000)} s. This machine: ${hostSpeed()} ms for bench-common's reference work (lower is faster).`,
);
if (options.json) writeFileSync(options.json, JSON.stringify(results, null, 2));
process.exit(lost > 0 ? 1 : 0);
