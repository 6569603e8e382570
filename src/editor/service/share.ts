/**
 * Preview links for people outside the editor (a client, a manager without an account): a token that
 * names one change set and when it stops working, signed with the service's secret, so the server
 * keeps no list of them and a link cannot be altered to show another change set or to last longer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The longest a shared preview may work: long enough for a client's review, short enough to forget. */
export const MAX_SHARE_DAYS = 14;

const sign = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(`preview:${payload}`).digest('base64url');

export function shareToken(secret: Buffer, changeSet: string, expires: Date): string {
  const payload = `${changeSet}.${Math.floor(expires.getTime() / 1000)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The change set a token shows, or undefined when it is altered, signed with another secret or expired. */
export function readShareToken(secret: Buffer, token: string, now: Date = new Date()): string | undefined {
  const match = /^([a-z0-9]{10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const expected = Buffer.from(sign(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return Number(match[2]) * 1000 > now.getTime() ? match[1] : undefined;
}
