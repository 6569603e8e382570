import AxeBuilder from '@axe-core/playwright';
import type { Request } from '@playwright/test';
import { expect, scrollThrough, test, type Page } from './fixtures.ts';
import { CASE_STUDY_ROUTES, ROLE_ROUTES, SITE_ROUTES, SWEPT_ROUTES } from './spec-routes.ts';

/** Routes from the sitemap the build generates, as a search engine would find them. */
async function sitemapRoutes(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(routes.length).toBe(SITE_ROUTES.length);
  return routes;
}

const widths = [390, 1280] as const;

test('the sitemap lists the 25 routes of the specification, the legal and company pages, and a page per role and case study', async ({
  page,
}) => {
  expect((await sitemapRoutes(page)).sort()).toEqual([...SITE_ROUTES].sort());
});

/** Runs axe on the page as it is now and returns the violations, summarised. */
async function axe(page: Page, disabled: readonly string[] = []): Promise<string[]> {
  // Legacy mode runs axe once in the page instead of once per frame and again in a blank page to merge
  // the results, which halves its time. It skips cross-origin frames, so the sweep checks there are none.
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .disableRules([...disabled])
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

/**
 * Records, from now on, what goes wrong on the page: console errors, hydration warnings, uncaught errors,
 * failed requests and error answers. `pending()` lists requests still under way.
 */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || (m.type() === 'warning' && /hydrat|did not match/i.test(m.text())))
      problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A video the browser stops downloading when its slide changes is not a failure, and a video may
  // stream for as long as it plays, so videos are not waited for either.
  const isVideo = (r: Request) => /\.(webm|mp4)$/.test(r.url());
  page.on('requestfailed', (r) => {
    if (isVideo(r) && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  const pending = new Set<Request>();
  page.on('request', (r) => {
    if (!isVideo(r)) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return { problems, pending: () => [...pending].map((r) => r.url()) };
}

// Every route at a phone's and a desktop's width, in groups of five: one test per group and width, so each
// has its own time limit and the two workers share them out. One visit per route checks all of this,
// since loading, scrolling and settling a page is most of the cost.
const groups = Array.from({ length: Math.ceil(SWEPT_ROUTES.length / 5) }, (_, i) => SWEPT_ROUTES.slice(i * 5, i * 5 + 5));
for (const width of widths) {
  for (const group of groups) {
    test(`${group.join(', ')} at ${width}px: content, header and footer, no error, failed request or hydration warning, nothing wider than the window, no axe violation`, async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const { problems, pending } = watch(page);
      for (const route of group) {
        const response = await page.goto(route, { waitUntil: 'load' });
        expect(response?.status(), route).toBe(200);
        await expect(page.locator('header[data-slot="header"]'), route).toBeVisible();
        await expect(page.locator('footer[data-slot="footer"]'), route).toBeAttached();
        await expect(page.locator('main [data-section]').first(), route).toBeVisible();
        await expect(page.locator('main h1'), route).toHaveCount(1);
        // The app starts once the first screen has painted, or 1.5 s after (src/app/startup/boot.ts): until
        // it has, there is no hydration to warn about, and leaving for the next route would abort its start.
        await expect(page.locator('html[data-hydrated]'), route).toBeAttached({ timeout: 20_000 });
        // Nothing widens the page sideways, not even sections still waiting to hydrate (their server
        // HTML is all a visitor has until they come into view).
        const extent = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(extent[0], `${route} is wider than the window`).toBeLessThanOrEqual(extent[1]!);
        // Scroll through, so sections below the fold hydrate and their media load, then come back up.
        await scrollThrough(page, 700);
        // 'networkidle' fired before the scroll started lazy pictures, so it cannot be waited for again.
        await expect.poll(pending, { timeout: 20_000 }).toEqual([]);
        expect(problems, `${route} at ${width}px`).toEqual([]);
        // Motion that starts by itself and never ends has a pause button in its own section (WCAG 2.2.2):
        // every endless animation of the page, found by the browser, not a list of known ones.
        const unstoppable = await page.evaluate(() =>
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime === Infinity)
            .map((a) => {
              const target = (a.effect as KeyframeEffect).target;
              const section = target?.closest('[data-section]');
              if (section?.querySelector('button[data-slot="pause"], button[data-slot="toggle"]')) return undefined;
              return `${(a as CSSAnimation).animationName ?? 'an animation'} in ${section?.getAttribute('data-section') ?? target?.tagName}`;
            })
            .filter((found) => found !== undefined),
        );
        expect(unstoppable, `${route} at ${width}px: endless motion with no pause button`).toEqual([]);
        await expect(page.locator('footer[data-slot="footer"]'), route).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        // Contrast is judged on what visitors read: after reveal animations, not halfway through a fade.
        await expect(page.locator('[data-reveal="running"]')).toHaveCount(0);
        expect(page.frames(), `${route}: a frame axe would not see`).toHaveLength(1);
        expect(await axe(page), `${route} at ${width}px`).toEqual([]);
        // Meanwhile a carousel may have moved on and asked for its next picture: let it arrive, since
        // the next page.goto would abort it, and the abort would be blamed on the next route.
        await expect.poll(pending, { timeout: 20_000 }).toEqual([]);
        expect(problems, `${route} at ${width}px, after the checks`).toEqual([]);
      }
      await context.close();
    });
  }
}

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
    .getByRole('button', { name: /Apply Now/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axe(page), 'apply dialog open').toEqual([]);
  await context.close();
});

test('the raw HTML of every route holds its content and metadata before any script runs', async ({ page, request }) => {
  test.setTimeout(120_000);
  for (const route of await sitemapRoutes(page)) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, route).toMatch(/ \| Sutra Labs$/);
    expect(html, route).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html, route).toContain(`<link rel="canonical" href="https://www.sutralabs.in${route === '/' ? '/' : route}"`);
    expect(html, route).toMatch(/<meta property="og:image" content="https:\/\/www\.sutralabs\.in\/[^"]+"/);
    expect(html, route).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html, route).toMatch(/<h1[^>]*>.+?<\/h1>/s);
    expect(html, route).toContain('data-slot="footer"');
    expect(html, route).toContain(route === '/' ? '"@type":"Organization"' : '"@type":"BreadcrumbList"');
  }
  // Google reads a job posting only on the page of that one job, never on a list of jobs.
  const careers = await (await request.get('/careers')).text();
  expect(careers).not.toContain('"JobPosting"');
  for (const route of ROLE_ROUTES) {
    const role = await (await request.get(route)).text();
    expect(role.match(/"@type":"JobPosting"/g), route).toHaveLength(1);
    expect(role, route).toContain('"jobLocationType":"TELECOMMUTE"');
    expect(role, route).toMatch(/"datePosted":"\d{4}-\d{2}-\d{2}","validThrough":"\d{4}-\d{2}-\d{2}T/);
    expect(role, route).toContain(`"url":"https://www.sutralabs.in${route}"`);
    expect(role, route).toContain('{"@type":"ListItem","position":2,"name":"Careers","item":"https://www.sutralabs.in/careers"}');
  }
  for (const route of CASE_STUDY_ROUTES)
    expect(await (await request.get(route)).text(), route).toContain('"@type":"CreativeWork"');
  const notFound = await request.get('/no-such-page');
  expect(notFound.status()).toBe(404);
  expect(await notFound.text()).toContain('Page Not Found');
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
