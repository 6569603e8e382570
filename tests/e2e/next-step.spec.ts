import { expect, test, type Page } from './fixtures.ts';

/** Every route the build knows, from the route table it emits. */
async function routes(page: Page): Promise<string[]> {
  const response = await page.request.get('/routes.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as string[];
}

// That every page ends with its next step, in the HTML before any script, is read from the build's files
// (tests/built/pages-html.test.ts).

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

test('at 320, 390 and 479 px the contact button stays in the header, beside the menu toggle, at the bottom of a long page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto('/react');
  const header = page.locator('header[data-slot="header"]');
  const button = header.locator('[data-slot="contact-button"]');
  // One page, resized as a window is.
  for (const width of [320, 390, 479]) {
    await page.setViewportSize({ width, height: 740 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(button, `${width} px`).toBeInViewport();
    await expect(header.getByRole('button', { name: 'Open menu' }), `${width} px`).toBeInViewport();
    const boxes = await header.evaluate((el) => {
      const box = (selector: string) => el.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect;
      return {
        bar: el.getBoundingClientRect().toJSON() as DOMRect,
        button: box('[data-slot="contact-button"]'),
        toggle: box('button[aria-controls]'),
      };
    });
    // Side by side, inside the window, neither covering the other.
    expect(boxes.button.right, `${width} px`).toBeLessThanOrEqual(boxes.toggle.left);
    expect(boxes.toggle.right, `${width} px`).toBeLessThanOrEqual(width);
    expect(boxes.button.bottom, `${width} px`).toBeLessThanOrEqual(boxes.bar.bottom);
  }
  await button.click();
  await expect(page).toHaveURL(/\/contact$/);
});
