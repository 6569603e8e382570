/**
 * Notifications of new submissions, by e-mail and/or webhook. A save writes one outbox row per configured
 * channel in the same transaction as the submission (storage/outbox.ts); the worker here sends them in the
 * background, so the visitor's answer never waits for a mail server, and a mail server that is down delays
 * a notification without losing it.
 */
import type { NotificationChannel, Storage } from '../storage/index.ts';
import { createEmailChannel, type EmailSettings } from './email.ts';
import { createConfirmationChannel } from './confirmation.ts';
import type { SenderReplies } from '../../content/build/server-facts.ts';
import { createWebhookChannel, type WebhookSettings } from './webhook.ts';
import { NotificationWorker, type DeliveryChannel, type WorkerLog } from './worker.ts';

export type { EmailSettings } from './email.ts';
export type { WebhookSettings } from './webhook.ts';
export { defaultMaxAttempts } from './worker.ts';

/** The notification settings of the server (see config.ts); no channel at all is a valid setting. */
export interface NotifyConfig {
  readonly email: EmailSettings | undefined;
  readonly webhook: WebhookSettings | undefined;
  /** Attempts per notification before it is marked failed. */
  readonly maxAttempts: number;
}

/** The channels a new submission queues a notification on: what `openStorage` takes as `notify`. */
export function notificationChannels(config: NotifyConfig): NotificationChannel[] {
  return [
    ...(config.email === undefined ? [] : ['email' as const]),
    ...(config.webhook === undefined ? [] : ['webhook' as const]),
  ];
}

/** The running notification worker of a server. */
export interface Notifications {
  /** Lets the sends under way finish, then stops; call before closing the storage. */
  stop(): Promise<void>;
}

/**
 * Starts sending queued notifications in the background: at once after each save, and every few seconds
 * for retries and for rows that other instances queued. Does nothing when no channel is configured.
 */
export function startNotifications(
  storage: Storage,
  config: NotifyConfig,
  log: WorkerLog,
  /** What the forms promise their senders (server-facts.json): with e-mail set up, senders get a confirmation. */
  replies?: SenderReplies,
): Notifications {
  const channels: DeliveryChannel[] = [
    ...(config.email === undefined ? [] : [createEmailChannel(config.email)]),
    ...(config.webhook === undefined ? [] : [createWebhookChannel(config.webhook)]),
    ...(config.email === undefined || replies === undefined ? [] : [createConfirmationChannel(config.email, replies)]),
  ];
  if (channels.length === 0) return { stop: async () => {} };
  const worker = new NotificationWorker({ storage, channels, log, maxAttempts: config.maxAttempts });
  const unsubscribe = storage.onNotificationsQueued(() => worker.wake());
  worker.start();
  log.info(
    `Notifications of new submissions go ${[
      config.email === undefined ? undefined : `by e-mail (${describeRecipients(config.email)})`,
      // The host only: the address may carry a token in its path or query.
      config.webhook === undefined ? undefined : `to the webhook on ${new URL(config.webhook.url).host}`,
    ]
      .filter(Boolean)
      .join(' and ')}.${
      config.email !== undefined && replies !== undefined
        ? ` Senders get a confirmation by e-mail from the forms whose settings ask for it (${
            (['contact', 'application'] as const).filter((form) => replies[form].confirmationEmail).join(', ') ||
            'none at the moment'
          }).`
        : ''
    }`,
  );
  return {
    async stop() {
      unsubscribe();
      await worker.stop();
    },
  };
}

function describeRecipients(email: EmailSettings): string {
  const count = (list: readonly string[]) => `${list.length} ${list.length === 1 ? 'address' : 'addresses'}`;
  return `enquiries to ${count(email.to.contact)}, applications to ${count(email.to.application)}`;
}
