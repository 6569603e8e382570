/**
 * Turns a file's text into the text that holds `next`, the data the editor's form now has, by the
 * smallest edits a person would make by hand: a changed text rewrites that value only (yaml-source.ts);
 * a new or removed property, or a list item added, removed or moved, inserts, removes or moves the
 * lines of that one entry, with the comment lines directly above it. Everything else in the file,
 * comments, blank lines, quotes, block texts and the order of keys, stays byte for byte.
 *
 * Each step is checked by reading the new text back: it must hold exactly what the step meant, or
 * the edit is refused with nothing written (EditorValueChanged). `yaml`'s Document API would do these
 * edits too, but re-serialises the whole file, which re-flows every long folded text of every page.
 */
import { isDeepStrictEqual } from 'node:util';
import { isMap, isPair, isScalar, isSeq, parseDocument, stringify, type Document, type Node, type Pair } from 'yaml';
import { EditorError } from './errors.ts';
import { YamlSource } from './yaml-source.ts';
import { valueAt } from '../../content/paths.ts';
import { setOwn } from '../../content/yaml/safe-keys.ts';

type Key = string | number;
type Path = readonly Key[];

/** One edit of a file, the unit a person would make by hand. */
export type YamlOp =
  | { readonly op: 'setText'; readonly path: Path; readonly value: string | number | boolean }
  | { readonly op: 'replace'; readonly path: Path; readonly value: unknown }
  | { readonly op: 'addKey'; readonly path: Path; readonly key: string; readonly value: unknown; readonly after?: string }
  | { readonly op: 'deleteKey'; readonly path: Path; readonly key: string }
  | { readonly op: 'insertItem'; readonly path: Path; readonly index: number; readonly value: unknown }
  | { readonly op: 'removeItem'; readonly path: Path; readonly index: number }
  | { readonly op: 'moveItem'; readonly path: Path; readonly from: number; readonly to: number };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPlain = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);

/** The text of `text` edited until it holds `next`. Throws EditorValueChanged rather than write anything else. */
export function rewriteYaml(text: string, next: unknown, file = 'the file'): string {
  let current = { text, data: read(text, file) };
  // Each step removes one difference; a bound keeps a bug from looping for ever. A step's text is
  // read back once, and that reading is the next step's data (reading a large page is the cost).
  for (let step = 0; step < 5000; step++) {
    const op = firstDifference(current.data, next, []);
    if (!op) return current.text;
    current = applyStep(current.text, current.data, op, file);
  }
  throw changed(file, 'the edit needed too many steps');
}

/** The data a text holds. */
function read(text: string, file: string): unknown {
  return YamlSource.parse(text, file).toJS();
}

const changed = (file: string, why: string) =>
  new EditorError(
    'EditorValueChanged',
    `The edit of ${file} could not be written so that it reads back as typed (${why}), so nothing was changed.`,
  );

/** The first edit that brings `from` closer to `to`, in the order a reader of the file meets them. */
export function firstDifference(from: unknown, to: unknown, path: Path): YamlOp | undefined {
  if (isDeepStrictEqual(from, to)) return undefined;
  if (isRecord(from) && isRecord(to)) {
    const keys = Object.keys(to);
    for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) return { op: 'deleteKey', path, key };
    for (const [i, key] of keys.entries()) {
      if (Object.hasOwn(from, key)) continue;
      const after = keys
        .slice(0, i)
        .reverse()
        .find((k) => Object.hasOwn(from, k));
      return { op: 'addKey', path, key, value: to[key], ...(after ? { after } : {}) };
    }
    for (const key of keys) {
      const op = firstDifference(from[key], to[key], [...path, key]);
      if (op) return op;
    }
    return undefined;
  }
  if (Array.isArray(from) && Array.isArray(to) && from.length > 0) {
    const same = (a: readonly unknown[], b: readonly unknown[]) => isDeepStrictEqual(a, b);
    if (to.length === from.length - 1) {
      for (let i = 0; i < from.length; i++) if (same(from.toSpliced(i, 1), to)) return { op: 'removeItem', path, index: i };
    }
    if (to.length === from.length + 1) {
      for (let i = 0; i < to.length; i++)
        if (same(to.toSpliced(i, 1), from)) return { op: 'insertItem', path, index: i, value: to[i] };
    }
    if (to.length === from.length) {
      // One item changed in place (the usual edit): no move can explain it, since a move changes
      // at least two places; going straight to it spares comparing the list once per pair of items.
      const changedAt = from.flatMap((item, i) => (isDeepStrictEqual(item, to[i]) ? [] : [i]));
      if (changedAt.length === 1) return firstDifference(from[changedAt[0]!], to[changedAt[0]!], [...path, changedAt[0]!]);
      for (let a = 0; a < from.length; a++) {
        for (let b = 0; b < from.length; b++) {
          if (a !== b && same(from.toSpliced(a, 1).toSpliced(b, 0, from[a]), to)) return { op: 'moveItem', path, from: a, to: b };
        }
      }
      for (let i = 0; i < to.length; i++) {
        const op = firstDifference(from[i], to[i], [...path, i]);
        if (op) return op;
      }
    }
    // Several items at once: one at a time, from the first that differs.
    const i = from.findIndex((item, n) => !isDeepStrictEqual(item, to[n]));
    if (to.length > from.length) return { op: 'insertItem', path, index: i, value: to[i] };
    return { op: 'removeItem', path, index: i === -1 ? from.length - 1 : i };
  }
  if (isPlain(from) && isPlain(to)) return { op: 'setText', path, value: to };
  return { op: 'replace', path, value: to };
}

/** `text` with `op` carried out; the result is read back and must hold what the op meant. */
export function applyOp(text: string, op: YamlOp, file = 'the file'): string {
  return applyStep(text, read(text, file), op, file).text;
}

/** `text`, which holds `before`, with `op` carried out, and the data it then holds. */
function applyStep(text: string, before: unknown, op: YamlOp, file: string): { text: string; data: unknown } {
  const expected = expectedAfter(before, op);
  let after: string;
  try {
    after = edited(text, op);
  } catch (error) {
    if (error instanceof EditorError && error.code !== 'EditorNotAText') throw error;
    // A value the line-level edit cannot reach (a flow list, an empty value): written anew in place.
    after = edited(text, { op: 'replace', path: op.path, value: valueAt(expected, op.path) });
  }
  let reread: unknown;
  try {
    reread = read(after, file);
  } catch {
    throw changed(file, `\`${op.path.join('.') || 'the file'}\` would not be valid YAML`);
  }
  if (!isDeepStrictEqual(reread, expected)) throw changed(file, `\`${op.path.join('.') || 'the file'}\` read back differently`);
  return { text: after, data: reread };
}

/** What the data should be once `op` is done. */
function expectedAfter(data: unknown, op: YamlOp): unknown {
  const copy = structuredClone(data);
  if (op.path.length === 0 && (op.op === 'replace' || op.op === 'setText')) return op.value;
  const parentPath = op.op === 'setText' || op.op === 'replace' ? op.path.slice(0, -1) : op.path;
  const target = valueAt(copy, parentPath) as Record<Key, unknown> & unknown[];
  switch (op.op) {
    case 'setText':
    case 'replace':
      setOwn(target, op.path[op.path.length - 1]!, op.value);
      break;
    case 'addKey': {
      // Keys keep the order they will have in the file: after `after`, or first.
      const entries = Object.entries(target);
      const at = op.after === undefined ? 0 : entries.findIndex(([k]) => k === op.after) + 1;
      entries.splice(at, 0, [op.key, op.value]);
      for (const key of Object.keys(target)) delete target[key];
      for (const [key, value] of entries) setOwn(target, key, value);
      break;
    }
    case 'deleteKey':
      delete target[op.key];
      break;
    case 'insertItem':
      target.splice(op.index, 0, op.value);
      break;
    case 'removeItem':
      target.splice(op.index, 1);
      break;
    case 'moveItem':
      target.splice(op.to, 0, ...target.splice(op.from, 1));
      break;
  }
  return copy;
}

// ---- Text of the edits ----------------------------------------------------------------------

/** Where a node's lines are: from the start of its first line to the end of its last. */
interface Span {
  readonly start: number;
  readonly end: number;
}

function edited(text: string, op: YamlOp): string {
  if (op.op === 'setText') {
    const source = YamlSource.parse(text);
    source.setText(op.path, op.value);
    return source.toString();
  }
  const doc = parseDocument(text, { keepSourceTokens: true });
  const lines = new LineIndex(text);
  switch (op.op) {
    case 'replace':
      return replaceNode(text, doc, lines, op.path, op.value);
    case 'addKey':
    case 'deleteKey':
      return editMap(text, doc, lines, op);
    default:
      return editSeq(text, doc, lines, op);
  }
}

class LineIndex {
  constructor(private readonly text: string) {}
  /** The offset at which the line holding `offset` starts. */
  start(offset: number): number {
    return this.text.lastIndexOf('\n', offset - 1) + 1;
  }
  /** The offset just past the line holding `offset`, its newline included. */
  end(offset: number): number {
    const newline = this.text.indexOf('\n', offset);
    return newline === -1 ? this.text.length : newline + 1;
  }
  /** The offset of the last character of content at or before `offset` (spaces and newlines skipped). */
  lastContent(offset: number): number {
    let i = Math.min(offset, this.text.length) - 1;
    while (i > 0 && /\s/.test(this.text[i]!)) i--;
    return i;
  }
  /** The column of `offset` in its line (0-based). */
  column(offset: number): number {
    return offset - this.start(offset);
  }
  /**
   * Moves `start` (a line start) up over the comment lines directly above it, which belong to the
   * entry below them, but not past `floor` (the end of the entry before).
   */
  withComments(start: number, floor: number): number {
    let at = start;
    while (at > floor) {
      const above = this.start(at - 1);
      if (!/^\s*#/.test(this.text.slice(above, at))) break;
      at = above;
    }
    return at;
  }
}

function nodeAt(doc: Document, path: Path): Node {
  const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (!node || typeof node !== 'object' || !('range' in node) || !node.range) {
    throw new EditorError('EditorNotAText', `\`${path.join('.')}\` is not in the file.`);
  }
  return node as Node;
}

/** `value` as YAML lines for a place indented by `indent` spaces (the first line without it). */
function render(value: unknown, indent: number): string {
  const text = stringify(value, { lineWidth: 0, minContentWidth: 0 }).replace(/\n$/, '');
  return text
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : ' '.repeat(indent) + line))
    .join('\n');
}

/** True for a value written on its own lines below its key (a block list or group, not empty). */
const isBlock = (value: unknown) => (Array.isArray(value) || isRecord(value)) && Object.keys(value).length > 0;

/** The text after `key:` or `- ` for `value`: on the same line, or below it indented by `indent`. */
function afterIndicator(value: unknown, indent: number, inList: boolean): string {
  if (value === null || value === undefined) return '';
  // A group in a list item starts on the dash's line (`- type: hero`), as this site's files write it.
  if (isBlock(value) && !(inList && isRecord(value))) return `\n${' '.repeat(indent)}${render(value, indent)}`;
  return ` ${render(value, indent)}`;
}

function replaceNode(text: string, doc: Document, lines: LineIndex, path: Path, value: unknown): string {
  if (path.length === 0) return `${render(value, 0)}\n`;
  const parent = nodeAt(doc, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (isMap(parent)) {
    const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === key);
    if (!pair || !isScalar(pair.key) || !pair.key.range)
      throw new EditorError('EditorNotAText', `\`${path.join('.')}\` is not in the file.`);
    const keyStart = pair.key.range[0];
    const colon = text.indexOf(':', pair.key.range[1]);
    const end = pairEnd(text, lines, pair);
    const indent = lines.column(keyStart) + 2;
    return `${text.slice(0, colon + 1)}${afterIndicator(value, indent, false)}\n${text.slice(end)}`;
  }
  if (isSeq(parent) && typeof key === 'number') {
    const spans = itemSpans(text, lines, parent);
    const dash = dashOf(text, parent.items[key] as Node);
    const indent = lines.column(dash) + 2;
    return `${text.slice(0, dash + 1)}${afterIndicator(value, indent, true)}\n${text.slice(spans[key]!.end)}`;
  }
  throw new EditorError('EditorNotAText', `\`${path.join('.')}\` is not in a block list or group of the file.`);
}

/** The end of a pair's lines: past the last line of its value (or of its key, for an empty value). */
function pairEnd(text: string, lines: LineIndex, pair: Pair): number {
  const value = pair.value as Node | null;
  const key = pair.key as Node;
  const last = value?.range ? Math.max(value.range[1], key.range![1]) : key.range![1];
  return lines.end(lines.lastContent(last));
}

/** The offset of the `-` that starts a list item. */
function dashOf(text: string, item: Node | null): number {
  let i = (item?.range?.[0] ?? 0) - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  if (text[i] !== '-') throw new EditorError('EditorNotAText', 'The list is not written as a block list (`- item` lines).');
  return i;
}

/** Each item's lines in a block list, with the comment lines directly above it. */
function itemSpans(text: string, lines: LineIndex, seq: Node & { items: unknown[] }): Span[] {
  if (seq.range && text[seq.range[0]] === '[') throw new EditorError('EditorNotAText', 'The list is written in brackets.');
  const spans: Span[] = [];
  let floor = 0;
  for (const item of seq.items as (Node | null)[]) {
    const dash = dashOf(text, item);
    const start = lines.withComments(lines.start(dash), floor);
    const last = item?.range ? item.range[1] : dash + 1;
    const end = lines.end(lines.lastContent(Math.max(last, dash + 1)));
    spans.push({ start, end });
    floor = end;
  }
  return spans;
}

function editSeq(
  text: string,
  doc: Document,
  lines: LineIndex,
  op: Extract<YamlOp, { op: 'insertItem' | 'removeItem' | 'moveItem' }>,
): string {
  const seq = nodeAt(doc, op.path);
  if (!isSeq(seq) || seq.items.length === 0) throw new EditorError('EditorNotAText', 'Not a block list with items.');
  const spans = itemSpans(text, lines, seq);
  // What lies between items (usually blank lines) stays where it is; the items move through it.
  const gaps = spans.slice(1).map((span, i) => text.slice(spans[i]!.end, span.start));
  const pieces = spans.map((span) => text.slice(span.start, span.end));
  const head = text.slice(0, spans[0]!.start);
  const tail = text.slice(spans[spans.length - 1]!.end);
  if (op.op === 'moveItem') {
    pieces.splice(op.to, 0, ...pieces.splice(op.from, 1));
  } else if (op.op === 'removeItem') {
    pieces.splice(op.index, 1);
    gaps.splice(Math.min(op.index, gaps.length - 1), 1);
  } else {
    const dash = dashOf(text, seq.items[0] as Node);
    const column = lines.column(dash);
    pieces.splice(op.index, 0, `${' '.repeat(column)}-${afterIndicator(op.value, column + 2, true)}\n`);
    gaps.splice(Math.min(op.index, gaps.length), 0, gaps[0] ?? '');
  }
  return head + pieces.map((piece, i) => (i === 0 ? piece : gaps[i - 1] + piece)).join('') + tail;
}

function editMap(text: string, doc: Document, lines: LineIndex, op: Extract<YamlOp, { op: 'addKey' | 'deleteKey' }>): string {
  const map = nodeAt(doc, op.path);
  if (!isMap(map) || map.items.length === 0 || (map.range && text[map.range[0]] === '{')) {
    throw new EditorError('EditorNotAText', 'Not a block group with entries.');
  }
  const pairs = map.items.filter(isPair);
  const keyStart = (pair: Pair) => (pair.key as Node).range![0];
  const column = lines.column(keyStart(pairs[0]!));
  if (op.op === 'addKey') {
    const after = op.after === undefined ? undefined : pairs.find((p) => isScalar(p.key) && p.key.value === op.after);
    const line = `${' '.repeat(column)}${op.key}:${afterIndicator(op.value, column + 2, false)}\n`;
    if (after) {
      const at = pairEnd(text, lines, after);
      return text.slice(0, at) + line + text.slice(at);
    }
    // First: before the first key; on a list item's dash line, the new key takes that place.
    const first = keyStart(pairs[0]!);
    const lineStart = lines.start(first);
    if (text.slice(lineStart, first).trim() !== '')
      return `${text.slice(0, first)}${line.trimStart()}${' '.repeat(column)}${text.slice(first)}`;
    return text.slice(0, lineStart) + line + text.slice(lineStart);
  }
  const index = pairs.findIndex((p) => isScalar(p.key) && p.key.value === op.key);
  const pair = pairs[index];
  if (!pair) throw new EditorError('EditorNotAText', `\`${op.key}\` is not in the file.`);
  const start = keyStart(pair);
  const lineStart = lines.start(start);
  const end = pairEnd(text, lines, pair);
  const next = pairs[index + 1];
  if (text.slice(lineStart, start).trim() !== '') {
    // The first key of a list item, on the dash's line: the next key moves up to the dash.
    if (!next) throw new EditorError('EditorNotAText', 'The only entry of a list item.');
    return text.slice(0, start) + text.slice(keyStart(next));
  }
  return text.slice(0, lineStart) + text.slice(end);
}
