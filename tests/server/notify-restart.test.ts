/**
 * Exactly one notification per submission across a crash: the real server (src/server/main.ts) is killed
 * with SIGKILL while its sends are under way, then a worker on a reopened storage takes over.
 */
import path from 'node:path';
import pg from 'pg';
import { createTestSchema, postgresAnswers } from './postgres-schemas.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmailChannel } from '../../src/server/notify/email.ts';
import { createWebhookChannel } from '../../src/server/notify/webhook.ts';
import { NotificationWorker } from '../../src/server/notify/worker.ts';
import { openStorage, type StorageConfig } from '../../src/server/storage/index.ts';
import { spawningTestTimeoutMs } from '../helpers/deadlines.ts';
import { expectPortClosed, type TestProcess } from '../helpers/processes.ts';
import { startListeningServer } from './server-process.ts';
import { contactUrl, tempDir, testDatabaseUrl, validContact, writeClientBuild } from './helpers.ts';
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

// Receivers of each test's own, so that nothing sent during one test can be counted by another.
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

/** A database for the server process and for the test, removed afterwards. */
interface Database {
  readonly env: Record<string, string>;
  readonly config: StorageConfig;
  cleanup(): Promise<void>;
}

const databases: { name: string; create(): Promise<Database> }[] = [
  {
    name: 'SQLite',
    async create() {
      const data = tempDir('data');
      return {
        env: { DATA_DIR: data.dir, DATABASE_URL: '' },
        config: { kind: 'sqlite', file: path.join(data.dir, 'submissions.db') },
        cleanup: async () => data.remove(),
      };
    },
  },
  {
    name: 'PostgreSQL',
    async create() {
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      const schema = await createTestSchema(admin);
      await admin.end();
      const url = new URL(testDatabaseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return {
        env: { DATABASE_URL: url.toString() },
        config: { kind: 'postgres', connectionString: testDatabaseUrl, schema },
        // The schema is dropped after the run (postgres-schemas.ts).
        cleanup: async () => {},
      };
    },
  },
];

/** Starts `npm start`'s server on a free port with both notification channels; resolves with its base URL. */
function startServer(database: Database): Promise<{ process: TestProcess; base: string }> {
  return startListeningServer({
    CLIENT_DIR: client.dir,
    LOG_LEVEL: 'info',
    REDIS_URL: '',
    API_RATE_LIMIT_MAX: '1000',
    SMTP_URL: smtp.url,
    NOTIFY_FROM: 'website@sutralabs.in',
    NOTIFY_TO: 'sales@sutralabs.in',
    WEBHOOK_URL: webhook.url,
    WEBHOOK_SECRET: secret,
    ...database.env,
  });
}

async function submit(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}${contactUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...validContact, username }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** How often each submission was accepted by each receiver. */
function acceptedCounts(): { email: Map<string, number>; webhook: Map<string, number> } {
  const tally = (ids: string[]) =>
    ids.reduce((counts, id) => counts.set(id, (counts.get(id) ?? 0) + 1), new Map<string, number>());
  return {
    email: tally(smtp.accepted.map((mail) => mail.headers['x-sutra-submission'] ?? '')),
    webhook: tally(webhook.accepted.map((request) => JSON.parse(request.body).submission.id as string)),
  };
}

describe.each(databases.filter((database) => postgresAnswers || database.name !== 'PostgreSQL'))(
  'a server killed mid-send, on $name',
  (database) => {
    it(
      'leaves the interrupted notifications to the next worker once the lease ends, and every submission is accepted once per channel',
      async () => {
        const db = await database.create();
        try {
          const server = await startServer(db);
          const delivered: string[] = [];
          for (const name of ['One', 'Two', 'Three']) delivered.push(await submit(server.base, name));
          await waitUntil(() => smtp.accepted.length === 3 && webhook.accepted.length === 3, 'the first three were delivered');

          // The receivers now take each message in and never answer; the server is killed while it waits.
          smtp.mode = webhook.mode = 'hang';
          const interrupted = [await submit(server.base, 'Four'), await submit(server.base, 'Five')];
          await waitUntil(() => smtp.received.length === 5 && webhook.received.length === 5, 'the last two were on the wire');
          server.process.child.kill('SIGKILL');
          await server.process.exited;
          smtp.mode = webhook.mode = 'accept';

          const storage = await openStorage(db.config, { notify: ['email', 'webhook'] });
          try {
            const workerAt = (now: () => Date) =>
              new NotificationWorker({
                storage,
                channels: [
                  createEmailChannel({
                    smtpUrl: smtp.url,
                    from: 'website@sutralabs.in',
                    to: { contact: ['sales@sutralabs.in'], application: [] },
                  }),
                  createWebhookChannel({ url: webhook.url, secret }),
                ],
                log: recordingLog(),
                now,
              });

            // Right after the crash the dead server's claims still hold: nobody sends those notifications.
            expect((await workerAt(() => new Date()).runOnce()).claimed).toBe(0);

            // Once the lease (2 minutes) has run out, a new worker takes them over.
            const later = workerAt(() => new Date(Date.now() + 121_000));
            expect(await later.runOnce()).toMatchObject({ claimed: 4, sent: 4 });
            expect((await later.runOnce()).claimed).toBe(0);

            const counts = acceptedCounts();
            for (const id of [...delivered, ...interrupted]) {
              expect([id, counts.email.get(id), counts.webhook.get(id)]).toEqual([id, 1, 1]);
            }
            expect(smtp.accepted).toHaveLength(5);
            expect(webhook.accepted).toHaveLength(5);
            // The interrupted attempt and the one that got through carry the same delivery id.
            const hung = webhook.received.slice(3, 5).map((r) => r.headers['x-sutra-delivery']);
            const resent = webhook.accepted.slice(3).map((r) => r.headers['x-sutra-delivery']);
            expect(new Set(resent)).toEqual(new Set(hung));

            const deliveries = await storage.listDeliveries();
            expect(deliveries.every((d) => d.status === 'sent')).toBe(true);
            expect(deliveries.filter((d) => interrupted.includes(d.submissionId)).map((d) => d.attempts)).toEqual([2, 2, 2, 2]);
            expect(deliveries.filter((d) => delivered.includes(d.submissionId)).map((d) => d.attempts)).toEqual([
              1, 1, 1, 1, 1, 1,
            ]);
          } finally {
            await storage.close();
          }
        } finally {
          await db.cleanup();
        }
      },
      spawningTestTimeoutMs,
    );
  },
);
