import { expect, test, type Page } from './fixtures.ts';
import { axe } from './page-checks.ts';
import { SEARCHABLE_ROUTES } from './spec-routes.ts';

/** Routes from the sitemap the build generates, as a search engine would find them. */
async function sitemapRoutes(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(routes.length).toBe(SEARCHABLE_ROUTES.length);
  return routes;
}

test('the sitemap lists the 25 routes of the specification, the legal and company pages, and a page per role and case study, and not the pages a sent form leads to', async ({
  page,
}) => {
  expect((await sitemapRoutes(page)).sort()).toEqual([...SEARCHABLE_ROUTES].sort());
});

test('axe finds no violation with the mobile menu, the apply dialog and another tab open', async ({ browser }) => {
  // Three full axe runs on two pages: on a loaded CI machine one run alone can take ten seconds.
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  // The open menu is modal: the page behind it is inert, so out of the accessibility tree, main landmark
  // and h1 included, until it closes (tests/e2e/keyboard.spec.ts). Those two page-level rules are moot then.
  expect(await axe(page, ['landmark-one-main', 'page-has-heading-one']), 'mobile menu open').toEqual([]);

  await page.goto('/careers', { waitUntil: 'networkidle' });
  // The careers list hydrates as it comes into view; its tabs work from then on.
  const careers = page.locator('[data-section="careers"]');
  await careers.scrollIntoViewIfNeeded();
  await expect(careers.locator('[data-hydrated="true"]').first()).toBeAttached();
  await page.getByRole('tab', { name: 'Designer' }).click();
  await expect(page.getByRole('tab', { name: 'Designer' })).toHaveAttribute('aria-selected', 'true');
  expect(await axe(page), 'Designer tab selected').toEqual([]);
  await page
    .getByRole('link', { name: /Apply Now/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axe(page), 'apply dialog open').toEqual([]);
  await context.close();
});

test('robots.txt, the sitemap, the manifest and the favicons are served', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: https://www.sutralabs.in/sitemap.xml');
  const manifest = await (await request.get('/site.webmanifest')).json();
  expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
  for (const path of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/icon-192.png', '/icon-512.png']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('pages show all their sections, with nothing hidden by reveal animations', async ({ page }) => {
    for (const route of ['/', '/web-development', '/react', '/careers']) {
      await page.goto(route);
      // One look at every section, brought into view in turn, in a single call: Playwright's own
      // scrolling waits for each element to stand still, which a marquee never does.
      const sections = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#main > [data-section]')].map((section) => {
          section.scrollIntoView();
          const box = section.getBoundingClientRect();
          const hidden = [...section.querySelectorAll('h2, h3, p, li')].filter((n) => {
            const style = getComputedStyle(n);
            return style.opacity === '0' || style.visibility === 'hidden';
          }).length;
          const shown = box.height > 0 && getComputedStyle(section).visibility !== 'hidden';
          return { type: section.dataset.section, shown, hidden };
        }),
      );
      expect(sections.length, route).toBeGreaterThan(1);
      expect(
        sections.filter((s) => !s.shown || s.hidden > 0),
        route,
      ).toEqual([]);
    }
  });
});

test('a phone gets the 800-pixel copy of a hero that the build made, and a wide screen the full picture', async ({ browser }) => {
  const shown = async (viewport: { width: number; height: number }, deviceScaleFactor: number) => {
    const context = await browser.newContext({ viewport, deviceScaleFactor });
    const page = await context.newPage();
    await page.goto('/react');
    const hero = page.locator('[data-section="page-hero"] img').first();
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // Which candidate the browser chose; the unit tests hold each copy to its size.
    const picked = await hero.evaluate((img: HTMLImageElement) => ({ src: new URL(img.currentSrc).pathname }));
    const status = (await page.request.get(picked.src)).status();
    await context.close();
    return { ...picked, status };
  };
  expect(await shown({ width: 390, height: 844 }, 2)).toEqual({
    src: expect.stringMatching(/^\/assets\/pictures\/react-hero-[0-9a-f]{10}-800\.avif$/),
    status: 200,
  });
  expect(await shown({ width: 1440, height: 900 }, 1)).toEqual({ src: '/media/art/react-hero.avif', status: 200 });
});
