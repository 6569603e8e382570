/**
 * Preview links for people outside the editor (a client, a manager without an account): a token that
 * names one change set, who made the link and when it stops working, signed with the service's secret,
 * so the server keeps no list of them and a link cannot be altered to show another change set or to
 * last longer. The maker is in it so that a link ends when its maker may no longer publish (app.ts):
 * demoting or removing someone withdraws every link they gave out.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The longest a shared preview may work: long enough for a client's review, short enough to forget. */
export const MAX_SHARE_DAYS = 14;

const sign = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(`preview:${payload}`).digest('base64url');

/** `maker` is the account id (a UUID) of the publisher who made the link. */
export function shareToken(secret: Buffer, changeSet: string, expires: Date, maker: string): string {
  const payload = `${changeSet}.${Math.floor(expires.getTime() / 1000)}.${maker}`;
  return `${payload}.${sign(secret, payload)}`;
}

/**
 * The change set a token shows and who made it, or undefined when it is altered, signed with another
 * secret, expired, or of the earlier form without a maker (made before 2026-11-28: ask for a new one).
 */
export function readShareToken(
  secret: Buffer,
  token: string,
  now: Date = new Date(),
): { readonly changeSet: string; readonly maker: string } | undefined {
  const match = /^([a-z0-9]{10})\.(\d{1,12})\.([0-9a-f-]{36})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const expected = Buffer.from(sign(secret, `${match[1]}.${match[2]}.${match[3]}`));
  const given = Buffer.from(match[4]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return Number(match[2]) * 1000 > now.getTime() ? { changeSet: match[1]!, maker: match[3]! } : undefined;
}
