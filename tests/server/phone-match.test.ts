import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneRule, readPhone } from '../../src/server/storage/phone.ts';
import { runs } from '../helpers/depth.ts';

/**
 * A number as a person might write it, with what it really is: a country code and the digits after it.
 * The truth is built here without the phone library, so the test checks the library's reading and the
 * rule, not one against itself.
 */
interface Written {
  readonly text: string;
  /** The country it belongs to: written with `+`, with India's international prefix `00`, or India when left out. */
  readonly callingCode: string;
  readonly nationalNumber: string;
  readonly withPlus: boolean;
}

// Real calling codes of places the company's visitors write from; 1 and 91 make the pair of the issue.
const callingCodes = ['1', '44', '91', '971', '65', '61', '49', '880', '977', '966'];
// Indian mobile numbers: ten digits starting 6 to 9. The same digits after another country code are
// another person's number, which is the class of mistake under test.
const nationalNumber = fc.stringMatching(/^[6-9]\d{9}$/);
const separator = fc.constantFrom(' ', '-', '', '.', '  ');

/** Digits grouped the way people group them: 5+5, 3+3+4, or not at all, joined by one separator. */
const grouped = (digits: string, sep: string, split: number) =>
  split === 0
    ? digits
    : split === 1
      ? `${digits.slice(0, 5)}${sep}${digits.slice(5)}`
      : `${digits.slice(0, 3)}${sep}${digits.slice(3, 6)}${sep}${digits.slice(6)}`;

const written = (national: fc.Arbitrary<string>): fc.Arbitrary<Written> =>
  fc
    .record({
      national,
      code: fc.constantFrom(...callingCodes),
      form: fc.constantFrom('plus', 'plus-parens', 'idd', 'national', 'national-trunk'),
      sep: separator,
      split: fc.integer({ min: 0, max: 2 }),
    })
    .map(({ national, code, form, sep, split }) => {
      const digits = grouped(national, sep, split);
      switch (form) {
        case 'plus':
          return { text: `+${code}${sep || ' '}${digits}`, callingCode: code, nationalNumber: national, withPlus: true };
        case 'plus-parens':
          return { text: `(+${code}) ${digits}`, callingCode: code, nationalNumber: national, withPlus: true };
        case 'idd':
          // 00 is India's international prefix: dialled from India, 00 1 … calls the United States.
          return { text: `00${code} ${digits}`, callingCode: code, nationalNumber: national, withPlus: false };
        case 'national':
          return { text: digits, callingCode: '91', nationalNumber: national, withPlus: false };
        case 'national-trunk':
          return { text: `0${digits}`, callingCode: '91', nationalNumber: national, withPlus: false };
      }
    });

describe('matching a rights request by phone number', () => {
  it('matches exactly when country code and number agree, reading a number without one as Indian', () => {
    // Both sides share their digits most of the time, so that the country code alone decides.
    const pair = nationalNumber.chain((shared) =>
      fc.tuple(written(fc.oneof(fc.constant(shared), nationalNumber)), written(fc.oneof(fc.constant(shared), nationalNumber))),
    );
    fc.assert(
      fc.property(pair, ([asked, stored]) => {
        const number = readPhone(asked.text);
        expect(number, asked.text).toBeDefined();
        const same = asked.callingCode === stored.callingCode && asked.nationalNumber === stored.nationalNumber;
        const rule = phoneRule(number!, stored.text);
        expect(rule, `${asked.text} ~ ${stored.text}`).toBe(
          same ? (asked.withPlus && stored.withPlus ? 'same number' : 'default country') : undefined,
        );
      }),
      { seed: 35, numRuns: runs(2000, 10000) },
    );
  });

  it.each([
    ['+1 98107 45210', '+91 98107 45210', undefined],
    ['+91 98107 45210', '+1 98107 45210', undefined],
    ['+1 98107 45210', '98107 45210', undefined],
    ['98107 45210', '+1 98107 45210', undefined],
    ['+91 98107 45210', '98107 45210', 'default country'],
    ['098107 45210', '+91-98107-45210', 'default country'],
    ['(+91) 98107-45210', '+91 9810745210', 'same number'],
    ['+44 20 7946 0018', '+44 (0)20 7946 0018', 'same number'],
  ])('%s asked, %s stored: %s', (asked, stored, rule) => {
    expect(phoneRule(readPhone(asked)!, stored)).toBe(rule);
  });
});
