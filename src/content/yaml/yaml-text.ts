/**
 * Mistakes that are valid YAML but would lose, change or break a marketer's text, found in the parsed
 * document before it becomes data: an alias to an anchor the file does not define (turning the
 * document into data would throw), one anchor name given to two values (an alias then repeats the
 * second, silently), a merge key (`<<`, which YAML 1.2 reads as an ordinary name), a tag (which can
 * change what kind of value the page gets), prose cut short by ` #`, which YAML reads as a comment,
 * and a file with nothing in it.
 */
import {
  CST,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  Parser,
  parseDocument,
  visit,
  type Alias,
  type Document,
  type Node,
  type Pair,
} from 'yaml';
import { explain, type Fix, type ProblemCode } from '../catalog.ts';
import { yamlValue } from '../fixes.ts';
import { closest } from '../suggest.ts';

/** A problem in a file's YAML text, at a character offset of the file, with its fix when there is exactly one. */
export interface TextProblem {
  readonly code: ProblemCode;
  readonly offset: number;
  readonly message: string;
  readonly hint: string;
  readonly fix?: Fix;
  /**
   * Whether the data YAML makes of the file is not what its author meant, or there is none: checking
   * it would only repeat this problem in other words (an alias without its anchor, one repeating the
   * other value of its name, a merge key, a tag that changes its value, an empty file).
   */
  readonly losesData: boolean;
}

/** Whether a file with these problems has no data to check: see `TextProblem.losesData`. */
export function withoutData(problems: readonly TextProblem[]): boolean {
  return problems.some((p) => p.losesData);
}

/** The problems of a document that `yaml` read without an error; `file` (relative, with `/`) says what an empty file should hold. */
export function yamlTextProblems(doc: Document, text: string, file = ''): TextProblem[] {
  if (isEmptyDocument(doc)) {
    const [kind, collection] = fileKind(file);
    return [{ code: 'EmptyFile', offset: 0, ...explain.EmptyFile(kind, /^[ \t]*#/m.test(text), collection), losesData: true }];
  }
  const problems: TextProblem[] = [...directiveProblems(text)];
  const { anchors, tags } = propsOf(text);
  const tagged: Node[] = [];
  const aliases: Alias[] = [];
  visit(doc, {
    Map(_key, node) {
      if (node.tag) tagged.push(node);
    },
    Seq(_key, node) {
      if (node.tag) tagged.push(node);
    },
    Alias(_key, node) {
      aliases.push(node);
      if (node.resolve(doc) !== undefined) return;
      const start = node.range?.[0] ?? 0;
      const name = node.source;
      const known = closest(
        name,
        anchors.map((a) => a.name),
      );
      problems.push({ code: 'UnknownAlias', offset: start, ...explain.UnknownAlias(name, known), losesData: true });
    },
    Pair(_key, pair, path) {
      // `<<` as written, unquoted: a merge key in YAML 1.1, an ordinary name in YAML 1.2.
      if (!isScalar(pair.key) || pair.key.type !== 'PLAIN' || pair.key.value !== '<<' || !pair.key.range) return;
      const sources = isAlias(pair.value) ? [pair.value] : isSeq(pair.value) ? pair.value.items.filter(isAlias) : [];
      const fix = mergeFix(doc, text, pair, path[path.length - 1], anchors);
      const named = sources.map((a) => `*${a.source}`);
      problems.push({
        code: 'MergeKey',
        offset: pair.key.range[0],
        ...explain.MergeKey(named, fix !== undefined),
        ...(fix ? { fix } : {}),
        losesData: true,
      });
    },
    Scalar(key, node, path) {
      if (node.tag) tagged.push(node);
      // A list item's text that runs on to the next line: YAML joins the lines, so an item whose `- `
      // was deleted becomes the end of the item above (`- React` and `Vue` make "React Vue").
      if (key !== 'key' && node.type === 'PLAIN' && typeof node.value === 'string' && node.range && isSeq(path[path.length - 1])) {
        const written = text.slice(node.range[0], node.range[1]);
        const lines = written.split('\n');
        if (lines.length > 1) {
          const next = lines[1]!.trim();
          problems.push({ code: 'TextRunsOn', offset: node.range[0], ...explain.TextRunsOn(lines[0]!.trim(), next, node.value), losesData: false });
        }
      }
      if (key === 'key' || node.type !== 'PLAIN' || typeof node.value !== 'string' || !node.comment || !node.range) return;
      const [start, valueEnd] = node.range;
      const rest = text.slice(valueEnd, text.indexOf('\n', valueEnd) === -1 ? undefined : text.indexOf('\n', valueEnd));
      const comment = rest.match(/^[ \t]+#(.*)$/);
      if (!comment) return;
      // A deliberate note after a one-word value (`type: hero # the big one`) is a comment; prose, or a
      // `#` stuck to what follows (`#1`), is text the writer meant to publish.
      const prose = /\s/.test(node.value) || /^\S/.test(comment[1]!);
      if (!prose) return;
      const line = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
      const prefix = line.trimStart();
      const whole = `${node.value}${rest}`.trimEnd();
      const quoted = `${prefix}"${whole.replace(/"/g, '\\"')}"`;
      problems.push({
        code: 'CommentInText',
        offset: valueEnd + rest.indexOf('#'),
        ...explain.CommentInText(node.value, comment[1]!, quoted),
        losesData: false,
      });
    },
  });

  // One name for two values: an alias repeats the nearest value above it with that name.
  const last = new Map<string, number>();
  for (const [i, anchor] of anchors.entries()) {
    const before = last.get(anchor.name);
    last.set(anchor.name, anchor.offset);
    if (before === undefined) continue;
    const next = anchors.slice(i + 1).find((a) => a.name === anchor.name)?.offset ?? Infinity;
    const repeating = aliases
      .filter((a) => a.source === anchor.name && a.range && a.range[0] > anchor.offset && a.range[0] < next)
      .map((a) => lineOf(text, a.range![0]));
    problems.push({
      code: 'DuplicateAnchor',
      offset: anchor.offset,
      ...explain.DuplicateAnchor(anchor.name, lineOf(text, before), lineOf(text, anchor.offset), repeating),
      // An alias below now repeats this value, perhaps not the one its author meant.
      losesData: repeating.length > 0,
    });
  }

  // Tags, each with the node it is written before (both in the order of the file).
  const used = new Set<Node>();
  for (const tag of tags) {
    const node = tagged.find((n) => !used.has(n) && n.range && n.range[0] >= tag.offset + tag.source.length);
    if (!node) continue;
    used.add(node);
    const core = node.tag?.startsWith('tag:yaml.org,2002:') ? `!!${node.tag.slice('tag:yaml.org,2002:'.length)}` : undefined;
    const repair = tagFix(doc, text, tag, node, core);
    problems.push({
      code: 'YamlTag',
      offset: tag.offset,
      ...explain.YamlTag(tag.source, core, repair?.shown),
      ...(repair ? { fix: repair.fix } : {}),
      // A tag whose fix leaves the value as it is (`!!str Hello`) changed nothing.
      losesData: !repair,
    });
  }
  return problems.sort((a, b) => a.offset - b.offset);
}

/** Whether a document holds nothing: no text at all, or comments, or a `---` alone. */
export function isEmptyDocument(doc: Document): boolean {
  const contents = doc.contents;
  return contents === null || (isScalar(contents) && contents.value === null && contents.source === '' && !contents.tag && !contents.anchor);
}

/** What an empty file at `file` should hold: a page, an entry of a collection (its folder), or settings. */
function fileKind(file: string): ['page' | 'entry' | 'settings', string?] {
  const parts = file.split('/');
  const name = parts[parts.length - 1] ?? '';
  const folder = parts[parts.length - 2];
  if (folder === 'pages') return ['page'];
  if (folder === undefined || /^site\.ya?ml$/.test(name) || folder === 'shared' || folder === 'collections') return ['settings'];
  return ['entry', folder];
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The anchors (`&name`) and tags (`!!str`, `!name`) written in a text, in its order, from `yaml`'s syntax tree. */
function propsOf(text: string): {
  readonly anchors: readonly { readonly name: string; readonly offset: number }[];
  readonly tags: readonly { readonly source: string; readonly offset: number }[];
} {
  const anchors: { name: string; offset: number }[] = [];
  const tags: { source: string; offset: number }[] = [];
  if (!/[&!]/.test(text)) return { anchors, tags };
  const take = (tokens: readonly { readonly type: string }[] | undefined) => {
    for (const token of tokens ?? []) {
      if (token.type !== 'anchor' && token.type !== 'tag') continue;
      const { source, offset } = token as CST.SourceToken;
      if (token.type === 'anchor') anchors.push({ name: source.slice(1), offset });
      else tags.push({ source, offset });
    }
  };
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue;
    take(token.start);
    CST.visit(token, (item) => {
      take(item.start);
      take(item.sep);
    });
  }
  const byOffset = (a: { offset: number }, b: { offset: number }) => a.offset - b.offset;
  return { anchors: anchors.sort(byOffset), tags: tags.sort(byOffset) };
}

/** The data of a text as YAML 1.2 reads it, written canonically to compare; undefined when it has an error. */
function dataOf(text: string, merge = false): string | undefined {
  const doc = parseDocument(text, { uniqueKeys: true, merge });
  if (doc.errors.length > 0) return undefined;
  try {
    return canonical(doc.toJS());
  } catch {
    return undefined;
  }
}

function canonical(value: unknown): string {
  if (value instanceof Uint8Array) return `bytes:${[...value].join(',')}`;
  if (value instanceof Date) return `date:${value.toISOString()}`;
  if (value instanceof Set) return `set:${canonical([...value])}`;
  if (value instanceof Map) return `map:${canonical([...value.entries()])}`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return typeof value === 'number' && Object.is(value, -0) ? '-0' : `${typeof value}:${String(value)}`;
}

/**
 * The value without its tag, when that is the same value: `!!str 020130` becomes `"020130"` (the
 * characters as written, quoted so that YAML keeps them text); `!!int 5` becomes `5`. A tag that changes
 * the value (`!!int "5"`, `!!binary`) or one of the author's own (`!shout`) gets none: what it was for
 * is theirs to say.
 */
function tagFix(
  doc: Document,
  text: string,
  tag: { readonly source: string; readonly offset: number },
  node: Node,
  core: string | undefined,
): { readonly fix: Fix; readonly shown: string } | undefined {
  if (!core || !['!!str', '!!int', '!!float', '!!bool', '!!null', '!!map', '!!seq'].includes(core) || !node.range) return undefined;
  // A tag YAML could not apply (`!!int hello`) was meant to change the value: what into is the author's to say.
  const [from, to] = [tag.offset, node.range[1]];
  if (doc.warnings.some((w) => w.pos[0] >= from && w.pos[0] <= to)) return undefined;
  const tagEnd = tag.offset + tag.source.length;
  const gap = text.slice(tagEnd).match(/^[ \t]*/)![0];
  let fix: Fix;
  let shown: string;
  if (isScalar(node) && node.type === 'PLAIN' && core === '!!str' && text.slice(tagEnd, node.range[0]) === gap) {
    const end = node.range[1];
    shown = yamlValue(String(node.value));
    fix = { start: tag.offset, end, was: text.slice(tag.offset, end), text: shown, label: `Write \`${shown}\`` };
  } else {
    const end = tagEnd + gap.length;
    const lineEnd = text.indexOf('\n', end);
    shown = text.slice(end, lineEnd === -1 ? undefined : lineEnd).trim();
    // A tag alone on its line (before a group or a block of text): deleting it leaves nothing to show.
    if (shown === '' || shown.startsWith('#')) return undefined;
    fix = { start: tag.offset, end, was: text.slice(tag.offset, end), text: '', label: `Delete \`${tag.source}\`` };
    // A block of text keeps its lines: the hint says to delete the tag rather than show `|`.
    if (/^[|>]/.test(shown)) shown = '';
  }
  const before = safeData(doc);
  const after = dataOf(text.slice(0, fix.start) + fix.text + text.slice(fix.end));
  return before !== undefined && before === after ? { fix, shown } : undefined;
}

function safeData(doc: Document): string | undefined {
  try {
    return canonical(doc.toJS());
  } catch {
    return undefined;
  }
}

/**
 * The properties a merge key would have copied, written out in its place, when that gives exactly
 * the data YAML 1.1 would have merged (checked by reading both): the group's own properties win over
 * the copied ones, and an earlier source over a later one, as in YAML 1.1.
 */
function mergeFix(
  doc: Document,
  text: string,
  pair: Pair,
  map: unknown,
  anchors: readonly { readonly name: string; readonly offset: number }[],
): Fix | undefined {
  if (!isMap(map) || map.flow || !isScalar(pair.key) || !pair.key.range) return undefined;
  const sources = isAlias(pair.value) ? [pair.value] : isSeq(pair.value) && pair.value.items.every(isAlias) ? pair.value.items : undefined;
  const valueEnd = (pair.value as Node | null)?.range?.[1];
  if (!sources || sources.length === 0 || valueEnd === undefined) return undefined;
  const keyOf = (p: Pair) => (isScalar(p.key) ? p.key.value : undefined);
  const own = new Set(map.items.filter((p) => p !== pair).map(keyOf));
  const start = pair.key.range[0];
  const columnOf = (offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1);
  const column = columnOf(start);
  const written = new Set<unknown>();
  const out: string[] = [];
  for (const alias of sources) {
    const source = alias.resolve(doc);
    if (!isMap(source) || source.flow) return undefined;
    for (const p of source.items) {
      if (!isScalar(p.key) || !p.key.range || (p.key.type === 'PLAIN' && p.key.value === '<<')) return undefined;
      if (own.has(p.key.value) || written.has(p.key.value)) continue;
      written.add(p.key.value);
      const from = p.key.range[0];
      const to = from + text.slice(from, Math.max((p.value as Node | null)?.range?.[1] ?? 0, p.key.range[1])).trimEnd().length;
      // A copied anchor would name two values.
      if (anchors.some((a) => a.offset >= from && a.offset < to)) return undefined;
      const sourceColumn = columnOf(from);
      const lines = text.slice(from, to).split('\n');
      const moved = [lines[0]!];
      for (const line of lines.slice(1)) {
        if (line.trim() === '') moved.push('');
        else if (/^ *$/.test(line.slice(0, sourceColumn))) moved.push(`${' '.repeat(column)}${line.slice(sourceColumn)}`);
        else return undefined;
      }
      out.push(moved.join('\n'));
    }
  }
  if (out.length === 0) return undefined;
  const names = sources.map((a) => `*${a.source}`).join(', ');
  const fix: Fix = {
    start,
    end: valueEnd,
    was: text.slice(start, valueEnd),
    text: out.join(`\n${' '.repeat(column)}`),
    label: `Write out the properties of ${names}`,
  };
  const merged = dataOf(text, true);
  const after = text.slice(0, fix.start) + fix.text + text.slice(fix.end);
  return merged !== undefined && dataOf(after, true) === merged ? fix : undefined;
}

/**
 * A `%YAML 1.1` line switches the file to YAML 1.1's rules, where `yes`, `on` and `no` are truth
 * values and `010` is eight: the same text would mean something else than in every other file. A
 * `%TAG` line renames tags. Either is reported at its line; deleting the line (and the `---` that a
 * directive needs after it) is the fix when the data stays exactly the same without it.
 */
function directiveProblems(text: string): TextProblem[] {
  // The directives are the `%` lines before the document's `---` (blank and comment lines between).
  const head = /^(?:(?:%[^\n]*|[ \t]*(?:#[^\n]*)?)\n)*/.exec(text)![0];
  const directives = [...head.matchAll(/^%(?:YAML|TAG)\b[^\n]*\n/gm)];
  const marker = /^---[ \t]*(?:\n|$)/.exec(text.slice(head.length))?.[0];
  return directives.map((match) => {
    const start = match.index;
    // The `---` a directive needs after it goes with the last directive.
    const next = start + match[0].length;
    const end = next + (directives.length === 1 && marker && next === head.length ? marker.length : 0);
    const line = match[0].trim();
    const candidate: Fix = { start, end, was: text.slice(start, end), text: '', label: `Delete the \`${line}\` line` };
    const fix = sameDataWithout(text, candidate) ? candidate : undefined;
    return { code: 'YamlDirective' as const, offset: start, ...explain.YamlDirective(line, fix !== undefined), ...(fix ? { fix } : {}), losesData: fix === undefined };
  });
}

/** Whether the file makes exactly the same data with `fix` applied. */
function sameDataWithout(text: string, fix: Fix): boolean {
  try {
    const before = parseDocument(text);
    const after = parseDocument(text.slice(0, fix.start) + fix.text + text.slice(fix.end));
    return before.errors.length === 0 && after.errors.length === 0 && JSON.stringify(before.toJS()) === JSON.stringify(after.toJS());
  } catch {
    // Data that cannot be made (aliases nested into millions of copies) is reported by its own problem.
    return false;
  }
}
