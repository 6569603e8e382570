import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startNotifications, type NotifyConfig } from '../../src/server/notify/index.ts';
import { createEmailChannel, type EmailSettings } from '../../src/server/notify/email.ts';
import { createWebhookChannel } from '../../src/server/notify/webhook.ts';
import { NotificationWorker, retryDelayMs, type WorkerOptions } from '../../src/server/notify/worker.ts';
import type { Delivery, Storage } from '../../src/server/storage/index.ts';
import { expectPortClosed } from '../helpers/processes.ts';
import {
  anyStorage,
  applicationUrl,
  contactUrl,
  createTestApp,
  storageCases,
  tempDir,
  validApplication,
  validContact,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';
import {
  recordingLog,
  startSmtpReceiver,
  startWebhookReceiver,
  waitUntil,
  type SmtpReceiver,
  type WebhookReceiver,
} from './notify-receivers.ts';

const secret = 'a-webhook-secret-of-forty-characters-000';
const client = tempDir('client');
let smtp: SmtpReceiver;
let webhook: WebhookReceiver;

beforeAll(() => void writeClientBuild(client.dir));
afterAll(() => client.remove());

// Each test has receivers of its own, on new ports: a worker that an earlier test left running (one that
// timed out goes on in the background) sends to that test's receivers, which are closed, never to these.
beforeEach(async () => {
  smtp = await startSmtpReceiver();
  webhook = await startWebhookReceiver();
});
afterEach(async () => {
  await smtp.stop();
  await webhook.close();
  await expectPortClosed(smtp.port, 'the SMTP receiver');
  await expectPortClosed(webhook.port, 'the webhook receiver');
});

const emailSettings = (): EmailSettings => ({
  smtpUrl: smtp.url,
  from: 'Sutra Labs website <website@sutralabs.in>',
  to: { contact: ['sales@sutralabs.in'], application: ['hr@sutralabs.in'] },
});

/** The worker's default pollIntervalMs (src/server/notify/worker.ts), which the server's worker uses. */
const pollIntervalMs = 5_000;

const hmac = (body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe.each(storageCases)('notifications on $name', (storageCase) => {
  let clock: Date;
  let underTest: StorageUnderTest;
  let app: FastifyInstance;

  beforeEach(async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    underTest = await storageCase.open({ now: () => clock, notify: ['email', 'webhook'] });
    app = await createTestApp(underTest.storage, client.dir);
  });

  afterEach(async () => {
    await app?.close();
    await underTest?.cleanup();
  });

  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  /** A worker on both channels, on the test's clock, with the jitter fixed at its middle. */
  function worker(storage: Storage = underTest.storage, options: Partial<WorkerOptions> = {}) {
    const log = recordingLog();
    const instance = new NotificationWorker({
      storage,
      channels: [createEmailChannel(emailSettings()), createWebhookChannel({ url: webhook.url, secret }, { now: () => clock })],
      log,
      now: () => clock,
      random: () => 0.5,
      ...options,
    });
    return { worker: instance, log };
  }

  const post = async (url: string, payload: object): Promise<string> => {
    const response = await app.inject({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  };

  const deliveriesOf = async (submissionId: string): Promise<Delivery[]> =>
    (await underTest.storage.listDeliveries({ submissionIds: [submissionId] })).sort((a, b) => (a.channel < b.channel ? -1 : 1));

  it('sends each submission by e-mail and by webhook, with its content, no personal data in the subject and a valid signature', async () => {
    const contactId = await post(contactUrl, validContact);
    const applicationId = await post(applicationUrl, validApplication);
    const { worker: w } = worker();

    expect(await w.runOnce()).toEqual({ claimed: 4, sent: 4, retrying: 0, failed: 0 });

    const [contactEmail, contactHook] = await deliveriesOf(contactId);
    expect([contactEmail?.status, contactHook?.status]).toEqual(['sent', 'sent']);
    expect(contactEmail?.sentAt).toBe(clock.toISOString());

    const enquiry = smtp.accepted.find((mail) => mail.headers['x-sutra-submission'] === contactId);
    expect(enquiry?.envelope).toEqual({ from: 'website@sutralabs.in', to: ['sales@sutralabs.in'] });
    expect(enquiry?.headers.subject).toBe(`New enquiry from the website (ref ${contactId.slice(0, 8)})`);
    expect(enquiry?.headers['reply-to']).toBe(validContact.email);
    expect(enquiry?.headers['message-id']).toBe(`<${contactEmail?.id}@sutralabs.in>`);
    for (const value of Object.values(validContact)) {
      expect(enquiry?.headers.subject).not.toContain(value);
      expect(enquiry?.text).toContain(value);
    }

    const application = smtp.accepted.find((mail) => mail.headers['x-sutra-submission'] === applicationId);
    expect(application?.envelope.to).toEqual(['hr@sutralabs.in']);
    expect(application?.headers.subject).toBe(`New job application: React Developer (ref ${applicationId.slice(0, 8)})`);
    for (const value of [validApplication.name, validApplication.email, validApplication.phone]) {
      expect(application?.headers.subject).not.toContain(value);
      expect(application?.text).toContain(value);
    }

    expect(webhook.accepted).toHaveLength(2);
    const stored = (await underTest.storage.listContacts())[0];
    const request = webhook.accepted.find((r) => JSON.parse(r.body).submission.id === contactId)!;
    expect(request.headers['x-sutra-signature']).toBe(hmac(request.body));
    expect(request.headers['x-sutra-delivery']).toBe(contactHook?.id);
    expect(request.headers['x-sutra-timestamp']).toBe(String(clock.getTime() / 1000));
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      event: 'submission.created',
      deliveryId: contactHook?.id,
      sentAt: clock.toISOString(),
      submission: stored,
    });
  });

  it('retries with growing, jittered delays while the mail server is down and the webhook fails, then delivers once', async () => {
    await smtp.stop();
    webhook.mode = 'refuse';
    const id = await post(contactUrl, validContact);
    const { worker: w, log } = worker();

    expect(await w.runOnce()).toMatchObject({ claimed: 2, retrying: 2 });
    let [email, hook] = await deliveriesOf(id);
    // 30 s after the first failure, with the jitter (0.5) taking a quarter off: 22.5 s.
    expect(email).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: '2026-03-02T09:00:22.500Z' });
    expect(email?.lastError).toMatch(/ECONNREFUSED/);
    expect(hook).toMatchObject({ attempts: 1, lastError: 'the webhook answered 500 Internal Server Error' });

    advance(20_000);
    expect((await w.runOnce()).claimed).toBe(0);

    advance(2_500);
    expect(await w.runOnce()).toMatchObject({ claimed: 2, retrying: 2 });
    [email, hook] = await deliveriesOf(id);
    // Twice the delay the second time: 60 s, 45 s with the jitter.
    expect(email).toMatchObject({ attempts: 2, nextAttemptAt: '2026-03-02T09:01:07.500Z' });

    await smtp.start();
    webhook.mode = 'accept';
    advance(45_000);
    expect(await w.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
    expect(await w.runOnce()).toMatchObject({ claimed: 0 });

    expect(smtp.accepted).toHaveLength(1);
    expect(webhook.accepted).toHaveLength(1);
    // Three attempts reached the receiver, all with the id it can drop repeats by.
    expect(new Set(webhook.received.map((r) => r.headers['x-sutra-delivery']))).toEqual(new Set([hook?.id]));
    expect(webhook.received).toHaveLength(3);
    expect(log.text()).toMatch(
      /warn: The webhook notification \w{8} of contact \w{8} failed \(attempt 1 of 12: the webhook answered 500/,
    );
    expect(log.text()).not.toContain(validContact.email);
    expect(log.text()).not.toContain(validContact.username);
  });

  it('gives up after the last attempt, keeps the notification as failed, and sends it once retried', async () => {
    await smtp.stop();
    webhook.mode = 'refuse';
    const id = await post(applicationUrl, validApplication);
    const { worker: w, log } = worker(underTest.storage, { maxAttempts: 2 });

    await w.runOnce();
    advance(3_600_000);
    expect(await w.runOnce()).toMatchObject({ claimed: 2, failed: 2 });
    const failed = await deliveriesOf(id);
    expect(failed.map((d) => [d.status, d.attempts])).toEqual([
      ['failed', 2],
      ['failed', 2],
    ]);
    expect(log.text()).toMatch(/error: Gave up the email notification \w{8} of application \w{8} after 2 attempts .*retry \w{8}/);

    advance(3_600_000);
    expect((await w.runOnce()).claimed).toBe(0);

    expect(
      await underTest.storage.retryDeliveries(
        failed.map((d) => d.id),
        clock,
      ),
    ).toBe(2);
    await smtp.start();
    webhook.mode = 'accept';
    expect(await w.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
    expect((await deliveriesOf(id)).map((d) => [d.status, d.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('does not try a send that timed out again before its claim would have ended', async () => {
    webhook.mode = 'hang';
    const id = await post(contactUrl, validContact);
    // The webhook alone: the 0.3 s that the hanging receiver costs would also cut short an e-mail sent on a
    // busy machine.
    const { worker: w } = worker(underTest.storage, {
      channels: [createWebhookChannel({ url: webhook.url, secret }, { now: () => clock })],
      sendTimeoutMs: 300,
      leaseMs: 600_000,
    });

    expect(await w.runOnce()).toEqual({ claimed: 1, sent: 0, retrying: 1, failed: 0 });

    const [, hook] = await deliveriesOf(id);
    expect(hook).toMatchObject({ attempts: 1, lastError: 'no answer within 0.3 s', nextAttemptAt: '2026-03-02T09:10:00.000Z' });
  });

  it('never notifies about spam', async () => {
    const spam = await post(contactUrl, { ...validContact, website: 'https://cheap-pills.example' });
    const genuine = await post(contactUrl, { ...validContact, username: 'Meera Iyer' });
    const { worker: w } = worker();

    expect((await underTest.storage.listContacts()).find((row) => row.id === spam)).toMatchObject({ spam: true });
    expect(await deliveriesOf(spam)).toEqual([]);
    // A whole pass over the outbox, which sends the genuine enquiry saved after the spam and nothing else.
    expect(await w.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
    expect(await w.runOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.received.map((mail) => mail.headers['x-sutra-submission'])).toEqual([genuine]);
    expect(webhook.received.map((request) => JSON.parse(request.body).submission.id)).toEqual([genuine]);
  });

  it('has two workers on the same database send each notification exactly once', async () => {
    const second = await underTest.reopen({ now: () => clock, notify: ['email', 'webhook'] });
    try {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          underTest.storage.saveContact({ ...validContact, username: `Visitor ${i}`, spam: false }),
        ),
      );
      const a = worker(underTest.storage, { batchSize: 3 }).worker;
      const b = worker(second, { batchSize: 3 }).worker;
      const claimed = { a: 0, b: 0 };
      for (;;) {
        const [passA, passB] = await Promise.all([a.runOnce(), b.runOnce()]);
        claimed.a += passA.claimed;
        claimed.b += passB.claimed;
        if (passA.claimed + passB.claimed === 0) break;
      }

      expect(claimed.a).toBeGreaterThan(0);
      expect(claimed.b).toBeGreaterThan(0);
      expect(claimed.a + claimed.b).toBe(24);
      const hookIds = webhook.accepted.map((r) => r.headers['x-sutra-delivery']);
      expect(hookIds).toHaveLength(12);
      expect(new Set(hookIds).size).toBe(12);
      const messageIds = smtp.accepted.map((mail) => mail.headers['message-id']);
      expect(messageIds).toHaveLength(12);
      expect(new Set(messageIds).size).toBe(12);
      expect((await underTest.storage.listDeliveries({ statuses: ['sent'] })).length).toBe(24);
    } finally {
      await second.close();
    }
  });

  it('has the running server send a new submission at once, not at the next poll', async () => {
    const log = recordingLog();
    const config: NotifyConfig = { email: emailSettings(), webhook: { url: webhook.url, secret }, maxAttempts: 12 };
    // The storage, telling when each pass of the worker began and ended, and what it found.
    const passes: { startedAt: number; endedAt: number; claimed: number }[] = [];
    let firstPassDone: () => void;
    const firstPass = new Promise<void>((resolve) => (firstPassDone = resolve));
    const storage: Storage = Object.assign(Object.create(underTest.storage) as Storage, {
      async claimNotifications(request: Parameters<Storage['claimNotifications']>[0]) {
        const startedAt = performance.now();
        const claimed = await underTest.storage.claimNotifications(request);
        passes.push({ startedAt, endedAt: performance.now(), claimed: claimed.length });
        firstPassDone();
        return claimed;
      },
    });
    const notifications = startNotifications(storage, config, log);
    try {
      // The first pass finds nothing; the worker then waits for its next poll, 5 s later, or to be woken.
      await firstPass;
      const id = await post(contactUrl, validContact);

      await waitUntil(() => smtp.accepted.length === 1 && webhook.accepted.length === 1, 'both channels got the enquiry');
      expect(JSON.parse(webhook.accepted[0]!.body).submission.id).toBe(id);
      // The pass that sent it began before the poll could have: the save woke the worker.
      const sending = passes.find((pass) => pass.claimed > 0)!;
      expect(passes.indexOf(sending)).toBe(1);
      // (Less a margin: the poll's timer counts from the event loop's clock, which may lag performance.now a little.)
      expect(sending.startedAt - passes[0]!.endedAt).toBeLessThan(pollIntervalMs - 100);
      expect(log.text()).toContain(
        `info: Notifications of new submissions go by e-mail (enquiries to 1 address, applications to 1 address) and to the webhook on ${new URL(webhook.url).host}.`,
      );
    } finally {
      await notifications.stop();
    }
  });
});

describe('without any notification channel', () => {
  it('stores submissions without queueing notifications, and starts no worker', async () => {
    const underTest = await anyStorage.open();
    const app = await createTestApp(underTest.storage, client.dir);
    try {
      const response = await app.inject({ method: 'POST', url: contactUrl, payload: validContact });
      expect(response.statusCode).toBe(201);

      expect(await underTest.storage.listContacts()).toHaveLength(1);
      expect(await underTest.storage.listDeliveries()).toEqual([]);
      const log = recordingLog();
      const notifications = startNotifications(underTest.storage, { email: undefined, webhook: undefined, maxAttempts: 12 }, log);
      await notifications.stop();
      expect(log.lines).toEqual([]);
    } finally {
      await app.close();
      await underTest.cleanup();
    }
  });
});

describe('stopping the worker', () => {
  it('returns within its grace period while a receiver hangs, and leaves that notification claimed for later', async () => {
    const underTest = await anyStorage.open({ notify: ['webhook'] });
    try {
      webhook.mode = 'hang';
      await underTest.storage.saveContact({ ...validContact, spam: false });
      const log = recordingLog();
      const worker = new NotificationWorker({
        storage: underTest.storage,
        channels: [createWebhookChannel({ url: webhook.url, secret })],
        log,
      });
      worker.start();
      await waitUntil(() => webhook.received.length === 1, 'the webhook request was on the wire');

      const started = Date.now();
      await worker.stop(300);

      // Not a speed check: the hanging request would hold it 15 s (the webhook timeout) if it waited for it.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(log.text()).toContain('warn: Notifications were still being sent 0.3 s after the shutdown began');
      const [delivery] = await underTest.storage.listDeliveries();
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastError: null });
      expect(delivery?.lockedUntil).not.toBeNull();
    } finally {
      await underTest.cleanup();
    }
  });
});

describe('retryDelayMs', () => {
  const backoff = { baseMs: 30_000, capMs: 3_600_000 };

  it('waits the base delay after the first failure, between half of it and all of it depending on the jitter', () => {
    expect(retryDelayMs(1, backoff, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, backoff, () => 0.999_999)).toBe(30_000);
  });

  it('doubles the delay with each failure', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, backoff, () => 1))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never waits longer than the cap, however many failures', () => {
    expect(retryDelayMs(12, backoff, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(500, backoff, () => 0)).toBe(1_800_000);
  });
});
