/**
 * The editor's password policy and password hashing. Hashing uses Node's own scrypt (no native add-on to build);
 * the parameters are stored with each hash, so they can be raised later and older hashes still verify (and are
 * rehashed at the next sign-in, see needsRehash).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The rules a new password must meet, in code points (what a person counts as characters). */
export const passwordPolicy = { minLength: 12, maxLength: 256 } as const;

/** scrypt's cost parameters, stored with each hash. */
interface ScryptParameters {
  /** log2 of N, the CPU and memory cost. */
  readonly ln: number;
  /** The block size. */
  readonly r: number;
  /** Parallelism. */
  readonly p: number;
}

/**
 * N = 2^15 with r = 8 takes 32 MiB and some 50–100 ms per hash on our two-core machines: slow enough to make
 * guessing from a stolen table expensive, fast enough that a burst of sign-ins does not starve the service.
 * OWASP's cheat sheet asks for N = 2^17; raising `ln` here is all it takes, old hashes are upgraded as people
 * sign in.
 */
export const currentParameters: ScryptParameters = { ln: 15, r: 8, p: 1 };

const saltBytes = 16;
const keyBytes = 32;

/** Upper bounds for parameters read back from the database, so that a damaged row cannot ask for gigabytes. */
const limits: ScryptParameters = { ln: 22, r: 32, p: 16 };

function scryptAsync(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  const N = 2 ** parameters.ln;
  const options: ScryptOptions = {
    N,
    r: parameters.r,
    p: parameters.p,
    // scrypt needs 128·N·r bytes (plus a little); Node's default maxmem (32 MiB) is exactly that much for
    // N = 2^15, r = 8 and so fails. Twice the need leaves room for the extra.
    maxmem: 2 * 128 * N * parameters.r * parameters.p,
  };
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * The form in which a password is hashed and checked: NFKC, as NIST SP 800-63B advises, so that the same
 * visible password typed on another keyboard or system (composed or decomposed accents, full-width letters)
 * still matches.
 */
function normalize(password: string): string {
  return password.normalize('NFKC');
}

/** Hashes a password into a PHC-style string: `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (unpadded base64). */
export async function hashPassword(password: string, parameters: ScryptParameters = currentParameters): Promise<string> {
  const salt = randomBytes(saltBytes);
  const key = await scryptAsync(normalize(password), salt, parameters);
  return `$scrypt$ln=${parameters.ln},r=${parameters.r},p=${parameters.p}$${unpadded(salt)}$${unpadded(key)}`;
}

interface ParsedHash {
  readonly parameters: ScryptParameters;
  readonly salt: Buffer;
  readonly key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (match === null) return undefined;
  const parameters = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (
    parameters.ln < 1 ||
    parameters.ln > limits.ln ||
    parameters.r < 1 ||
    parameters.r > limits.r ||
    parameters.p < 1 ||
    parameters.p > limits.p
  ) {
    return undefined;
  }
  return { parameters, salt: Buffer.from(match[4]!, 'base64'), key: Buffer.from(match[5]!, 'base64') };
}

/** Whether `password` is the one `stored` was made from; false for a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === undefined || parsed.key.length === 0) return false;
  const key = await scryptAsync(normalize(password), parsed.salt, parsed.parameters);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether `stored` was made with weaker parameters than today's, so it should be replaced at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (parsed === undefined) return true;
  const { ln, r, p } = parsed.parameters;
  return ln < currentParameters.ln || r < currentParameters.r || p < currentParameters.p;
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, made once, for sign-ins where there is no hash to check (no such account, or no
 * password yet): checking against it takes as long as a real check, so the time of the answer does not tell
 * which accounts exist.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummy;
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The 49,000 most common passwords, lower-cased. They come from @zxcvbn-ts/language-common (MIT, kept up
 * by the zxcvbn-ts project, the list behind zxcvbn's strength estimates, gathered from real password leaks)
 * rather than a list of our own, which would be shorter and go stale. It is about 380 kB of JavaScript, so it
 * is loaded on first use, not when the service starts, and then kept.
 */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const list = dictionary['passwords-common'] as readonly string[];
    return new Set(list.map((entry) => entry.normalize('NFKC').toLowerCase()));
  });
  return commonPasswords;
}

/** How many characters a person would count: code points, so that an emoji is one, not two UTF-16 units. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * Checks a new password against the policy and returns what is wrong with it and what to do, or undefined when
 * it may be used. It never repeats the password. `email` is the account's address and `name` the person's: a
 * password that holds either (the address plus a few digits, the name and a year) is the first thing someone
 * who knows the person would try. Parts shorter than four characters are not looked for: they would refuse
 * good passwords by chance.
 */
export async function passwordProblem(password: string, email: string, name = ''): Promise<string | undefined> {
  const normalized = normalize(password);
  // Both forms count: NFKC may turn one character into several (ﬁ into fi) or several into one.
  const length = Math.min(codePoints(password), codePoints(normalized));
  if (length < passwordPolicy.minLength) {
    return `The password is ${length} character${length === 1 ? '' : 's'} long; it needs at least ${passwordPolicy.minLength}. Choose a longer one: three or four unrelated words make a password that is long and easy to remember.`;
  }
  const longest = Math.max(codePoints(password), codePoints(normalized));
  if (longest > passwordPolicy.maxLength) {
    return `The password is ${longest} characters long; it may have at most ${passwordPolicy.maxLength}. Choose a shorter one.`;
  }
  // Compared without case, spaces or punctuation: "Asha.Verma2026" holds "asha verma".
  const bare = (text: string) =>
    normalize(text)
      .toLowerCase()
      .replace(/[\s\p{P}\p{S}]+/gu, '');
  const typed = bare(password);
  const address = email.trim().toLowerCase();
  const parts = [
    { text: address, says: "the account's e-mail address" },
    { text: address.slice(0, address.lastIndexOf('@')), says: 'the part of the e-mail address before the @' },
    { text: name, says: 'your name' },
  ];
  const held = parts.find(({ text }) => codePoints(bare(text)) >= 4 && typed.includes(bare(text)));
  if (held) {
    return `The password holds ${held.says}, which anyone who knows you would try first. Choose one without it: three or four unrelated words make a password that is long and easy to remember.`;
  }
  if ((await loadCommonPasswords()).has(normalized.toLowerCase())) {
    return 'The password is on the list of the most common passwords, which attackers try first. Choose one nobody else would pick, such as three or four unrelated words.';
  }
  return undefined;
}

function unpadded(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}
