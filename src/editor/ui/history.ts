/**
 * Undo and redo for every change of the open file, back to how it was opened: a section moved, a
 * card removed, a field cleared, a picture picked, a value chosen. Typing is the exception: the
 * keystrokes into one field are one step (the text box undoes letters itself), so Undo takes back
 * the whole word-by-word edit of that field, not one letter.
 *
 * A step is named in the marketer's words from what changed ("removing an item of Cards"), so the
 * Undo button says what it will undo. Pure: the tests drive it without a browser.
 */
import { same } from './same.ts';
import { words } from './words.ts';

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

/** What a change did, in words: "clearing Heading", "removing an item of Cards", "moving Sections". */
export function describe(before: unknown, after: unknown): string {
  const found = difference(before, after);
  if (!found) return 'nothing';
  const named = found.path.filter((k): k is string => typeof k === 'string');
  const field = named.length > 0 ? words(named[named.length - 1]!) : 'the page';
  const { from, to } = found;
  if (Array.isArray(from) && Array.isArray(to)) {
    if (to.length < from.length) return `removing an item of ${field}`;
    if (to.length > from.length) return `adding an item to ${field}`;
    return `moving items of ${field}`;
  }
  if (to === undefined || to === null || to === '') return `clearing ${field}`;
  if (from === undefined) return `filling in ${field}`;
  if (typeof from === 'string' && typeof to === 'string') return `typing in ${field}`;
  return `changing ${field}`;
}

/** The field a change types into (a text that stays a text), or undefined for any other change. */
function typedField(before: unknown, after: unknown): string | undefined {
  const found = difference(before, after);
  if (!found || typeof found.from !== 'string' || typeof found.to !== 'string' || found.to === '') return undefined;
  return JSON.stringify(found.path);
}

/**
 * The history once `next` replaced `current`. `what` names the step when the caller knows better
 * ("deleting section 3"); otherwise it is read from the change. Keystrokes into the field of the
 * last step join that step.
 */
export function record<T>(history: History<T>, current: T, next: T, what?: string): History<T> {
  if (same(current, next)) return history;
  const typing = what ? undefined : typedField(current, next);
  const last = history.undo[history.undo.length - 1];
  if (typing && last?.typing === typing) return { undo: history.undo, redo: [] };
  const step: Step<T> = { data: current, what: what ?? describe(current, next), ...(typing ? { typing } : {}) };
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
