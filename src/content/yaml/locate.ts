/**
 * Maps a JSON path inside a parsed YAML document back to the line and column a marketer sees,
 * and draws the code frame shown under every content error.
 */
import { isMap, isSeq, isScalar, isPair, type Document, type LineCounter, type Node } from 'yaml';

/** A 1-based line and column in a source file. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Splits an ajv `instancePath` (`/sections/2/items/0`) into keys. */
export function splitPointer(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export { formatPath } from '../paths.ts';

/**
 * Finds where a path points in the document. With `key`, the position is that of the key named
 * `key` inside the node at `path` (for an unknown property); without, it is that of the value.
 * When the path runs past what exists (a missing property), the deepest existing node is used.
 */
export function locate(
  doc: Document,
  counter: LineCounter,
  path: readonly (string | number)[],
  key?: string,
): Position {
  let node: Node | null = doc.contents;
  let offset = node?.range?.[0] ?? 0;
  for (const part of path) {
    const next = child(node, part);
    if (!next) break;
    node = next.value;
    offset = next.offset;
  }
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && p.key.value === key);
    if (pair && isScalar(pair.key) && pair.key.range) offset = pair.key.range[0];
  }
  const { line, col } = counter.linePos(offset);
  return { line, column: col };
}

/** The node a path points at, when the whole path exists. */
export function nodeAt(doc: Document, path: readonly (string | number)[]): Node | null | undefined {
  let node: Node | null = doc.contents;
  for (const part of path) {
    const next = child(node, part);
    if (!next) return undefined;
    node = next.value;
  }
  return node;
}

function child(node: Node | null, part: string | number): { value: Node | null; offset: number } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === part);
    if (!pair) return undefined;
    const value = (pair.value as Node | null) ?? null;
    const offset = value?.range?.[0] ?? (isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0);
    return { value, offset };
  }
  if (isSeq(node) && typeof part === 'number') {
    const value = node.items[part] as Node | undefined;
    if (!value) return undefined;
    return { value, offset: value.range?.[0] ?? 0 };
  }
  return undefined;
}

/**
 * A code frame: two lines of context around `position`, the line itself marked with `>`, and a
 * caret under the offending text (as long as the word that starts there).
 */
export function codeFrame(source: string, position: Position, contextLines = 2): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, position.line - contextLines);
  const last = Math.min(lines.length, position.line + contextLines);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = lines[n - 1] ?? '';
    const gutter = String(n).padStart(width);
    out.push(`${n === position.line ? '>' : ' '} ${gutter} | ${text}`.trimEnd());
    if (n === position.line) {
      const rest = text.slice(position.column - 1);
      const length = Math.max(1, rest.match(/^[^\s:,\]}]+/)?.[0].length ?? 1);
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, position.column - 1))}${'^'.repeat(length)}`);
    }
  }
  return out.join('\n');
}
