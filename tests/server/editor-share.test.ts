/**
 * Shared preview links (src/editor/service/share.ts) open exactly the change set they were made for,
 * until they expire, and nothing when any part of them is changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readShareToken, shareToken } from '../../src/editor/service/share.ts';
import { runs } from '../helpers/depth.ts';

const secret = Buffer.alloc(32, 1);
const now = new Date('2026-11-27T12:00:00Z');
const maker = '6a8fbd42-f944-4624-a63b-cf6a7a951d53';

describe('a shared preview link', () => {
  it('opens its change set until it expires, and not a second later', () => {
    const token = shareToken(secret, 'abcde12345', new Date(now.getTime() + 3600_000), maker);
    expect(readShareToken(secret, token, now)).toEqual({ changeSet: 'abcde12345', maker });
    expect(readShareToken(secret, token, new Date(now.getTime() + 3600_000))).toBeUndefined();
  });

  it('opens nothing under another secret', () => {
    const token = shareToken(secret, 'abcde12345', new Date(now.getTime() + 3600_000), maker);
    expect(readShareToken(Buffer.alloc(32, 2), token, now)).toBeUndefined();
  });

  it('opens nothing in the earlier form without its maker', () => {
    const token = shareToken(secret, 'abcde12345', new Date(now.getTime() + 3600_000), maker);
    const [id, expires, , signature] = token.split('.');
    expect(readShareToken(secret, `${id}.${expires}.${signature}`, now)).toBeUndefined();
  });

  it('opens nothing once any character of it is changed (fast-check, seed 37)', () => {
    const token = shareToken(secret, 'abcde12345', new Date(now.getTime() + 86_400_000), maker);
    fc.assert(
      fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.-_'), (at, c) => {
        fc.pre(token[at] !== c);
        const changed = token.slice(0, at) + c + token.slice(at + 1);
        expect(readShareToken(secret, changed, now)).toBeUndefined();
      }),
      { seed: 37, numRuns: runs(500, 2500) },
    );
  });
});
