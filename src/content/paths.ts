/**
 * How a problem names the field it is about: `sections[2].items[0].title`, written from the keys and
 * read back into them. Kept apart from the YAML locating code, so the editor's browser side can read
 * the paths of the problems it is sent without loading a YAML parser.
 */
import { ownValue } from './yaml/safe-keys.ts';

/** `['sections', 2, 'items', 0, 'title']` → `sections[2].items[0].title`. */
export function formatPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key),
    '',
  );
}

/** `sections[2].items[0].title` → `['sections', 2, 'items', 0, 'title']`; the inverse of `formatPath`. */
export function parsePath(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

/**
 * The value at `path` inside `data`, or undefined where the path leaves the data's objects and lists.
 * Own properties only: a path through `__proto__` or `constructor` finds nothing (safe-keys.ts).
 */
export function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => ownValue(node, key), data);
}
