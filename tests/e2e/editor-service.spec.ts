import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freePort } from './free-port.ts';
import { startServer, type StartedServer } from './servers.ts';
import { pdfFile } from '../server/cv-files.ts';
import sharp from 'sharp';

// The editor as the company's shared service, started as the README says (`npm run editor:start`, which
// builds it first), on a clone of a bare repository that stands for the site's remote. Two people, each in
// a browser of their own, sign in with the invitation links an administrator's command printed.
const root = resolve(import.meta.dirname, '../..');
const port = freePort();
const base = `http://localhost:${port}`;
const password = 'a long and unusual pass phrase';
let temp: string;
let remote: string;
let service: StartedServer;
// The site host's build hook (EDITOR_BUILD_HOOK_URL): what each request asked for, as its `reason`.
let hookServer: Server;
const hookReasons: string[] = [];
const hookPort = freePort();

test.describe.configure({ mode: 'serial' });

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Developer', '-c', 'user.email=dev@example.com', ...args], { cwd, encoding: 'utf8' });
// DATA_DIR: the site's test server's (playwright.config.ts), so the inbox reads the submissions it stores,
// as the two do on one machine.
const env = () => ({
  ...process.env,
  EDITOR_DATA_DIR: join(temp, 'data'),
  EDITOR_PUBLIC_URL: base,
  DATA_DIR: join(root, 'test-results/e2e-data'),
  EDITOR_BUILD_HOOK_URL: `http://127.0.0.1:${hookPort}/build`,
  // The service's clock, moved forward by writing to this file (tests/e2e/fake-clock.mjs).
  FAKE_CLOCK_FILE: join(temp, 'clock'),
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(join(root, 'tests/e2e/fake-clock.mjs')).href}`.trim(),
});

/** `npm run editor:users -- add …`, as an administrator runs it: the invitation link it printed. */
function invite(email: string, role: string, name: string): string {
  const printed = execFileSync(
    process.execPath,
    [join(root, 'dist/editor-server/users.mjs'), 'add', '--email', email, '--role', role, '--name', name],
    { cwd: root, env: env(), encoding: 'utf8' },
  );
  const link = /https?:\/\/\S+\/invite#\S+/.exec(printed)?.[0];
  expect(link, printed).toBeTruthy();
  return link!;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  temp = mkdtempSync(join(tmpdir(), 'editor-service-'));
  hookServer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hookReasons.push((JSON.parse(body) as { reason: string }).reason);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((done) => hookServer.listen(hookPort, '127.0.0.1', done));
  const seed = join(temp, 'seed');
  for (const folder of ['content', 'schemas', 'public']) cpSync(join(root, folder), join(seed, folder), { recursive: true });
  remote = join(temp, 'site.git');
  mkdirSync(remote);
  git(remote, 'init', '--quiet', '--bare', '--initial-branch=main');
  git(seed, 'init', '--quiet', '--initial-branch=main');
  git(seed, 'add', '-A');
  git(seed, 'commit', '--quiet', '-m', 'Site as it was');
  git(seed, 'push', '--quiet', remote, 'main');
  service = await startServer({
    // --rebuild: the test proves the build as it is now, not one left in dist/ by an earlier run.
    args: [join(root, 'scripts/editor-start.mjs'), '--rebuild'],
    cwd: root,
    env: { ...env(), EDITOR_REPO: remote, EDITOR_PORT: String(port) },
    readyUrl: `${base}/healthz`,
    timeout: 150_000,
  });
});

test.afterAll(async () => {
  // Stopped before its folder goes: it writes there until it exits (the schedule's look, every 300 ms here).
  await service?.stop();
  hookServer?.close();
  if (temp) rmSync(temp, { recursive: true, force: true });
});

/** A browser of one's own: opens the invitation, chooses a password, lands in the editor. */
async function join_(browser: Browser, link: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByText(`Welcome, ${name}.`)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Content editor' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`${name} (`)).toBeVisible();
  // Everyone starts at the list of change sets.
  await expect(page.getByRole('button', { name: 'Start a change set' })).toBeVisible();
  return page;
}

/** Starts a change set from the list of change sets and lands in the editor inside it. */
async function startChangeSet(page: Page, title: string) {
  await page.getByLabel('What is this change for?').fill(title);
  await page.getByRole('button', { name: 'Start a change set' }).click();
  await expect(page.locator('.change-set-title')).toHaveText(title, { timeout: 30_000 });
}

/** Opens the contact page in the current change set, types a heading, sees it in the preview, saves. */
async function editContactHeading(page: Page, heading: string) {
  const url = new URL(page.url());
  url.hash = `file=${encodeURIComponent('content/pages/contact.yaml')}`;
  await page.goto(url.href);
  await page.getByRole('button', { name: /Page opening banner/ }).click();
  await page.locator('#s0_heading').fill(heading);
  await expect(page.frameLocator('iframe').first().locator('h1')).toHaveText(heading, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
}

test('a writer edits in a change set and asks for review; a publisher reads it in words and publishes; a second writer is untouched', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const writer = await join_(browser, invite('meera@example.com', 'writer', 'Meera Writer'), 'Meera Writer');
  const second = await join_(browser, invite('arjun@example.com', 'writer', 'Arjun Writer'), 'Arjun Writer');
  // The first administrator comes from the command; everyone else can be invited in the browser.
  const admin = await join_(browser, invite('asha@example.com', 'admin', 'Asha Admin'), 'Asha Admin');
  await admin.getByRole('link', { name: /People/ }).click();
  await admin.getByLabel('Invite a colleague: e-mail address').fill('ravi@example.com');
  await admin.getByLabel('Name (optional)').fill('Ravi Publisher');
  await admin.getByLabel('Role', { exact: true }).selectOption('publisher');
  await admin.getByRole('button', { name: 'Invite' }).click();
  const link = await admin.getByLabel(/Send them this link/).inputValue();
  const publisher = await join_(browser, link, 'Ravi Publisher');

  // Two writers at once, each in a change set of their own, on the same page.
  await startChangeSet(writer, 'Contact page: a warmer heading');
  await startChangeSet(second, 'Contact page: a shorter heading');
  await editContactHeading(writer, 'Write to Us');
  await editContactHeading(second, 'Hello');

  // Publishing is not a writer's to do: no button, and the server refuses it anyway.
  await expect(writer.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  const changeSet = new URL(writer.url()).searchParams.get('cs')!;
  const refused = await writer.evaluate(async (id) => {
    const csrf = /editor_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch(`/api/change-sets/${id}/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as { error: string } };
  }, changeSet);
  expect(refused).toEqual({ status: 403, body: expect.objectContaining({ error: 'EditorRoleRefused' }) });

  await writer.getByRole('button', { name: 'Ask for review…' }).click();
  const ask = writer.getByRole('dialog', { name: 'Ask for review' });
  await ask.getByLabel('A note for the reviewer (optional)').fill('Warmer, as we discussed.');
  await ask.getByRole('button', { name: 'Ask for review', exact: true }).click();
  await expect(writer.locator('.change-set-bar > .change-set-state')).toHaveText('Waiting for review');

  // The publisher finds it waiting, reads the change in words, and publishes it.
  await publisher.reload();
  await publisher
    .getByRole('region', { name: 'Waiting for your review' })
    .getByRole('link', { name: 'Contact page: a warmer heading' })
    .click();
  const review = publisher.getByRole('dialog', { name: /Contact page: a warmer heading/ });
  const page = review.getByRole('region', { name: /Contact/ });
  // The section is named by its kind and what its heading says now, the field by the form's name.
  await expect(page.locator('.review-place').first()).toHaveText(/^.+ “Write to .*”, Heading$/, { timeout: 30_000 });
  await expect(page.locator('del')).toHaveText('Contact');
  await expect(page.locator('ins')).toHaveText(['Write', 'to']);
  await expect(review.getByText('Warmer, as we discussed.')).toBeVisible();
  // Side by side: the page live now, and as it will be, drawn by the site's own sections.
  await review.getByText('Compare the page before and after').click();
  await expect(publisher.frameLocator('iframe[title$="live now"]').locator('h1')).toHaveText('Contact Us', { timeout: 30_000 });
  await expect(publisher.frameLocator('iframe[title$="after publishing"]').locator('h1')).toHaveText('Write to Us', {
    timeout: 30_000,
  });
  // A preview link for someone without an account shows the change set's site, and nothing of the editor.
  await review.getByRole('button', { name: 'Make a link' }).click();
  const shared = await review.getByLabel(/Link for people outside/).inputValue();
  const outsider = await (await browser.newContext()).newPage();
  await outsider.goto(`${shared}?route=/contact`);
  await expect(outsider.locator('main h1')).toHaveText('Write to Us', { timeout: 30_000 });
  await outsider.getByRole('combobox', { name: 'Page' }).selectOption('/careers');
  await expect(outsider.locator('main h1').first()).toBeVisible();
  expect((await outsider.request.get(`${base}/api/catalog`)).status()).toBe(401);

  expect(git(remote, 'log', '--format=%s', 'main').trim()).toBe('Site as it was');
  await review.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publisher.getByRole('status').filter({ hasText: "it is in the site's repository" })).toBeVisible({
    timeout: 30_000,
  });

  // The merge commit is the writer's, committed by the publisher; the second writer's work is not in it.
  expect(git(remote, 'log', '-1', '--format=%s|%an <%ae>|%cn <%ce>|%p', 'main').trim()).toMatch(
    /^Contact page: a warmer heading\|Meera Writer <meera@example\.com>\|Ravi Publisher <ravi@example\.com>\|\w+ \w+$/,
  );
  expect(git(remote, 'show', 'main:content/pages/contact.yaml')).toContain('heading: Write to Us');
  expect(git(remote, 'show', 'main:content/pages/contact.yaml')).not.toContain('heading: Hello');
  await second.reload();
  await second.getByRole('button', { name: /Page opening banner/ }).click();
  await expect(second.locator('#s0_heading')).toHaveValue('Hello', { timeout: 30_000 });
  // Both changed the heading: bringing the change set up to date asks which to keep, as the local editor does.
  await second.getByRole('button', { name: /^Bring up to date/ }).click();
  const overlaps = second.getByRole('region', { name: /changed both in this change set and on the live site/ });
  await expect(overlaps.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(overlaps).toContainText('“Write to Us”');
  await expect(overlaps).toContainText('“Hello”');
  await second.screenshot({ path: testInfo.outputPath('overlap-1440.png'), fullPage: true });
  await overlaps.getByRole('button', { name: /^Keep the live site's version of / }).click();
  await expect(overlaps).toBeHidden();
  await second.reload();
  await second.getByRole('button', { name: /Page opening banner/ }).click();
  await expect(second.locator('#s0_heading')).toHaveValue('Write to Us', { timeout: 30_000 });
  // The page's history names who changed what, and restoring an old version starts a change set for review.
  await second.getByRole('button', { name: 'History…' }).click();
  const history = second.getByRole('dialog', { name: /History of “/ });
  const latest = history.getByRole('listitem').filter({ hasText: 'Contact page: a warmer heading' }).first();
  await expect(latest).toContainText('Meera Writer', { timeout: 30_000 });
  await expect(latest).toContainText('live now');
  await expect(latest.locator('ins').first()).toHaveText('Write to Us');
  // Restoring asks first, naming the version it would replace.
  let asked = '';
  second.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await history.getByRole('button', { name: 'Restore this version…' }).click();
  await expect.poll(() => asked).toContain('replaces the version live now (“Contact page: a warmer heading”');
  await expect(second.locator('.change-set-title')).toHaveText(/^Put “.+” back as of /, { timeout: 30_000 });

  // Signing out ends the session: the editor sends them back to sign in, and sign-in keeps what was typed.
  await writer.getByRole('button', { name: 'Sign out' }).click();
  await expect(writer).toHaveURL(`${base}/sign-in`);
  await writer.goto(base);
  await expect(writer).toHaveURL(`${base}/sign-in`);
  await writer.getByLabel('E-mail address').fill('meera@example.com');
  await writer.getByLabel('Password', { exact: true }).fill('not my password at all');
  await writer.getByRole('button', { name: 'Sign in' }).click();
  await expect(writer.getByRole('alert')).toContainText(/e-mail address or the password is wrong/i);
  await expect(writer.getByLabel('E-mail address')).toHaveValue('meera@example.com');
  await writer.getByLabel('Password', { exact: true }).fill(password);
  await writer.getByRole('button', { name: 'Sign in' }).click();
  await expect(writer.getByText('Meera Writer (writer)')).toBeVisible({ timeout: 30_000 });
  await expect(writer.getByRole('region', { name: 'Recently finished' })).toContainText('Contact page: a warmer heading');
});

/** A browser of one's own for someone who answers leads: opens the invitation and lands in the inbox. */
async function joinInbox(browser: Browser, link: string, name: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(link);
  await expect(page.getByText(`Welcome, ${name}.`)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible({ timeout: 30_000 });
  return page;
}

test('hr finds an application with its CV and takes it up with a note; sales never sees it; an admin erases the person', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = `inbox.${Date.now()}@example.in`;
  // A job seeker applies on the site, with a PDF CV.
  await page.goto('/careers/graphic-designer#apply');
  const form = page.locator('[data-section="job-opening"] form');
  await form.getByLabel('Name').fill('Ravi Kumar');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Phone').fill('+91 98107 45210');
  await form.getByLabel('CV').setInputFiles({ name: 'Ravi Kumar CV.pdf', mimeType: 'application/pdf', buffer: pdfFile(email) });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/careers\/thank-you$/);

  // hr finds it by the address, reads it, downloads the CV.
  const hr = await joinInbox(browser, invite('hema@example.com', 'hr', 'Hema Recruiter'), 'Hema Recruiter');
  await expect(hr.getByRole('navigation', { name: 'Inbox' }).getByRole('link')).toHaveText(['Applications']);
  await hr.getByRole('searchbox').fill(email);
  await hr.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(hr.locator('.inbox-count')).toHaveText(/^1–1 of 1 application$/);
  await hr.screenshot({ path: testInfo.outputPath('inbox-list-1440.png'), fullPage: true });
  await hr.getByRole('link', { name: /Ravi Kumar/ }).click();
  await expect(hr.getByRole('heading', { level: 2, name: /Ravi Kumar/ })).toBeVisible();
  await expect(hr.locator('.inbox-fields')).toContainText('/careers/graphic-designer');
  const [download] = await Promise.all([
    hr.waitForEvent('download'),
    hr.getByRole('link', { name: 'Download Ravi Kumar CV.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Ravi Kumar CV.pdf');
  const { readFileSync } = await import('node:fs');
  expect(readFileSync((await download.path())!).equals(pdfFile(email))).toBe(true);

  // … and takes it up, with a note for colleagues; the history says who did what.
  await hr.getByLabel('State').selectOption('in-progress');
  await hr.getByLabel('Note for colleagues').fill('Portfolio looks strong; call on Monday.');
  await hr.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(hr.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const history = hr.locator('.inbox-history');
  await expect(history).toContainText('hema@example.com set it to In progress');
  await expect(history).toContainText('Portfolio looks strong; call on Monday.');
  await hr.screenshot({ path: testInfo.outputPath('inbox-detail-1440.png'), fullPage: true });
  await hr.setViewportSize({ width: 390, height: 844 });
  await hr.screenshot({ path: testInfo.outputPath('inbox-detail-390.png'), fullPage: true });
  await hr.setViewportSize({ width: 1440, height: 900 });
  const applicationUrl = hr.url();

  // Sales answers enquiries only: no list of applications, and the address itself is refused.
  const sales = await joinInbox(browser, invite('sanjay@example.com', 'sales', 'Sanjay Sales'), 'Sanjay Sales', {
    width: 390,
    height: 844,
  });
  await expect(sales.getByRole('navigation', { name: 'Inbox' }).getByRole('link')).toHaveText(['Enquiries']);
  await sales.screenshot({ path: testInfo.outputPath('inbox-list-390.png'), fullPage: true });
  await sales.goto(applicationUrl);
  await expect(sales.getByRole('heading', { level: 2, name: /Ravi Kumar/ })).toHaveCount(0);
  const refused = await sales.evaluate(
    async (id) => (await fetch(`/api/inbox/applications/${id}`)).status,
    new URL(applicationUrl).searchParams.get('id'),
  );
  expect(refused).toBe(403);

  // An admin answers the person's request to be forgotten: found, confirmed, erased, audited.
  // An admin lands on the change sets; the inbox is one link away.
  const adminPage = await join_(browser, invite('anita@example.com', 'admin', 'Anita Admin'), 'Anita Admin');
  await adminPage.getByRole('link', { name: /^Inbox/ }).click();
  const rights = adminPage.getByRole('region', { name: 'A person’s data' });
  await rights.getByLabel('Their e-mail address').fill(email);
  await rights.getByRole('button', { name: 'Find' }).click();
  await expect(rights.getByRole('status')).toContainText('1 submission: 0 enquiries and 1 application.');
  await adminPage.setViewportSize({ width: 1440, height: 900 });
  await adminPage.screenshot({ path: testInfo.outputPath('inbox-rights-1440.png'), fullPage: true });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await adminPage.screenshot({ path: testInfo.outputPath('inbox-rights-390.png'), fullPage: true });
  adminPage.once('dialog', (dialog) => void dialog.accept());
  await rights.getByRole('button', { name: 'Erase…' }).click();
  await expect(rights.getByRole('status')).toContainText('Erased 0 enquiries and 1 application.');
  const audit = await adminPage.evaluate(async () => (await (await fetch('/api/audit')).json()) as { action: string }[]);
  expect(audit.map((entry) => entry.action)).toEqual(
    expect.arrayContaining(['person.found', 'person.erased', 'inbox.file-downloaded']),
  );
  await hr.reload();
  await expect(hr.getByRole('alert')).toContainText('no longer stored');
  // Nobody's data reaches the service's log.
  expect(service.log()).not.toContain(email);
});

// The full sweep's: the everyday tasks of issue 54 as three people would do them, each in a browser of their own,
// with screenshots at 1440 and 390 px in the test's output. The tasks of the test above (a heading reviewed and
// published, two writers on one field, a version restored, a preview link) are not repeated here.
test(
  'an admin invites a writer and a publisher, who change a photo, a section order, a phone number, the team, a new service page with its links and a scheduled job opening, send back, fix and publish',
  { tag: '@full' },
  async ({ browser }, testInfo) => {
    test.setTimeout(420_000);
    const shot = async (page: Page, name: string) => {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: width === 390 });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    };
    // Invite: the admin adds both from People, and each opens their own link.
    const admin = await join_(browser, invite('asha.admin@example.com', 'admin', 'Asha Admin'), 'Asha Admin');
    const linkFor = async (email: string, role: string, name: string) => {
      await admin.goto(`${base}/?people=1`);
      await admin.getByLabel('Invite a colleague: e-mail address').fill(email);
      await admin.getByLabel('Name (optional)').fill(name);
      await admin.getByLabel('Role', { exact: true }).selectOption(role);
      await admin.getByRole('button', { name: 'Invite', exact: true }).click();
      return admin.getByLabel(/Send them this link/).inputValue();
    };
    const writer = await join_(browser, await linkFor('kiran@example.com', 'writer', 'Kiran Writer'), 'Kiran Writer');
    const publisher = await join_(browser, await linkFor('divya@example.com', 'publisher', 'Divya Publisher'), 'Divya Publisher');
    await startChangeSet(writer, 'About page and contact details, refreshed');
    const openFile = async (file: string) => {
      const url = new URL(writer.url());
      url.hash = `file=${encodeURIComponent(file)}`;
      await writer.goto(url.href);
    };

    // A photo uploaded to the about page's banner: asked what it shows, named from it, shown at once in the preview.
    await openFile('content/pages/about.yaml');
    await writer.getByRole('button', { name: /Page opening banner/ }).click();
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#2a5a9a' } })
      .jpeg()
      .toBuffer();
    await writer.locator('#s0_image_src').locator('xpath=..').locator('input[type=file]').setInputFiles({
      name: 'DSC_0192.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const describe = writer.getByRole('group', { name: /What does DSC_0192\.jpg show\?/ });
    await describe.getByRole('textbox').fill('Our team planning a release at the Greater Noida office');
    await describe.getByRole('button', { name: 'Upload' }).click();
    await expect(writer.locator('#s0_image_src')).toHaveValue(
      '/media/uploads/our-team-planning-a-release-at-the-greater-noida-office.webp',
      {
        timeout: 60_000,
      },
    );
    const banner = writer.frameLocator('iframe').first().locator('main img').first();
    await expect(banner).toHaveAttribute('src', /our-team-planning/, { timeout: 30_000 });
    // Drawn, not broken: the browser decoded the copy it chose (its AVIF twin, which the editor made on the first ask).
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await shot(writer, 'task-photo');

    // The team: one member leaves. Sections: the offices move above the team.
    await writer.locator('[data-section-item="3"] .section-pick').click();
    await writer
      .locator('.rjsf-array-item', { has: writer.locator('legend', { hasText: 'Member “Nikhil Rao”' }) })
      .getByRole('button', { name: 'Remove this item' })
      .click();
    await expect(writer.locator('legend', { hasText: 'Member “Nikhil Rao”' })).toHaveCount(0);
    await writer.getByRole('button', { name: 'Move section 5 up' }).click();
    await expect(writer.getByRole('button', { name: /^Undo moving Offices and map “/ })).toBeVisible();
    await writer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 });

    // A section deleted and saved, then the page put back as it is live, and saved again.
    await openFile('content/pages/react.yaml');
    await writer.getByRole('button', { name: 'Delete section 2' }).click();
    await writer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 });
    writer.once('dialog', (dialog) => void dialog.accept());
    await writer.getByRole('button', { name: 'Put back as live…' }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'The page is as it is live' })).toBeVisible();
    await expect(writer.locator('[data-section-item]')).toHaveCount(6);
    await writer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 });

    // The footer's phone number, in the site settings.
    await openFile('content/site.yaml');
    await writer.locator('#page_contact_phones_0').fill('+91 120 456 7811');
    await writer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 });

    // A job opening, scheduled: it shows from a day to come, which the page list says.
    await writer.locator('summary', { hasText: 'New page or job opening…' }).click();
    await writer.getByLabel('What to make').selectOption({ label: 'Job opening' });
    await writer.getByLabel('Title of the new job opening').fill('Data Engineer');
    await writer.getByRole('button', { name: 'Create the job opening' }).click();
    await expect(writer.locator('#page_title')).toHaveValue('Data Engineer', { timeout: 30_000 });
    // Days to come whenever the test runs: two weeks on, and four months on.
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const goesLive = day(15);
    await writer.locator('#page_publishedAt').fill(goesLive);
    await writer.locator('#page_validThrough').fill(day(120));
    // The template's texts, each marked TODO, are the writer's to replace: a scheduled opening with one left
    // would be refused at publish, since the build on its day would stop at it.
    const todo = await writer
      .locator('form:has(#page_title)')
      .evaluate((form) =>
        [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
          .filter((field) => field.value.includes('TODO'))
          .map((field) => field.id),
      );
    expect(todo.length).toBeGreaterThan(5);
    const roleText: [RegExp, string][] = [
      [
        /summary$/,
        'Build and run the data pipelines behind our clients’ dashboards, in Python and SQL, with our analytics team.',
      ],
      [/salary_reason$/, 'Agreed at the offer, from the experience shown in the interviews.'],
      [/overlap$/, '14:00 to 18:00 IST with clients in Europe.'],
      [/skills_\d+$/, 'SQL and one of Python or Scala, at work for two years or more'],
      [/work_\d+$/, 'Write and review the jobs that load a client’s data each night'],
      [/interview_\d+_name$/, 'Technical interview'],
      [/interview_\d+_text$/, 'An hour with two engineers, on a pipeline you built, over video.'],
      [/benefits_\d+$/, '21 days of paid leave a year, and 8 days of sick leave'],
    ];
    for (const id of todo) {
      const text = roleText.find(([pattern]) => pattern.test(id))?.[1];
      expect(text, `a text for ${id}`).toBeDefined();
      await writer.locator(`#${id}`).fill(text!);
    }
    await writer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 });
    const sameYear = goesLive.slice(0, 4) === day(0).slice(0, 4);
    const inWords = new Date(`${goesLive}T00:00:00.000Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      ...(sameYear ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    });
    await expect(writer.getByText(`shows from ${inWords}`)).toBeVisible();

    // A new service page from its template, its texts written, taken live (Draft unticked), and linked from the
    // header menu and from the list of services on /services.
    await writer.locator('summary', { hasText: 'New page or job opening…' }).click();
    await writer.getByLabel('What to make').selectOption({ label: 'Service page (such as Web Development)' });
    await writer.getByLabel('Address of the new page').fill('/data-engineering');
    await writer.getByLabel(/^Name used in its texts/).fill('Data Engineering');
    await writer.getByRole('button', { name: 'Create the page' }).click();
    await expect(writer.locator('#page_title')).toHaveValue(/Data Engineering/, { timeout: 30_000 });
    // The template marks each text to write with TODO; here the writer keeps its suggestion, in their words.
    const writeTexts = async () => {
      const marked = await writer.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')]
          .filter((field) => field.value.includes('TODO'))
          .map((field) => ({ id: field.id, value: field.value })),
      );
      for (const { id, value } of marked) {
        const text = value.replace(/^TODO:\s*/, '');
        await writer.locator(`[id="${id}"]`).fill(text.charAt(0).toUpperCase() + text.slice(1));
      }
      return marked.length;
    };
    let written = await writeTexts();
    // The page's own settings show until a section is picked: Draft is one of them.
    await writer.locator('#page_draft').uncheck();
    const sections = await writer.locator('[data-section-item]').count();
    for (let index = 0; index < sections; index++) {
      await writer.locator(`[data-section-item="${index}"] .section-pick`).click();
      written += await writeTexts();
    }
    expect(written).toBeGreaterThan(15);
    await writer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 });
    /** Adds an item to the list `listId` of the open form and fills it in, its icon picked from the grid. */
    const addItem = async (listId: string, values: Record<string, string>, icon: string) => {
      const first = Object.keys(values)[0]!;
      // The form is drawn: the list's first item is there before its items are counted.
      await expect(writer.locator(`[id="${listId}_0_${first}"]`)).toBeAttached({ timeout: 30_000 });
      // The new item's place: one after the highest the list's fields are numbered with.
      const index = await writer.evaluate(
        ({ listId, first }) =>
          Math.max(
            -1,
            ...[...document.querySelectorAll('[id]')].map((element) => {
              const match = new RegExp(`^${listId}_(\\d+)_${first}$`).exec(element.id);
              return match ? Number(match[1]) : -1;
            }),
          ) + 1,
        { listId, first },
      );
      await writer.locator(`[id="${listId}"]`).getByRole('button', { name: 'Add an item' }).last().click();
      await expect(writer.locator(`[id="${listId}_${index}_${first}"]`)).toBeAttached();
      for (const [key, value] of Object.entries(values)) await writer.locator(`[id="${listId}_${index}_${key}"]`).fill(value);
      const iconField = writer
        .locator(`[id="${listId}_${index}_icon"]`)
        .locator('xpath=ancestor::div[contains(@class, "icon-field")][1]');
      await iconField.getByRole('button', { name: 'Choose an icon…' }).click();
      const picker = writer.getByRole('dialog', { name: 'Choose an icon' });
      await picker.getByLabel('Search the icons').fill(icon);
      await picker
        .getByRole('button', { name: new RegExp(`^${icon}$`, 'i') })
        .first()
        .click();
      await expect(writer.locator(`[id="${listId}_${index}_icon"]`)).toHaveValue(icon);
    };
    await openFile('content/site.yaml');
    await addItem('page_navigation_items', { name: 'Data Engineering', link: '/data-engineering' }, 'database');
    await writer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 });
    await openFile('content/pages/services.yaml');
    // The list of services is the page's section of that kind, wherever it stands.
    const list = git(remote, 'show', 'main:content/pages/services.yaml')
      .split('\n')
      .filter((line) => line.startsWith('  - type: '))
      .findIndex((line) => line.endsWith('service-list'));
    expect(list).toBeGreaterThanOrEqual(0);
    await writer.locator(`[data-section-item="${list}"] .section-pick`).click();
    await addItem(
      `s${list}_items`,
      {
        title: 'Data Engineering',
        description:
          'Pipelines, warehouses and dashboards that load your data each night and answer your questions each morning.',
        link: '/data-engineering',
      },
      'database',
    );
    await writer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 });

    await writer.getByRole('button', { name: 'Ask for review…' }).click();
    await writer.getByLabel('A note for the reviewer (optional)').fill('New banner photo, Nikhil has left, new office number.');
    await writer.getByRole('button', { name: 'Ask for review', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Review asked' })).toBeVisible({ timeout: 30_000 });

    // The publisher reads it in words, and sends it back with a comment.
    await publisher.reload();
    await publisher.getByRole('link', { name: 'About page and contact details, refreshed' }).click();
    const review = publisher.getByRole('dialog', { name: /About page and contact details, refreshed/ });
    await expect(review).toContainText('Contact details › Phone numbers › Phone number “+91 120 456 7811”', { timeout: 30_000 });
    await expect(review).toContainText('Members › Member “Nikhil Rao”');
    await expect(review).toContainText(/moved from \d+(st|nd|rd|th) to \d+(st|nd|rd|th) place/);
    await shot(publisher, 'task-review');
    await review.getByLabel(/comment/i).fill('The office number ends in 7800, please keep it; the rest is good.');
    await review.getByRole('button', { name: 'Send back' }).click();
    await expect(review.getByLabel(/comment/i)).toHaveValue('', { timeout: 30_000 });

    // The writer reads why on their list, fixes it and asks again; the publisher publishes.
    await writer.goto(base);
    await expect(writer.getByText('Sent back by Divya Publisher: “The office number ends in 7800')).toBeVisible({
      timeout: 30_000,
    });
    await shot(writer, 'task-sent-back');
    await writer.getByRole('link', { name: 'About page and contact details, refreshed' }).click();
    await openFile('content/site.yaml');
    await writer.locator('#page_contact_phones_0').fill('+91 120 456 7800');
    await writer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible({ timeout: 30_000 });
    await writer.getByRole('button', { name: 'Ask for review…' }).click();
    await writer.getByRole('button', { name: 'Ask for review', exact: true }).click();
    await expect(writer.getByRole('status').filter({ hasText: 'Review asked' })).toBeVisible({ timeout: 30_000 });
    // From the list, where the change set waits again.
    await publisher.goto(base);
    await publisher.getByRole('link', { name: 'About page and contact details, refreshed' }).click();
    const again = publisher.getByRole('dialog', { name: /About page and contact details, refreshed/ });
    await again.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(publisher.getByRole('status').filter({ hasText: "it is in the site's repository" })).toBeVisible({
      timeout: 60_000,
    });

    const about = git(remote, 'show', 'main:content/pages/about.yaml');
    expect(about).toContain('src: /media/uploads/our-team-planning-a-release-at-the-greater-noida-office.webp');
    // Written in the quotes the empty alt text had.
    expect(about).toContain('alt: "Our team planning a release at the Greater Noida office"');
    expect(about).not.toContain('Nikhil Rao');
    expect(about.indexOf('type: locations')).toBeLessThan(about.indexOf('type: team'));
    expect(git(remote, 'show', 'main:content/site.yaml')).toContain('- +91 120 456 7800');
    const service = git(remote, 'show', 'main:content/pages/data-engineering.yaml');
    expect(service).toContain('route: /data-engineering');
    expect(service).not.toMatch(/TODO|draft: true/);
    expect(git(remote, 'show', 'main:content/site.yaml')).toMatch(
      /- name: Data Engineering\n\s+link: \/data-engineering\n\s+icon: database/,
    );
    expect(git(remote, 'show', 'main:content/pages/services.yaml')).toContain('link: /data-engineering');
    const role = git(remote, 'show', 'main:content/roles/data-engineer.yaml');
    expect(role).toContain(`publishedAt: ${goesLive}`);
    expect(role).not.toContain('TODO');
    expect(git(remote, 'show', 'main:content/pages/react.yaml')).toBe(git(remote, 'show', 'main~1:content/pages/react.yaml'));

    // The site's host was asked for a build once the change was live; and on the day the opening goes live it
    // is asked again, by the service itself, with nobody at the editor: its clock is moved to that day.
    await expect.poll(() => hookReasons.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const asked = hookReasons.length;
    try {
      writeFileSync(join(temp, 'clock'), String(Date.parse(`${goesLive}T00:00:05.000Z`) - Date.now()));
      await expect
        .poll(() => hookReasons.slice(asked).join('\n'), { timeout: 30_000 })
        .toContain(`content/roles/data-engineer.yaml goes live (${goesLive})`);
    } finally {
      writeFileSync(join(temp, 'clock'), '0');
    }
  },
);

test('the service logs JSON lines without passwords or tokens, and stops cleanly on SIGTERM', async () => {
  const lines = service
    .log()
    .split('\n')
    .filter((line) => line.startsWith('{'));
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  expect(service.log()).not.toContain(password);
  expect(service.log()).not.toMatch(/invite#|editor_session=/);
  expect(lines.some((line) => (JSON.parse(line) as { event?: string }).event === 'editor.started')).toBe(true);

  await service.stop();
  expect(service.exitCode()).toBe(0);
});
