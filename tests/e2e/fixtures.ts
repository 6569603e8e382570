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
 * and its observers have seen what is in view. Now and then, on a loaded machine, headless Chromium
 * stops drawing frames, or stops answering altogether (`npm run bench:freeze`; on every build tried),
 * and a test would then hang for minutes over a page that does nothing wrong: after a minute, far
 * beyond the longest page's scroll, the scroll fails at once with `ChromiumStoppedResponding`, and CI
 * runs the test again.
 */
export async function scrollThrough(page: Page, step?: number): Promise<void> {
  const scrolled = page.evaluate(async (step) => {
    const drawn = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    if (step === undefined) {
      for (const section of document.querySelectorAll('main > [data-section]')) {
        section.scrollIntoView({ block: 'start' });
        await drawn();
      }
      return;
    }
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await drawn();
    }
  }, step);
  // Settled either way, so the losing side of the race is never an unhandled rejection.
  scrolled.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `ChromiumStoppedResponding: scrolling through ${page.url()} did not finish within 60 s: the page ` +
              'stopped drawing frames or answering. Headless Chromium does this now and then on a loaded machine ' +
              '(npm run bench:freeze); CI runs the test again.',
          ),
        ),
      60_000,
    );
  });
  try {
    await Promise.race([scrolled, stopped]);
  } finally {
    clearTimeout(timer);
  }
}

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
