import { expect, test } from './fixtures.ts';

// The layout of every route at every width is measured by the route sweep (tests/e2e/sweep.spec.ts).

test.describe('a tab bar wider than the screen', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test('shows which way it scrolls, and its last tab scrolls fully into view when chosen', async ({ page }) => {
    await page.goto('/careers');
    const list = page.locator('main [role="tablist"]').first();
    const tabs = list.getByRole('tab');
    // The section runs its code as it nears the viewport, as when a visitor scrolls to it.
    await list.scrollIntoViewIfNeeded();
    const overflow = await list.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, 'the tabs are wider than a 390 px screen (otherwise this test proves nothing)').toBeGreaterThan(0);
    await expect(list).toHaveAttribute('data-more', 'end');

    // Chosen by keyboard, the last tab scrolls fully into view and the bar's far edge stops fading.
    await tabs.first().focus();
    await page.keyboard.press('End');
    const last = tabs.last();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expect(list).toHaveAttribute('data-more', 'start');
    const inside = async () => {
      const [tab, bar] = await Promise.all([last.boundingBox(), list.boundingBox()]);
      return tab && bar ? tab.x >= bar.x && tab.x + tab.width <= bar.x + bar.width : false;
    };
    await expect.poll(inside, { message: 'the last tab lies wholly inside the bar' }).toBe(true);

    // And back: the first tab, the near edge stops fading.
    await page.keyboard.press('Home');
    await expect(list).toHaveAttribute('data-more', 'end');
  });
});
