/**
 * The route sweep: one visit per route, and on that visit every check that holds for every page. Loading,
 * scrolling and settling a page is most of what a browser test costs, so each route is opened once and
 * then looked at in every way: how it starts, what goes wrong, how it moves, whether it hydrates, its
 * layout at five widths and axe at a phone's and a desktop's width.
 *
 * The gate (`npm test`) visits one route of each page kind (routes whose pages have the same section types:
 * fixtures.ts, kindRoutes), which finds what a template or a section gets wrong in a third of the time;
 * the full sweep (`TEST_DEPTH=full`, `npm run test:full`, and CI after the gate) visits every route, axe
 * at every width, for what one page's own content gets wrong. `ROUTE=/react` runs one
 * route (CONTRIBUTING.md).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { FULL, holdBack, kindRoutes, scrollThrough } from './fixtures.ts';
import { drawn, everySectionHydrated, layOutEverySection, layoutProblems } from './layout-measure.ts';
import { axe, unstoppableMotion, watch } from './page-checks.ts';

const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
const entryFile = manifest['index.html']!.file;

/** The widths the layout is measured at: phones (the narrowest first-class one last), a tablet, desktops. */
const WIDTHS = [390, 768, 1280, 1920, 320] as const;
/** The widths axe runs at: a phone's and a desktop's in the gate, every one in the full sweep. */
const AXE_WIDTHS: readonly number[] = FULL ? WIDTHS : [390, 1280];

/** axe on the page as it is at the top, once reveal animations have finished (contrast is judged on what visitors read). */
async function axeAt(page: Page, route: string, width: number): Promise<void> {
  await page.evaluate(() => scrollTo(0, 0));
  await expect(page.locator('[data-reveal="running"]'), `${route} at ${width}px: reveals finish`).toHaveCount(0);
  expect(page.frames(), `${route}: a frame axe would not see`).toHaveLength(1);
  expect(await axe(page), `${route} at ${width}px: axe`).toEqual([]);
}

test.describe('every route, in one visit', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  for (const route of kindRoutes()) {
    // At full depth every visit runs axe at more widths than the gate's: none repeats a gate test.
    test(
      `${route}: starts before its font, landmarks and one h1, no error or failed request, motion that stops, every section hydrates, layout at ${WIDTHS.join(', ')} px, axe at ${AXE_WIDTHS.join(' and ')} px`,
      {
        tag: FULL ? ['@full'] : [],
      },
      async ({ page }) => {
        // One visit does what five sweeps did: allowed three times the usual limit on a busy two-core machine.
        test.slow();
        const { problems, pending } = watch(page);
        const requested: string[] = [];
        page.on('request', (request) => requested.push(new URL(request.url()).pathname));

        // The app starts once the first screen has painted, without waiting for the load event: the font,
        // preloaded by every page, holds the load event back, and the app's entry is asked for meanwhile.
        const releaseFont = await holdBack(page, '**/assets/*.woff2');
        const response = await page.goto(route, { waitUntil: 'commit' });
        expect(response?.status(), route).toBe(200);
        await expect
          .poll(() => requested, { message: `${route}: the app's entry is asked for before the font has arrived` })
          .toContain(`/${entryFile}`);
        expect(await page.evaluate(() => document.readyState), `${route}: the load event waits for the font`).not.toBe(
          'complete',
        );
        releaseFont();
        await page.waitForFunction(() => document.readyState === 'complete');

        await expect(page.locator('header[data-slot="header"]'), route).toBeVisible();
        await expect(page.locator('footer[data-slot="footer"]'), route).toBeAttached();
        await expect(page.locator('main [data-section]').first(), route).toBeVisible();
        await expect(page.locator('main h1'), route).toHaveCount(1);
        // The app starts once the first screen has painted, or 1.5 s after (src/app/startup/boot.ts).
        await expect(page.locator('html[data-hydrated]'), route).toBeAttached({ timeout: 20_000 });
        // Nothing widens the page sideways, not even sections still waiting to hydrate (their server HTML
        // is all a visitor has until they come into view).
        const extent = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(extent[0], `${route} is wider than the window`).toBeLessThanOrEqual(extent[1]!);

        // Scrolled through, so sections below the fold hydrate and their media load.
        await scrollThrough(page, 700);
        await expect.poll(pending, { timeout: 20_000, message: `${route}: requests still under way` }).toEqual([]);
        expect(problems, `${route}: errors, failed requests, hydration warnings`).toEqual([]);
        expect(await unstoppableMotion(page), `${route}: endless motion with no pause button`).toEqual([]);
        await expect(page.locator('footer[data-slot="footer"]'), route).toBeVisible();
        await everySectionHydrated(page);

        // axe with motion as visitors get it, at the widths before the layout measure.
        for (const width of [390, 1280].filter((w) => AXE_WIDTHS.includes(w))) {
          await page.setViewportSize({ width, height: 900 });
          await drawn(page);
          await axeAt(page, route, width);
        }

        // The layout, with reduced motion so that nothing moves while it is measured: the page is resized,
        // as a window is or a tablet turned, and measured at each width.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await layOutEverySection(page);
        const layout: string[] = [];
        for (const width of WIDTHS) {
          layout.push(...(await layoutProblems(page, width)));
          if (FULL && width !== 390 && width !== 1280) await axeAt(page, route, width);
        }
        expect(layout, `layout of ${route}`).toEqual([]);

        // Wider windows ask for larger pictures: they arrive, and nothing failed since.
        await expect.poll(pending, { timeout: 20_000, message: `${route}: requests still under way` }).toEqual([]);
        expect(problems, `${route}, after the checks`).toEqual([]);
      },
    );
  }
});

test.describe('every kind of page, with touch', () => {
  // Phones and tablets, upright and on their side. Cards show their whole text on touch screens, so the
  // clipping the sweep looks for with a mouse is rarer here: one route per kind of page in the gate.
  test.use({ hasTouch: true, isMobile: true, reducedMotion: 'reduce', viewport: { width: 390, height: 900 } });
  const widths = [390, 768, 1280, 320] as const;
  // The same test at any depth: the full sweep's run after the gate (scripts/test.mjs) takes only the routes the gate left out.
  const gate = new Set(kindRoutes(false));

  for (const route of kindRoutes()) {
    test(
      `${route} at ${widths.join(', ')} px with touch: no title is cut, cards line up, nothing scrolls sideways`,
      {
        tag: gate.has(route) ? [] : ['@full'],
      },
      async ({ page }) => {
        test.slow();
        await page.goto(route);
        await expect(page.locator('html[data-hydrated]'), route).toBeAttached({ timeout: 20_000 });
        await scrollThrough(page);
        await everySectionHydrated(page);
        await layOutEverySection(page);
        const layout: string[] = [];
        for (const width of widths) layout.push(...(await layoutProblems(page, width)));
        expect(layout, `layout of ${route} with touch`).toEqual([]);
      },
    );
  }
});
