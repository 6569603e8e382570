/**
 * How failed sign-ins are slowed down (OWASP ASVS 5, V6.3): only failures count, per account and per
 * address, and past a few free ones each failure makes the next attempt wait twice as long, up to a
 * ceiling. Nothing is ever locked: once the wait is over the right password signs in, so ten wrong
 * guesses by someone else cannot keep an administrator out, and ten colleagues behind one office
 * proxy signing in successfully are never refused. A success clears the account's count and the
 * address's.
 */
import { LRUCache } from 'lru-cache';

export interface ThrottleSettings {
  /** Failures before any wait: a person mistyping a few times never waits. */
  readonly free: number;
  /** The longest wait, however many failures (15 minutes). */
  readonly maxDelayMs: number;
  readonly now?: () => number;
}

interface Failures {
  readonly count: number;
  readonly last: number;
}

export class SignInThrottle {
  private readonly now: () => number;
  /** Forgotten a day after the last failure, and bounded in count, so a flood of addresses cannot fill memory. */
  private readonly failures = new LRUCache<string, Failures>({ max: 50_000, ttl: 24 * 60 * 60_000 });

  constructor(private readonly settings: ThrottleSettings) {
    this.now = settings.now ?? Date.now;
  }

  /** The wait, in milliseconds, that `count` failures impose after the last one. */
  delayAfter(count: number): number {
    if (count <= this.settings.free) return 0;
    return Math.min(1000 * 2 ** (count - this.settings.free - 1), this.settings.maxDelayMs);
  }

  /** How long before an attempt for these keys is judged; 0 when it may be judged now. */
  wait(keys: readonly string[]): number {
    let longest = 0;
    for (const key of keys) {
      const entry = this.failures.get(key);
      if (entry) longest = Math.max(longest, entry.last + this.delayAfter(entry.count) - this.now());
    }
    return Math.max(0, longest);
  }

  /** Records a failure for each key; returns whether it is the one that starts the waits. */
  failed(keys: readonly string[]): boolean {
    let started = false;
    for (const key of keys) {
      const count = (this.failures.get(key)?.count ?? 0) + 1;
      this.failures.set(key, { count, last: this.now() });
      if (count === this.settings.free + 1) started = true;
    }
    return started;
  }

  succeeded(keys: readonly string[]): void {
    for (const key of keys) this.failures.delete(key);
  }
}

/** A wait in words: "12 seconds", "4 minutes". */
export function inWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
