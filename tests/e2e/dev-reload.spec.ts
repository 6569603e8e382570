import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures.ts';
import { freePort } from './free-port.ts';
import { startServer, type StartedServer } from './servers.ts';

// The dev server is what marketers use while editing: it runs here on a copy of the content, so
// the test can break and fix files without touching the real ones.
const root = resolve(import.meta.dirname, '../..');
const port = freePort();
const base = `http://127.0.0.1:${port}`;
let contentDir: string;
let server: StartedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Starting Vite and optimising dependencies takes a while on a busy machine; the test itself does not.
  test.setTimeout(120_000);
  contentDir = mkdtempSync(join(tmpdir(), 'dev-content-'));
  cpSync(join(root, 'content'), contentDir, { recursive: true });
  server = await startServer({
    args: [join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    cwd: root,
    env: { CONTENT_DIR: contentDir },
    readyUrl: base,
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(contentDir, { recursive: true, force: true });
});

const file = () => join(contentDir, 'pages', 'services.yaml');

test('editing a page in dev shows the new text without reloading the page, where the visitor was', async ({ page }) => {
  await page.goto(`${base}/services`);
  const heading = page.locator('[data-section="service-list"] h2').first();
  await expect(heading).toContainText('Find a Service that works for you');
  await heading.scrollIntoViewIfNeeded();
  // Gone if the page reloads.
  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  const scrolled = await page.evaluate(() => window.scrollY);
  const original = readFileSync(file(), 'utf8');
  const started = Date.now();
  writeFileSync(file(), original.replace('Find a Service that works for you', 'Find a Service that fits your roadmap'));
  await expect(heading).toContainText('Find a Service that fits your roadmap', { timeout: 10_000 });
  test.info().annotations.push({ type: 'edit to page', description: `${Date.now() - started} ms` });
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  writeFileSync(file(), original);
  await expect(heading).toContainText('Find a Service that works for you', { timeout: 10_000 });
});

test('editing the site settings in dev reloads the page with them', async ({ page }) => {
  await page.goto(`${base}/services`);
  const footer = page.locator('footer[data-slot="footer"]');
  await expect(footer).toContainText('About Us');
  const settings = join(contentDir, 'site.yaml');
  const original = readFileSync(settings, 'utf8');
  writeFileSync(settings, original.replace('label: About Us', 'label: About Sutra Labs'));
  await expect(footer).toContainText('About Sutra Labs', { timeout: 10_000 });
  writeFileSync(settings, original);
  await expect(footer).toContainText('About Us', { timeout: 10_000 });
});

test('invalid content shows file, line and column in the overlay and the terminal, and a fix recovers', async ({ page }) => {
  await page.goto(`${base}/services`);
  await expect(page.locator('[data-section="service-list"]')).toBeVisible();
  const original = readFileSync(file(), 'utf8');
  const broken = original.replace(/^(\s*)- type: service-list$/m, '$1- type: service-lst');
  expect(broken).not.toBe(original);
  const line = broken.split('\n').findIndex((l) => l.includes('service-lst')) + 1;
  writeFileSync(file(), broken);

  const overlay = page.locator('vite-error-overlay');
  await expect(overlay).toBeAttached({ timeout: 10_000 });
  const text = await overlay.evaluate((el) => el.shadowRoot?.textContent ?? '');
  expect(text).toContain(`pages/services.yaml:${line}:`);
  expect(text).toContain('Did you mean `service-list`?');
  await expect.poll(() => server.log()).toContain(`services.yaml:${line}:`);

  // The dev server keeps running, and fixing the file brings the page back without a restart.
  writeFileSync(file(), original);
  await expect(overlay).not.toBeAttached({ timeout: 10_000 });
  await expect(page.locator('[data-section="service-list"]')).toBeVisible({ timeout: 10_000 });
  expect(server.exitCode()).toBeNull();
});

test('the dev server makes and serves the copy of a picture a phone asks for', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`${base}/react`);
  const hero = page.locator('[data-section="page-hero"] img').first();
  // Loaded, so the dev server answered the copy's address with a picture.
  const loaded = () =>
    hero.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : ''));
  await expect.poll(loaded, { timeout: 20_000 }).toMatch(/^\/assets\/pictures\/react-hero-[0-9a-f]{10}-800\.avif$/);
  await context.close();
});
