/**
 * The sweep's scroll (fixtures.ts, scrollThrough) outlives headless Chromium's own stall, where a page
 * stops drawing frames for good while its timers still run, and still fails a page whose own script is
 * stuck. Both are made here on purpose, so the recovery is proved without waiting for the real stall
 * (about one scroll in 300 on a loaded machine).
 */
import { expect, scrollThrough, test } from './fixtures.ts';

test.describe('scrolling through a page', () => {
  test('a page that stops drawing while its timers run is reloaded and scrolled through again, and the test says so', async ({
    page,
  }) => {
    // The first load stops calling animation frames back once the scroll has begun: what the real stall
    // looks like from the page. The reload (sessionStorage remembers the first) draws normally.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('stalled')) return;
      sessionStorage.setItem('stalled', 'once');
      const request = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) =>
        (window as unknown as { __scrollFrames?: number }).__scrollFrames === undefined ? request(callback) : 0;
    });
    await page.goto('/privacy');
    await scrollThrough(page);
    expect(test.info().annotations.filter((note) => note.type === 'browser-stall')).toHaveLength(1);
    expect(await page.evaluate(() => sessionStorage.getItem('stalled'))).toBe('once');
    // Scrolled to the last section of the reloaded page, which draws.
    await expect(page.locator('main > [data-section]').last()).toBeInViewport();
  });

  // The full sweep's: the gate's scrolls do not depend on it, and it costs 19 s of a worker.
  test(
    'a page stuck in its own script fails at once with ChromiumStoppedResponding, not after a reload',
    { tag: '@full' },
    async ({ page }) => {
      await page.goto('/privacy');
      // Stuck once the scroll has begun: no timer, no frame, no answer.
      await page.evaluate(() => {
        const stick = () => {
          if ((window as unknown as { __scrollFrames?: number }).__scrollFrames !== undefined) for (;;);
          setTimeout(stick, 0);
        };
        stick();
      });
      const error = await scrollThrough(page).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/^ChromiumStoppedResponding: .* answers no timer/);
      expect(test.info().annotations.filter((note) => note.type === 'browser-stall')).toHaveLength(0);
    },
  );
});
