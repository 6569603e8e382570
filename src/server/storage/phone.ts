/**
 * Phone numbers as what identifies a person in a rights request. Two numbers are the same person's only
 * when they are the same number in E.164 form (`+919810745210`): the country code is part of the number,
 * so `+1 98107 45210` is somebody else than `+91 98107 45210` although the digits after it agree.
 * Visitors often leave the country code out; such a number is read as dialled from the site's default
 * country, India, which is what the company's phone would do with it. libphonenumber-js does the
 * reading, because trunk prefixes (`098107…`), international prefixes (`0091…`) and each country's
 * lengths are the kind of rule that hand-written digit matching gets wrong.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Where a number written without its country code is taken to be dialled from. */
export const defaultCountry = { iso: 'IN', callingCode: '91', name: 'India' } as const;

export interface PhoneNumber {
  /** `+919810745210`. */
  readonly e164: string;
  /** The digits after the country code (`9810745210`): every way of writing the number ends with them. */
  readonly nationalNumber: string;
  /** Written with `+` and its country code; false when read as dialled from the default country. */
  readonly ownCountryCode: boolean;
}

/** Reads a number as typed; undefined when it is no phone number in any country. */
export function readPhone(text: string): PhoneNumber | undefined {
  // Without a default country the library accepts only numbers that carry `+` and a country code.
  const own = parsePhoneNumberFromString(text);
  if (own !== undefined) return { e164: own.number, nationalNumber: own.nationalNumber, ownCountryCode: true };
  const local = parsePhoneNumberFromString(text, { defaultCountry: defaultCountry.iso });
  return local === undefined ? undefined : { e164: local.number, nationalNumber: local.nationalNumber, ownCountryCode: false };
}

/**
 * Why a stored number is the asked one: `same number` when both carry their country code, `default
 * country` when at least one of them was read as dialled from India. Undefined when they differ.
 */
export type PhoneRule = 'same number' | 'default country';

export function phoneRule(asked: PhoneNumber, stored: string): PhoneRule | undefined {
  const number = readPhone(stored);
  if (number === undefined || number.e164 !== asked.e164) return undefined;
  return asked.ownCountryCode && number.ownCountryCode ? 'same number' : 'default country';
}

/** The rule in words, for the commands that say which one matched. */
export function describePhoneRule(rule: PhoneRule): string {
  return rule === 'same number'
    ? 'the same number with the same country code (E.164)'
    : `the same number once a number written without a country code is read as dialled from ${defaultCountry.name} (+${defaultCountry.callingCode}), the site's default country`;
}
