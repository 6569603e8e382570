/**
 * `npm run bench:editor`: how fast the editor's preview follows typing, and what a save changes.
 * Runs `npm run edit` on a copy of the project (a git repository, so each save is shown as a
 * `git diff`), makes three typical edits by typing one key at a time in Chromium, and for each key
 * measures the time from its keydown in the form to the frame showing the new text. Prints the
 * median and the slowest key of each edit, then the diff each save made.
 *
 *   npm run bench:editor [-- --keys 12]
 */
/* global window, document -- the timing probes run in the editor page and its preview frame */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const keysArg = process.argv.indexOf('--keys');
const keys = keysArg === -1 ? 12 : Number(process.argv[keysArg + 1]);
const port = 4700 + (process.pid % 100);
const base = `http://127.0.0.1:${port}`;

const project = mkdtempSync(join(tmpdir(), 'bench-editor-'));
for (const folder of ['content', 'schemas', 'public']) cpSync(join(root, folder), join(project, folder), { recursive: true });
const git = (...args) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], {
    cwd: project,
    encoding: 'utf8',
  });
git('init', '--quiet');
git('add', '-A');
git('commit', '--quiet', '-m', 'before');

const server = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/edit.ts')], {
  cwd: root,
  env: { ...process.env, EDITOR_ROOT: project, EDITOR_PORT: String(port), EDITOR_HOST: '127.0.0.1' },
  stdio: 'ignore',
});
const stop = () => {
  server.kill();
  rmSync(project, { recursive: true, force: true });
};

for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/api/catalog`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (i > 240) {
    stop();
    throw new Error('The editor did not start within two minutes.');
  }
  await new Promise((r) => setTimeout(r, 500));
}

/** The three edits: which file, which section to open, the field, and where its text shows in the preview. */
const edits = [
  {
    name: 'page heading (contact, page-hero)',
    file: 'content/pages/contact.yaml',
    section: 0,
    field: '#s0_heading',
    shown: 'h1',
  },
  {
    name: 'card text in a list (home, card-grid, first card)',
    file: 'content/pages/home.yaml',
    section: 1,
    field: '#s1_cards_0_text',
    shown: '[data-section="card-grid"]',
  },
  {
    name: 'navigation label (site settings)',
    file: 'content/site.yaml',
    field: '#page_navigation_items_1_name',
    shown: 'header',
  },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const rows = [];
const diffs = [];
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  for (const edit of edits) {
    await page.goto(`${base}/#file=${encodeURIComponent(edit.file)}`);
    if (edit.section !== undefined) await page.locator(`[data-section-item="${edit.section}"] .section-pick`).click();
    const field = page.locator(edit.field);
    await field.waitFor();
    const frame = page.frameLocator('iframe[title="Preview of the page"]');
    await frame.locator(edit.shown).first().waitFor({ timeout: 60_000 });
    await field.focus();
    await page.keyboard.press('Control+End');
    const times = [];
    const word = ' quickly typed words'.slice(0, keys);
    let typed = await field.inputValue();
    for (const char of word) {
      typed += char;
      const expected = typed.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
      // The keydown's time and the first frame of the preview that shows the text, both on the
      // browser's clock (the frame polls each animation frame).
      await page.evaluate(() => {
        window.__down = undefined;
        document.addEventListener('keydown', () => (window.__down = performance.timeOrigin + performance.now()), {
          capture: true,
          once: true,
        });
      });
      const shown = page.frame({ url: /\/preview$/ }).waitForFunction(
        ([selector, text]) => {
          const element = document.querySelector(selector);
          return element && element.textContent.replace(/\s+/g, ' ').includes(text)
            ? performance.timeOrigin + performance.now()
            : false;
        },
        [edit.shown, expected.slice(-40)],
        { polling: 'raf', timeout: 10_000 },
      );
      await page.keyboard.type(char);
      const at = await (
        await shown.catch(async (error) => {
          const text = await page
            .frame({ url: /\/preview$/ })
            .locator(edit.shown)
            .first()
            .textContent();
          throw new Error(
            `${edit.name}: the preview never showed "${expected.slice(-40)}"; it shows "${text?.replace(/\s+/g, ' ').slice(0, 300)}"`,
            { cause: error },
          );
        })
      ).jsonValue();
      const down = await page.evaluate(() => window.__down);
      times.push(at - down);
      // A person types about five keys a second.
      await page.waitForTimeout(200);
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    rows.push({ edit: edit.name, keys: times.length, median: median(times), max: Math.max(...times) });
    diffs.push({ edit: edit.name, diff: git('diff', '--no-color', '-U0', '--', edit.file) });
    git('add', '-A');
    git('commit', '--quiet', '-m', edit.name);
  }
} finally {
  await browser.close();
  stop();
}

console.log('\nKeystroke to preview (ms, from keydown in the form to the frame that shows the text)\n');
console.log('| edit | keys | median | slowest |');
console.log('| --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.edit} | ${row.keys} | ${row.median.toFixed(0)} | ${row.max.toFixed(0)} |`);
for (const { edit, diff } of diffs) console.log(`\n${edit}: git diff -U0\n\n${diff.trim()}`);
