/**
 * Data that comes from outside (a request's JSON, a YAML file) is walked by key all over the engine
 * and the editor. Three keys name an object's machinery rather than its content: assigned as
 * `target[key] = value`, `__proto__` replaces the target's prototype, and `constructor` then
 * `prototype` reach the prototype every object shares. No content field has these names, so such a
 * key is refused where data enters, with the place it was found, and the walks below read and write
 * own properties only, so that one that slips through still reaches nothing.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Bounds far beyond any page and far below what would hold the editor up: the deepest page nests under
 * 12 levels (JSON.parse itself nests without limit), the longest text is the privacy notice's 5,614
 * characters, the longest list has 10 items (measured 2026-11-28).
 */
export const MAX_DATA_DEPTH = 64;
export const MAX_TEXT_LENGTH = 100_000;
export const MAX_LIST_LENGTH = 1_000;

export type UnsafeData = {
  readonly kind: 'prototype-key' | 'too-deep' | 'too-long' | 'too-many';
  readonly path: readonly (string | number)[];
};

/**
 * The first place in `value` holding a key of PROTOTYPE_KEYS, nested deeper than MAX_DATA_DEPTH, or
 * holding a text or list longer than their bounds; undefined when there is none. Iterative, so that a
 * value nested a million deep is judged rather than overflowing the stack.
 */
export function findUnsafeData(value: unknown): UnsafeData | undefined {
  const stack: { node: unknown; path: (string | number)[] }[] = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string' && node.length > MAX_TEXT_LENGTH) return { kind: 'too-long', path };
    if (typeof node !== 'object' || node === null) continue;
    if (path.length > MAX_DATA_DEPTH) return { kind: 'too-deep', path };
    if (Array.isArray(node)) {
      if (node.length > MAX_LIST_LENGTH) return { kind: 'too-many', path };
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], path: [...path, i] });
      continue;
    }
    const keys = Object.keys(node);
    const bad = keys.find((key) => PROTOTYPE_KEYS.has(key));
    if (bad !== undefined) return { kind: 'prototype-key', path: [...path, bad] };
    for (let i = keys.length - 1; i >= 0; i--)
      stack.push({ node: (node as Record<string, unknown>)[keys[i]!], path: [...path, keys[i]!] });
  }
  return undefined;
}

/** `record[key]` when it is the record's own property: never a value found on its prototype. */
export function ownValue(record: unknown, key: string | number): unknown {
  if (typeof record !== 'object' || record === null) return undefined;
  return Object.hasOwn(record, key) ? (record as Record<string | number, unknown>)[key] : undefined;
}

/** Sets `record[key]` as an own property, even for a key such as `__proto__` (which `=` would turn into a prototype). */
export function setOwn(record: object, key: string | number, value: unknown): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}
