import { expect, test, type Page } from './fixtures.ts';

/** Every route the build knows, from the route table it emits. */
async function routes(page: Page): Promise<string[]> {
  const response = await page.request.get('/routes.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as string[];
}

// The prerendered HTML is what a reader has first, and what a search engine reads: it must already end
// each page with its next step. Without JavaScript, one request per route keeps the sweep of every
// route quick. Each waits for its HTML to be parsed, not for its pictures: the check reads links only.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every page ends with its next step: a link to the contact page or to apply, or is itself the form', async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    for (const route of await routes(page)) {
      await page.goto(route, { waitUntil: 'domcontentloaded' });
      const main = page.locator('#main');
      // The contact page is the form every next step leads to.
      if ((await main.locator('form').count()) > 0 && route === '/contact') continue;
      const last = main.locator(':scope > [data-section]').last();
      const leads = await last.evaluate((section) => {
        const links = [...section.querySelectorAll('a[href]')].map((a) => new URL((a as HTMLAnchorElement).href));
        const toContact = links.some((url) => url.pathname === '/contact');
        const toApply = links.some((url) => url.hash === '#apply' && url.pathname === location.pathname);
        const applyButtons = section.querySelectorAll('button[data-slot="apply"], button[data-apply]').length;
        return toContact || toApply || applyButtons > 0;
      });
      if (!leads)
        found.push(`${route}: its last section (${await last.getAttribute('data-section')}) has no link to /contact or to apply`);
    }
    expect(found).toEqual([]);
  });

  test('the footer sends each service and each step of how to start to where it is described, not to the home page', async ({
    page,
  }) => {
    await page.goto('/');
    const groups = page.locator('footer[data-slot="footer"] nav a[href^="/"]');
    const links = await groups.evaluateAll((anchors) =>
      anchors.map((a) => ({ label: a.textContent!.trim(), href: (a as HTMLAnchorElement).getAttribute('href')! })),
    );
    expect(links.length).toBeGreaterThanOrEqual(13);
    const wrong: string[] = [];
    for (const { label, href } of links) {
      if (href === '/') {
        wrong.push(`${label} goes to the home page`);
        continue;
      }
      const [path, anchor] = href.split('#');
      const status = (await page.request.get(path!)).status();
      if (status !== 200) wrong.push(`${label}: ${path} answers ${status}`);
      if (!anchor) continue;
      await page.goto(path!, { waitUntil: 'domcontentloaded' });
      if ((await page.locator(`[id="${anchor}"]`).count()) !== 1) wrong.push(`${label}: ${path} has no #${anchor}`);
    }
    expect(wrong).toEqual([]);
  });
});

test('a role page ends with Apply Now, which opens the application form for that role, as a link to #apply does', async ({
  page,
}) => {
  const [route] = (await routes(page)).filter((r) => r.startsWith('/careers/'));
  await page.goto(route!);
  const role = (await page.locator('main h1').textContent())!.trim();
  const closing = page.locator('#main > [data-section]').last();
  await closing.getByRole('link', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(role);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Followed again, the same link opens the form again.
  await closing.getByRole('link', { name: 'Apply Now' }).click();
  await expect(dialog).toBeVisible();

  // A link straight to the form, as a recruiter would send it.
  await page.goto(`${route}#apply`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(role);
});

for (const width of [320, 390, 479]) {
  test(`at ${width}px the contact button stays in the header, beside the menu toggle, at the bottom of a long page`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/react');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const header = page.locator('header[data-slot="header"]');
    const button = header.locator('[data-slot="contact-button"]');
    await expect(button).toBeInViewport();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeInViewport();
    const boxes = await header.evaluate((el) => {
      const box = (selector: string) => el.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect;
      return {
        bar: el.getBoundingClientRect().toJSON() as DOMRect,
        button: box('[data-slot="contact-button"]'),
        toggle: box('button[aria-controls]'),
      };
    });
    // Side by side, inside the window, neither covering the other.
    expect(boxes.button.right).toBeLessThanOrEqual(boxes.toggle.left);
    expect(boxes.toggle.right).toBeLessThanOrEqual(width);
    expect(boxes.button.bottom).toBeLessThanOrEqual(boxes.bar.bottom);
    await button.click();
    await expect(page).toHaveURL(/\/contact$/);
  });
}
