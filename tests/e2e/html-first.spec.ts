/**
 * HTML first (issue 51): what a visitor can press works as HTML, before the app has arrived and without
 * it (JavaScript off, or its files blocked by a flaky network or a proxy), and the app, once it has
 * started, gives the same result.
 */
import Database from 'better-sqlite3';
import { builtHtml, builtRoutes, expect, test, type Page } from './fixtures.ts';
import { pdfFile } from '../server/cv-files.ts';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** The routes the phone menu links to, read from the menu itself. */
async function menuRoutes(page: Page): Promise<string[]> {
  const links = page.locator('[data-slot="mobile-menu"] a[href]');
  return links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/**
 * The rows stored with `email`, read from the test server's SQLite file (playwright.config.ts sets its
 * DATA_DIR), as `npm run submissions` would list them.
 */
function storedWith(table: 'contact_submissions' | 'applications', email: string): Record<string, unknown>[] {
  const database = new Database('test-results/e2e-data/submissions.db', { readonly: true, fileMustExist: true });
  try {
    return database.prepare(`SELECT * FROM ${table} WHERE email = ?`).all(email) as Record<string, unknown>[];
  } finally {
    database.close();
  }
}

/** The files stored with an application, as the test server's SQLite file holds them. */
function filesOf(applicationId: string): Record<string, unknown>[] {
  const database = new Database('test-results/e2e-data/submissions.db', { readonly: true, fileMustExist: true });
  try {
    return database
      .prepare('SELECT field, file_name, media_type, content FROM application_files WHERE application_id = ?')
      .all(applicationId) as Record<string, unknown>[];
  } finally {
    database.close();
  }
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
      // Pages kept out of search (a form's confirmation page) are reached by sending the form, tested below.
      const searchable = (route: string) => !builtHtml(route).includes('<meta name="robots" content="noindex"');
      expect(builtRoutes().filter((route) => searchable(route) && !reached.has(route))).toEqual([]);
    });

    if (!javaScript)
      test('no page shows a button that only the app could answer: every visible control is native', async ({ page }) => {
        test.slow();
        const dead: string[] = [];
        for (const route of builtRoutes()) {
          await page.goto(route);
          const found = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('button, [role="button"], input[type="button"], input[type="reset"]')]
              .filter((control) => control.checkVisibility({ visibilityProperty: true }) && control.getClientRects().length > 0)
              // What the browser answers by itself: a form's submit button, a popover's toggle, a disclosure.
              .filter((control) => {
                const button = control as HTMLButtonElement;
                const submits = button.tagName === 'BUTTON' && button.type === 'submit' && button.form !== null;
                return !submits && !control.hasAttribute('popovertarget') && !control.closest('summary');
              })
              .map((control) => `${control.getAttribute('aria-label') ?? control.textContent?.trim()}`),
          );
          for (const name of found) dead.push(`${route}: ${name}`);
        }
        expect(dead).toEqual([]);
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

    test('the contact form shows each problem at its field with everything typed kept, then sends, stores one row and says what happens next', async ({
      page,
    }) => {
      const email = `html-first.contact.${javaScript ? 'app' : 'plain'}.${Date.now()}@example.in`;
      await page.goto('/contact');
      const form = page.locator('[data-section="contact"] form');
      if (javaScript) await expect(form.locator('[data-hydrated="true"]')).toBeAttached();
      await form.getByLabel('Name', { exact: true }).fill('Asha <b>Rao</b>');
      await form.getByLabel('Mobile number').fill('98');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Project details').fill('A clinic booking app & a "patient" portal');
      await form.getByRole('button', { name: 'Send Message' }).tap();

      // A number too short is caught before sending: by the browser's own check of the schema's pattern
      // without the app, by the form with it.
      const mobile = form.getByLabel('Mobile number');
      if (javaScript) {
        await expect(form.locator('[data-field="mobile"] [data-slot="field-error"]')).toHaveText(
          'Please enter a mobile number of 7 to 15 digits',
        );
      } else {
        await expect.poll(() => mobile.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
        await expect(mobile).toHaveAttribute('title', 'Please enter a mobile number of 7 to 15 digits');
        await expect(page).toHaveURL(/\/contact$/);
      }

      // An address the browser accepts and the schema does not (no dot in the domain) reaches the server,
      // which (or, with the app, the form itself) names the one problem at its field.
      await mobile.fill('+91 98107 45210');
      const emailField = form.getByLabel('E-mail');
      await emailField.fill('asha@example');
      await form.getByRole('button', { name: 'Send Message' }).tap();
      await expect(emailField).toHaveAttribute('aria-invalid', 'true');
      await expect(form.locator('[data-field="email"] [data-slot="field-error"]')).toHaveText(
        'Please enter a valid e-mail address, such as name@company.com',
      );
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
      await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Asha <b>Rao</b>');
      await expect(mobile).toHaveValue('+91 98107 45210');
      await expect(emailField).toHaveValue('asha@example');
      await expect(form.getByLabel('Project details')).toHaveValue('A clinic booking app & a "patient" portal');
      expect(storedWith('contact_submissions', email)).toEqual([]);

      await emailField.fill(email);
      await form.getByRole('button', { name: 'Send Message' }).tap();
      await expect(page).toHaveURL(/\/contact\/thank-you$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry has arrived');
      await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
      const rows = storedWith('contact_submissions', email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        username: 'Asha <b>Rao</b>',
        mobile: '+91 98107 45210',
        project_details: 'A clinic booking app & a "patient" portal',
      });
    });

    test('Apply Now on the careers page leads to an application for that role, which is stored once with the role', async ({
      page,
    }) => {
      const email = `html-first.apply.${javaScript ? 'app' : 'plain'}.${Date.now()}@example.in`;
      await page.goto('/careers');
      const careers = page.locator('[data-section="careers"]');
      // Near the viewport, which is when the app hydrates a section below the first.
      await careers.scrollIntoViewIfNeeded();
      if (javaScript) await expect(careers.locator('[data-hydrated="true"]').first()).toBeAttached();
      await careers.getByRole('tab', { name: 'Designer' }).tap();
      await careers.getByRole('link', { name: 'Apply Now: Graphic Designer' }).tap();
      // Without the app, the role's own page and its form; with it, the same form in a dialog.
      const form = javaScript ? page.getByRole('dialog').locator('form') : page.locator('[data-section="job-opening"] form');
      if (!javaScript) await expect(page).toHaveURL(/\/careers\/graphic-designer#apply$/);
      await expect(form).toBeInViewport();
      await form.getByLabel('Name').fill('Ravi Kumar');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Phone').fill('(+91) 98107-45210');
      await form
        .getByLabel('CV')
        .setInputFiles({ name: 'Ravi Kumar CV.pdf', mimeType: 'application/pdf', buffer: pdfFile(email) });
      await form.getByRole('button', { name: 'Submit' }).tap();

      await expect(page).toHaveURL(/\/careers\/thank-you$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your application has arrived');
      const rows = storedWith('applications', email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Ravi Kumar', phone: '(+91) 98107-45210', domain: 'Graphic Designer' });
      // Its CV with it, byte for byte, under the name it was chosen by.
      expect(filesOf(rows[0]!.id as string)).toEqual([
        { field: 'cv', file_name: 'Ravi Kumar CV.pdf', media_type: 'application/pdf', content: pdfFile(email) },
      ]);
    });

    test('an application whose CV is a web page renamed is sent back with the message at the CV, and nothing is stored', async ({
      page,
    }) => {
      const email = `html-first.renamed.${javaScript ? 'app' : 'plain'}.${Date.now()}@example.in`;
      await page.goto('/careers/graphic-designer#apply');
      const form = page.locator('[data-section="job-opening"] form');
      if (javaScript) await expect(form.locator('[data-hydrated="true"]').first()).toBeAttached({ timeout: 20_000 });
      await form.getByLabel('Name').fill('Ravi Kumar');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Phone').fill('(+91) 98107-45210');
      await form
        .getByLabel('CV')
        .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><h1>CV</h1>') });
      await form.getByRole('button', { name: 'Submit' }).tap();

      const sentBack = page.locator('[data-section="job-opening"] form');
      await expect(sentBack.locator('[data-field="cv"] [data-slot="field-error"]')).toHaveText(
        'Please attach your CV as a PDF or a Word (.docx) file',
      );
      // What was typed is kept.
      await expect(sentBack.getByLabel('E-mail')).toHaveValue(email);
      expect(storedWith('applications', email)).toEqual([]);
    });

    test("a tap on a careers tab brings that tab's roles into view", async ({ page }) => {
      await page.goto('/careers');
      const careers = page.locator('[data-section="careers"]');
      // Near the viewport, which is when the app hydrates a section below the first.
      await careers.scrollIntoViewIfNeeded();
      if (javaScript) await expect(careers.locator('[data-hydrated="true"]').first()).toBeAttached();
      await careers.getByRole('tab', { name: 'Manager' }).tap();
      // Without the app the tab is a link to its panel, all panels shown; with it, the panel replaces the others.
      await expect(careers.getByRole('heading', { name: 'Project Manager', level: 3 })).toBeInViewport();
      if (javaScript) await expect(careers.getByRole('tabpanel')).toHaveCount(1);
    });

    test("a tap on a hero dot shows its slide, and the toggle stops the hero's motion", async ({ page }) => {
      await page.goto('/');
      const hero = page.locator('[data-section="hero"]');
      if (javaScript) await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 20_000 });
      const slides = hero.locator('[data-slot="slide"]');
      await hero.getByRole('radio', { name: /^Slide 3 of 4/ }).tap();
      await expect(hero.getByRole('radio', { name: /^Slide 3 of 4/ })).toBeChecked();
      await expect.poll(() => slides.nth(2).evaluate((el) => Number(getComputedStyle(el).opacity))).toBe(1);
      // Its picture arrived: a lazy still, fetched once its slide was chosen.
      await expect
        .poll(() =>
          slides
            .nth(2)
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await expect.poll(() => slides.nth(0).evaluate((el) => Number(getComputedStyle(el).opacity))).toBe(0);

      const toggle = hero.getByRole('checkbox', { name: 'Pause background slides' });
      await toggle.tap();
      await expect(toggle).toBeChecked();
      const running = () =>
        hero.evaluate((root) => root.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length);
      await expect.poll(running).toBe(0);
    });

    test('a carousel moves with a swipe, and shows no button it could not answer', async ({ page }) => {
      await page.goto('/');
      const carousel = page.locator('[data-section="projects"] [data-slot="carousel"]');
      await carousel.scrollIntoViewIfNeeded();
      const viewport = carousel.locator('[data-slot="viewport"]');
      if (javaScript) {
        await expect(viewport).toHaveAttribute('data-ready', 'true');
        await expect(carousel.locator('[data-slot="controls"]')).toBeVisible();
      } else {
        await expect(carousel.locator('[data-slot="controls"]')).toBeHidden();
      }
      // Where the second slide is, against the viewport's left edge, before and after a swipe to the left.
      const second = carousel.locator('[data-slot="slide"]').nth(1);
      const offset = async () => (await second.boundingBox())!.x - (await viewport.boundingBox())!.x;
      const before = await offset();
      const box = (await viewport.boundingBox())!;
      // A swipe to the left, made by Chrome's own input pipeline. Headless Chromium scrolls no native row with a
      // synthetic touch gesture, not even a bare overflowing <div> (tried), so the row the browser scrolls by
      // itself gets the same gesture from a trackpad; embla, which reads the touch events, gets the finger.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.synthesizeScrollGesture', {
        x: Math.round(box.x + box.width * 0.8),
        y: Math.round(box.y + box.height / 2),
        xDistance: -Math.round(box.width * 0.6),
        yDistance: 0,
        gestureSourceType: javaScript ? 'touch' : 'mouse',
      });
      await expect.poll(offset).toBeLessThan(before - 100);
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
