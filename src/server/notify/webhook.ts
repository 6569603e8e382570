import { createHmac } from 'node:crypto';
import type { Delivery, Submission } from '../storage/index.ts';
import type { DeliveryChannel, Notification } from './worker.ts';

/** Webhook notifications: a signed JSON POST to the company's own system. */
export interface WebhookSettings {
  readonly url: string;
  /** Key of the HMAC-SHA256 signature; the receiver holds the same one. */
  readonly secret: string;
}

/** Headers of every webhook request; lower-case, as Node's HTTP server presents them. */
export const webhookHeaders = {
  signature: 'x-sutra-signature',
  timestamp: 'x-sutra-timestamp',
  delivery: 'x-sutra-delivery',
  event: 'x-sutra-event',
} as const;

/** The JSON body of a webhook request. */
export interface WebhookBody {
  readonly event: 'submission.created';
  /** The same for every attempt of one notification: a receiver that has seen it drops the repeat. */
  readonly deliveryId: string;
  /** When this attempt was made (ISO 8601); also in the timestamp header, but only the body is signed. */
  readonly sentAt: string;
  /** The submission, as `npm run submissions -- export --format json` writes it. */
  readonly submission: Submission;
}

/** `sha256=` and the hex HMAC-SHA256 of the raw body: what X-Sutra-Signature carries. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * The request that announces a submission. The signature covers the raw body, and the body repeats the
 * delivery id and the time of sending, so a receiver can check all three with one HMAC, drop replays older
 * than a few minutes and drop a delivery id it has already processed.
 */
export function webhookRequest(
  settings: WebhookSettings,
  delivery: Delivery,
  submission: Submission,
  now: Date,
): { body: string; headers: Record<string, string> } {
  const payload: WebhookBody = { event: 'submission.created', deliveryId: delivery.id, sentAt: now.toISOString(), submission };
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'SutraLabs-Notifications/1',
      [webhookHeaders.event]: payload.event,
      [webhookHeaders.delivery]: delivery.id,
      [webhookHeaders.timestamp]: String(Math.floor(now.getTime() / 1000)),
      [webhookHeaders.signature]: signWebhookBody(settings.secret, body),
    },
  };
}

/** Posts notifications to WEBHOOK_URL; any 2xx answer counts as accepted, anything else is retried. */
export function createWebhookChannel(
  settings: WebhookSettings,
  options: { readonly now?: () => Date; readonly timeoutMs?: number } = {},
): DeliveryChannel {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    name: 'webhook',
    async send({ delivery, submission }: Notification): Promise<void> {
      const { body, headers } = webhookRequest(settings, delivery, submission, now());
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers,
          body,
          // A redirect of a POST may turn it into a GET elsewhere; say so instead of following it.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause;
        throw new Error(
          (error as Error).name === 'TimeoutError'
            ? `the webhook did not answer within ${timeoutMs / 1000} s`
            : `the webhook could not be reached (${cause?.message ?? (error as Error).message})`,
          { cause: error },
        );
      }
      // The answer's body is not needed; reading it frees the connection for the next request.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return;
      if (response.status >= 300 && response.status < 400) {
        throw new Error(
          `the webhook answered ${response.status}, a redirect to ${response.headers.get('location') ?? 'nowhere'}; set WEBHOOK_URL to the final address`,
        );
      }
      throw new Error(`the webhook answered ${response.status} ${response.statusText}`.trim());
    },
  };
}
