/**
 * What a change set does to a content file, in the words a publisher reads: "Section 3, Cards › card 1 ›
 * Title changed", "Section 5 moved", not a unified diff of YAML lines. Pure (no file system, no YAML),
 * so the editor's server and the review page in the browser make the same list from the same data.
 *
 * Lists are matched item to item before they are compared, so that one edit reads as one change: an
 * item at another index with the same content is `moved`, an item put in the middle is one `added`
 * (not every later item `changed`), and only what is left is compared field by field.
 */
// jsdiff: the word-level diff of a changed text. Splitting text into words and whitespace, and finding
// the shortest edit between them (Myers), is solved and well tested there; a hand-made version would
// get Unicode word boundaries and the edge cases of runs wrong.
import { diffWordsWithSpace } from 'diff';
import type { FormSchemas } from '../api/form-schemas.ts';
import { same } from '../ui/same.ts';
import { contentName, cutAt, itemName, words } from '../ui/words.ts';

type Key = string | number;
type Schema = Record<string, unknown>;
type Json = Record<string, unknown>;

export interface FieldChange {
  /**
   * JSON path in the file's data, e.g. ['sections', 2, 'cards', 0, 'title']: where the value is in
   * `after`. For a removed list item the last step is its index in `before` (the steps above it name
   * its list in `after`), so the path and the place in words always agree.
   */
  readonly path: readonly Key[];
  /** The place in words, as the editor names it: "Section 3, Cards › card 1 › Title". */
  readonly place: string;
  readonly kind: 'changed' | 'added' | 'removed' | 'moved';
  /** What happened, in words: "changed", "added", "removed", "moved from 6th to 3rd place". */
  readonly what: string;
  /**
   * Short plain-text renderings of the value before and after (a long value is cut with an ellipsis;
   * an object is summarised by its heading/title/label/name field or its type). A moved item has both:
   * the item as it was and as it is (the same, unless it was also edited; those edits follow it).
   */
  readonly before?: string;
  readonly after?: string;
  /** For text changed in place: the words, as runs of kept/removed/added, for showing with <del>/<ins>. */
  readonly words?: readonly { readonly text: string; readonly kind: 'same' | 'removed' | 'added' }[];
  /** For a moved item: where it was, as a path in `before` and in words ("Section 2"). */
  readonly from?: readonly Key[];
  readonly fromPlace?: string;
}

export interface FileChange {
  readonly file: string;
  readonly state: 'changed' | 'new' | 'deleted';
  /** The page's title, or the file's name when its data has no title. */
  readonly title: string;
  /** In document order of the file as it is after the change; a removed value at the place it was. */
  readonly changes: readonly FieldChange[];
}

/**
 * What changed in one content file, field by field. `before`/`after` are the parsed YAML data
 * (undefined for a new/deleted file). `schema` is the file's JSON Schema when known (for names in
 * words): a form schema of the editor's catalog (see `schemaOfFile`), or a schema file of `schemas/`
 * (its references to other files cannot be followed here, so those fields are named from their keys).
 */
export function describeFileChange(file: string, before: unknown, after: unknown, schema?: object): FileChange {
  const state =
    before === undefined && after !== undefined ? 'new' : after === undefined && before !== undefined ? 'deleted' : 'changed';
  const root = isRecord(schema) ? schema : {};
  const value = after === undefined ? before : after;
  const top: Place = { path: [], fromPath: [], steps: [], schemas: expand(root, value, root, 0) };
  const changes: FieldChange[] = [];
  // A new file lists what it holds field by field (a deleted one, what it held), as if it had been empty.
  const from = before === undefined && isRecord(after) ? {} : before;
  const to = after === undefined && isRecord(before) ? {} : after;
  if (from === undefined && to !== undefined)
    changes.push(said({ path: [], place: placeText(top), kind: 'added', after: render(to) }));
  else if (to === undefined && from !== undefined)
    changes.push(said({ path: [], place: placeText(top), kind: 'removed', before: render(from) }));
  else new Differ(root, changes).compare(from, to, top);
  const fileName =
    file
      .split('/')
      .pop()
      ?.replace(/\.ya?ml$/, '') ?? file;
  const named =
    typeof root.editorName === 'string' ? root.editorName : typeof root.title === 'string' ? root.title : words(fileName);
  return { file, state, title: titleOf(after) ?? titleOf(before) ?? named, changes };
}

/** The place of the value at `path` in `data`, named as the review names places ("Cards “Why React”, Cards › Card “Fast”"). */
export function describePlaceAt(data: unknown, path: readonly Key[], schema?: object): string {
  const root = isRecord(schema) ? schema : {};
  const differ = new Differ(root, []);
  let place: Place = { path: [], fromPath: [], steps: [], schemas: expand(root, data, root, 0) };
  let value = data;
  for (const key of path) {
    value = isRecord(value) || Array.isArray(value) ? (value as Record<Key, unknown>)[key] : undefined;
    place = differ.child(place, key, value);
  }
  return placeText(place);
}

/**
 * The schema `describeFileChange` names a file's fields with, from the editor's form schemas (the
 * catalog's `schemas`): a page's with each section type's form under `sections`, the site's, a shared
 * block's or a collection entry's. Undefined for a file the editor has no form for.
 */
export function schemaOfFile(file: string, schemas: FormSchemas): Schema | undefined {
  if (file === 'content/site.yaml') return schemas.site;
  const shared = file.match(/^content\/shared\/([^/]+)\.ya?ml$/)?.[1];
  if (shared !== undefined) return schemas.shared[shared];
  const folder = file.match(/^content\/([^/]+)\/[^/]+\.ya?ml$/)?.[1];
  if (folder !== undefined && folder in schemas.collections) return schemas.collections[folder];
  if (folder !== 'pages') return undefined;
  const sections = {
    type: 'array',
    title: 'Sections',
    items: {
      title: 'Section',
      type: 'object',
      allOf: Object.entries(schemas.sections).map(([type, section]) => ({
        if: { properties: { type: { const: type } }, required: ['type'] },
        then: section.schema,
      })),
    },
  };
  return { ...schemas.page, properties: { ...(schemas.page.properties as Schema), sections } };
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** A change with what happened in words; a move says from where to where. */
function said(change: Omit<FieldChange, 'what'>, move?: { from: number; to: number }): FieldChange {
  const what = move ? `moved from ${ordinal(move.from + 1)} to ${ordinal(move.to + 1)} place` : change.kind;
  return { ...change, what };
}

/** Where a value is: its paths, its place in words so far, and the schemas that describe it. */
interface Place {
  readonly path: readonly Key[];
  readonly fromPath: readonly Key[];
  /** "Section 3" for a page's section and everything in it; the steps follow it after a comma. */
  readonly head?: string;
  readonly steps: readonly string[];
  readonly schemas: readonly Schema[];
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Own keys with a value, in the object's order (a key set to undefined is absent, as in `same`). */
const keysOf = (value: Json) => Object.keys(value).filter((k) => value[k] !== undefined);

function placeText(place: Pick<Place, 'head' | 'steps'>): string {
  const steps = place.steps.join(' › ');
  if (place.head !== undefined) return steps ? `${place.head}, ${steps}` : place.head;
  return steps ? steps.charAt(0).toUpperCase() + steps.slice(1) : 'The whole file';
}

class Differ {
  constructor(
    private readonly root: Schema,
    private readonly out: FieldChange[],
  ) {}

  compare(before: unknown, after: unknown, place: Place): void {
    if (same(before, after)) return;
    if (isRecord(before) && isRecord(after)) return this.objects(before, after, place);
    if (Array.isArray(before) && Array.isArray(after)) return this.lists(before, after, place);
    this.out.push(
      said({
        path: place.path,
        place: placeText(place),
        kind: 'changed',
        before: render(before, place.schemas),
        after: render(after, place.schemas),
        ...(typeof before === 'string' && typeof after === 'string' ? { words: wordRuns(before, after) } : {}),
      }),
    );
  }

  child(place: Place, key: Key, value: unknown, fromKey: Key = key): Place {
    const path = [...place.path, key];
    const fromPath = [...place.fromPath, fromKey];
    let label: string | undefined;
    let noun: string | undefined;
    let node: unknown;
    for (const schema of place.schemas) {
      if (typeof key === 'string') {
        const properties = schema.properties;
        if (isRecord(properties) && Object.hasOwn(properties, key) && isRecord(properties[key])) {
          node = properties[key];
          label = labelOf(node as Schema);
          break;
        }
      } else if (Array.isArray(schema.items) ? isRecord(schema.items[key]) : isRecord(schema.items)) {
        node = Array.isArray(schema.items) ? schema.items[key] : schema.items;
        break;
      }
    }
    if (node === undefined && typeof key === 'string')
      node = place.schemas.map((s) => s.additionalProperties).find((s) => isRecord(s));
    const schemas = expand(node, value, this.root, 0);
    if (typeof key === 'string')
      return { path, fromPath, head: place.head, steps: [...place.steps, label ?? (words(key).trim() || `“${key}”`)], schemas };
    // An item is named by its kind and what it says: Card “Fast performance”; by its place when it says nothing.
    for (const schema of schemas) {
      const named = typeof schema.editorName === 'string' ? schema.editorName : undefined;
      if (named && (schema.type === 'object' || isRecord(schema.properties) || !noun)) noun = named;
    }
    noun ??= capital(singular(place.steps[place.steps.length - 1]));
    const name = contentName(value) === undefined ? `${noun} ${key + 1}` : itemName(noun, value);
    // A page's sections are what a marketer sees first: each heads the places within it.
    if (place.path.length === 1 && place.path[0] === 'sections') return { path, fromPath, head: name, steps: [], schemas };
    return { path, fromPath, head: place.head, steps: [...place.steps, name], schemas };
  }

  private objects(before: Json, after: Json, place: Place): void {
    const kept = new Set(keysOf(after));
    // A removed key is listed after the key it followed in `before`, where a reader last saw it.
    const removedAfter = new Map<string | undefined, string[]>();
    let previous: string | undefined;
    for (const key of keysOf(before)) {
      if (kept.has(key)) previous = key;
      else removedAfter.set(previous, [...(removedAfter.get(previous) ?? []), key]);
    }
    const removed = (key: string | undefined) => {
      for (const gone of removedAfter.get(key) ?? []) {
        const at = this.child(place, gone, before[gone]);
        this.out.push(said({ path: at.path, place: placeText(at), kind: 'removed', before: render(before[gone], at.schemas) }));
      }
    };
    removed(undefined);
    const had = new Set(keysOf(before));
    for (const key of keysOf(after)) {
      const at = this.child(place, key, after[key]);
      if (had.has(key)) this.compare(before[key], after[key], at);
      else this.out.push(said({ path: at.path, place: placeText(at), kind: 'added', after: render(after[key], at.schemas) }));
      removed(key);
    }
  }

  private lists(before: readonly unknown[], after: readonly unknown[], place: Place): void {
    const { pairs, removed, stays } = matchItems(before, after);
    const pairOfAfter = new Map(pairs.map((p) => [p.after, p]));
    // A removed item is listed where it was: after the nearest item before it that kept its order.
    const removedAfter = new Map<number, number[]>();
    for (const i of removed) {
      const anchor = pairs.filter((p) => stays.has(p) && p.before < i).reduce((last, p) => Math.max(last, p.after), -1);
      removedAfter.set(anchor, [...(removedAfter.get(anchor) ?? []), i]);
    }
    const listRemoved = (anchor: number) => {
      for (const i of removedAfter.get(anchor) ?? []) {
        const at = this.child(place, i, before[i]);
        this.out.push(said({ path: at.path, place: placeText(at), kind: 'removed', before: render(before[i], at.schemas) }));
      }
    };
    listRemoved(-1);
    for (const [j, item] of after.entries()) {
      const pair = pairOfAfter.get(j);
      const at = this.child(place, j, item, pair?.before ?? j);
      if (!pair) {
        this.out.push(said({ path: at.path, place: placeText(at), kind: 'added', after: render(item, at.schemas) }));
      } else {
        if (!stays.has(pair)) {
          const was = this.child(place, pair.before, before[pair.before]);
          this.out.push(
            said(
              {
                path: at.path,
                place: placeText(at),
                kind: 'moved',
                before: render(before[pair.before], was.schemas),
                after: render(item, at.schemas),
                from: at.fromPath,
                fromPlace: placeText(was),
              },
              { from: pair.before, to: j },
            ),
          );
        }
        this.compare(before[pair.before], item, at);
      }
      listRemoved(j);
    }
  }
}

interface Pair {
  readonly before: number;
  readonly after: number;
  /** Paired by the alignment or within its gaps: in order by construction, so never a move. */
  readonly inOrder: boolean;
}

/**
 * Pairs the items of two versions of a list: first an order-keeping alignment that keeps equal items
 * (an edit-distance alignment, where pairing two different items of one kind costs less than removing
 * one and adding the other, so that duplicates do not pull equal items out of line); then, among the
 * rest, equal items anywhere (moved), items with the same key (`type` + id/name/title/heading/label),
 * and items of one kind in the same gap between aligned items (edited in place). The pairs that keep
 * their order are the largest set consistent with the aligned ones; the others are moves.
 */
function matchItems(before: readonly unknown[], after: readonly unknown[]) {
  const n = before.length;
  const m = after.length;
  const equal = before.map((a) => after.map((b) => same(a, b)));
  const kinds = (items: readonly unknown[]) => items.map(kindOf);
  const kindA = kinds(before);
  const kindB = kinds(after);
  // cost[i][j]: the cheapest alignment of before[i..] with after[j..].
  const cost = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n; i >= 0; i--) {
    for (let j = m; j >= 0; j--) {
      if (i === n || j === m) {
        cost[i]![j] = n - i + (m - j);
        continue;
      }
      const row = cost[i + 1]!;
      let best = Math.min(row[j]! + 1, cost[i]![j + 1]! + 1);
      if (equal[i]![j]) best = Math.min(best, row[j + 1]!);
      else if (kindA[i] === kindB[j]) best = Math.min(best, row[j + 1]! + 1);
      cost[i]![j] = best;
    }
  }
  const anchors: Pair[] = [];
  // Walked from the start, a tie prefers keeping an equal pair, then a removal, then an addition, then
  // pairing two different items; whichever is taken, the alignment costs the least.
  for (let i = 0, j = 0; i < n && j < m;) {
    const here = cost[i]![j]!;
    if (equal[i]![j] && here === cost[i + 1]![j + 1]) anchors.push({ before: i, after: j, inOrder: true });
    else if (here === cost[i + 1]![j]! + 1) {
      i++;
      continue;
    } else if (here === cost[i]![j + 1]! + 1) {
      j++;
      continue;
    }
    i++;
    j++;
  }
  const pairs: Pair[] = [...anchors];
  const freeA = new Set(Array.from({ length: n }, (_, i) => i).filter((i) => !anchors.some((p) => p.before === i)));
  const freeB = Array.from({ length: m }, (_, j) => j).filter((j) => !anchors.some((p) => p.after === j));
  const pairBy = (matches: (i: number, j: number) => boolean, inOrder: boolean) => {
    for (const j of freeB) {
      if (pairs.some((p) => p.after === j)) continue;
      for (const i of freeA) {
        if (!matches(i, j)) continue;
        pairs.push({ before: i, after: j, inOrder });
        freeA.delete(i);
        break;
      }
    }
  };
  pairBy((i, j) => equal[i]![j]!, false);
  const keyA = before.map(keyOf);
  const keyB = after.map(keyOf);
  pairBy((i, j) => keyA[i] !== undefined && keyA[i] === keyB[j], false);
  const gap = (index: number, side: 'before' | 'after') => anchors.filter((p) => p[side] < index).length;
  pairBy((i, j) => kindA[i] === kindB[j] && gap(i, 'before') === gap(j, 'after'), true);
  return { pairs, removed: [...freeA].sort((a, b) => a - b), stays: inOrder(pairs) };
}

/** The largest set of pairs whose order is kept, always holding the pairs in order by construction. */
function inOrder(pairs: readonly Pair[]): Set<Pair> {
  const sorted = [...pairs].sort((a, b) => a.before - b.before);
  const weight = (p: Pair) => (p.inOrder ? pairs.length + 1 : 1);
  const best = sorted.map(weight);
  const previous = sorted.map(() => -1);
  for (let k = 0; k < sorted.length; k++) {
    for (let l = 0; l < k; l++) {
      if (sorted[l]!.after < sorted[k]!.after && best[l]! + weight(sorted[k]!) > best[k]!) {
        best[k] = best[l]! + weight(sorted[k]!);
        previous[k] = l;
      }
    }
  }
  const stays = new Set<Pair>();
  let k = best.reduce((top, value, index) => (value > (best[top] ?? -1) ? index : top), -1);
  for (; k >= 0; k = previous[k]!) stays.add(sorted[k]!);
  return stays;
}

/** What an item is, for pairing two different items: a section only with a section of its type. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (isRecord(value)) return `object:${JSON.stringify(value.type ?? null)}`;
  return typeof value;
}

/** An item's name that survives an edit of its other fields: its type with its id, name, title, heading or label. */
function keyOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const name = ['id', 'name', 'title', 'heading', 'label']
    .map((k) => value[k])
    .find((v) => typeof v === 'string' || typeof v === 'number');
  return name === undefined ? undefined : JSON.stringify([value.type ?? null, name]);
}

/**
 * The schemas that describe `value`: `node`, what its `$ref` points to in this file, and the branches
 * of allOf/anyOf/oneOf and if/then that apply to it (a page's section picks its type's fields so).
 */
function expand(node: unknown, value: unknown, root: Schema, depth: number): Schema[] {
  // A schema may refer to itself (a tree of links); a description needs only the first few levels.
  if (!isRecord(node) || depth > 8) return [];
  const out: Schema[] = [node];
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#'))
    out.push(...expand(pointer(root, node.$ref), value, root, depth + 1));
  if (isRecord(node.if)) out.push(...expand(applies(node.if, value) ? node.then : node.else, value, root, depth + 1));
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      if (!isRecord(branch)) continue;
      if (isRecord(branch.if) || applies(branch, value)) out.push(...expand(branch, value, root, depth + 1));
    }
  }
  return out;
}

/** Whether `value` has the `const`s of `test`'s properties: how our schemas pick a branch by `type`. */
function applies(test: Schema, value: unknown): boolean {
  if (!isRecord(test.properties)) return true;
  return Object.entries(test.properties).every(([key, rule]) => {
    if (!isRecord(rule) || !('const' in rule)) return true;
    return isRecord(value) && same(value[key], rule.const);
  });
}

function pointer(root: Schema, ref: string): unknown {
  return ref
    .slice(1)
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (isRecord(node) && Object.hasOwn(node, part) ? node[part] : undefined), root);
}

/** A field's name as its form shows it: its editorName (a schema's `title` names a TypeScript type, "NavItem"). */
function labelOf(node: Schema): string | undefined {
  return typeof node.editorName === 'string' ? node.editorName : undefined;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Cards" → "card", "Social links" → "social link": an item of a list without a name of its own. */
function singular(label: string | undefined): string {
  if (!label || /[()]/.test(label)) return 'item';
  const lower = label.toLowerCase();
  if (/[^aeiou]ies$/.test(lower)) return `${lower.slice(0, -3)}y`;
  return /[^s]s$/.test(lower) ? lower.slice(0, -1) : lower;
}

const longest = 80;

/** A value in a line of plain text: whitespace collapsed, cut with an ellipsis where it is long. */
function render(value: unknown, schemas: readonly Schema[] = []): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  // A choice is shown by its words ("Full-time"), as the form shows it.
  const labels = schemas.map((s) => s.enumLabels).find((l): l is Record<string, string> => isRecord(l));
  if (labels && typeof labels[String(value)] === 'string') return labels[String(value)]!;
  // A text's **bold** marks are how the page styles it, not what it says.
  if (typeof value === 'string') return cut(value.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim());
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty list)';
    return cut(value.map((item) => (isRecord(item) || Array.isArray(item) ? summary(item, []) : render(item))).join(', '));
  }
  return summary(value, schemas);
}

/** An object or list by the name a reader knows it by: heading, title, label or name, else its type. */
function summary(value: object, schemas: readonly Schema[]): string {
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  const record = value as Json;
  for (const key of ['heading', 'title', 'label', 'name']) {
    // A heading's **bold** marks are how it is styled, not what it says.
    if (typeof record[key] === 'string' && record[key]) return cut(record[key].replace(/\*\*/g, '').replace(/\s+/g, ' ').trim());
  }
  if (typeof record.type === 'string') {
    const typed = schemas.find(
      (s) => isRecord(s.properties) && isRecord(s.properties.type) && s.properties.type.const === record.type,
    );
    return typeof typed?.editorName === 'string' ? typed.editorName : words(record.type);
  }
  const text = Object.values(record).find((v): v is string => typeof v === 'string' && v !== '');
  if (text !== undefined) return cut(text.replace(/\s+/g, ' ').trim());
  const count = keysOf(record).length;
  return count === 0 ? '(empty)' : count === 1 ? '1 field' : `${count} fields`;
}

const cut = (text: string) => cutAt(text, longest);

/** The runs of a text changed in place; kept and removed runs spell `before`, kept and added ones `after`. */
function wordRuns(before: string, after: string): FieldChange['words'] {
  return diffWordsWithSpace(before, after).map((part) => ({
    text: part.value,
    kind: part.added ? ('added' as const) : part.removed ? ('removed' as const) : ('same' as const),
  }));
}

function titleOf(data: unknown): string | undefined {
  return isRecord(data) && typeof data.title === 'string' && data.title ? data.title : undefined;
}
