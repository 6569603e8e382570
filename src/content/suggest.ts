/** Closest-name suggestions for "did you mean …?" hints. */

/** Levenshtein distance between two strings (insertions, deletions and substitutions cost 1). */
export function distance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `input`, or undefined when nothing is close enough to be a likely typo.
 * Comparison ignores case and separators so that `cardGrid` and `card_grid` find `card-grid`.
 */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_\s.]/g, '');
  const wanted = norm(input);
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const c = norm(candidate);
    // A candidate that contains the input (or the reverse) is a strong hint: `sql` → `mysql`.
    // Only when the shorter name is a substantial part of the longer: `eac` is no hint for `reactjs`.
    const shorter = Math.min(c.length, wanted.length);
    const contains = shorter >= 3 && shorter * 2 >= Math.max(c.length, wanted.length) && (c.includes(wanted) || wanted.includes(c));
    const score = c === wanted ? 0 : contains ? 1 : distance(wanted, c);
    if (score < bestScore || (score === bestScore && best !== undefined && candidate.length < best.length)) {
      best = candidate;
      bestScore = score;
    }
  }
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return bestScore <= limit ? best : undefined;
}
