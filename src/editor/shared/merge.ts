/**
 * Three-way merge of a content file's data, for the editor: when the file changed on disk while a
 * marketer was editing it (a developer's commit, a git pull), the editor holds `base` (the data as
 * opened), `theirs` (the data on disk now) and `mine` (the marketer's draft). Edits to different
 * values are both kept; where both people changed the same value differently, the overlap is
 * reported as a conflict at its path, so that nobody's edit is ever dropped without the marketer
 * seeing it. The merged data holds the marketer's value at each conflict until `choose` says otherwise.
 *
 * Pure and dependency-free: the editor's browser side runs it as well as its server.
 */

export type Key = string | number;

export interface MergeConflict {
  /** Where the two edits overlap, as a path into the data (['sections', 2, 'heading']). */
  readonly path: readonly Key[];
  readonly base: unknown; // undefined when absent
  readonly theirs: unknown; // undefined when they removed it
  readonly mine: unknown; // undefined when I removed it
}

export interface MergeResult {
  /** The merged data; at each conflict it holds `mine` (the marketer's choice by default). */
  readonly merged: unknown;
  readonly conflicts: readonly MergeConflict[];
}

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

// Own properties only: a key named `constructor` or `__proto__` in a content file must not read
// (or write) what an object inherits.
const own = (rec: Rec, key: string): unknown => (Object.hasOwn(rec, key) ? rec[key] : undefined);

/**
 * Where a key that theirs has and the merged data lacks goes back when the marketer chooses theirs
 * (mine removed it): after the nearest of these keys, the ones before it in theirs. Kept beside the
 * conflict rather than in it, so the conflict stays the plain record the editor shows.
 */
const keysBefore = new WeakMap<MergeConflict, readonly string[]>();

/** Structural equality of JSON-like data; the key order of objects does not matter. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    // A key holding undefined counts as absent, as it would once written to YAML.
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) if (!equal(own(a, key), own(b, key))) return false;
    return true;
  }
  return Number.isNaN(a) && Number.isNaN(b);
}

export function merge3(base: unknown, theirs: unknown, mine: unknown): MergeResult {
  const conflicts: MergeConflict[] = [];
  const merged = mergeValue(base, theirs, mine, [], conflicts);
  return { merged, conflicts };
}

function mergeValue(base: unknown, theirs: unknown, mine: unknown, path: readonly Key[], out: MergeConflict[]): unknown {
  if (equal(theirs, mine)) return theirs;
  if (equal(base, theirs)) return mine;
  if (equal(base, mine)) return theirs;
  if (isRecord(base) && isRecord(theirs) && isRecord(mine)) return mergeObjects(base, theirs, mine, path, out);
  if (Array.isArray(base) && Array.isArray(theirs) && Array.isArray(mine)) return mergeArrays(base, theirs, mine, path, out);
  out.push({ path, base, theirs, mine });
  return mine;
}

function mergeObjects(base: Rec, theirs: Rec, mine: Rec, path: readonly Key[], out: MergeConflict[]): Rec {
  const merged = new Map<string, { value: unknown; conflicts: MergeConflict[] }>();
  const theirKeys = Object.keys(theirs);
  const mergeKey = (key: string) => {
    const conflicts: MergeConflict[] = [];
    const value = mergeValue(own(base, key), own(theirs, key), own(mine, key), [...path, key], conflicts);
    const at = theirKeys.indexOf(key);
    for (const conflict of conflicts) {
      if (at >= 0 && conflict.path.length === path.length + 1) keysBefore.set(conflict, theirKeys.slice(0, at));
    }
    merged.set(key, { value, conflicts });
  };
  for (const key of theirKeys) mergeKey(key);
  for (const key of Object.keys(mine)) if (!Object.hasOwn(theirs, key)) mergeKey(key);

  // Theirs' order, with mine's new keys after their neighbour in mine: the file on disk already has
  // theirs' order, so this moves no line of it. A key removed on a conflict keeps its place in the
  // walk so its conflict is listed in document order.
  const kept = (key: string) => merged.get(key)!.value !== undefined || merged.get(key)!.conflicts.length > 0;
  const order = theirKeys.filter(kept);
  let previous: string | undefined;
  for (const key of Object.keys(mine)) {
    if (!kept(key)) continue;
    if (!Object.hasOwn(theirs, key)) order.splice(previous === undefined ? 0 : order.indexOf(previous) + 1, 0, key);
    previous = key;
  }
  for (const key of order) out.push(...merged.get(key)!.conflicts);
  return Object.fromEntries(
    order.filter((key) => merged.get(key)!.value !== undefined).map((key) => [key, merged.get(key)!.value]),
  );
}

/*
 * Lists (a page's sections, a grid's cards, a text's paragraphs) are edited by inserting, deleting,
 * moving and editing items, so positions alone cannot say which item is which once one side inserted
 * or moved something: an index-by-index merge would then pair unrelated items and mix their fields.
 * So each side's items are first matched to base items, which gives every edit an item to belong to:
 *   1. an item deep-equal to a base item is that item (at its own index first, so duplicates stay put);
 *   2. else an item with the same stable key as a base item is that item, edited: the first of `id`,
 *      `slug`, `type`+`heading`, `title`, `name`, `label` that is unique in each of the three versions;
 *   3. else an item that shares at least half its words (texts) or fields (objects of the same `type`)
 *      with a base item is that item, edited: this finds a reworded paragraph even where it moved;
 *   4. else, between two matched items, unmatched items pair up in order with the unmatched base items
 *      there when their counts agree and their kinds do: an edit in place, however large.
 *   What stays unmatched is an insertion (side) or a deletion (base).
 * When the lengths agree and every item matched its own index, this is the plain item-by-item merge.
 * Both sides' edits are then applied as long as they concern different base items: an item deleted
 * by one side and left as it was by the other is deleted; an item edited by both is merged field by
 * field (conflicts then sit inside it); new items are all kept (one copy when both added the same).
 * The order is theirs', with mine's new items after their predecessor in mine, unless only mine moved
 * items, then it is mine's with theirs' new items placed likewise. Where no such merge keeps both
 * sides' edits, the list as a whole is one conflict: an item deleted by one side and edited by the
 * other, both sides reordering differently, or an item both removed while each put something else in
 * its place (likely one item rewritten two ways). A marketer can judge two versions of a list, not a
 * set of partial item edits whose positions no longer agree.
 */

type Match = (number | undefined)[];
type IdentityKey = (item: unknown) => string | undefined;

const KEY_FIELDS: readonly (readonly string[])[] = [['id'], ['slug'], ['type', 'heading'], ['title'], ['name'], ['label']];

function identityKey(versions: readonly (readonly unknown[])[]): IdentityKey | undefined {
  for (const fields of KEY_FIELDS) {
    const keyOf: IdentityKey = (item) => {
      if (!isRecord(item)) return undefined;
      const values = fields.map((field) => own(item, field));
      return values.every((v) => ['string', 'number', 'boolean'].includes(typeof v)) ? JSON.stringify(values) : undefined;
    };
    const unique = (list: readonly unknown[]) => {
      const keys = list.map(keyOf).filter((k) => k !== undefined);
      return new Set(keys).size === keys.length;
    };
    if (versions[0]!.some((item) => keyOf(item) !== undefined) && versions.every(unique)) return keyOf;
  }
  return undefined;
}

function sameKind(a: unknown, b: unknown): boolean {
  if (isRecord(a) || isRecord(b)) return isRecord(a) && isRecord(b) && equal(own(a, 'type'), own(b, 'type'));
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b);
  return (a === null) === (b === null) && typeof a === typeof b;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu));

/**
 * How much of `a` and `b` is the same, 0 to 1: their shared words, fields or items.
 * A section's `type` is left out of the count, as it must be the same anyway (sameKind).
 */
function likeness(a: unknown, b: unknown): number {
  if (!sameKind(a, b)) return 0;
  let shared = 0;
  let all = 0;
  if (typeof a === 'string' && typeof b === 'string') {
    const [x, y] = [words(a), words(b)];
    shared = [...x].filter((w) => y.has(w)).length;
    // Of the shorter text: a heading grown into a sentence is still that heading.
    all = Math.min(x.size, y.size);
  } else if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    keys.delete('type');
    shared = [...keys].filter((k) => equal(own(a, k), own(b, k))).length;
    all = keys.size;
  } else if (Array.isArray(a) && Array.isArray(b)) {
    shared = a.filter((item) => b.some((other) => equal(item, other))).length;
    all = Math.max(a.length, b.length);
  }
  return all > 0 ? shared / all : 0;
}

/** For each item of `side`, the index of the base item it is (undefined: an insertion). */
function matchItems(base: readonly unknown[], side: readonly unknown[], keyOf: IdentityKey | undefined): Match {
  const match: Match = side.map(() => undefined);
  const taken = new Set<number>();
  const link = (j: number, i: number) => {
    match[j] = i;
    taken.add(i);
  };
  side.forEach((item, j) => {
    if (j < base.length && equal(item, base[j])) link(j, j);
  });
  side.forEach((item, j) => {
    if (match[j] !== undefined) return;
    const i = base.findIndex((b, i) => !taken.has(i) && equal(b, item));
    if (i >= 0) link(j, i);
  });
  if (keyOf) {
    side.forEach((item, j) => {
      const key = match[j] === undefined ? keyOf(item) : undefined;
      if (key === undefined) return;
      const i = base.findIndex((b, i) => !taken.has(i) && keyOf(b) === key);
      if (i >= 0) link(j, i);
    });
  }
  side.forEach((item, j) => {
    if (match[j] !== undefined) return;
    let best: number | undefined;
    let bestLikeness = 0.5;
    base.forEach((b, i) => {
      if (taken.has(i)) return;
      const l = likeness(b, item);
      // The most alike; of equally alike ones the nearest, as an edit seldom also moves an item far.
      if (l > bestLikeness || (l === bestLikeness && (best === undefined || Math.abs(i - j) < Math.abs(best - j)))) {
        best = i;
        bestLikeness = l;
      }
    });
    if (best !== undefined) link(j, best);
  });
  let previous = -1;
  for (let j = 0; j <= side.length; j++) {
    const start = j;
    while (j < side.length && match[j] === undefined) j++;
    const next = j < side.length ? match[j]! : base.length;
    if (next > previous) {
      const free: number[] = [];
      for (let i = previous + 1; i < next; i++) if (!taken.has(i)) free.push(i);
      if (free.length === j - start) {
        free.forEach((i, n) => {
          if (sameKind(base[i], side[start + n])) link(start + n, i);
        });
      }
    }
    previous = next;
  }
  return match;
}

/** Base index → index in the side, for the base items the side kept. */
function indexOf(match: Match): Map<number, number> {
  const at = new Map<number, number>();
  match.forEach((i, j) => {
    if (i !== undefined) at.set(i, j);
  });
  return at;
}

/** The items `side` inserted where base item `i`, which it removed, was: between its kept neighbours. */
function insertedAround(i: number, side: readonly unknown[], match: Match, at: Map<number, number>): unknown[] {
  const kept = [...at.keys()];
  const before = Math.max(-1, ...kept.filter((k) => k < i));
  const after = Math.min(Infinity, ...kept.filter((k) => k > i));
  const from = before < 0 ? 0 : at.get(before)! + 1;
  const to = after === Infinity ? side.length : at.get(after)!;
  return side.slice(from, to).filter((_, n) => match[from + n] === undefined);
}

type Entry = { readonly base: number } | { readonly added: unknown; readonly lead: boolean };

function mergeArrays(
  base: readonly unknown[],
  theirs: readonly unknown[],
  mine: readonly unknown[],
  path: readonly Key[],
  out: MergeConflict[],
): unknown {
  const whole = () => {
    out.push({ path, base, theirs, mine });
    return mine;
  };
  const keyOf = identityKey([base, theirs, mine]);
  const theirMatch = matchItems(base, theirs, keyOf);
  const myMatch = matchItems(base, mine, keyOf);
  const inTheirs = indexOf(theirMatch);
  const inMine = indexOf(myMatch);

  for (let i = 0; i < base.length; i++) {
    const t = inTheirs.get(i);
    const m = inMine.get(i);
    if (t === undefined && m !== undefined && !equal(mine[m], base[i])) return whole();
    if (m === undefined && t !== undefined && !equal(theirs[t], base[i])) return whole();
  }

  // An item both sides removed, each putting something different in its place, may be the same item
  // rewritten two ways, too changed to be recognised: keeping both would show it twice.
  for (let i = 0; i < base.length; i++) {
    if (inTheirs.has(i) || inMine.has(i)) continue;
    const theirNew = insertedAround(i, theirs, theirMatch, inTheirs);
    const myNew = insertedAround(i, mine, myMatch, inMine);
    if (theirNew.length > 0 && myNew.length > 0 && !equal(theirNew, myNew)) return whole();
  }

  const common = [...inTheirs.keys()].filter((i) => inMine.has(i)).sort((a, b) => a - b);
  const byTheirs = [...common].sort((a, b) => inTheirs.get(a)! - inTheirs.get(b)!);
  const byMine = [...common].sort((a, b) => inMine.get(a)! - inMine.get(b)!);
  const same = (a: number[], b: number[]) => a.every((x, n) => x === b[n]);
  let theirsLead: boolean;
  if (same(byTheirs, byMine) || same(byMine, common)) theirsLead = true;
  else if (same(byTheirs, common)) theirsLead = false;
  else return whole();

  const [lead, leadMatch, follow, followMatch, followHas] = theirsLead
    ? [theirs, theirMatch, mine, myMatch, inMine]
    : [mine, myMatch, theirs, theirMatch, inTheirs];
  const entries: Entry[] = [];
  lead.forEach((item, j) => {
    const i = leadMatch[j];
    if (i === undefined) entries.push({ added: item, lead: true });
    // A base item the other side deleted goes; had this side edited it, the loop above stopped.
    else if (followHas.has(i)) entries.push({ base: i });
  });
  const sharedAdditions = new Set<Entry>();
  let after = -1;
  follow.forEach((item, j) => {
    const i = followMatch[j];
    if (i !== undefined) {
      const at = entries.findIndex((e) => 'base' in e && e.base === i);
      if (at >= 0) after = at;
      return;
    }
    const twin = entries.findIndex((e) => 'added' in e && e.lead && !sharedAdditions.has(e) && equal(e.added, item));
    if (twin >= 0) {
      sharedAdditions.add(entries[twin]!);
      after = twin;
      return;
    }
    // Past the lead's own insertions at the same place: both sides appending keeps the lead's first.
    let at = after + 1;
    while (at < entries.length && 'added' in entries[at]! && (entries[at] as { lead: boolean }).lead) at++;
    entries.splice(at, 0, { added: item, lead: false });
    after = at;
  });

  return entries.map((entry, n) =>
    'added' in entry
      ? entry.added
      : mergeValue(base[entry.base], theirs[inTheirs.get(entry.base)!], mine[inMine.get(entry.base)!], [...path, n], out),
  );
}

const samePath = (a: readonly Key[], b: readonly Key[]) => a.length === b.length && a.every((key, n) => key === b[n]);

/** The merged data with the conflict at `path` resolved to `choice` ('theirs' | 'mine'). */
export function choose(result: MergeResult, path: readonly Key[], choice: 'theirs' | 'mine'): MergeResult {
  const conflict = result.conflicts.find((c) => samePath(c.path, path));
  // Already resolved (or never a conflict): nothing to do, so a repeated click is harmless.
  if (!conflict) return result;
  return {
    merged: setAt(result.merged, conflict.path, conflict[choice], keysBefore.get(conflict)),
    conflicts: result.conflicts.filter((c) => c !== conflict),
  };
}

/** A copy of `data` with `value` at `path` (the key removed when undefined): the live value put back by a writer's choice. */
export const withValue = (data: unknown, path: readonly Key[], value: unknown): unknown => setAt(data, path, value, undefined);

/** A copy of `data` with `value` at `path` (the key removed when undefined); `data` is left as it is. */
function setAt(data: unknown, path: readonly Key[], value: unknown, before: readonly string[] | undefined): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [Key, ...Key[]];
  const last = rest.length === 0;
  if (Array.isArray(data) && typeof head === 'number') {
    const copy = [...data];
    if (last && value === undefined) copy.splice(head, 1);
    else copy[head] = setAt(data[head], rest, value, before);
    return copy;
  }
  const rec = isRecord(data) ? data : {};
  const key = String(head);
  const child = setAt(own(rec, key), rest, value, before);
  const entries = Object.entries(rec).filter(([k]) => k !== key);
  if (child === undefined) return Object.fromEntries(entries);
  if (Object.hasOwn(rec, key)) return Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, k === key ? child : v]));
  let at = entries.length;
  if (last && before) {
    const neighbour = [...before].reverse().find((k) => Object.hasOwn(rec, k));
    at = neighbour === undefined ? 0 : entries.findIndex(([k]) => k === neighbour) + 1;
  }
  entries.splice(at, 0, [key, child]);
  return Object.fromEntries(entries);
}
