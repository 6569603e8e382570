import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from './free-port.ts';
import { startServer, type StartedServer } from './servers.ts';
import { scrollThrough } from './fixtures.ts';

// The section gallery is a dev-server page: these tests start `vite` themselves (as dev-reload
// does), while the production build is the one the Playwright config serves.
const root = resolve(import.meta.dirname, '../..');
const devPort = Number(process.env.GALLERY_DEV_PORT ?? freePort());
const dev = `http://127.0.0.1:${devPort}`;

/** Every section type and how many examples its schema has, read from schemas/sections/. */
const sectionTypes = readdirSync(join(root, 'schemas/sections'))
  .filter((f) => f.endsWith('.schema.json'))
  .sort()
  .map((f) => ({
    type: f.replace('.schema.json', ''),
    examples:
      (JSON.parse(readFileSync(join(root, 'schemas/sections', f), 'utf8')) as { examples?: unknown[] }).examples?.length ?? 0,
  }));

/** Collects what a developer would see in the console: errors, uncaught exceptions, failed requests. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

test.describe('section gallery in the dev server', () => {
  test.describe.configure({ mode: 'serial' });
  let server: StartedServer;

  test.beforeAll(async () => {
    // Starting Vite and optimising dependencies takes a while on a busy machine; the tests do not.
    test.setTimeout(120_000);
    server = await startServer({
      args: [join(root, 'node_modules/vite/bin/vite.js'), '--port', String(devPort), '--strictPort', '--host', '127.0.0.1'],
      cwd: root,
      readyUrl: dev,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('lists every section type of schemas/sections and draws each of its examples without console errors', async ({ page }) => {
    test.setTimeout(90_000);
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${dev}/__sections`);
    await expect(page.getByRole('heading', { level: 1, name: 'Section gallery' })).toBeVisible({ timeout: 30_000 });

    // The table of contents names every type and leads to its first example.
    const toc = page.getByRole('navigation', { name: 'Section types' }).getByRole('link');
    await expect(toc).toHaveText(sectionTypes.map((s) => s.type));
    for (const { type } of sectionTypes)
      await expect(toc.filter({ hasText: new RegExp(`^${type}$`) })).toHaveAttribute('href', `#${type}`);

    for (const { type, examples } of sectionTypes) {
      expect(examples, `${type} has examples in its schema`).toBeGreaterThan(0);
      // The contract the content guide's screenshots rely on: the first example inside #<type>.
      const first = page.locator(`#${type}[data-gallery-type="${type}"]`);
      await expect(first.locator(`[data-section="${type}"]`)).toHaveCount(1);
      await expect(page.locator(`[data-gallery-example^="${type}/"]`)).toHaveCount(examples);
      await expect(page.locator(`[data-gallery-example^="${type}/"] [data-section="${type}"]`)).toHaveCount(examples);
      for (let i = 1; i <= examples; i++)
        await expect(page.getByText(`${type}, example ${i} of ${examples}`, { exact: true })).toHaveCount(1);
    }
    await expect(page.locator('[role="alert"]')).toHaveCount(0);

    // Scroll through, so lazy pictures load and sections react to being seen.
    await scrollThrough(page, 700);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('draws pictures, icons and logos as the content plugin prepares them for pages', async ({ page }) => {
    await page.goto(`${dev}/__sections`);
    // Image sizes come from the files: the plugin filled in width and height the examples leave out.
    const picture = page.locator('#overview [data-section="overview"] img').first();
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toHaveAttribute('width', /^\d+$/);
    await expect(picture).toHaveAttribute('height', /^\d+$/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Icons are inlined shapes, not empty frames.
    await expect(page.locator('#card-grid [data-section="card-grid"] svg path').first()).toBeAttached();
    // Logos are files the plugin emits and the dev server serves.
    const logo = page.locator('#tech-stack img[src^="/assets/logos/"]').first();
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The shared hiring template reaches the `hire` example, as it reaches a page with a hire section.
    await expect(page.locator('#hire [data-section="hire"] [data-slot="step"]').first()).toBeAttached();
    await expect(page.locator('#hire [data-section="hire"] [data-slot="reason"]').first()).toBeAttached();
  });
});

test.describe('section gallery in production', () => {
  test('answers 404 with the not-found screen, and no built file knows the gallery', async ({ page }) => {
    const response = await page.goto('/__sections');
    expect(response?.status()).toBe(404);
    await expect(page.locator('[data-section="not-found"]')).toBeVisible();
    await expect(page.locator('[data-gallery-type]')).toHaveCount(0);

    const client = join(root, 'dist/client');
    expect(existsSync(join(client, '__sections'))).toBe(false);
    expect(JSON.parse(readFileSync(join(client, 'routes.json'), 'utf8'))).not.toContain('/__sections');
    expect(readFileSync(join(client, 'sitemap.xml'), 'utf8')).not.toContain('__sections');
    const scripts = readdirSync(join(client, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const code = readFileSync(join(client, 'assets', file), 'utf8');
      expect(code, file).not.toContain('data-gallery-type');
      expect(code, file).not.toContain('__sections');
    }
  });
});
