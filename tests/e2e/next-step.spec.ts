import { expect, test, type Page } from './fixtures.ts';
import { ROLE_ROUTES } from './spec-routes.ts';

/** Every route the build knows, from the route table it emits. */
async function routes(page: Page): Promise<string[]> {
  const response = await page.request.get('/routes.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as string[];
}

// That every page ends with its next step, in the HTML before any script, is read from the build's files
// (tests/built/pages-html.test.ts).

test("a role page ends with Apply Now, which leads to the application form for that role at the end of the role's details, as a link to #apply does", async ({
  page,
}) => {
  const [route] = (await routes(page)).filter((r) => ROLE_ROUTES.includes(r as never));
  await page.goto(route!);
  const role = (await page.locator('main h1').textContent())!.trim();
  const form = page.locator('[data-section="job-opening"] form');
  const closing = page.locator('#main > [data-section]').last();
  await closing.getByRole('link', { name: 'Apply Now' }).click();
  await expect(page).toHaveURL(new RegExp(`${route}#apply$`));
  await expect(form).toBeInViewport();
  await expect(form.locator('[data-slot="domain"]')).toContainText(role);
  await expect(form.locator('input[name="domain"]')).toHaveValue(role);

  // A link straight to the form, as a recruiter would send it.
  await page.goto('/');
  await page.goto(`${route}#apply`);
  await expect(form).toBeInViewport();
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
