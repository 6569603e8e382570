import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DeliveryStatus, NewOutboxRow, NotificationChannel, NotificationOutboxTable } from './tables.ts';

/** One notification of one submission on one channel, as the outbox holds it. */
export interface Delivery {
  /** Also sent with the notification (webhook header, e-mail Message-ID), so that a receiver can drop a repeat. */
  readonly id: string;
  readonly submissionType: 'contact' | 'application';
  readonly submissionId: string;
  readonly channel: NotificationChannel;
  readonly status: DeliveryStatus;
  /** Attempts started so far. */
  readonly attempts: number;
  readonly createdAt: string;
  /** When a pending delivery will next be tried (ISO 8601, UTC). */
  readonly nextAttemptAt: string;
  /** Set while a worker is sending it. */
  readonly lockedUntil: string | null;
  readonly lastError: string | null;
  readonly sentAt: string | null;
}

/** A delivery that this worker has claimed; nobody else sends it until `lockedUntil`. */
export interface ClaimedDelivery extends Delivery {
  readonly lockedUntil: string;
  readonly lockToken: string;
}

export interface ClaimRequest {
  /** Only deliveries on these channels (the ones this server is configured for). */
  readonly channels: readonly NotificationChannel[];
  readonly limit: number;
  /** How long the claim holds; longer than the slowest send can take. */
  readonly leaseMs: number;
  readonly now: Date;
}

export interface DeliveryQuery {
  readonly statuses?: readonly DeliveryStatus[];
  readonly submissionIds?: readonly string[];
  /** Deliveries whose id starts with this (lower-case hex and dashes only). */
  readonly idPrefix?: string;
  readonly limit?: number;
}

/** The rows to write with a new submission: one pending delivery per channel, due at once. */
export function newOutboxRows(
  submission: { readonly type: 'contact' | 'application'; readonly id: string; readonly createdAt: string },
  channels: readonly NotificationChannel[],
): NewOutboxRow[] {
  return channels.map((channel) => ({
    id: randomUUID(),
    submission_type: submission.type,
    submission_id: submission.id,
    channel,
    status: 'pending',
    attempts: 0,
    created_at: submission.createdAt,
    next_attempt_at: submission.createdAt,
    locked_until: null,
    lock_token: null,
    last_error: null,
    sent_at: null,
  }));
}

/**
 * Claims up to `limit` due deliveries in one statement: it counts the attempt and sets a lease. On
 * PostgreSQL, FOR UPDATE SKIP LOCKED lets several servers claim at the same moment without waiting for or
 * taking each other's rows; a row claimed and committed by another server no longer matches (its lease is
 * in the future) when it is re-checked. SQLite runs one writer at a time, so the statement alone suffices.
 */
export async function claimDeliveries(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  request: ClaimRequest,
): Promise<ClaimedDelivery[]> {
  if (request.channels.length === 0 || request.limit < 1) return [];
  const now = request.now.toISOString();
  const lockedUntil = new Date(request.now.getTime() + request.leaseMs).toISOString();
  const lockToken = randomUUID();
  const due = db
    .selectFrom('notification_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('channel', 'in', [...request.channels])
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .limit(request.limit);
  const rows = await db
    .updateTable('notification_outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), locked_until: lockedUntil, lock_token: lockToken }))
    .where('id', 'in', kind === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
  return rows.map((row) => ({ ...toDelivery(row), lockedUntil, lockToken }));
}

/**
 * Marks a delivery sent. Not conditional on the lease: the channel accepted it, and a worker that took it
 * over meanwhile must not send it again (its own result then changes nothing, see `recordFailedAttempt`).
 */
export async function recordDelivered(db: Kysely<Database>, claim: ClaimedDelivery, at: Date): Promise<void> {
  await db
    .updateTable('notification_outbox')
    .set({ status: 'sent', sent_at: at.toISOString(), locked_until: null, lock_token: null, last_error: null })
    .where('id', '=', claim.id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Records a failed attempt: pending again from `retryAt`, or failed for good when `retryAt` is undefined.
 * Only the holder of the claim may do so; returns false when the claim was lost (another worker took the
 * delivery over after the lease ran out, or it was sent meanwhile).
 */
export async function recordFailedAttempt(
  db: Kysely<Database>,
  claim: ClaimedDelivery,
  failure: { readonly error: string; readonly retryAt: Date | undefined },
): Promise<boolean> {
  const result = await db
    .updateTable('notification_outbox')
    .set({
      status: failure.retryAt === undefined ? 'failed' : 'pending',
      ...(failure.retryAt === undefined ? {} : { next_attempt_at: failure.retryAt.toISOString() }),
      locked_until: null,
      lock_token: null,
      last_error: failure.error.slice(0, 1000),
    })
    .where('id', '=', claim.id)
    .where('lock_token', '=', claim.lockToken)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deliveries, newest first. */
export async function listDeliveries(db: Kysely<Database>, query: DeliveryQuery = {}): Promise<Delivery[]> {
  if (query.idPrefix !== undefined && !/^[0-9a-f-]+$/.test(query.idPrefix)) return [];
  const ids = query.submissionIds;
  if (ids !== undefined && ids.length === 0) return [];
  const base = () => {
    let select = db.selectFrom('notification_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (query.statuses !== undefined) select = select.where('status', 'in', [...query.statuses]);
    // The prefix holds only hex digits and dashes (checked above), so it cannot carry LIKE wildcards.
    if (query.idPrefix !== undefined) select = select.where('id', 'like', `${query.idPrefix}%`);
    if (query.limit !== undefined) select = select.limit(query.limit);
    return select;
  };
  if (ids === undefined) return (await base().execute()).map(toDelivery);
  // Bound the number of parameters of one statement (SQLite and PostgreSQL both have a ceiling).
  const rows: Selectable<NotificationOutboxTable>[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    rows.push(
      ...(await base()
        .where('submission_id', 'in', ids.slice(start, start + 500))
        .execute()),
    );
  }
  return rows.map(toDelivery);
}

/**
 * Makes failed or waiting deliveries due now, with a fresh set of attempts. Sent ones are left alone, and so
 * are those a worker is sending at this moment (releasing its claim would let another worker send it too).
 */
export async function retryDeliveries(db: Kysely<Database>, ids: readonly string[], at: Date): Promise<number> {
  const now = at.toISOString();
  let updated = 0n;
  for (let start = 0; start < ids.length; start += 500) {
    const result = await db
      .updateTable('notification_outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null, lock_token: null })
      .where('id', 'in', ids.slice(start, start + 500))
      .where('status', '!=', 'sent')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirst();
    updated += result.numUpdatedRows;
  }
  return Number(updated);
}

function toDelivery(row: Selectable<NotificationOutboxTable>): Delivery {
  return {
    id: row.id,
    submissionType: row.submission_type,
    submissionId: row.submission_id,
    channel: row.channel,
    status: row.status,
    attempts: Number(row.attempts),
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    lockedUntil: row.locked_until,
    lastError: row.last_error,
    sentAt: row.sent_at,
  };
}
