import { expect, test, type Locator, type Page } from './fixtures.ts';

/**
 * Home page behaviour (hero, reveals, timeline, marquee, carousels) and the card-grid variants of
 * /technologies and the service pages. Time is driven with Playwright's clock: it flows normally
 * while a page loads and hydrates, then `freeze` stops it and each timer under test is restarted,
 * so it fires exactly when the test advances the clock. No test sleeps.
 */

async function open(page: Page, path = '/') {
  await page.clock.install({ time: new Date('2024-01-01T00:00:00Z') });
  await page.goto(path);
}

/** Stops the page's clock: from now on, timers fire only when the test runs the clock. */
async function freeze(page: Page) {
  // A second ahead: the page clock keeps running while this call travels. On a loaded machine the
  // trip can take longer than that, and Playwright refuses to pause in the past: then ask again.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      if (attempt === 5 || !/to the past/.test(String(error))) throw error;
    }
  }
}

/** Activates a control without moving the mouse or the focus, which would themselves pause things. */
const press = (locator: Locator) => locator.evaluate((element: HTMLElement) => element.click());

/** Moves the mouse somewhere harmless, away from every hover-to-pause region. */
const mouseAway = (page: Page) => page.mouse.move(2, 2);

const hero = (page: Page) => page.locator('[data-section="hero"]');
// The dots are radio buttons and the toggle a checkbox, checked when paused (native controls, issue 51).
const currentDot = (page: Page) => hero(page).locator('[data-slot="dot"] input:checked');
const heroToggle = (page: Page) => hero(page).getByRole('checkbox', { name: 'Pause background slides' });

/** Freezes time on slide 1 with the hero's 8-second timer starting now. */
async function restartHero(page: Page) {
  await expect(heroToggle(page)).toBeVisible();
  await freeze(page);
  await press(hero(page).getByRole('radio', { name: /^Slide 1 of 4/ }));
  await press(heroToggle(page));
  await expect(heroToggle(page)).toBeChecked();
  await press(heroToggle(page));
  await expect(heroToggle(page)).not.toBeChecked();
  await expect(currentDot(page)).toHaveAccessibleName(/^Slide 1 of 4/);
}

/** The name of a carousel's current bullet ("Go to slide N"). */
async function currentBullet(carousel: Locator): Promise<string | null> {
  return carousel.locator('[data-slot="bullet"][aria-current="true"]').getAttribute('aria-label');
}

async function carouselReady(carousel: Locator) {
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator('[data-slot="viewport"]')).toHaveAttribute('data-ready', 'true');
}

/** Freezes time on slide 1 of a carousel with its autoplay timer starting now. */
async function restartAutoplay(page: Page, carousel: Locator) {
  await carouselReady(carousel);
  await mouseAway(page);
  await freeze(page);
  await press(carousel.getByRole('button', { name: 'Go to slide 1' }));
  await expect.poll(() => currentBullet(carousel)).toBe('Go to slide 1');
  const toggle = carousel.locator('[data-slot="pause"]');
  if ((await toggle.getAttribute('aria-label')) === 'Pause automatic slide show') await press(toggle);
  await expect(toggle).toHaveAccessibleName('Play automatic slide show');
  await press(toggle);
  await expect(toggle).toHaveAccessibleName('Pause automatic slide show');
}

test.describe('hero', () => {
  test('advances every 8 s and wraps after the fourth slide', async ({ page }) => {
    await open(page);
    await restartHero(page);
    await page.clock.runFor(7_900);
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 1 of 4/);
    await page.clock.runFor(100);
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 2 of 4/);
    await expect(hero(page).locator('[data-slot="slide"]').nth(1)).toHaveAttribute('data-active', 'true');
    await page.clock.runFor(8_000);
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 3 of 4/);
    await page.clock.runFor(8_000);
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 4 of 4/);
    await page.clock.runFor(8_000);
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 1 of 4/);
  });

  test('a dot selects its slide and starts playback; pause stops advancing', async ({ page }) => {
    await open(page);
    await restartHero(page);
    await heroToggle(page).click();
    await expect(heroToggle(page)).toBeChecked();
    await page.clock.runFor(20_000);
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 1 of 4/);

    await hero(page)
      .getByRole('radio', { name: /^Slide 3 of 4/ })
      .click();
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 3 of 4/);
    await expect(heroToggle(page)).not.toBeChecked();
    await page.clock.runFor(8_000);
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 4 of 4/);
  });

  test('nothing in the hero moves forever, and once paused nothing in it moves at all', async ({ page }) => {
    await open(page);
    // Every CSS animation in the hero, whatever its name: the drift of a slide, the arrow's nudge, the
    // progress of the current dot, and any added later.
    const animations = () =>
      hero(page).evaluate((root) =>
        root
          .getAnimations({ subtree: true })
          .filter((a): a is CSSAnimation => a instanceof CSSAnimation)
          .map((a) => ({
            name: a.animationName,
            state: a.playState,
            endless: a.effect?.getComputedTiming().endTime === Infinity,
          })),
      );
    expect((await animations()).filter((a) => a.state === 'running').length).toBeGreaterThan(0);
    expect((await animations()).filter((a) => a.endless)).toEqual([]);
    await press(heroToggle(page));
    await expect(heroToggle(page)).toBeChecked();
    await expect.poll(async () => (await animations()).filter((a) => a.state === 'running')).toEqual([]);
  });

  test('the active video restarts on a slide change and the others are paused', async ({ page }) => {
    await open(page);
    const videos = hero(page).locator('video');
    await expect(videos).toHaveCount(2);
    await expect.poll(() => videos.nth(0).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await hero(page)
      .getByRole('radio', { name: /^Slide 3 of 4/ })
      .click();
    await expect.poll(() => videos.nth(0).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect.poll(() => videos.nth(1).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  });

  test('blocked autoplay turns playing off silently', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException('Autoplay is not allowed.', 'NotAllowedError'));
    });
    await open(page);
    await expect(heroToggle(page)).toBeChecked();
    await freeze(page);
    await page.clock.runFor(16_000);
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 1 of 4/);
    expect(problems).toEqual([]);
  });

  test('the first slide is a real image and the scroll arrow moves to the next section', async ({ page }) => {
    await open(page);
    const first = hero(page).locator('[data-slot="slide"]').first().locator('img');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await hero(page).getByRole('link', { name: 'Scroll to the next section' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });
});

test.describe('reveals', () => {
  test('why-choose-us cards are hidden below the fold and shown after scrolling', async ({ page }) => {
    await open(page);
    const section = page.locator('[data-section="card-grid"]').first();
    await expect(section.getByRole('heading', { name: 'Built around your roadmap' })).toBeAttached();
    const cards = section.locator('[data-slot="card"]');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toHaveAttribute('data-reveal', 'pending');
    await section.scrollIntoViewIfNeeded();
    for (let i = 0; i < 3; i++) {
      await expect(cards.nth(i)).not.toHaveAttribute('data-reveal', /./, { timeout: 5_000 });
      await expect(cards.nth(i)).toHaveCSS('opacity', '1');
    }
    await expect(cards.nth(1)).toContainText('Fast Performance');
  });

  test('the timeline line grows over 6 s once half of it is visible', async ({ page }) => {
    await open(page);
    const line = page.locator('[data-section="timeline"] [data-slot="line"]');
    // Bring the section within a screen of the viewport (sections below the fold hydrate there).
    await line.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight * 1.6));
    await expect(line).toHaveAttribute('data-reveal', 'pending');
    // A quarter in view is not enough.
    await line.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight * 0.85));
    await expect(line).toHaveAttribute('data-reveal', 'pending');
    await line.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    await expect
      .poll(() => line.evaluate((el) => el.getAnimations().map((a) => (a.effect?.getTiming().duration as number) ?? 0)))
      .toEqual([6000]);
    await line.evaluate((el) => el.getAnimations().forEach((a) => a.finish()));
    await expect(line).not.toHaveAttribute('data-reveal', /./);
    await expect(line).toHaveCSS('transform', 'none');
    await expect(page.locator('[data-section="timeline"] [data-slot="step"]')).toHaveCount(4);
  });
});

test.describe('marquee', () => {
  test('two rows in opposite directions that pause on hover, focus and the button', async ({ page }) => {
    await open(page);
    const section = page.locator('[data-section="marquee"]');
    const tracks = section.locator('[data-slot="track"]');
    await expect(tracks).toHaveCount(2);
    // The content ten times on each track once the section runs (the specification's count).
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute('data-moving', 'true');
    await expect(tracks.first().locator('[data-copy]')).toHaveCount(9);
    await expect(tracks.last().locator('[data-copy]')).toHaveCount(9);
    const names = await tracks.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
    expect(names[0]).not.toEqual(names[1]);
    const state = () => tracks.first().evaluate((el) => getComputedStyle(el).animationPlayState);
    expect(await state()).toBe('running');

    // Each technology is exposed once; the repeated copies are hidden from assistive technology.
    await expect(section.getByRole('listitem')).toHaveCount(16);
    await expect(section.getByRole('listitem').filter({ hasText: 'Google Cloud' })).toHaveCount(1);

    await section.locator('[data-slot="row"]').first().hover();
    expect(await state()).toBe('paused');
    await mouseAway(page);
    expect(await state()).toBe('running');

    await section.locator('[data-slot="pause"]').focus();
    expect(await state()).toBe('paused');
    await section.locator('[data-slot="pause"]').blur();
    expect(await state()).toBe('running');

    await section.getByRole('button', { name: 'Pause logo animation' }).click();
    await mouseAway(page);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    expect(await state()).toBe('paused');
    await expect(section.getByRole('button', { name: 'Play logo animation' })).toBeVisible();
  });
});

test.describe('team carousel', () => {
  test('autoplays every 7 s and moves with bullets and arrows, looping', async ({ page }) => {
    await open(page);
    const team = page.getByRole('region', { name: 'Team members' });
    await restartAutoplay(page, team);
    await expect(team.locator('[data-slot="slide"]')).toHaveCount(4);
    await expect(team.locator('[data-slot="slide"]').nth(3)).toHaveAttribute('aria-label', '4 of 4');
    await expect(team).toHaveAttribute('aria-roledescription', 'carousel');
    await page.clock.runFor(6_900);
    expect(await currentBullet(team)).toBe('Go to slide 1');
    await page.clock.runFor(100);
    await expect.poll(() => currentBullet(team)).toBe('Go to slide 2');

    await team.getByRole('button', { name: 'Go to slide 4' }).click();
    await expect.poll(() => currentBullet(team)).toBe('Go to slide 4');
    await team.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => currentBullet(team)).toBe('Go to slide 1');
    await team.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(() => currentBullet(team)).toBe('Go to slide 4');
    await expect(team.locator('[data-slot="slide"]').nth(3)).toHaveAttribute('data-selected', 'true');
    await expect(team.getByText('Priya Nair')).toBeVisible();
  });

  test('pauses while keyboard focus is inside and on the pause button', async ({ page }) => {
    await open(page);
    const team = page.getByRole('region', { name: 'Team members' });
    await restartAutoplay(page, team);
    await team.getByRole('button', { name: 'Go to slide 1' }).focus();
    await page.clock.runFor(15_000);
    expect(await currentBullet(team)).toBe('Go to slide 1');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentBullet(team)).toBe('Go to slide 2');

    // The visible button stops it too, until it is pressed again.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await press(team.getByRole('button', { name: 'Go to slide 1' }));
    const toggle = team.locator('[data-slot="pause"]');
    if ((await toggle.getAttribute('aria-label')) === 'Play automatic slide show') await press(toggle);
    await press(toggle);
    await expect(toggle).toHaveAccessibleName('Play automatic slide show');
    await page.clock.runFor(15_000);
    expect(await currentBullet(team)).toBe('Go to slide 1');
  });
});

test.describe('projects carousel', () => {
  test('autoplays every 2.5 s and keeps going after the visitor clicks next', async ({ page }) => {
    await open(page);
    const projects = page.getByRole('region', { name: 'Project showcase' });
    await restartAutoplay(page, projects);
    await expect(projects.locator('[data-slot="slide"]')).toHaveCount(6);
    await expect(projects.locator('[data-slot="slide"]').nth(3)).toHaveAttribute('aria-label', '4 of 6');
    await page.clock.runFor(2_400);
    expect(await currentBullet(projects)).toBe('Go to slide 1');
    await page.clock.runFor(100);
    await expect.poll(() => currentBullet(projects)).toBe('Go to slide 2');

    await projects.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => currentBullet(projects)).toBe('Go to slide 3');
    // Hovering pauses it …
    await page.clock.runFor(5_000);
    expect(await currentBullet(projects)).toBe('Go to slide 3');
    // … and it continues once the pointer leaves.
    await mouseAway(page);
    await page.clock.runFor(2_500);
    await expect.poll(() => currentBullet(projects)).toBe('Go to slide 4');
    await expect(projects.getByRole('button', { name: 'Pause automatic slide show' })).toBeVisible();
  });

  test('explore links open external projects in a new tab', async ({ page }) => {
    await open(page);
    const links = page.locator('[data-section="projects"] [data-slot="explore"]');
    await expect(links).toHaveCount(6);
    await expect(links.nth(0)).toHaveAttribute('target', '_blank');
    await expect(links.nth(0)).toHaveAttribute('rel', /noopener/);
    await expect(links.nth(2)).toHaveAttribute('href', '#');
    await expect(links.nth(2)).not.toHaveAttribute('target', /./);
  });

  // One page, resized as a window is: the carousel measures again at each width.
  test('shows 1, 2, 3 and 4 projects side by side at 390, 700, 1100 and 1300 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await open(page);
    const projects = page.getByRole('region', { name: 'Project showcase' });
    await carouselReady(projects);
    // Stop autoplay, then count the slides wholly inside the viewport once it has settled.
    await press(projects.locator('[data-slot="pause"]'));
    const visible = () =>
      projects.locator('[data-slot="viewport"]').evaluate((viewport) => {
        const box = viewport.getBoundingClientRect();
        return [...viewport.querySelectorAll('[data-slot="slide-inner"]')].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1;
        }).length;
      });
    for (const [width, expected] of [
      [390, 1],
      [700, 2],
      [1100, 3],
      [1300, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(visible, { message: `${width} px` }).toBe(expected);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // Every width the layout sweep tries (sweep.spec.ts), from the narrowest phone to a wide screen: one page, resized.
  test('the marquee shows every logo and its whole name, standing still inside the window, at 320, 390, 768, 1280 and 1920 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 900 });
    await page.goto('/');
    const section = page.locator('[data-section="marquee"]');
    for (const width of [320, 390, 768, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await section.evaluate((el) => el.scrollIntoView());
      const tiles = await section.locator('[data-slot="logo"]').evaluateAll((els) =>
        els.map((el) => {
          const box = el.getBoundingClientRect();
          const name = el.lastElementChild!;
          return {
            left: Math.round(box.left),
            right: Math.round(box.right),
            // A name running past its tile's edge, where the tile cuts it off.
            cut: name.getBoundingClientRect().right > box.right,
            animation: getComputedStyle(el.closest('[data-slot="track"]')!).animationName,
          };
        }),
      );
      expect(tiles.length, `${width} px`).toBeGreaterThanOrEqual(10);
      expect(
        tiles.filter((t) => t.left < 0 || t.right > width || t.cut || t.animation !== 'none'),
        `${width} px`,
      ).toEqual([]);
    }
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('nothing moves, and all content is shown at once', async ({ page }) => {
    await open(page);
    await expect(hero(page).locator('[data-slot="dot"]')).toHaveCount(4);
    await expect(heroToggle(page)).toHaveCount(0);
    await expect(hero(page).locator('video')).toHaveCount(0);
    await freeze(page);
    await page.clock.runFor(20_000);
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 1 of 4/);
    await hero(page)
      .getByRole('radio', { name: /^Slide 2 of 4/ })
      .click();
    await expect(currentDot(page)).toHaveAccessibleName(/^Slide 2 of 4/);

    const track = page.locator('[data-section="marquee"] [data-slot="track"]').first();
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(page.locator('[data-section="marquee"] [data-copy]').first()).toBeHidden();

    const cards = page.locator('[data-section="card-grid"]').first().locator('[data-slot="card"]');
    await cards.first().scrollIntoViewIfNeeded();
    await expect(cards.first()).not.toHaveAttribute('data-reveal', /./);
    await expect(cards.first()).toHaveCSS('opacity', '1');
    await expect(page.locator('[data-section="timeline"] [data-slot="line"]')).toHaveCSS('transform', 'none');

    const team = page.getByRole('region', { name: 'Team members' });
    await carouselReady(team);
    await expect(team.locator('[data-slot="pause"]')).toHaveCount(0);
    await page.clock.runFor(15_000);
    expect(await currentBullet(team)).toBe('Go to slide 1');
  });
});

test.describe('card-grid variants', () => {
  test('technologies: the highlight rotates every 3 s, wraps, and pauses on hover, focus and the button', async ({ page }) => {
    await open(page, '/technologies');
    const grid = page.locator('[data-section="card-grid"][data-variant="highlight"]');
    const cards = grid.locator('[data-slot="card"]');
    await expect(cards).toHaveCount(6);
    await grid.scrollIntoViewIfNeeded();
    await mouseAway(page);
    const active = () => cards.evaluateAll((els) => els.findIndex((el) => el.getAttribute('data-active') === 'true'));
    const toggle = grid.locator('[data-slot="pause"]');
    await expect(toggle).toHaveAccessibleName('Pause highlight');
    expect(await active()).toBe(0);
    // Restart the 3-second timer with time frozen.
    await freeze(page);
    await press(toggle);
    await press(toggle);
    const start = await active();
    await page.clock.runFor(2_900);
    expect(await active()).toBe(start);
    await page.clock.runFor(100);
    await expect.poll(active).toBe((start + 1) % 6);
    // Six steps come back round to the same card.
    await page.clock.runFor(18_000);
    await expect.poll(active).toBe((start + 1) % 6);

    await cards.nth(2).hover();
    await expect.poll(active).toBe(2);
    await page.clock.runFor(9_000);
    expect(await active()).toBe(2);
    await mouseAway(page);
    await page.clock.runFor(3_000);
    await expect.poll(active).toBe(3);

    await cards.nth(4).getByRole('link').focus();
    await expect.poll(active).toBe(4);
    await page.clock.runFor(9_000);
    expect(await active()).toBe(4);
    await cards.nth(4).getByRole('link').blur();

    await grid.getByRole('button', { name: 'Pause highlight' }).click();
    await mouseAway(page);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    const before = await active();
    await page.clock.runFor(9_000);
    expect(await active()).toBe(before);
    await expect(grid.getByRole('button', { name: 'Play highlight' })).toBeVisible();
  });

  test('technologies: hovering or focusing one card blurs the others', async ({ page }) => {
    await open(page, '/technologies');
    const cards = page.locator('[data-section="card-grid"][data-variant="focus"] [data-slot="card"]');
    await expect(cards).toHaveCount(6);
    await cards.first().scrollIntoViewIfNeeded();
    await cards.nth(1).hover();
    await expect(cards.nth(0)).toHaveCSS('filter', /blur/);
    await expect(cards.nth(1)).toHaveCSS('filter', 'none');
    await mouseAway(page);
    await expect(cards.nth(0)).toHaveCSS('filter', 'none');
    await cards.nth(3).getByRole('link').focus();
    await expect(cards.nth(2)).toHaveCSS('filter', /blur/);
    await expect(cards.nth(3)).toHaveCSS('filter', 'none');
  });

  test('service pages: hover-text cards show their text on focus, and it stays readable by assistive technology', async ({
    page,
  }) => {
    await open(page, '/cloud-services');
    const card = page.locator('[data-section="card-grid"][data-variant="hover-text"] [data-slot="card"]').first();
    const text = card.locator('[data-slot="card-text"]');
    await card.scrollIntoViewIfNeeded();
    await expect(text).toHaveCSS('opacity', '0');
    await expect(card).toContainText('Workload assessments');
    await card.focus();
    await expect(text).toHaveCSS('opacity', '1');
  });
});

test.describe('touch screens', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('hover-text cards always show their text', async ({ page }) => {
    await open(page, '/cloud-services');
    const text = page.locator('[data-section="card-grid"][data-variant="hover-text"] [data-slot="card-text"]').first();
    await expect(text).toHaveCSS('opacity', '1');
  });
});
