import { expect, scrollThrough, test, type Locator, type Page } from './fixtures.ts';

/*
 * Service, technology, /services, /technologies, /careers and /start pages. Expected counts and
 * names come from the specification's tables, not from the YAML, so content drift fails here.
 */

const HIRE_SLIDES = [
  'Getting Started',
  'Enjoy Unlimited Growth Without Worries',
  'Building a Dev Team Quickly and Affordably',
  'Growing a Development Team Swiftly and Economically',
];
const REASONS = [
  'talent shortage',
  'lack of expertise',
  'quick kick-off',
  'cost optimization',
  'talent accessibility',
  'administrative hassle',
];

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9#]/g, '');

/** The page's sections, waiting for the lazily loaded section components to render. */
async function sections(page: Page, route: string): Promise<Locator> {
  await page.goto(route);
  const all = page.locator('main [data-section]');
  await expect(all.first()).toBeVisible();
  return all;
}

/** The section types of the page, in order. */
const sectionTypes = (all: Locator) => all.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section')));

/** Slides of a carousel whose content lies entirely inside its viewport (the slide box includes the gap). */
function fullyVisibleSlides(carousel: Locator) {
  return carousel.evaluate((root) => {
    const viewport = root.querySelector('[data-slot="viewport"]')!.getBoundingClientRect();
    return [...root.querySelectorAll('[data-slot="slide-inner"]')].filter((slide) => {
      const box = slide.getBoundingClientRect();
      return box.width > 0 && box.left >= viewport.left - 1 && box.right <= viewport.right + 1;
    }).length;
  });
}

test.describe('service pages', () => {
  // Their sections and counts are read from the built HTML (tests/built/pages-structure.test.ts).
  test("the hero's Contact Us button visibly changes colour on hover", async ({ page }) => {
    await sections(page, '/web-development');
    const contact = page.locator('[data-section="page-hero"]').getByRole('link', { name: 'Contact Us' });
    await expect(contact).toHaveAttribute('href', '/contact');
    const before = await contact.evaluate((a) => getComputedStyle(a).backgroundColor);
    await contact.hover();
    await expect.poll(() => contact.evaluate((a) => getComputedStyle(a).backgroundColor)).not.toBe(before);
  });

  test('the category carousel shows 1/2/3/4 items at 479/749/1023/1280 px, with dots and no arrows', async ({ page }) => {
    for (const [width, visible] of [
      [479, 1],
      [749, 2],
      [1023, 3],
      [1280, 4],
    ] as const) {
      // One page, resized as a window is: the carousel measures again at each width.
      await page.setViewportSize({ width, height: 900 });
      if (width === 479) await sections(page, '/web-development');
      const carousel = page.locator('[data-section="carousel"] [data-slot="carousel"]');
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel.locator('[data-slot="viewport"]')).toHaveAttribute('data-ready', 'true');
      await expect.poll(() => fullyVisibleSlides(carousel), { message: `${width}px` }).toBe(visible);
      await expect(carousel.locator('[data-slot="bullet"]').first()).toBeVisible();
      await expect(carousel.locator('[data-slot="prev"], [data-slot="next"]')).toHaveCount(0);
    }
  });

  test('the carousel loops at 1024 px and wider, but not below', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await sections(page, '/web-development');
    const carousel = page.locator('[data-section="carousel"] [data-slot="carousel"]');
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.locator('[data-slot="viewport"]')).toHaveAttribute('data-ready', 'true');
    // 6 items, 4 in view, 2 per step, looping: three positions.
    await expect(carousel.locator('[data-slot="bullet"]')).toHaveCount(3);
    // Without arrows, "previous" from the first position is the ← key while focus is inside.
    await carousel.locator('[data-slot="bullet"]').first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(carousel.locator('[data-slot="bullet"]').last()).toHaveAttribute('aria-current', 'true');

    await page.setViewportSize({ width: 800, height: 900 });
    await sections(page, '/web-development');
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.locator('[data-slot="viewport"]')).toHaveAttribute('data-ready', 'true');
    await expect(carousel.locator('[data-slot="bullet"]')).toHaveCount(2);
    await carousel.locator('[data-slot="bullet"]').first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(carousel.locator('[data-slot="bullet"]').first()).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(carousel.locator('[data-slot="bullet"]').last()).toHaveAttribute('aria-current', 'true');
  });

  test('a hidden overview is revealed once half of it is visible, after the first scroll', async ({ page }) => {
    // A short window puts the overview below the fold at load.
    await page.setViewportSize({ width: 1280, height: 400 });
    await sections(page, '/cloud-services');
    const overview = page.locator('[data-section="overview"]');
    await expect(overview).toHaveAttribute('data-reveal', 'hidden');
    await overview.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    await expect(overview).toHaveAttribute('data-reveal', 'show');
    await expect(overview.getByRole('heading', { level: 2 })).toBeVisible();
    await expect
      .poll(() =>
        overview
          .locator('[data-slot="paragraph"]')
          .first()
          .evaluate((p) => getComputedStyle(p.parentElement!.parentElement!).opacity),
      )
      .toBe('1');
  });

  test('an overview already on screen at load, or with reduced motion, is never hidden', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1400 });
    await sections(page, '/cloud-services');
    await expect(page.locator('[data-section="overview"] [data-slot="paragraph"]').first()).toBeVisible();
    await expect(page.locator('[data-section="overview"]')).not.toHaveAttribute('data-reveal', 'hidden');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 400 });
    await sections(page, '/cloud-services');
    await expect(page.locator('[data-section="overview"]')).not.toHaveAttribute('data-reveal', /.+/);
  });
});

test.describe('hiring template', () => {
  // Issue 18: the same block closes thirteen pages, so it must not outweigh each page's own story.
  for (const [width, budget, sideways] of [
    [1280, 1400, false],
    [390, 3000, true],
  ] as const) {
    test(`fits in ${budget} px at ${width} px wide, its reasons ${sideways ? 'a row to swipe, reachable by Tab' : 'a grid, no extra tab stop'}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto('/react');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const hire = page.locator('[data-section="hire"]');
      await hire.scrollIntoViewIfNeeded();
      await scrollThrough(page, 500);
      await expect(page.locator('[data-reveal="running"]')).toHaveCount(0);
      const height = (await hire.boundingBox())!.height;
      expect(height).toBeLessThanOrEqual(budget);
      test.info().annotations.push({ type: 'hire block height', description: `${Math.round(height)} px at ${width} px` });
      const reasons = hire.locator('[data-slot="reasons"] ul');
      await expect(reasons).toHaveAttribute('tabindex', sideways ? '0' : '-1');
      await context.close();
    });
  }

  test('has four slides, three steps, six reasons and the counter', async ({ page }) => {
    await sections(page, '/react');
    const hire = page.locator('[data-section="hire"]');
    await expect(hire.getByRole('heading', { name: 'Hire ReactJS developers' })).toBeVisible();
    await expect(hire.locator('[data-slot="slide-heading"]')).toHaveText(HIRE_SLIDES);
    const steps = hire.locator('[data-slot="step"]');
    await expect(steps).toHaveCount(3);
    for (const [i, [number, title]] of [
      ['01', 'Request'],
      ['02', 'Interview'],
      ['03', 'Hire'],
    ].entries()) {
      await expect(steps.nth(i)).toContainText(number!);
      await expect(steps.nth(i)).toContainText(title!);
    }
    await expect(hire.locator('[data-slot="note"]')).toHaveText('Average 2 interviews to hire');
    const reasons = hire.locator('[data-slot="reason"]');
    await expect(reasons).toHaveCount(6);
    const text = squash((await reasons.allTextContents()).join(' '));
    for (const reason of REASONS) expect(text).toContain(squash(reason));
    await expect(
      hire.locator('[data-slot="counter-band"] video source[type="video/webm"], [data-slot="counter-band"] img'),
    ).not.toHaveCount(0);
  });

  test('the slider advances every 8 s and wraps; previous/next wrap at the ends', async ({ page }) => {
    await page.clock.install();
    await sections(page, '/react');
    const slider = page.locator('[data-section="hire"] [data-slot="carousel"]');
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.locator('[data-slot="viewport"]')).toHaveAttribute('data-ready', 'true');
    await expect(slider.getByRole('button', { name: /pause/i })).toBeVisible();
    // From here on time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    const slides = slider.locator('[data-slot="slide"]');
    const current = () => slides.evaluateAll((nodes) => nodes.findIndex((n) => n.hasAttribute('data-selected')));

    await slider.getByRole('button', { name: 'Go to slide 1' }).click();
    await expect.poll(current).toBe(0);
    await slider.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(current).toBe(3);
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(current).toBe(0);

    // Moving the pointer away resumes autoplay (it pauses on hover), with a full 8 s for the slide.
    await page.mouse.move(0, 0);
    await page.clock.runFor(7_500);
    expect(await current()).toBe(0);
    await page.clock.runFor(600);
    await expect.poll(current).toBe(1);
    await page.clock.runFor(8_000);
    await expect.poll(current).toBe(2);
    await page.clock.runFor(8_000);
    await expect.poll(current).toBe(3);
    await page.clock.runFor(8_000);
    await expect.poll(current).toBe(0);

    // Pausing stops the rotation.
    await slider.getByRole('button', { name: /pause/i }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(20_000);
    expect(await current()).toBe(0);
  });

  test('the counter counts up to "100+ Developers" once half of it is visible', async ({ page }) => {
    await page.clock.install();
    await sections(page, '/react');
    const value = page.locator('[data-section="hire"] [data-slot="counter-value"]');
    await expect(value).toHaveCount(1);
    await value.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    await page.clock.runFor(300);
    await expect.poll(() => value.textContent()).not.toBe('100+ Developers');
    await page.clock.runFor(3_500);
    await expect(value).toHaveText('100+ Developers');
    await expect(page.locator('[data-section="hire"] [data-slot="counter"]')).toContainText('100+ Developers');
  });

  test('with reduced motion the counter shows its final value and the video is a still poster', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await sections(page, '/node');
    const band = page.locator('[data-section="hire"] [data-slot="counter-band"]');
    await band.scrollIntoViewIfNeeded();
    await expect(band.locator('[data-slot="counter-value"]')).toHaveText('100+ Developers');
    await expect(band.locator('video')).toHaveCount(0);
    await expect(band.locator('img')).toHaveCount(1);
    await expect(page.locator('[data-section="hire"] [data-slot="pause"]')).toHaveCount(0);
  });

  test('opens /start as its first section: dark band, h1 and room for the header', async ({ page }) => {
    const all = await sections(page, '/start');
    expect(await sectionTypes(all)).toEqual(['hire', 'cta-banner']);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('How to start with Sutra Labs');
    await expect(page.locator('main h1')).toHaveCount(1);
    const opening = page.locator('[data-section="hire"] [data-slot="opening"]');
    const paddingTop = await opening.evaluate((el) => parseFloat(getComputedStyle(el).paddingTop));
    expect(paddingTop).toBeGreaterThanOrEqual(90);
    const headingTop = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(headingTop).toBeGreaterThanOrEqual(90);
    await expect(page.locator('[data-section="hire"] [data-slot="slide-heading"]')).toHaveText(HIRE_SLIDES);
  });
});

test.describe('/services, /technologies and /careers', () => {
  test('/services: three slides, ten services with the second active, four hiring models and Join us', async ({ page }) => {
    const all = await sections(page, '/services');
    expect((await sectionTypes(all))[0]).toBe('slide-banner');
    const banner = page.locator('[data-section="slide-banner"]');
    await expect(banner.locator('[data-slot="slide"]')).toHaveCount(3);
    await expect(page.locator('main h1')).toHaveCount(1);
    await expect(banner.getByRole('button', { name: /pause/i })).toBeVisible();
    await expect(banner.locator('[data-slot="bullet"]')).toHaveCount(3);

    const list = page.locator('[data-section="service-list"]');
    await expect(list.getByRole('heading', { level: 2 })).toHaveText('Find a Service that works for you');
    await expect(list).toContainText('whole cycle of digital transformation');
    const items = list.locator('[data-slot="item"]');
    await expect(items).toHaveCount(10);
    const expected: Array<[string, string]> = [
      ['UI/UX Designing', '/uiux-design'],
      ['Web Development', '/web-development'],
      ['Project Management', '/product-development'],
      ['App Development', '/mobile-app-development'],
      ['Database Development', '/databases'],
      ['PWA Development', '/pwa-development'],
      ['Software Testing', '/software-testing'],
      ['Cloud Services', '/cloud-services'],
      ['Web API Development', '/web-api'],
      ['Reporting Services', '/reporting'],
    ];
    await expect(items.locator('[data-slot="title"]')).toHaveText(expected.map(([title]) => title));
    for (const [i, [, href]] of expected.entries()) await expect(items.nth(i).getByRole('link')).toHaveAttribute('href', href);
    await expect(items.nth(1)).toHaveAttribute('data-active', 'true');
    await expect(list.locator('[data-slot="item"][data-active="true"]')).toHaveCount(1);

    const hiring = page.locator('[data-section="card-grid"]').filter({ hasText: 'Hire permanent and remote team developers' });
    await expect(hiring.locator('[data-slot="card"]')).toHaveCount(4);
    for (const title of ['Dedicated Teams', 'Staff Augmentation', 'Software Outsourcing', 'Remote Office']) {
      await expect(hiring).toContainText(title);
    }
    await expect(page.locator('main').getByRole('link', { name: 'Join us' })).toHaveAttribute('href', '/contact');
  });

  test('/services: the banner advances on its own and can be paused', async ({ page }) => {
    await page.clock.install();
    await sections(page, '/services');
    const banner = page.locator('[data-section="slide-banner"] [data-slot="carousel"]');
    await expect(banner.locator('[data-slot="viewport"]')).toHaveAttribute('data-ready', 'true');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    const current = () =>
      banner.locator('[data-slot="slide"]').evaluateAll((nodes) => nodes.findIndex((n) => n.hasAttribute('data-selected')));
    // Choosing a slide stops autoplay (the visitor took control); play restarts it.
    await banner.getByRole('button', { name: 'Go to slide 1' }).click();
    await expect.poll(current).toBe(0);
    await banner.getByRole('button', { name: /play/i }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_900);
    expect(await current()).toBe(0);
    await page.clock.runFor(200);
    await expect.poll(current).toBe(1);
    await page.clock.runFor(12_000);
    await expect.poll(current).toBe(0);
    await banner.getByRole('button', { name: /pause/i }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(20_000);
    expect(await current()).toBe(0);
  });

  test('/technologies: a slide banner with intro, then six and six cards with their links', async ({ page }) => {
    const all = await sections(page, '/technologies');
    expect(await sectionTypes(all)).toEqual(['slide-banner', 'card-grid', 'card-grid', 'cta-banner']);
    const banner = page.locator('[data-section="slide-banner"]');
    await expect(banner.locator('[data-slot="slide"]')).toHaveCount(3);
    await expect(banner.locator('[data-slot="intro-paragraph"]').first()).toBeVisible();
    const grids = page.locator('[data-section="card-grid"]');
    const first: Array<[string, string]> = [
      ['React', '/react'],
      ['Node.js', '/node'],
      ['JavaScript', '/node'],
      ['C#', '/c-sharp'],
      ['.NET', '/dot-net'],
      ['Blazor', '/blazor'],
    ];
    const second: Array<[string, string]> = [
      ['MERN', '/mern'],
      ['TypeScript', '/typescript'],
      ['Vue', '/vue'],
      ['Angular', '/angular'],
      ['MUI', '/react'],
      ['Manual/Automation Testing', '/software-testing'],
    ];
    for (const [g, cards] of [first, second].entries()) {
      const grid = grids.nth(g).locator('[data-slot="card"]');
      await expect(grid).toHaveCount(6);
      for (const [i, [name, href]] of cards.entries()) {
        await expect(grid.nth(i).getByRole('heading')).toHaveText(name);
        await expect(grid.nth(i).getByRole('link', { name: /Read More/ })).toHaveAttribute('href', href);
      }
    }
  });

  test('/careers: a slide banner whose intro invites applicants by a mailto link', async ({ page }) => {
    await sections(page, '/careers');
    const banner = page.locator('[data-section="slide-banner"]');
    await expect(banner.locator('[data-slot="slide"]')).toHaveCount(3);
    await expect(banner.getByRole('heading', { level: 2, name: 'Please join us' })).toBeVisible();
    const mail = banner.locator('[data-slot="intro"] a[href^="mailto:"]');
    await expect(mail).toHaveCount(1);
    expect(await mail.getAttribute('href')).toBe(`mailto:${await mail.textContent()}`);
  });
});
