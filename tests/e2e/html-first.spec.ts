/**
 * HTML first (issue 51): what a visitor can press works as HTML, before the app has arrived and without
 * it (JavaScript off, or its files blocked by a flaky network or a proxy), and the app, once it has
 * started, gives the same result.
 */
import { builtRoutes, expect, test, type Page } from './fixtures.ts';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** The routes the phone menu links to, read from the menu itself. */
async function menuRoutes(page: Page): Promise<string[]> {
  const links = page.locator('[data-slot="mobile-menu"] a[href]');
  return links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** Opens the phone menu with a tap on its toggle and says whether it shows. */
async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
}

for (const javaScript of [false, true]) {
  test.describe(javaScript ? 'with the app' : 'without JavaScript', () => {
    test.use({ ...phone, javaScriptEnabled: javaScript });

    test('on a phone the menu opens with a tap, reaches every page it lists, and every route is reachable from the menu or the pages it leads to', async ({
      page,
    }) => {
      test.slow();
      await page.goto('/privacy');
      const listed = await menuRoutes(page);
      expect(listed.length).toBeGreaterThan(3);
      // Each of the menu's links, followed by a tap from a freshly opened menu, lands on its page.
      for (const route of listed) {
        await openMenu(page);
        await page.locator(`[data-slot="mobile-menu"] a[href="${route}"]`).first().tap();
        await expect(page).toHaveURL(new RegExp(`${route === '/' ? '/' : route}$`));
        await expect(page.locator('main h1')).toHaveCount(1);
      }
      // And from the pages the menu leads to, every route of the site is a link away: nothing is only
      // reachable through a control that needs the app.
      const reached = new Set<string>(['/privacy', ...listed]);
      for (const route of listed) {
        const response = await page.request.get(route);
        for (const match of (await response.text()).matchAll(/<a\b[^>]*?\shref="(\/[^"#?]*)/g)) reached.add(match[1]!);
      }
      expect(builtRoutes().filter((route) => !reached.has(route))).toEqual([]);
    });

    test('the menu closes with a second tap on its toggle', async ({ page }) => {
      await page.goto('/privacy');
      await openMenu(page);
      await page.getByRole('button', { name: javaScript ? 'Close menu' : 'Open menu' }).tap();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    });

    test('the header is solid over the content once the page has scrolled, so its logo never floats over the text', async ({
      page,
    }) => {
      await page.goto('/react');
      await page.evaluate(() => window.scrollTo(0, 1200));
      const header = page.locator('header[data-slot="header"]');
      await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    });

    test("the hero's scroll arrow moves to the next section", async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Scroll to the next section' }).tap();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    });
  });
}

for (const [javaScript, reducedMotion] of [
  [false, 'no-preference'],
  [false, 'reduce'],
  [true, 'no-preference'],
] as const) {
  test.describe(`at 320 px ${javaScript ? 'with the app' : 'without JavaScript'}${reducedMotion === 'reduce' ? ', with reduced motion' : ''}`, () => {
    test.use({ ...phone, viewport: { width: 320, height: 740 }, javaScriptEnabled: javaScript, reducedMotion });

    test('the careers tab bar shows that it scrolls: the edge with more tabs beyond it fades, and the last tab can be scrolled to', async ({
      page,
    }) => {
      await page.goto('/careers');
      const list = page.locator('main [role="tablist"]').first();
      await list.scrollIntoViewIfNeeded();
      const edges = () =>
        list.evaluate((element) => {
          const style = getComputedStyle(element);
          return { start: style.getPropertyValue('--fade-start'), end: style.getPropertyValue('--fade-end') };
        });
      expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(0);
      await expect.poll(edges).toEqual({ start: '0px', end: expect.not.stringMatching(/^0px$/) });
      await list.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect.poll(edges).toEqual({ start: expect.not.stringMatching(/^0px$/), end: '0px' });
      const last = list.getByRole('tab').last();
      await expect(last).toBeInViewport({ ratio: 1 });
    });
  });
}
