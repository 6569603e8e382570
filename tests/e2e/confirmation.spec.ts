/**
 * A reply the visitor can trust (issue 53), in the browser against the production server with e-mail set up:
 * a visitor sends an enquiry, reads on the page what happens next, and the confirmation e-mail reaches
 * them (here, the test's own SMTP receiver) with the same promise and what they sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSmtpReceiver, type SmtpReceiver } from '../server/notify-receivers.ts';
import { freePort } from './free-port.ts';
import { startServer, type StartedServer } from './servers.ts';

const root = resolve(import.meta.dirname, '../..');
const port = freePort();
const site = `http://127.0.0.1:${port}`;
let smtp: SmtpReceiver;
let server: StartedServer;
let data: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpReceiver();
  data = mkdtempSync(join(tmpdir(), 'confirmation-'));
  server = await startServer({
    args: [join(root, 'dist/server/main.mjs')],
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      NOTIFY_FROM: 'Sutra Labs website <website@sutralabs.in>',
      NOTIFY_TO: 'sales@sutralabs.in',
    },
    readyUrl: `${site}/healthz`,
    timeout: 60_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (data) rmSync(data, { recursive: true, force: true });
});

for (const width of [390, 1440]) {
  test(`at ${width} px an enquiry's page says what happens next, and the confirmation e-mail reaches the visitor`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const email = `confirmation.${width}.${Date.now()}@example.in`;
    await page.goto(`${site}/contact`);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    await form.getByLabel('Name', { exact: true }).fill('Asha Rao');
    await form.getByLabel('Mobile').fill('+91 98107 45210');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Project details').fill('A booking app for our three clinics.');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page).toHaveURL(/\/contact\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry has arrived');
    await expect(page.getByRole('main')).toContainText('replies within 24 hours, by e-mail from hello@sutralabs.in');
    await page.screenshot({ path: testInfo.outputPath(`confirmation-page-${width}.png`), fullPage: true });

    await expect.poll(() => smtp.accepted.filter((mail) => mail.envelope.to.includes(email)).length, { timeout: 30_000 }).toBe(1);
    const mail = smtp.accepted.find((each) => each.envelope.to.includes(email))!;
    expect(mail.headers['reply-to']).toContain('hello@sutralabs.in');
    expect(mail.text).toContain('replies within 24 hours');
    expect(mail.text).toContain('A booking app for our three clinics.');
    // The company hears of it too, at its own address, once.
    expect(
      smtp.accepted.filter((each) => each.envelope.to.includes('sales@sutralabs.in') && each.text.includes(email)),
    ).toHaveLength(1);
  });
}
