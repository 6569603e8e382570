import { builtHtml, builtRoutes } from '../built/built-site.ts';
import { test as base, type Page, type Response } from '@playwright/test';

export { expect, type Locator, type Page } from '@playwright/test';
export { builtHtml, builtRoutes };

/**
 * A prerendered page is plain HTML until its code starts, which it does after the first screen has
 * painted (src/app/startup/boot.ts), or at the visitor's first tap or key press. A test that clicks a button
 * the moment the page has loaded would click plain HTML, so navigations here also wait until React
 * has taken the page over (`<html data-hydrated>`, set by the layout), as a visitor would before
 * using it. Pages opened with JavaScript disabled, and responses that are not HTML, do not wait.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const hydrated = async (response: Response | null) => {
        if (response && /text\/html/.test((await response.headerValue('content-type')) ?? '')) {
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        }
        return response;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args: Parameters<Page['goto']>) => hydrated(await goto(...args));
      page.reload = async (...args: Parameters<Page['reload']>) => hydrated(await reload(...args));
    }
    await provide(page);
  },
});

/**
 * Scrolls the page from top to bottom, in steps of `step` pixels or, without a step, to each section
 * of the main content in turn, waiting at each place for two animation frames: the page has drawn it,
 * and its observers have seen what is in view.
 *
 * Now and then, on a loaded machine, headless Chromium stops drawing a page for good (`npm run
 * bench:freeze`: about one scroll in 300 beside two CPU hogs, on every build tried; CI met it twice in
 * a row on one test). Its timers still fire and its script still answers, but no frame comes, and no
 * screenshot, resize or focus brings one back; a reload does. So when no frame has come for 10 s, the
 * page is asked whether a timer fires and a frame comes: a timer without a frame is that stall, and the
 * page is reloaded (and waits for the app again) and scrolled through from the top, at most twice, with
 * a `browser-stall` annotation on the test saying so. A page whose own script is stuck answers no timer,
 * and fails at once with `ChromiumStoppedResponding`, as does a third stall.
 */
export async function scrollThrough(page: Page, step?: number): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await scrollOnce(page, step);
    if (outcome === 'through') return;
    if (outcome === 'frames stopped' && attempt <= 2) {
      test.info().annotations.push({
        type: 'browser-stall',
        description: `${page.url()} stopped drawing frames while its timers ran (attempt ${attempt}); reloaded`,
      });
      await page.reload();
      continue;
    }
    throw new Error(
      `ChromiumStoppedResponding: scrolling through ${page.url()} stalled: ${outcome}` +
        (outcome === 'frames stopped' ? `, ${attempt} times in a row` : '') +
        '. Headless Chromium does this now and then on a loaded machine (npm run bench:freeze); CI runs the test again.',
    );
  }
}

/** One scroll from the top: `through`, or how the page stalled (no frame for 10 s, then asked why). */
async function scrollOnce(page: Page, step?: number): Promise<'through' | 'frames stopped' | string> {
  const scrolled = page.evaluate(async (step) => {
    const progress = window as unknown as { __scrollFrames: number };
    progress.__scrollFrames = 0;
    const drawn = () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            progress.__scrollFrames += 1;
            resolve();
          }),
        ),
      );
    if (step === undefined) {
      for (const section of document.querySelectorAll('main > [data-section]')) {
        section.scrollIntoView({ block: 'start' });
        await drawn();
      }
      return 'through' as const;
    }
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await drawn();
    }
    return 'through' as const;
  }, step);
  // Settled either way, so the losing side of the race is never an unhandled rejection.
  scrolled.catch(() => {});
  const ask = <T>(question: () => Promise<T>) =>
    Promise.race([
      page.evaluate(question).catch(() => undefined),
      new Promise<undefined>((resolve) => setTimeout(resolve, 5_000)),
    ]);
  // Watches the frames the scroll counts; a deadline on progress, not on the whole scroll, so a long page
  // on a busy machine is never cut short.
  const stalled = (async () => {
    let seen = -1;
    let since = Date.now();
    for (;;) {
      const state = await Promise.race([
        scrolled.then(
          () => 'through' as const,
          () => 'through' as const,
        ),
        delay(1_000),
      ]);
      if (state === 'through') return 'through' as const;
      const frames = await ask(async () => (window as unknown as { __scrollFrames?: number }).__scrollFrames ?? 0);
      if (frames !== undefined && frames !== seen) {
        seen = frames;
        since = Date.now();
      }
      if (Date.now() - since < 10_000) continue;
      const timer = await ask(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0)));
      if (!timer) return 'its script answers no timer (a page stuck in its own script, or a browser that stopped)';
      const frame = await ask(() => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))));
      if (!frame) return 'frames stopped' as const;
      since = Date.now();
    }
  })();
  return Promise.race([scrolled, stalled]);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How deep the suite goes: `gate` for `npm test`, `full` for `npm run test:full` (CONTRIBUTING.md). */
export const FULL = process.env.TEST_DEPTH === 'full';

/**
 * The routes the sweep visits (tests/e2e/sweep.spec.ts), from the build's route table. The entries of a
 * collection (a route whose parent path is itself a route, such as /careers/<role>) share one template:
 * the gate visits the first entry of each collection, the full sweep every one. `ROUTE=/react,/careers`
 * narrows either to those routes, and names any the build does not have.
 */
export function sweptRoutes(full = FULL): string[] {
  const all = builtRoutes();
  const asked = process.env.ROUTE?.split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (asked?.length) {
    const unknown = asked.filter((route) => !all.includes(route));
    if (unknown.length > 0)
      throw new Error(`ROUTE names ${unknown.join(', ')}, which the build does not have; its routes: ${all.join(' ')}`);
    return asked;
  }
  if (full) return all;
  const parentOf = (route: string) => route.slice(0, route.lastIndexOf('/'));
  const seen = new Set<string>();
  return all.filter((route) => {
    const parent = parentOf(route);
    if (!parent || !all.includes(parent)) return true;
    if (seen.has(parent)) return false;
    seen.add(parent);
    return true;
  });
}

/**
 * One route per page kind: routes whose main content has the same set of section types are one kind
 * (the service pages, the technology pages, the roles, …), and the first of each stands for the rest in
 * the checks that cost too much for every route (touch). Read from the build, so a new kind of page is
 * included by itself. The full sweep takes every route; `kindRoutes(false)` is the gate's list at any depth.
 */
export function kindRoutes(full = FULL): string[] {
  const routes = sweptRoutes(full);
  if (full || process.env.ROUTE) return routes;
  const kinds = new Map<string, string>();
  for (const route of builtRoutes()) {
    const html = builtHtml(route);
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const kind = [...new Set([...main.matchAll(/data-section="([^"]+)"/g)].map((m) => m[1]))].sort().join(',');
    if (!kinds.has(kind)) kinds.set(kind, route);
  }
  return [...kinds.values()];
}

/** Holds back the requests matching `pattern` (a glob) until `release()`: what needs them cannot run before then. */
export async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
