import type { ClaimedDelivery, ClaimedNotification, NotificationChannel, Storage, Submission } from '../storage/index.ts';

/** A notification ready to send: the delivery (its id goes along) and the submission it announces. */
export interface Notification {
  readonly delivery: ClaimedDelivery;
  readonly submission: Submission;
}

/** One way of notifying the company (e-mail, webhook). */
export interface DeliveryChannel {
  readonly name: NotificationChannel;
  /** Resolves once the receiving end accepted the notification; rejects with the reason otherwise. */
  send(notification: Notification): Promise<void>;
  /** Frees connections; called when the worker stops. */
  close?(): void;
}

/** Where the worker reports; pino's logger (app.log) fits. Messages carry no personal data. */
export interface WorkerLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Retry delays: `baseMs` after the first failure, doubling each time, never more than `capMs`. */
export interface Backoff {
  readonly baseMs: number;
  readonly capMs: number;
}

export const defaultBackoff: Backoff = { baseMs: 30_000, capMs: 3_600_000 };
/** With the default backoff, 12 attempts span 2.5 to 5 hours before a notification is given up. */
export const defaultMaxAttempts = 12;

export interface WorkerOptions {
  readonly storage: Storage;
  readonly channels: readonly DeliveryChannel[];
  readonly log: WorkerLog;
  /** Attempts before a delivery is marked failed (it is kept, and can be retried from the command line). */
  readonly maxAttempts?: number;
  readonly backoff?: Backoff;
  /** How long a claim holds; longer than `sendTimeoutMs`, so that nobody takes over a send still under way. */
  readonly leaseMs?: number;
  /** A send that has not finished by then counts as failed. */
  readonly sendTimeoutMs?: number;
  /** Deliveries claimed and sent at a time. */
  readonly batchSize?: number;
  /** How often the outbox is checked when nothing wakes the worker (other instances' rows, retries). */
  readonly pollIntervalMs?: number;
  /** Clock and randomness (jitter); tests set them. */
  readonly now?: () => Date;
  readonly random?: () => number;
}

/** What one pass did. */
export interface PassSummary {
  readonly claimed: number;
  readonly sent: number;
  readonly retrying: number;
  readonly failed: number;
}

/**
 * How long to wait after the `attempts`-th failed attempt: exponential, capped, with "equal jitter" (half
 * of it fixed, half random) so that deliveries that failed together (the mail server was down) do not all
 * come back in the same second.
 */
export function retryDelayMs(attempts: number, backoff: Backoff = defaultBackoff, random: () => number = Math.random): number {
  const exponential = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

class SendTimeout extends Error {}

/**
 * Sends what the outbox holds. Each pass claims a batch of due deliveries (with a lease, so that no other
 * worker sends them meanwhile), sends them, and records the outcome: sent once the channel accepted it;
 * otherwise due again after a backoff, or failed after `maxAttempts`. A worker that dies mid-send leaves its
 * claim to expire, after which another worker sends the delivery again, with the same delivery id.
 */
export class NotificationWorker {
  private readonly channels: ReadonlyMap<NotificationChannel, DeliveryChannel>;
  private readonly maxAttempts: number;
  private readonly backoff: Backoff;
  private readonly leaseMs: number;
  private readonly sendTimeoutMs: number;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly now: () => Date;
  private readonly random: () => number;
  private running: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private wakeUp: (() => void) | undefined;

  constructor(private readonly options: WorkerOptions) {
    this.channels = new Map(options.channels.map((channel) => [channel.name, channel]));
    this.maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
    this.backoff = options.backoff ?? defaultBackoff;
    this.sendTimeoutMs = options.sendTimeoutMs ?? 60_000;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.batchSize = options.batchSize ?? 10;
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    if (this.leaseMs <= this.sendTimeoutMs) {
      throw new RangeError(`leaseMs (${this.leaseMs}) must exceed sendTimeoutMs (${this.sendTimeoutMs}).`);
    }
  }

  /** Claims one batch of due deliveries and sends them; resolves when every outcome is recorded. */
  async runOnce(): Promise<PassSummary> {
    const claimed = await this.claim(this.batchSize);
    const outcomes = await Promise.all(claimed.map((notification) => this.deliver(notification)));
    return {
      claimed: claimed.length,
      sent: outcomes.filter((o) => o === 'sent').length,
      retrying: outcomes.filter((o) => o === 'retrying').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
  }

  /**
   * Sends in the background until `stop()`: up to `batchSize` sends at a time, claiming more as soon as one
   * finishes or a save wakes the worker, so that a receiver that hangs holds up one slot, not the queue.
   * Otherwise it checks the outbox every `pollIntervalMs` (retries fall due, other instances queue rows).
   */
  start(): void {
    this.running ??= this.loop();
  }

  /** Asks for a claim now (a submission just queued notifications, or a send finished). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Stops claiming and waits for the sends under way, at most `graceMs`, so that their outcome is recorded and
   * nothing stays claimed without need; a server shutting down cannot wait for a mail server's timeouts. A
   * send still under way then (or in a process that was killed) keeps its claim until the lease ends, after
   * which a worker sends it again, with the same delivery id.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      this.running?.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (waited === false) {
      this.options.log.warn(
        `Notifications were still being sent ${graceMs / 1000} s after the shutdown began; they will be sent again once their claim ends (${this.leaseMs / 1000} s).`,
      );
    }
    for (const channel of this.channels.values()) channel.close?.();
  }

  private claim(limit: number): Promise<ClaimedNotification[]> {
    return this.options.storage.claimNotifications({
      channels: [...this.channels.keys()],
      limit,
      leaseMs: this.leaseMs,
      now: this.now(),
    });
  }

  private async loop(): Promise<void> {
    const inFlight = new Set<Promise<unknown>>();
    /** The last claim took all it could: more may be due as soon as a slot frees up. */
    let backlog = false;
    let failures = 0;
    while (!this.stopping) {
      this.woken = false;
      const free = this.batchSize - inFlight.size;
      if (free > 0) {
        try {
          const claimed = await this.claim(free);
          if (failures > 0) this.options.log.info('The notification outbox can be read again; sending resumes.');
          failures = 0;
          backlog = claimed.length === free;
          for (const notification of claimed) {
            const sending = this.deliver(notification).finally(() => {
              inFlight.delete(sending);
              if (backlog) this.wake();
            });
            inFlight.add(sending);
          }
        } catch (error) {
          failures += 1;
          // Said once, not every few seconds while the database is away.
          if (failures === 1) {
            this.options.log.error(
              `Could not read the notification outbox (${message(error)}); notifications wait in the database and are sent once it answers.`,
            );
          }
        }
      }
      if (this.stopping) break;
      if (this.woken) continue;
      // Wait for a save, a free slot or the next poll; longer while the database keeps failing.
      await this.idle(Math.min(this.pollIntervalMs * 2 ** Math.min(failures, 4), 60_000));
    }
    await Promise.all(inFlight);
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      // The server's sockets keep the process alive; the worker alone must not.
      timer.unref();
      this.wakeUp = done;
    });
  }

  private async deliver({ delivery, submission }: ClaimedNotification): Promise<'sent' | 'retrying' | 'failed' | 'lost'> {
    const what = `${delivery.channel} notification ${delivery.id.slice(0, 8)} of ${delivery.submissionType} ${delivery.submissionId.slice(0, 8)}`;
    const channel = this.channels.get(delivery.channel);
    try {
      if (submission === undefined) {
        await this.options.storage.recordFailedAttempt(delivery, {
          error: 'the submission no longer exists (it was deleted), so there is nothing to send',
          retryAt: undefined,
        });
        this.options.log.warn(`Gave up the ${what}: the submission no longer exists.`);
        return 'failed';
      }
      try {
        // Claims only cover configured channels; a missing one is a programming error, retried like any other.
        if (channel === undefined) throw new Error(`no ${delivery.channel} channel is configured`);
        await this.withTimeout(channel.send({ delivery, submission }));
      } catch (error) {
        return await this.recordFailure(what, delivery, error);
      }
      await this.options.storage.recordDelivered(delivery, this.now());
      this.options.log.info(`Sent the ${what} (attempt ${delivery.attempts}).`);
      return 'sent';
    } catch (error) {
      // The database failed while recording: the claim expires and the delivery is tried again then.
      this.options.log.error(`Could not record the outcome of the ${what} (${message(error)}); it will be tried again.`);
      return 'lost';
    }
  }

  private async recordFailure(what: string, delivery: ClaimedDelivery, error: unknown): Promise<'retrying' | 'failed' | 'lost'> {
    const reason = message(error);
    const now = this.now();
    let retryAt: Date | undefined =
      delivery.attempts >= this.maxAttempts
        ? undefined
        : new Date(now.getTime() + retryDelayMs(delivery.attempts, this.backoff, this.random));
    // A send that timed out may still be under way: nobody tries again before its claim would have ended.
    if (retryAt !== undefined && error instanceof SendTimeout && retryAt.toISOString() < delivery.lockedUntil) {
      retryAt = new Date(delivery.lockedUntil);
    }
    const recorded = await this.options.storage.recordFailedAttempt(delivery, { error: reason, retryAt });
    if (!recorded) {
      this.options.log.warn(`The ${what} failed (${reason}), but another worker had taken it over meanwhile.`);
      return 'lost';
    }
    if (retryAt === undefined) {
      this.options.log.error(
        `Gave up the ${what} after ${delivery.attempts} attempts (${reason}). It is kept: see \`npm run submissions -- outbox\`, and retry it with \`npm run submissions -- retry ${delivery.id.slice(0, 8)}\` once the cause is fixed.`,
      );
      return 'failed';
    }
    this.options.log.warn(
      `The ${what} failed (attempt ${delivery.attempts} of ${this.maxAttempts}: ${reason}); trying again at ${retryAt.toISOString()}.`,
    );
    return 'retrying';
  }

  private withTimeout(sending: Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new SendTimeout(`no answer within ${this.sendTimeoutMs / 1000} s`)), this.sendTimeoutMs);
    });
    return Promise.race([sending, timeout]).finally(() => clearTimeout(timer));
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
