/**
 * `npm run bench:editor`: how fast the editor's preview follows typing and other changes, and what
 * a save changes. Runs `npm run edit` on a copy of the project (a git repository, so each save is
 * shown as a `git diff`) with one more page, `/bench-large`: the largest page (home) four times
 * over. In Chromium it types one key at a time into the largest page and into the large copy (and
 * two other typical fields), and for each key measures the time from its keydown in the form to the
 * frame showing the new text: median and 95th percentile. Then non-text changes on the large page
 * (a card added to a list: checked by the server and drawn), and the editor server's memory (RSS)
 * after 200 edits. Prints the tables, then the diff each save made.
 *
 *   npm run bench:editor [-- --keys 30 --changes 8]
 */
/* global window, document -- the timing probes run in the editor page and its preview frame */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArgs, launchChromium, whole } from './common.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const {
  values: { keys, changes: changeCount },
} = benchArgs({
  usage: 'npm run bench:editor -- [--keys 30] [--changes 8]',
  options: {
    keys: {
      default: '30',
      value: 'N',
      help: 'keys typed into each field (at most 60, the length of the sample text)',
      read: whole(),
    },
    changes: { default: '8', value: 'N', help: 'non-text changes (a card copied) on the large page', read: whole() },
  },
});
const port = 4700 + (process.pid % 100);
const base = `http://127.0.0.1:${port}`;

const project = mkdtempSync(join(tmpdir(), 'bench-editor-'));
for (const folder of ['content', 'schemas', 'public']) cpSync(join(root, folder), join(project, folder), { recursive: true });
// The large page: the home page's sections four times over (anchors only on the first copy).
{
  const home = readFileSync(join(project, 'content/pages/home.yaml'), 'utf8');
  const body = home.slice(home.indexOf('sections:\n') + 'sections:\n'.length);
  const copy = body.replace(/^ {4}id: .*\n/gm, '').replace(/^ {2}- type: hero\n(?: {4}.*\n|\n)*/m, '');
  writeFileSync(
    join(project, 'content/pages/bench-large.yaml'),
    home
      .replace(/^route: .*$/m, 'route: /bench-large')
      .replace(/^title: .*$/m, 'title: The large page of the editor bench, four homes')
      .replace(/^breadcrumb: .*$/m, 'breadcrumb: Bench')
      .trimEnd() + `\n${copy}${copy}${copy}`,
  );
}
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
    name: 'largest page (home): a card text',
    file: 'content/pages/home.yaml',
    section: 1,
    field: '#s1_cards_0_text',
    shown: '[data-section="card-grid"]',
  },
  {
    name: 'four times the largest page: a card text',
    file: 'content/pages/bench-large.yaml',
    section: 1,
    field: '#s1_cards_0_text',
    shown: '[data-section="card-grid"]',
  },
  {
    name: 'page heading (contact, page-hero)',
    file: 'content/pages/contact.yaml',
    section: 0,
    field: '#s0_heading',
    shown: 'h1',
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
/** The 95th percentile, nearest rank. */
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)];

/** Resident memory of the editor server and the processes it started, in MB. */
function rssOf(pid) {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    let children = '';
    try {
      children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(tree[i])], { encoding: 'utf8' });
    } catch {
      // No children: ps exits with 1.
    }
    for (const child of children.split('\n').map(Number).filter(Boolean)) tree.push(child);
  }
  let kb = 0;
  for (const id of tree) {
    try {
      kb += Number(readFileSync(`/proc/${id}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return kb / 1024;
}

const browser = await launchChromium();
const rows = [];
const diffs = [];
const changes = [];
const rss = [];
try {
  rss.push({ when: 'at start (editor listening, nothing opened)', mb: rssOf(server.pid) });
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
    const word = ' quickly typed words for the editor bench, one key at a time'.slice(0, keys);
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
    rows.push({ edit: edit.name, keys: times.length, median: median(times), p95: p95(times), max: Math.max(...times) });
    diffs.push({ edit: edit.name, diff: git('diff', '--no-color', '-U0', '--', edit.file) });
    git('add', '-A');
    git('commit', '--quiet', '-m', edit.name);
  }

  // Non-text changes on the large page: a card copied in the first card list, each checked by the
  // server (the preview cannot draw a new card before the check prepares it) and drawn.
  await page.goto(`${base}/#file=${encodeURIComponent('content/pages/bench-large.yaml')}`);
  await page.locator('[data-section-item="1"] .section-pick').click();
  await page
    .frameLocator('iframe[title="Preview of the page"]')
    .locator('[data-section="card-grid"]')
    .first()
    .waitFor({ timeout: 60_000 });
  const cardsNow = () =>
    page
      .frame({ url: /\/preview$/ })
      .evaluate(() => document.querySelector('[data-section="card-grid"]').querySelectorAll('h3').length);
  for (let i = 0; i < changeCount; i++) {
    const before = await cardsNow();
    await page.evaluate(() => {
      window.__down = undefined;
      document.addEventListener('click', () => (window.__down = performance.timeOrigin + performance.now()), {
        capture: true,
        once: true,
      });
    });
    const shown = page
      .frame({ url: /\/preview$/ })
      .waitForFunction(
        (count) =>
          document.querySelector('[data-section="card-grid"]').querySelectorAll('h3').length > count
            ? performance.timeOrigin + performance.now()
            : false,
        before,
        { polling: 'raf', timeout: 20_000 },
      );
    await page.locator('.form-pane').getByRole('button', { name: 'Copy this item' }).first().click();
    const at = await (await shown).jsonValue();
    changes.push(at - (await page.evaluate(() => window.__down)));
    // The copy is undone (also a non-text change), so the page stays the same size.
    await page.waitForTimeout(300);
    await page.getByRole('button', { name: /^Undo/ }).click();
    await page.waitForTimeout(300);
  }

  // Memory after 200 edits: 200 keys typed into the large page's card text, a person's pace.
  rss.push({ when: 'after the edits above', mb: rssOf(server.pid) });
  const field = page.locator('#s1_cards_0_text');
  await field.focus();
  for (let i = 0; i < 200; i++) {
    await page.keyboard.type(i % 10 === 9 ? ' ' : 'x');
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(2000);
  rss.push({ when: 'after 200 more edits', mb: rssOf(server.pid) });
} finally {
  await browser.close();
  stop();
}

console.log('\nKeystroke to preview (ms, from keydown in the form to the frame that shows the text)\n');
console.log('| edit | keys | median | p95 | slowest |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows)
  console.log(`| ${row.edit} | ${row.keys} | ${row.median.toFixed(0)} | ${row.p95.toFixed(0)} | ${row.max.toFixed(0)} |`);
console.log('\nA non-text change on the large page (a card copied in a list), from the click to the frame that draws it (ms)\n');
console.log(
  `changes: ${changes.length}, median ${median(changes).toFixed(0)}, p95 ${p95(changes).toFixed(0)}, slowest ${Math.max(...changes).toFixed(0)}`,
);
console.log('\nEditor server memory (RSS of the server and its child processes)\n');
for (const row of rss) console.log(`- ${row.when}: ${row.mb.toFixed(0)} MB`);
for (const { edit, diff } of diffs) console.log(`\n${edit}: git diff -U0\n\n${diff.trim()}`);
