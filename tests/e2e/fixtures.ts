import { existsSync, readFileSync } from 'node:fs';
import { test as base, type Page, type Response } from '@playwright/test';

export { expect, type Locator, type Page } from '@playwright/test';

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

/** The build's route table (what the server serves): every page file's route and every collection entry's. */
export function builtRoutes(): string[] {
  const file = new URL('../../dist/client/routes.json', import.meta.url);
  if (!existsSync(file)) throw new Error('dist/client/routes.json is missing: run `npm run build` before the browser tests.');
  return JSON.parse(readFileSync(file, 'utf8')) as string[];
}
