/**
 * Undo and redo for every change of the open file, back to how it was opened: a section moved, a
 * card removed, a field cleared, a picture picked, a value chosen. Typing is the exception: the
 * keystrokes into one field are one step (the text box undoes letters itself), so Undo takes back
 * the whole word-by-word edit of that field, not one letter.
 *
 * A step is named in the marketer's words from what changed ("removing Card “Fast performance”"), so the
 * Undo button says what it will undo. Pure: the tests drive it without a browser.
 */
import { describeFileChange } from '../shared/word-diff.ts';
import { same } from './same.ts';

type Key = string | number;

export interface Step<T> {
  /** The data before the step. */
  readonly data: T;
  readonly what: string;
  /** The field being typed into, while the step is a run of keystrokes there. */
  readonly typing?: string;
}

export interface History<T> {
  readonly undo: readonly Step<T>[];
  readonly redo: readonly Step<T>[];
}

export const emptyHistory = <T>(): History<T> => ({ undo: [], redo: [] });

/** How far back the history goes: a long session, bounded. */
const LIMIT = 200;

/**
 * What a change did, in words, named as the review names it (src/editor/shared/word-diff.ts): "typing in
 * Title of Card “Fast performance”", "removing Card “Fast performance”", "moving Cards “Our services”".
 * `schema` is the file's form schema (`schemaOfFile`); without it fields are named from their keys.
 */
export function describe(before: unknown, after: unknown, schema?: object): string {
  const change = describeFileChange('', before, after, schema).changes[0];
  if (!change) return 'nothing';
  // The steps of the place, split where the review joins them (a quoted text may hold commas of its own).
  const parts = (change.place.match(/(?:“[^”]*”?|[^,›])+/g) ?? [change.place]).map((part) => part.trim()).filter(Boolean);
  const last = parts[parts.length - 1]!;
  const parent = parts[parts.length - 2];
  const item = typeof change.path[change.path.length - 1] === 'number';
  const where = item || parent === undefined ? last : `${last} of ${parent}`;
  switch (change.kind) {
    case 'removed':
      return `${item ? 'removing' : 'clearing'} ${where}`;
    case 'added':
      return `${item ? 'adding' : 'filling in'} ${where}`;
    case 'moved':
      return `moving ${where}`;
    case 'changed':
      if (change.after === '(empty)') return `clearing ${where}`;
      if (change.words) return `typing in ${where}`;
      return `changing ${where}`;
  }
}

/** The first place where `a` and `b` differ, and how. */
function difference(a: unknown, b: unknown, path: Key[] = []): { path: Key[]; from: unknown; to: unknown } | undefined {
  if (same(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b)) {
      // A list with items added, removed or moved changed as a list, not in its first item.
      const moved = a.length === b.length && a.every((item) => b.some((other) => same(item, other)));
      if (a.length !== b.length || moved) return { path, from: a, to: b };
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const k = Array.isArray(a) ? Number(key) : key;
      const found = difference((a as Record<Key, unknown>)[k], (b as Record<Key, unknown>)[k], [...path, k]);
      if (found) return found;
    }
  }
  return { path, from: a, to: b };
}

/** The field a change types into (a text that stays a text), or undefined for any other change. */
function typedField(before: unknown, after: unknown): string | undefined {
  const found = difference(before, after);
  if (!found || typeof found.from !== 'string' || typeof found.to !== 'string' || found.to === '') return undefined;
  return JSON.stringify(found.path);
}

/**
 * The history once `next` replaced `current`. `what` names the step when the caller knows better
 * ("deleting section 3"); otherwise it is read from the change, named by the file's form `schema`. Keystrokes into the field of the
 * last step join that step.
 */
export function record<T>(history: History<T>, current: T, next: T, what?: string, schema?: object): History<T> {
  if (same(current, next)) return history;
  const typing = what ? undefined : typedField(current, next);
  const last = history.undo[history.undo.length - 1];
  if (typing && last?.typing === typing) return { undo: history.undo, redo: [] };
  const step: Step<T> = { data: current, what: what ?? describe(current, next, schema), ...(typing ? { typing } : {}) };
  return { undo: [...history.undo.slice(-(LIMIT - 1)), step], redo: [] };
}

/** Undoes the last step: the data to show, and the history after it. */
export function undo<T>(history: History<T>, current: T): { data: T; history: History<T>; what: string } | undefined {
  const last = history.undo[history.undo.length - 1];
  if (!last) return undefined;
  return {
    data: last.data,
    what: last.what,
    history: { undo: history.undo.slice(0, -1), redo: [...history.redo, { data: current, what: last.what }] },
  };
}

/** Does again the step undone last. */
export function redo<T>(history: History<T>, current: T): { data: T; history: History<T>; what: string } | undefined {
  const next = history.redo[history.redo.length - 1];
  if (!next) return undefined;
  return {
    data: next.data,
    what: next.what,
    history: { undo: [...history.undo, { data: current, what: next.what }], redo: history.redo.slice(0, -1) },
  };
}
