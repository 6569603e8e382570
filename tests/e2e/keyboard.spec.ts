/**
 * Keyboard use: the open phone menu keeps focus until it closes, and every form field shows a focus ring
 * that can be seen, also on a field already red with an error.
 */
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { pdfFile } from '../server/cv-files.ts';

// ---------------------------------------------------------------------------------------------------
// The phone menu

/**
 * Records from now on where each move of focus lands: `toggle`, `menu` (a link of the open menu), the
 * element that took it, or `nothing` when focus left the page (for the browser's own bar). Read with `focusLog`.
 */
async function recordFocus(page: Page) {
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { focusLog: string[] }).focusLog = log;
    document.addEventListener('focusin', (event) => {
      const target = event.target as Element;
      if (target.matches('[data-slot="header"] button[popovertarget]')) log.push('toggle');
      else if (target.closest('[data-slot="mobile-menu"]')) log.push('menu');
      else log.push(`${target.tagName.toLowerCase()} «${target.textContent?.trim().slice(0, 40)}»`);
    });
    document.addEventListener('focusout', (event) => {
      if (!event.relatedTarget) log.push('nothing');
    });
  });
}
const focusLog = (page: Page) => page.evaluate(() => (window as unknown as { focusLog: string[] }).focusLog.splice(0));

for (const width of [390, 768]) {
  test(`at ${width}px the open menu keeps Tab and Shift+Tab inside it, makes the page behind inert, and Escape gives focus back to its button`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 844 });
    // The header is the same on every page; a light one keeps this quick.
    await page.goto('/privacy');
    const toggle = page.locator('[data-slot="header"] button[popovertarget]');
    const menu = page.locator('[data-slot="mobile-menu"]');
    // Opened from the keyboard, as a keyboard user would.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(page.locator('main')).toHaveJSProperty('inert', true);
    await expect(page.locator('[data-slot="footer"]')).toHaveJSProperty('inert', true);

    const links = await menu.getByRole('link').count();
    expect(links).toBeGreaterThan(3);
    const presses = 2 * (links + 1) + 3;
    await recordFocus(page);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < presses; i += 1) await page.keyboard.press(key);
      const seen = await focusLog(page);
      expect(
        seen.filter((place) => place !== 'toggle' && place !== 'menu'),
        `${key} ${presses} times`,
      ).toEqual([]);
      expect(seen, `each ${key} moved focus`).toHaveLength(presses);
      // Each item of the loop was reached: the toggle and every link.
      expect(seen.filter((place) => place === 'toggle').length, `${key} passes the toggle`).toBeGreaterThanOrEqual(2);
    }
    // Tab from the last link goes to the toggle, Shift+Tab from the toggle to the last link.
    await menu.getByRole('link').last().focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(menu.getByRole('link').last()).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAccessibleName('Open menu');
    await expect(page.locator('main')).toHaveJSProperty('inert', false);
    await expect(page.locator('[data-slot="footer"]')).toHaveJSProperty('inert', false);
  });
}

test('at 390px a press on the page behind the open menu closes it, and nothing behind it is activated', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/privacy');
  const toggle = page.locator('[data-slot="header"] button[popovertarget]');
  await toggle.click();
  await expect(page.locator('[data-slot="mobile-menu"]')).toBeVisible();
  await page.mouse.click(195, 600);
  await expect(page.locator('[data-slot="mobile-menu"]')).toBeHidden();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.locator('main')).toHaveJSProperty('inert', false);
});

// ---------------------------------------------------------------------------------------------------
// Focus rings on form fields

/** WCAG relative luminance and contrast ratio of sRGB colours. */
type Rgba = readonly [number, number, number, number];
function luminance([r, g, b]: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
/** A colour with transparency, as it shows over an opaque one. */
function over([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba {
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
}

interface Ring {
  readonly field: string;
  readonly focusVisible: boolean;
  /** The ring's colour and thickness: the outline, or else the widest outer box-shadow. */
  readonly ring: Rgba | null;
  readonly ringWidth: number;
  readonly border: Rgba;
  /** The first opaque background behind the field. */
  readonly background: Rgba;
}

/**
 * Focuses the field as a keyboard user does (back a stop and forward again: a file input, like a button, shows
 * its ring only to focus that came from the keyboard) and reads its focus ring, border and the background.
 */
async function ringOf(control: Locator): Promise<Ring> {
  await control.focus();
  await control.page().keyboard.press('Shift+Tab');
  await control.page().keyboard.press('Tab');
  await expect(control).toBeFocused();
  return control.evaluate(async (element: HTMLElement) => {
    // A ring that fades in is read once its transition has ended.
    await Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const parse = (value: string): [number, number, number, number] | null => {
      const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(value);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const style = getComputedStyle(element);
    let ring: [number, number, number, number] | null = null;
    let ringWidth = 0;
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      ring = parse(style.outlineColor);
      ringWidth = parseFloat(style.outlineWidth);
    } else if (style.boxShadow !== 'none') {
      // Computed shadows read `rgb(…) x y blur spread [inset]`, comma-separated.
      for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
        if (/inset/.test(shadow)) continue;
        const lengths = shadow
          .replace(/rgba?\([^)]*\)/, '')
          .trim()
          .split(/\s+/)
          .map(parseFloat);
        const spread = lengths[3] ?? 0;
        if (spread > ringWidth) {
          ringWidth = spread;
          ring = parse(shadow);
        }
      }
    }
    let background: [number, number, number, number] | null = null;
    for (let node = element.parentElement; node && !background; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour && colour[3] === 1) background = colour;
    }
    const labels = (element as HTMLInputElement).labels;
    const label = labels?.[0]?.textContent?.trim() ?? element.getAttribute('name') ?? element.tagName;
    return {
      field: label,
      focusVisible: element.matches(':focus-visible'),
      ring,
      ringWidth,
      border: parse(style.borderTopColor)!,
      background: background ?? [255, 255, 255, 1],
    };
  });
}

/** What is wrong with a field's focus ring, or nothing. */
function ringProblems(state: string, r: Ring): string[] {
  const where = `${r.field} (${state})`;
  if (!r.focusVisible) return [`${where}: not :focus-visible when focused`];
  if (!r.ring || r.ringWidth < 2) return [`${where}: no ring of 2px or more (outline or box-shadow spread ${r.ringWidth}px)`];
  const ring = over(r.ring, r.background);
  const problems: string[] = [];
  const onBackground = contrast(ring, r.background);
  const onBorder = contrast(ring, over(r.border, r.background));
  if (onBackground < 3) problems.push(`${where}: ring ${onBackground.toFixed(2)}:1 against the background`);
  if (onBorder < 3) problems.push(`${where}: ring ${onBorder.toFixed(2)}:1 against the field's border`);
  return problems;
}

/** Every field of a form a visitor can type in, read from the page (not the hidden honeypot). */
async function fieldsOf(form: Locator): Promise<Locator[]> {
  const controls = form.locator('input:not([type="hidden"]), textarea, select');
  const all = await controls.all();
  const usable: Locator[] = [];
  for (const control of all) {
    if (await control.evaluate((e) => e.closest('[inert]') === null && e.getClientRects().length > 0)) usable.push(control);
  }
  return usable;
}

/**
 * Puts every field of the form in its error state as a visitor meets it: each is filled with a value the
 * form's own check accepts, and the server answers with a message for each field (a 400 naming them all).
 */
async function showErrorsOnEveryField(page: Page, form: Locator, fields: Locator[]) {
  const names = await Promise.all(fields.map((f) => f.getAttribute('name')));
  await page.route('**/api/v1/**', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'ValidationFailed',
        message: 'Some fields need attention',
        fields: names.map((field) => ({ field, message: `${field} is not accepted here` })),
      }),
    }),
  );
  for (const field of fields) {
    const kind = await field.evaluate((e) => (e instanceof HTMLInputElement ? e.type : e.tagName.toLowerCase()));
    // A file input takes a file: the application's CV.
    if (kind === 'file') {
      await field.setInputFiles({ name: 'Ravi Kumar CV.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
      continue;
    }
    const value =
      kind === 'email'
        ? 'ravi@example.in'
        : kind === 'tel'
          ? '98107 45210'
          : kind === 'url'
            ? 'https://www.behance.net/ravikumar'
            : kind === 'textarea'
              ? 'We would like a web application for booking lab tests, with payments and reports.'
              : 'Ravi Kumar';
    await field.fill(value);
  }
  await form.locator('button[type="submit"]').click();
  for (const field of fields) await expect(field).toHaveAttribute('aria-invalid', 'true');
}

async function checkRings(page: Page, form: Locator): Promise<string[]> {
  const fields = await fieldsOf(form);
  expect(fields.length, 'the form has fields').toBeGreaterThan(2);
  const problems: string[] = [];
  for (const field of fields) problems.push(...ringProblems('normal', await ringOf(field)));
  await showErrorsOnEveryField(page, form, fields);
  for (const field of fields) problems.push(...ringProblems('error', await ringOf(field)));
  return problems;
}

test('every field of the contact form shows a focus ring of 2px or more at 3:1 against the background and its border, also with an error', async ({
  page,
}) => {
  // Two looks at every field and a round trip to the (mocked) server: slow on a busy two-core machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/contact');
  const form = page.locator('[data-section="contact"] form');
  await form.scrollIntoViewIfNeeded();
  await expect(form.locator('button[type="submit"]')).toBeEnabled();
  expect(await checkRings(page, form)).toEqual([]);
});

test('every field of the job application shows a focus ring of 2px or more at 3:1 against the background and its border, also with an error', async ({
  page,
}) => {
  // Two looks at every field and a round trip to the (mocked) server: slow on a busy two-core machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/careers');
  const careers = page.locator('[data-section="careers"]');
  // The section hydrates as it nears the viewport; its tabs say when.
  await careers.scrollIntoViewIfNeeded();
  await expect(careers.locator('[data-hydrated="true"]').first()).toBeAttached();
  await careers
    .getByRole('link', { name: /^Apply Now/ })
    .filter({ visible: true })
    .first()
    .click();
  const form = page.getByRole('dialog').locator('form');
  await expect(form).toBeVisible();
  await expect(form.locator('button[type="submit"]')).toBeEnabled();
  expect(await checkRings(page, form)).toEqual([]);
});
