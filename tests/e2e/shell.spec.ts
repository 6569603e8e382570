import { expect, test, type Page } from './fixtures.ts';
import { SITE_ROUTES } from './spec-routes.ts';

/** Every route the build knows, from the route table it emits. */
async function routes(page: Page): Promise<string[]> {
  const response = await page.request.get('/routes.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as string[];
}

// Every route's content, header, footer and console are checked by the route sweep in quality.spec.ts.

test('the route table lists the 25 pages of the specification, the legal and company pages, a page per role and case study, and the pages a sent form leads to', async ({
  page,
}) => {
  expect((await routes(page)).sort()).toEqual([...SITE_ROUTES].sort());
});

test('an unknown path answers 404 with the not-found screen', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  const screen = page.locator('[data-section="not-found"]');
  await expect(screen.locator('[data-slot="sad-face"]')).toBeVisible();
  await expect(screen).toContainText('404');
  await expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(screen).toContainText('Oops! The page you are looking for does not exist.');
  await screen.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-section="hero"]')).toBeVisible();
});

test('the navbar is transparent and 90px at the top, solid and 85px with a border after scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/services');
  const header = page.locator('header[data-slot="header"]');
  const button = header.locator('[data-slot="contact-button"]');
  const look = () =>
    header.evaluate((el) => {
      const s = getComputedStyle(el);
      const b = getComputedStyle(el.querySelector('[data-slot="contact-button"]')!);
      return {
        height: el.getBoundingClientRect().height,
        background: s.backgroundColor,
        border: `${s.borderBottomWidth} ${s.borderBottomColor}`,
        buttonBorder: b.borderTopColor,
        buttonBackground: b.backgroundColor,
      };
    });
  await expect(button).toHaveText('Contact us');
  await expect.poll(async () => (await look()).height).toBe(90);
  const top = await look();
  expect(top.background).toBe('rgba(0, 0, 0, 0)');
  expect(top.buttonBackground).toBe('rgba(0, 0, 0, 0)');
  expect(top.buttonBorder).toMatch(/^rgba?\(255, 255, 255/);

  await page.mouse.wheel(0, 400);
  await expect.poll(async () => (await look()).height).toBe(85);
  // The colours fade in after the height settles (a transition): wait for the end of it, which on a
  // busy machine comes later than the height (seen once as the last frame, rgba(255, 255, 255, 1)).
  await expect.poll(async () => (await look()).background).toBe('rgb(255, 255, 255)');
  const scrolled = await look();
  expect(scrolled.border).toBe('1px rgb(227, 230, 239)');
  expect(scrolled.buttonBackground).toBe('rgb(11, 21, 48)');

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(async () => (await look()).height).toBe(90);
});

test('on a phone the menu toggle opens a dropdown of links with icons and closes on a choice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAccessibleName('Open menu');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  for (const name of ['Home', 'How to start', 'Services', 'Technologies', 'Careers']) {
    const link = menu.getByRole('link', { name });
    await expect(link).toBeVisible();
    await expect(link.locator('svg[data-slot="menu-icon"] > *').first()).toBeAttached();
  }
  await menu.getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});

test('the mobile menu closes with Escape and gives focus back to its toggle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('a route change scrolls the new page to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/services');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.locator('footer').getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the footer has every link group, social links in a new tab, contact links and the 2023 copyright', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer[data-slot="footer"]');
  for (const name of [
    'About Us',
    'Success Stories',
    'Privacy Policy',
    'Terms & Conditions',
    'Contact Us',
    'Hire Permanent Staff',
    'Staff Augmentation',
    'Software Outsourcing',
    'Build remote Office',
    'You Asked',
    'We Proceed',
    'Negotiate',
    'You Get',
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const social = footer.getByRole('list', { name: 'Social profiles' }).getByRole('link');
  await expect(social).toHaveCount(5);
  for (const link of await social.all()) {
    const href = await link.getAttribute('href');
    if (href?.startsWith('https://')) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  }
  await expect(footer.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(footer.locator('a[href^="mailto:"]').first()).toBeVisible();
  await expect(footer).toContainText('Greater Noida');
  await expect(footer).toContainText(/© 2023 .*Pvt\. Ltd\./);
});

test('the footer leads to the privacy notice and the terms of use, which name the grievance officer and the law', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.locator('footer[data-slot="footer"]');
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  // Filled in from content/site.yaml by the build.
  await expect(page.getByRole('link', { name: 'privacy@sutralabs.in' })).toHaveAttribute('href', 'mailto:privacy@sutralabs.in');
  await expect(page.locator('main')).toContainText('365 days');
  await expect(page.locator('main')).not.toContainText('{site.');

  await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page.locator('main')).toContainText('governed by the laws of India');
});
