/**
 * A reply the visitor can trust (issue 53): once an enquiry or an application is stored, its sender receives
 * an e-mail that says it arrived, what happens next (the form's promise from the site settings), what they
 * sent and which privacy notice covered it. It goes through the outbox, so it is queued in the submission's
 * transaction and sent once; a form whose setting is off, spam, and a server without e-mail send none.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SenderReplies } from '../../src/content/build/server-facts.ts';
import { createConfirmationChannel } from '../../src/server/notify/confirmation.ts';
import { NotificationWorker } from '../../src/server/notify/worker.ts';
import { expectPortClosed } from '../helpers/processes.ts';
import { pdfFile } from './cv-files.ts';
import {
  applicationUrl,
  contactUrl,
  createTestApp,
  fixtureNoticeVersion,
  fixtureRoles,
  fixtureRoutes,
  storageCases,
  tempDir,
  validApplication,
  validContact,
  writeClientBuild,
  type StorageUnderTest,
} from './helpers.ts';
import { recordingLog, startSmtpReceiver, type SmtpReceiver } from './notify-receivers.ts';

const replies: SenderReplies = {
  siteName: 'Sutra Labs',
  siteUrl: 'https://www.sutralabs.in',
  contact: {
    promise: 'Someone from our team replies within 24 hours, by e-mail from hello@sutralabs.in.',
    replyTo: 'hello@sutralabs.in',
    confirmationEmail: true,
  },
  application: {
    promise: 'Within five working days you hear from our hiring team at hr@sutralabs.in.',
    replyTo: 'hr@sutralabs.in',
    confirmationEmail: true,
  },
};

const client = tempDir('client');
const withReplies = (settings: SenderReplies) =>
  writeClientBuild(client.dir, {
    facts: { routes: fixtureRoutes, roles: fixtureRoles, noticeVersion: fixtureNoticeVersion, replies: settings },
  });
beforeAll(() => void withReplies(replies));
afterAll(() => client.remove());

let smtp: SmtpReceiver;
beforeEach(async () => {
  smtp = await startSmtpReceiver();
});
afterEach(async () => {
  await smtp.stop();
  await expectPortClosed(smtp.port, 'the SMTP receiver');
});

const BOUNDARY = '----confirmation-test';
function withCv(fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="Ravi Kumar CV.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdfFile(),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

describe.each(storageCases)('the confirmation e-mail on $name', (storageCase) => {
  let underTest: StorageUnderTest;
  let app: FastifyInstance;
  beforeEach(async () => {
    underTest = await storageCase.open({ notify: ['email'] });
    app = await createTestApp(underTest.storage, client.dir, { confirmations: true });
  });
  afterEach(async () => {
    await app?.close();
    await underTest?.cleanup();
  });

  const send = () =>
    new NotificationWorker({
      storage: underTest.storage,
      channels: [
        createConfirmationChannel(
          { smtpUrl: smtp.url, from: 'Sutra Labs <website@sutralabs.in>', to: { contact: [], application: [] } },
          replies,
        ),
      ],
      log: recordingLog(),
      random: () => 0.5,
    }).runOnce();

  it('reaches the sender of an enquiry with the promise, what they sent and the privacy notice, once', async () => {
    const response = await app.inject({ method: 'POST', url: contactUrl, payload: validContact });
    expect(response.statusCode).toBe(201);
    const id = response.json().id as string;

    expect(await send()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await send()).toMatchObject({ claimed: 0 });
    expect(smtp.accepted).toHaveLength(1);
    const [mail] = smtp.accepted;
    expect(mail!.envelope).toEqual({ from: 'website@sutralabs.in', to: [validContact.email] });
    expect(mail!.headers['reply-to']).toBe('hello@sutralabs.in');
    expect(mail!.headers['x-sutra-submission']).toBe(id);
    // The subject names no one; the body has the promise, every field sent, and the notice's version.
    expect(mail!.headers.subject).toBe('We have your enquiry: Sutra Labs');
    expect(mail!.text).toContain(replies.contact.promise);
    for (const value of Object.values(validContact)) expect(mail!.text).toContain(value);
    expect(mail!.text).toContain(`https://www.sutralabs.in/privacy (the version of ${fixtureNoticeVersion.slice(0, 10)}`);
  });

  it('reaches an applicant with the role, the name of their CV and the promise of the hiring team', async () => {
    const response = await app.inject({
      method: 'POST',
      url: applicationUrl,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        accept: 'application/json',
        origin: 'http://localhost:80',
      },
      payload: withCv(validApplication),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await send()).toMatchObject({ sent: 1 });
    const [mail] = smtp.accepted;
    expect(mail!.envelope.to).toEqual([validApplication.email]);
    expect(mail!.headers.subject).toBe('We have your application for React Developer: Sutra Labs');
    expect(mail!.headers['reply-to']).toBe('hr@sutralabs.in');
    expect(mail!.text).toContain(replies.application.promise);
    expect(mail!.text).toMatch(/CV:\s+Ravi Kumar CV\.pdf/);
  });

  it('is not queued for spam, nor for a form whose setting is off', async () => {
    const spam = await app.inject({
      method: 'POST',
      url: contactUrl,
      payload: { ...validContact, website: 'https://spam.example' },
    });
    expect(spam.statusCode).toBe(201);
    await app.close();
    withReplies({ ...replies, contact: { ...replies.contact, confirmationEmail: false } });
    try {
      app = await createTestApp(underTest.storage, client.dir, { confirmations: true });
      expect((await app.inject({ method: 'POST', url: contactUrl, payload: validContact })).statusCode).toBe(201);
      const deliveries = await underTest.storage.listDeliveries();
      expect(deliveries.filter((d) => d.channel === 'confirmation')).toEqual([]);
      // The company still hears of the enquiry that is not spam.
      expect(deliveries.filter((d) => d.channel === 'email')).toHaveLength(1);
    } finally {
      withReplies(replies);
    }
  });
});

describe('a server without e-mail', () => {
  it('queues no confirmation, whatever the settings say', async () => {
    const underTest = await storageCases[0]!.open();
    const app = await createTestApp(underTest.storage, client.dir);
    try {
      expect((await app.inject({ method: 'POST', url: contactUrl, payload: validContact })).statusCode).toBe(201);
      expect(await underTest.storage.listDeliveries()).toEqual([]);
    } finally {
      await app.close();
      await underTest.cleanup();
    }
  });
});
