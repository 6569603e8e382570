/**
 * Whether a link's address can work for a visitor, beyond the shape the schema's `link` pattern gives it:
 * a web address with a public host name, an e-mail address a mail program can write to, a phone number a
 * phone can dial. The schema lets `https://localhost:5173/x`, `mailto:hr@` and `tel:+12` through; each
 * would be a dead link on the live site (LinkUnusable, lint.ts). The URL is read by the platform's own
 * parser and the phone number by libphonenumber-js (the server's reading of numbers, storage/phone.ts),
 * not by patterns of our own.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { defaultCountry } from '../../server/storage/phone.ts';

/** What is wrong with an address, and what to write instead. */
export interface AddressProblem {
  readonly reason: string;
  readonly hint: string;
}

/** Names that only ever mean a computer of one's own or of one network (RFC 6761, RFC 6762, RFC 8375). */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|lan|home\.arpa|test|invalid)$/;
/** A public top-level domain: letters (or an internationalised `xn--` name), two at least. */
const PUBLIC_TLD = /\.([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** What is left of a second scheme typed after the first (`https://https://…`, `https://http//…`, `https://www.https://…`). */
const SECOND_SCHEME = /^https:\/\/(www\.)?(https?|mailto|tel)(:|\/\/)/i;
/**
 * One e-mail address as people write them: no space, one `@`, and a domain with a dot and a public
 * top-level domain. Stricter rules (RFC 5322 quoted names) describe addresses nobody links to.
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@([a-z0-9-]+\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/** Private, loopback, link-local and unspecified IPv4 addresses: reachable only from inside a network. */
function isPrivateIPv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

function webProblem(link: string): AddressProblem | undefined {
  if (SECOND_SCHEME.test(link)) {
    return {
      reason: 'it starts with a second scheme after `https://`, so the browser would look for a computer named after it',
      hint: 'Keep one `https://`, then the host name: copy the address again from the browser’s address bar.',
    };
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { reason: 'it is not a web address a browser can read', hint: 'Copy the address again from the browser’s address bar.' };
  }
  const host = url.hostname.toLowerCase();
  if (url.username || url.password) {
    return {
      reason: 'it carries a user name or password before the host name, which would publish them and which browsers refuse',
      hint: `Link to \`https://${url.host}${url.pathname}${url.search}${url.hash}\` without the part before \`@\`.`,
    };
  }
  if (LOCAL_NAMES.test(host) || isPrivateIPv4(host) || host === '[::1]' || host.startsWith('[fe80:') || host.startsWith('[fd')) {
    return {
      reason: `its host \`${url.host}\` is a computer of your own or of your office network, which no visitor can reach`,
      hint: 'It is left over from a preview: link to the page on the live site (a route of this site such as `/contact`, or its public address).',
    };
  }
  if (!host.startsWith('[') && !/^\d+(\.\d+){3}$/.test(host) && !PUBLIC_TLD.test(host)) {
    return {
      reason: `its host \`${url.host}\` has no public domain ending such as \`.com\` or \`.in\`, so no browser outside your network can find it`,
      hint: 'Write the whole host name, as the browser’s address bar shows it (for example `https://www.linkedin.com/company/…`).',
    };
  }
  return undefined;
}

function mailProblem(link: string): AddressProblem | undefined {
  const [to = ''] = link.slice('mailto:'.length).split('?');
  let addresses: string[];
  try {
    addresses = decodeURIComponent(to).split(',');
  } catch {
    addresses = [to];
  }
  const wrong = addresses.map((a) => a.trim()).find((a) => !EMAIL.test(a));
  if (wrong === undefined) return undefined;
  return {
    reason: `\`${wrong || '(nothing)'}\` is not an e-mail address, so the visitor’s mail program would open with no one to write to`,
    hint: 'Write `mailto:` and the whole address, such as `mailto:hello@sutralabs.in`.',
  };
}

function phoneProblem(link: string): AddressProblem | undefined {
  return numberProblem(link.slice('tel:'.length));
}

/** Whether a phone number, as typed, is one a phone can dial: undefined when it is. */
export function numberProblem(number: string): AddressProblem | undefined {
  const own = parsePhoneNumberFromString(number);
  const read = own ?? parsePhoneNumberFromString(number, { defaultCountry: defaultCountry.iso });
  if (read?.isValid()) return undefined;
  const digits = number.replace(/\D/g, '');
  return {
    reason: `\`${number}\` is not a phone number any phone can dial${own ? '' : ` in ${defaultCountry.name} or, with its country code, anywhere`} (${digits.length} digits${read ? `, read as ${read.countryCallingCode ? `+${read.countryCallingCode} ` : ''}${read.nationalNumber}` : ''})`,
    hint: `Write the number with \`+\` and its country code, every digit included: for example \`+91 120 456 7800\` (\`tel:+911204567800\` in a link).`,
  };
}

/** What makes `link` unusable on the live site, or undefined when it can work. Routes and `#` are the route check's. */
export function addressProblem(link: string): AddressProblem | undefined {
  if (link.startsWith('https://')) return webProblem(link);
  if (link.startsWith('mailto:')) return mailProblem(link);
  if (link.startsWith('tel:')) return phoneProblem(link);
  return undefined;
}
