import AxeBuilder from '@axe-core/playwright';
import type { Request } from '@playwright/test';
import type { Page } from './fixtures.ts';

/** Runs axe on the page as it is now and returns the violations, summarised. */
export async function axe(page: Page, disabled: readonly string[] = []): Promise<string[]> {
  // Legacy mode runs axe once in the page instead of once per frame and again in a blank page to merge
  // the results, which halves its time. It skips cross-origin frames, so the sweep checks there are none.
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .disableRules([...disabled])
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

/**
 * Records, from now on, what goes wrong on the page: console errors, hydration warnings, uncaught errors,
 * failed requests and error answers. `pending()` lists requests still under way.
 */
export function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || (m.type() === 'warning' && /hydrat|did not match/i.test(m.text())))
      problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A video the browser stops downloading when its slide changes is not a failure, and a video may
  // stream for as long as it plays, so videos are not waited for either.
  const isVideo = (r: Request) => /\.(webm|mp4)$/.test(r.url());
  page.on('requestfailed', (r) => {
    if (isVideo(r) && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  const pending = new Set<Request>();
  page.on('request', (r) => {
    if (!isVideo(r)) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return { problems, pending: () => [...pending].map((r) => r.url()) };
}

/**
 * Motion that starts by itself and never ends has a pause button in its own section (WCAG 2.2.2): every
 * endless animation of the page, found by the browser, not a list of known ones. Gives those without.
 */
export function unstoppableMotion(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime === Infinity)
      .map((a) => {
        const target = (a.effect as KeyframeEffect).target;
        const section = target?.closest('[data-section]');
        if (section?.querySelector('button[data-slot="pause"], [data-slot="toggle"] input')) return undefined;
        return `${(a as CSSAnimation).animationName ?? 'an animation'} in ${section?.getAttribute('data-section') ?? target?.tagName}`;
      })
      .filter((found) => found !== undefined),
  );
}
