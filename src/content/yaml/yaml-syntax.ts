/**
 * Plain-words diagnoses of YAML syntax mistakes, every one of a file in one pass. The parser reports
 * what confused it, often several times and lines away from the cause (a list item indented one
 * space too far gives nine errors); this reads the lines around its first error, recognises the
 * common mistakes a person makes when editing YAML by hand, and says what to write instead: a
 * repair, never a deletion. Then it takes that mistake out of the text (applying its fix, or
 * blanking its lines so that every line keeps its number) and reads on, so the next mistake is
 * reported in the same run and the echoes of the first are not. A mistake with exactly one right
 * repair carries it as a Fix, checked by reading the repaired text.
 */
import { isScalar, isSeq, LineCounter, parseAllDocuments, parseDocument, visit, type Document, type YAMLError, type YAMLMap } from 'yaml';
import { explain, type Explanation, type Fix } from '../catalog.ts';
import { quoted } from '../fixes.ts';
import { isEmptyDocument } from './yaml-text.ts';

/** What is wrong and where: a line and column of the file (1-based), what to do, and the fix when there is one. */
export interface SyntaxDiagnosis {
  readonly code: 'YamlSyntax' | 'DuplicateKey' | 'MultipleDocuments' | 'YamlTag';
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly hint: string;
  readonly fix?: Fix;
}

/** A text as `yaml` reads it for the check, with the line counter of its errors. */
export interface ParsedYaml {
  readonly doc: Document;
  readonly counter: LineCounter;
}

/** Reads a text the way the check reads a content file. */
export function parseYaml(text: string): ParsedYaml {
  const counter = new LineCounter();
  return { doc: parseDocument(text, { lineCounter: counter, prettyErrors: true, uniqueKeys: true }), counter };
}

/** How many mistakes one file is read for: past that, the author has seen enough to start on. */
const LIMIT = 20;

/** A change of a text: the characters `start` to `end` become `text`. */
interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** One diagnosis, at an offset of the text it was made on, with how to read on past the mistake. */
interface Step {
  readonly code: SyntaxDiagnosis['code'];
  readonly offset: number;
  readonly said: Explanation;
  readonly fix?: Fix | undefined;
  /** Takes the mistake out of the text, so the next one can be read: its fix, or its lines blanked. */
  readonly repair?: Edit | undefined;
  /** The line of a second document's `---`: the two documents are read on, each alone. */
  readonly split?: number;
}

/**
 * Every independent syntax mistake of `text`, in the order of the file. `first` is the text as read
 * already, when it was. Echoes of one mistake are not reported twice: each mistake is taken out of
 * the text before the next is looked for, and a second diagnosis on a line already reported is
 * taken for an echo.
 */
export function diagnoseSyntax(text: string, first?: ParsedYaml): SyntaxDiagnosis[] {
  const original = new Lines(text);
  const found: SyntaxDiagnosis[] = [];
  const reported = new Set<number>();
  const parts: { text: string; edits: readonly Edit[]; parsed?: ParsedYaml | undefined }[] = [{ text, edits: [], parsed: first }];
  for (let round = 0; parts.length > 0 && round < LIMIT; round++) {
    const part = parts.shift()!;
    const parsed = part.parsed ?? parseYaml(part.text);
    if (parsed.doc.errors.length === 0) continue;
    const step = diagnoseFirst(part.text, parsed);
    const offset = toOriginal(part.edits, step.offset);
    const line = original.lineOf(offset);
    if (!reported.has(line)) {
      reported.add(line);
      const fix = step.fix && inOriginal(text, part.edits, step.fix);
      found.push({ code: step.code, line, column: offset - original.start(line) + 1, ...step.said, ...(fix ? { fix } : {}) });
    }
    const lines = new Lines(part.text);
    if (step.split !== undefined) {
      // Each document alone: the first with the second blanked, then the second with the first blanked.
      const marker = lines.start(step.split);
      const afterMarker = lines.end(step.split);
      parts.unshift(
        { text: blankRange(part.text, marker, part.text.length), edits: part.edits },
        { text: blankRange(part.text, 0, afterMarker), edits: part.edits },
      );
      continue;
    }
    const repair = step.repair ?? blankBlock(lines, lines.lineOf(step.offset));
    // Nothing left to take out of this text: reading on would only find the same error again.
    if (!repair || part.text.slice(repair.start, repair.end) === repair.text) continue;
    parts.unshift({ text: applyEdit(part.text, repair), edits: [...part.edits, repair] });
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The facts every diagnosis looks at: the text's lines, the parser's errors and the first of them. */
interface Context {
  readonly text: string;
  readonly lines: Lines;
  readonly doc: Document;
  readonly errors: readonly YAMLError[];
  readonly first: YAMLError;
  /** Line and column of the first error. */
  readonly at: { readonly line: number; readonly col: number };
}

/** Diagnoses the first syntax error of a text; the others are often its echoes, and are read again after it is repaired. */
function diagnoseFirst(text: string, { doc, counter }: ParsedYaml): Step {
  const errors = [...doc.errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const first = errors[0]!;
  const lines = new Lines(text);
  // An error at a blank line is about the next line with something on it.
  let at = counter.linePos(first.pos[0]);
  if (blank(lines.at(at.line))) {
    const next = neighbour(lines, at.line, 1);
    if (next !== undefined) at = { line: next, col: indentOf(lines.at(next)) + 1 };
  }
  const c: Context = { text, lines, doc, errors, first, at };
  return (
    secondDocument(c) ??
    tabIndent(c) ??
    unclosedQuote(c) ??
    missingColon(c) ??
    colonInText(c) ??
    dashMissingAbove(c) ??
    itemIndent(c) ??
    itemWithoutDash(c) ??
    duplicateKey(c) ??
    unresolvedTag(c) ??
    unreadable(c)
  );
}

// ─── The mistakes, each recognised from the first error and the lines around it ───

/** A `---` line in the middle of the file: YAML starts a second document there. */
function secondDocument(c: Context): Step | undefined {
  if (c.first.code !== 'MULTIPLE_DOCS') return undefined;
  const n = c.at.line;
  const marker = c.lines.at(n);
  const offset = c.lines.start(n);
  // When one of the two documents holds nothing but comments, deleting the line is what the author meant.
  const docs = parseAllDocuments(c.text);
  const filled = Array.isArray(docs) ? docs.filter((d) => !isEmptyDocument(d)) : [];
  let fix: Fix | undefined;
  if (Array.isArray(docs) && docs.length === 2 && filled.length === 1 && /^(---|\.\.\.)\s*$/.test(marker)) {
    const end = n < c.lines.count ? c.lines.start(n + 1) : c.text.length;
    const candidate: Fix = { start: offset, end, was: c.text.slice(offset, end), text: '', label: `Delete the \`${marker.trim()}\` line` };
    const after = parseYaml(applyEdit(c.text, candidate)).doc;
    if (after.errors.length === 0 && filled[0]!.errors.length === 0 && sameData(after, filled[0]!)) fix = candidate;
  }
  return {
    code: 'MultipleDocuments',
    offset,
    said: explain.MultipleDocuments(marker.trim(), fix !== undefined),
    fix,
    repair: fix,
    ...(fix ? {} : { split: n }),
  };
}

/** Tabs: YAML indents with spaces only, and an editor may show a tab as any width. */
function tabIndent(c: Context): Step | undefined {
  // The parser says so, or (after a block of text) finds fault with the line indented with a tab.
  const error = c.errors.find((e) => e.code === 'TAB_AS_INDENT');
  const n = error ? c.lines.lineOf(error.pos[0]) : c.at.line;
  if (!/^ *\t/.test(c.lines.at(n))) return undefined;
  const line = c.lines.at(n);
  const lead = line.match(/^[ \t]*/)![0];
  // Lines right below indented with tabs too are the same mistake, reported once.
  let last = n;
  for (let m = n + 1; m <= c.lines.count; m++) {
    const next = c.lines.at(m);
    if (blank(next)) continue;
    if (!/^ *\t/.test(next)) break;
    last = m;
  }
  const offset = c.lines.start(n) + line.indexOf('\t');
  const spaces = last === n ? tabWidth(c, n) : undefined;
  const start = c.lines.start(n);
  const fix =
    spaces === undefined
      ? undefined
      : checked(c.text, {
          start,
          end: start + line.length,
          was: line,
          text: `${' '.repeat(spaces)}${line.slice(lead.length)}`,
          label: `Indent line ${n} by ${spaces} spaces`,
        });
  const guess = spaces ?? guessIndent(c, n);
  return {
    code: 'YamlSyntax',
    offset,
    said: explain.YamlTab(last - n + 1, fix ? spaces : undefined),
    fix,
    // Read on with the tabs turned into the likeliest spaces; a line still wrong after that is blanked next round.
    repair: fix ?? { start, end: c.lines.end(last), text: reindentTabs(c, n, last, guess) },
  };
}

/**
 * The spaces a line indented with a tab must have, when its neighbours leave one answer: the column of
 * the names around it, when the line above and the line below agree on it.
 */
function tabWidth(c: Context, n: number): number | undefined {
  const line = c.lines.at(n);
  if (!/^[ \t]*[\w$-]+:[ \t]+[^\s|>#]/.test(line)) return undefined;
  const above = keyAbove(c.lines, n);
  const below = neighbour(c.lines, n, 1);
  if (above === undefined || below === undefined) return undefined;
  const belowLine = c.lines.at(below);
  if (/\t/.test(belowLine.match(/^\s*/)![0])) return undefined;
  const belowIndent = indentOf(belowLine);
  if (above.opens) {
    // The name above opens a group: this line and the one below are both in it.
    return belowIndent > above.column && !/^\s*- /.test(belowLine) ? belowIndent : undefined;
  }
  // The name above has its value: this line is beside it, and so is the line below.
  return belowIndent === above.column ? belowIndent : undefined;
}

/**
 * The nearest name above line `n` that is not inside something else above it (the text of a `>-`
 * block, a deeper group): its column, and whether it opens a group (`cards:` with nothing after).
 */
function keyAbove(lines: Lines, n: number): { readonly column: number; readonly opens: boolean } | undefined {
  let least = Infinity;
  for (let m = n - 1; m >= 1; m--) {
    const line = lines.at(m);
    if (blank(line)) continue;
    if (/\t/.test(line.match(/^\s*/)![0])) return undefined;
    least = Math.min(least, indentOf(line));
    const key = line.match(/^( *(?:- )*)[\w$-]+:(?:\s(.*))?$/);
    if (key && indentOf(line) <= least) return { column: key[1]!.length, opens: /^\s*(#.*)?$/.test(key[2] ?? '') };
  }
  return undefined;
}

/**
 * The indentation to read on with when no spaces are certain: beside the name above when that has
 * its value, under it when it opens a group; two spaces a tab otherwise.
 */
function guessIndent(c: Context, n: number): number {
  const above = keyAbove(c.lines, n);
  if (above) return above.opens ? above.column + 2 : above.column;
  return c.lines.at(n).match(/^[ \t]*/)![0].replace(/\t/g, '  ').length;
}

function reindentTabs(c: Context, from: number, to: number, indent: number): string {
  const first = indentOf(c.lines.at(from).replace(/^[ \t]*/, (lead) => lead.replace(/\t/g, '  ')));
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const line = c.lines.at(n);
    const lead = line.match(/^[ \t]*/)![0].replace(/\t/g, '  ').length;
    out.push(blank(line) ? line : `${' '.repeat(Math.max(0, indent + lead - first))}${line.trimStart()}`);
  }
  return c.text.slice(c.lines.start(from), c.lines.end(to)).includes('\r') ? out.join('\r\n') : out.join('\n');
}

/** An unclosed quote: the parser notices only at the end of the file, or where the next quote is. */
function unclosedQuote(c: Context): Step | undefined {
  if (!/Missing closing ["']?quote/i.test(c.first.message)) return undefined;
  for (let n = c.at.line; n >= 1; n--) {
    const line = c.lines.at(n);
    const value = line.match(/^(\s*(?:- )?(?:[\w$-]+:\s+)?)(["'])(.*)$/);
    if (!value) continue;
    const [, lead, quote, rest] = value;
    if (rest!.includes(quote!)) continue;
    const start = c.lines.start(n) + lead!.length;
    const written = `${quote}${rest!.trimEnd()}`;
    // Closing it at the end of its line is the repair when the text clearly ends there: the next line
    // is a new name or item, not more of the text, and nothing in it could have meant something else.
    const below = neighbour(c.lines, n, 1);
    const ends = below === undefined || indentOf(c.lines.at(below)) <= keyColumn(line);
    const plain = rest!.trim() !== '' && !/\s#/.test(rest!) && !(quote === '"' && rest!.includes('\\'));
    const fix =
      ends && plain
        ? checked(c.text, {
            start,
            end: start + written.length,
            was: written,
            text: `${written}${quote}`,
            label: `Close the text with \`${quote}\``,
          })
        : undefined;
    return {
      code: 'YamlSyntax',
      offset: start,
      said: explain.YamlUnclosedQuote(quote!, `${line.trimEnd()}${quote}`.trim()),
      fix,
      repair: fix,
    };
  }
  return undefined;
}

/** A name without its colon: `heading "Why us"` or `heading Why us`. */
function missingColon(c: Context): Step | undefined {
  const line = c.lines.at(c.at.line);
  const noColon = line.match(/^(\s*(?:- )?)([A-Za-z][\w-]*)(\s+)([^:#\s].*)$/);
  // YAML reads the line as a name that goes on over the next line, or as a last name with no value.
  const readAsKey = c.first.code === 'MULTILINE_IMPLICIT_KEY' || (c.first.code === 'MISSING_CHAR' && /followed by map values/.test(c.first.message));
  if (!readAsKey || !noColon || line.includes(': ')) return undefined;
  const [, lead, key, gap, value] = noColon;
  const start = c.lines.start(c.at.line) + lead!.length;
  // A quoted value is a value: the line can only be a name and its value. A plain one may instead be
  // more of the text on the line above, written one indentation short.
  const quotedValue = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')\s*(#.*)?$/.test(value!);
  const above = neighbour(c.lines, c.at.line, -1);
  const aboveText = above === undefined ? undefined : c.lines.at(above).match(/^\s*(?:- )?([\w$-]+):\s+[^\s"'|>&*![{#]/);
  const continues = !quotedValue && aboveText && keyColumn(c.lines.at(above!)) === lead!.length ? aboveText[1] : undefined;
  const fix = quotedValue
    ? checked(c.text, { start, end: start + key!.length, was: key!, text: `${key}:`, label: `Write a colon after \`${key}\`` })
    : undefined;
  return {
    code: 'YamlSyntax',
    offset: start + key!.length,
    said: explain.YamlNoColon(key!, `${lead}${key}:${gap}${value}`.trim(), continues),
    fix,
    repair: fix,
  };
}

/** A value containing `: `, which YAML takes for a second name. */
function colonInText(c: Context): Step | undefined {
  const line = c.lines.at(c.at.line);
  const colonValue = line.match(/^(\s*(?:- )?)([\w$-]+):(\s+)([^"'\s].*?:\s.*)$/);
  if (c.first.code !== 'BLOCK_AS_IMPLICIT_KEY' || !colonValue || c.at.col <= colonValue[1]!.length + colonValue[2]!.length + 1) return undefined;
  const [, lead, key, gap, rest] = colonValue;
  const value = rest!.trimEnd();
  const start = c.lines.start(c.at.line) + lead!.length + key!.length + 1 + gap!.length;
  const repaired = `${lead}${key}: ${quoted(value)}`.trim();
  // Quoting the text as written is the repair when it is all on this line and holds no ` #`, which
  // might have been meant as a note.
  const below = neighbour(c.lines, c.at.line, 1);
  const ends = below === undefined || indentOf(c.lines.at(below)) <= lead!.length;
  const fix =
    ends && !/\s#/.test(value) && !/^[&*!|>[\]{}%@`,?-]/.test(value)
      ? checked(c.text, { start, end: start + value.length, was: value, text: quoted(value), label: `Write \`${quoted(value)}\`` })
      : undefined;
  return { code: 'YamlSyntax', offset: start, said: explain.YamlColonInText(key!, repaired), fix, repair: fix };
}

/**
 * A list item indented differently from the item before it: this one, or the one before when its
 * other lines are in line with this one (the first item of a list one space off); or, for the first
 * item, from the item after it when its other lines are in line with that one.
 */
function itemIndent(c: Context): Step | undefined {
  if (!/^\s*- /.test(c.lines.at(c.at.line))) return undefined;
  const here = indentOf(c.lines.at(c.at.line));
  const least = (n: number) => {
    const inner = itemBlock(c.lines, n).map((m) => indentOf(c.lines.at(m)));
    return inner.length === 0 ? undefined : Math.min(...inner);
  };
  // The item after this one, when there is one at about this depth.
  const own = itemBlock(c.lines, c.at.line);
  const next = neighbour(c.lines, own[own.length - 1] ?? c.at.line, 1);
  const after = next !== undefined && /^\s*- /.test(c.lines.at(next)) && Math.abs(indentOf(c.lines.at(next)) - here) <= 3 ? next : undefined;
  const before = previousItem(c.lines, c.at.line, here);
  let n: number;
  let other: number;
  if (before !== undefined && indentOf(c.lines.at(before)) !== here) {
    const there = indentOf(c.lines.at(before));
    // The item before is the odd one when its other lines are in line with this one, or when it
    // opens the list and the item after this one agrees with this one.
    const beforeOff =
      (least(before) === here + 2 && least(before) !== there + 2) ||
      (previousItem(c.lines, before, there) === undefined && after !== undefined && indentOf(c.lines.at(after)) === here);
    [n, other] = beforeOff ? [before, c.at.line] : [c.at.line, before];
  } else {
    const there = after === undefined ? undefined : indentOf(c.lines.at(after));
    if (after === undefined || there === undefined || there === here || least(c.at.line) !== there + 2) return undefined;
    [n, other] = [c.at.line, after];
  }
  const line = c.lines.at(n);
  const indent = indentOf(line);
  const want = indentOf(c.lines.at(other));
  // Its other lines: in line with its own dash (they move with it), or already with the other items (they stay).
  const block = itemBlock(c.lines, n);
  const inner = least(n);
  const rest = inner === undefined ? 'none' : inner === want + 2 ? 'stay' : inner === indent + 2 ? 'move' : 'unknown';
  const start = c.lines.start(n);
  const last = rest === 'move' ? (block[block.length - 1] ?? n) : n;
  const end = c.lines.end(last);
  const was = c.text.slice(start, end);
  const shift = want - indent;
  const moved = was
    .split('\n')
    .map((l) => (blank(l) ? l : shift > 0 ? `${' '.repeat(shift)}${l}` : l.slice(-shift)))
    .join('\n');
  const sameKind = /^\s*- [\w$-]+:/.test(line) === /^\s*- [\w$-]+:/.test(c.lines.at(other));
  const fix =
    rest !== 'unknown' && sameKind
      ? checked(c.text, { start, end, was, text: moved, label: `Indent the item on line ${n} by ${want} spaces` })
      : undefined;
  return {
    code: 'YamlSyntax',
    offset: start,
    said: explain.YamlItemIndent(n, indent, other, want, line.trim(), rest),
    fix,
    repair: fix,
  };
}

/**
 * A list item without its `- `: its names repeat, in order, those of the item before it (DUPLICATE_KEY:
 * a whole second item, not one name written twice), or it starts at the column of the dashes (BAD_INDENT).
 */
function itemWithoutDash(c: Context): Step | undefined {
  const line = c.lines.at(c.at.line);
  const key = line.match(/^(\s*)([\w$-]+):/);
  if (!key) return undefined;
  const indent = indentOf(line);
  const start = c.lines.start(c.at.line);
  if (c.first.code === 'DUPLICATE_KEY') {
    const twice = duplicateOf(c.doc, c.first.pos[0]);
    if (!twice?.wholeItem) return undefined;
    // The item's dash, right before its first name (`- title:`, or `- - name:` in a list of lists).
    const firstKey = twice.map.items[0]!.key;
    const keyAt = isScalar(firstKey) && firstKey.range ? firstKey.range[0] : undefined;
    if (keyAt === undefined) return undefined;
    const item = c.lines.lineOf(keyAt);
    const dash = keyAt - c.lines.start(item) - 2;
    if (c.text.slice(keyAt - 2, keyAt) !== '- ' || indent !== dash + 2) return undefined;
    const fix = checked(c.text, {
      start: start + dash,
      end: start + dash + 2,
      was: '  ',
      text: '- ',
      label: `Start line ${c.at.line} with \`- \``,
    });
    const repaired = `${' '.repeat(dash)}- ${line.trim()}`;
    return {
      code: 'YamlSyntax',
      offset: start + indent,
      said: explain.YamlItemWithoutDash(key[2]!, true, item, repaired.trim(), false),
      fix,
      repair: fix,
    };
  }
  if (c.first.code !== 'BAD_INDENT') return undefined;
  const item = previousItem(c.lines, c.at.line, indent);
  const dash = item === undefined ? undefined : indentOf(c.lines.at(item));
  if (dash !== indent) return undefined;
  // Its other lines: already where an item's names go (two spaces right of the dash), or beside it at
  // the dash's column, to move with it.
  const block = itemLines(c.lines, c.at.line, dash);
  const inner = block.filter((m) => !blank(c.lines.at(m))).map((m) => indentOf(c.lines.at(m)));
  const rest = inner.length === 0 || Math.min(...inner) >= dash + 2 ? 'stay' : inner[0] === dash ? 'move' : 'unknown';
  const last = rest === 'move' ? block[block.length - 1]! : c.at.line;
  const end = c.lines.end(last);
  const was = c.text.slice(start, end);
  const text = was
    .split('\n')
    .map((l, i) => (i === 0 ? `${' '.repeat(dash)}- ${l.trimStart()}` : blank(l) ? l : `  ${l}`))
    .join('\n');
  const owned = rest !== 'move' || ownerAbove(c.lines, item!, dash);
  // A new item only for certain when it starts with the name the item above starts with (`- type:`,
  // `- title:`). Any other name at the dashes' column may as well be a name of the item above, indented
  // too little: a dash would split that item in two, so the repair is offered, never applied.
  const certain = c.lines.at(item!).match(/^\s*- ([\w$-]+):/)?.[1] === key[2];
  const fix =
    certain && rest !== 'unknown' && owned
      ? checked(c.text, { start, end, was, text, label: `Start line ${c.at.line} with \`- \`` })
      : undefined;
  const repaired = `${' '.repeat(dash)}- ${line.trim()}`;
  return {
    code: 'YamlSyntax',
    offset: start + indent,
    said: certain
      ? explain.YamlItemWithoutDash(key[2]!, false, item!, repaired.trim(), rest === 'move')
      : explain.YamlItemOrIndent(key[2]!, item!, repaired.trim()),
    fix,
    repair: fix,
  };
}

/**
 * The first item of a list written without its `- `: YAML reads it as a group of names (under
 * `cards:`, or right after the dash of an item of an outer list: `-   name: Java`), then finds the
 * next item's dash where no list can start.
 */
function dashMissingAbove(c: Context): Step | undefined {
  const line = c.lines.at(c.at.line);
  if (!/^\s*- /.test(line) || !['BLOCK_AS_IMPLICIT_KEY', 'BAD_INDENT'].includes(c.first.code)) return undefined;
  const dash = indentOf(line);
  // Up past the lines right of where the dash should be (the item above, written without it).
  let top: number | undefined;
  let left = c.at.line - 1;
  for (; left >= 1; left--) {
    const candidate = c.lines.at(left);
    if (blank(candidate)) continue;
    if (indentOf(candidate) < dash + 2) break;
    top = left;
  }
  const leftLine = c.lines.at(left);
  let n: number;
  if (/^\s*- {3,}[\w$-]+:/.test(leftLine) && contentColumn(leftLine) === dash + 2 && leftLine.slice(dash, dash + 2) === '  ') {
    // Right after the dash of an item of an outer list: `-   name: Java` above `  - name: C#`.
    n = left;
  } else if (top !== undefined && indentOf(c.lines.at(top)) === dash + 2 && /^\s*(?:- )?[\w$-]+:\s*(#.*)?$/.test(leftLine) && indentOf(leftLine) < dash) {
    // The first line under the name that owns the list (`cards:`).
    n = top;
  } else return undefined;
  const first = c.lines.at(n);
  const written = first.match(/^[\s-]*?([\w$-]+):/);
  if (!written) return undefined;
  const start = c.lines.start(n);
  const fix = checked(c.text, { start: start + dash, end: start + dash + 2, was: '  ', text: '- ', label: `Start line ${n} with \`- \`` });
  const repaired = `- ${first.slice(dash + 2).trim()}`;
  return {
    code: 'YamlSyntax',
    offset: start + dash + 2,
    said: explain.YamlItemWithoutDash(written[1]!, false, c.at.line, repaired, false),
    fix,
    repair: fix,
  };
}

/** A name written twice in one group of properties: which value to keep is the author's choice. */
function duplicateKey(c: Context): Step | undefined {
  if (c.first.code !== 'DUPLICATE_KEY') return undefined;
  const twice = duplicateOf(c.doc, c.first.pos[0]);
  const line = c.at.line;
  const key = twice ? String((twice.map.items[twice.index]!.key as { value: unknown }).value) : c.lines.at(line).match(/^\s*(?:- )?([\w$-]+):/)?.[1];
  if (key === undefined) return undefined;
  const earlier = twice ? c.lines.lineOf((twice.map.items[twice.earlier]!.key as { range: [number] }).range[0]) : undefined;
  return { code: 'DuplicateKey', offset: c.first.pos[0], said: explain.DuplicateKey(key, earlier, line) };
}

/** A tag YAML cannot apply to its value (`!!timestamp soon`): reported as the tag it is. */
function unresolvedTag(c: Context): Step | undefined {
  if (c.first.code !== 'TAG_RESOLVE_FAILED') return undefined;
  const start = c.lines.start(c.at.line);
  const tags = [...c.lines.at(c.at.line).matchAll(/(^|[\s[{,])(![^\s,[\]{}]*)/g)].map((m) => ({
    tag: m[2]!,
    offset: start + m.index + m[1]!.length,
  }));
  const tag = tags.filter((t) => t.offset <= c.first.pos[0]).pop() ?? tags[0];
  if (!tag) return undefined;
  return {
    code: 'YamlTag',
    offset: tag.offset,
    said: explain.YamlTag(tag.tag, tag.tag.startsWith('!!') ? tag.tag : undefined, undefined),
    repair: { start: tag.offset, end: tag.offset + tag.tag.length, text: ' '.repeat(tag.tag.length) },
  };
}

/** No common mistake recognised: the parser's own words. */
function unreadable(c: Context): Step {
  const parserSays = c.first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return { code: 'YamlSyntax', offset: c.lines.start(c.at.line) + c.at.col - 1, said: explain.YamlUnreadable(parserSays) };
}

// ─── Helpers ───

/** The lines of a text, by 1-based number, with the offset each starts at. */
class Lines {
  private readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.starts.push(i + 1);
  }
  get count(): number {
    return this.starts.length;
  }
  /** Line `n` without its line break; empty outside the text. */
  at(n: number): string {
    if (n < 1 || n > this.count) return '';
    return this.text.slice(this.start(n), this.end(n));
  }
  start(n: number): number {
    return this.starts[Math.min(Math.max(n, 1), this.count) - 1]!;
  }
  /** The offset where line `n`'s text ends, before its line break. */
  end(n: number): number {
    const next = n < this.count ? this.starts[n]! - 1 : this.text.length;
    return this.text[next - 1] === '\r' && n < this.count ? next - 1 : next;
  }
  lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }
}

const indentOf = (line: string) => line.match(/^ */)![0].length;
const blank = (line: string) => /^\s*(#.*)?$/.test(line);
/** The column where a line's content starts: after its indentation and any dashes, with the spaces after them. */
const contentColumn = (line: string) => line.match(/^(?:\s*-(?=\s))*\s*/)![0].length;
/** The column of the first name on a line: after its indentation and any `- `. */
const keyColumn = (line: string) => line.match(/^\s*(?:- )*/)![0].length;

/** The nearest line above (`step` -1) or below (1) that is neither blank nor a comment. */
function neighbour(lines: Lines, n: number, step: 1 | -1): number | undefined {
  for (let m = n + step; m >= 1 && m <= lines.count; m += step) if (!blank(lines.at(m))) return m;
  return undefined;
}

/** The lines that belong to line `n`: those below it indented further, up to the first that is not. */
function blockOf(lines: Lines, n: number): number[] {
  const indent = indentOf(lines.at(n));
  const block: number[] = [];
  for (let m = n + 1; m <= lines.count; m++) {
    const line = lines.at(m);
    if (blank(line)) continue;
    if (indentOf(line) <= indent) break;
    block.push(m);
  }
  return block;
}

/** The other lines of the list item on line `n`: below it, right of its dash, up to the next item. */
function itemBlock(lines: Lines, n: number): number[] {
  const indent = indentOf(lines.at(n));
  const block: number[] = [];
  for (let m = n + 1; m <= lines.count; m++) {
    const line = lines.at(m);
    if (blank(line)) continue;
    if (indentOf(line) <= indent || (/^\s*- /.test(line) && indentOf(line) < indent + 2)) break;
    block.push(m);
  }
  return block;
}

/** The other lines of an item written at the column of the dashes: up to the next item or a line further left. */
function itemLines(lines: Lines, n: number, dash: number): number[] {
  const block: number[] = [];
  for (let m = n + 1; m <= lines.count; m++) {
    const line = lines.at(m);
    if (blank(line)) continue;
    if (indentOf(line) < dash || (indentOf(line) === dash && /^\s*- /.test(line))) break;
    block.push(m);
  }
  return block;
}

/** Whether the list of the item on line `item` hangs under a name further left, whose group a line at the dashes' column cannot continue. */
function ownerAbove(lines: Lines, item: number, dash: number): boolean {
  for (let m = item - 1; m >= 1; m--) {
    const line = lines.at(m);
    if (!blank(line) && indentOf(line) < dash) return true;
  }
  return false;
}

/**
 * Lists: the nearest `- ` line above at about this depth, the item this line belongs with; none when
 * a name left of it opens the list first (`items:`: this is its first item).
 */
function previousItem(lines: Lines, from: number, near: number): number | undefined {
  for (let n = from - 1; n >= 1; n--) {
    const candidate = lines.at(n);
    if (blank(candidate)) continue;
    if (/^\s*- /.test(candidate) && Math.abs(indentOf(candidate) - near) <= 3) return n;
    if (indentOf(candidate) < near - 3) return undefined;
    if (indentOf(candidate) < near && /^\s*[\w$-]+:\s*(#.*)?$/.test(candidate)) return undefined;
  }
  return undefined;
}

/**
 * The group of properties holding the name at `offset` twice, the place of its first one, and whether
 * the names from the second one on are a whole second item of the list the group is an item of: its
 * first name again, and at least two of its names in their order.
 */
function duplicateOf(doc: Document, offset: number): { map: YAMLMap; index: number; earlier: number; wholeItem: boolean } | undefined {
  let found: { map: YAMLMap; index: number; earlier: number; wholeItem: boolean } | undefined;
  visit(doc, {
    Map(_key, map, path) {
      const index = map.items.findIndex((p) => isScalar(p.key) && p.key.range?.[0] === offset);
      if (index === -1) return undefined;
      const keys = map.items.map((p) => (isScalar(p.key) ? String(p.key.value) : undefined));
      const earlier = keys.findIndex((k, i) => i < index && k === keys[index]);
      if (earlier === -1) return undefined;
      const before = keys.slice(0, index);
      const after = keys.slice(index);
      const repeated = after.filter((k) => before.includes(k));
      const inOrder = repeated.every((k, i) => i === 0 || before.indexOf(k) > before.indexOf(repeated[i - 1]));
      const wholeItem =
        isSeq(path[path.length - 1]) && after[0] === before[0] && repeated.length >= 2 && inOrder && new Set(after).size === after.length;
      found = { map, index, earlier, wholeItem };
      return visit.BREAK;
    },
  });
  return found;
}

/** The fix, when the text it makes reads without an error up to the end of the lines it changes. */
function checked(text: string, fix: Fix): Fix | undefined {
  if (text.slice(fix.start, fix.end) !== fix.was) return undefined;
  const after = applyEdit(text, fix);
  const lineEnd = after.indexOf('\n', fix.start + fix.text.length);
  const limit = lineEnd === -1 ? after.length : lineEnd;
  return parseYaml(after).doc.errors.every((e) => e.pos[0] > limit) ? fix : undefined;
}

function sameData(a: Document, b: Document): boolean {
  try {
    return JSON.stringify(a.toJS()) === JSON.stringify(b.toJS());
  } catch {
    return false;
  }
}

function applyEdit(text: string, edit: Edit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** Line `n` and the lines that belong to it, as spaces: the text reads on as if they were not there, every line keeping its number. */
function blankBlock(lines: Lines, n: number): Edit | undefined {
  // A line indented with a tab has no depth to measure the lines below by: it goes alone.
  const block = /^ *\t/.test(lines.at(n)) ? [] : blockOf(lines, n);
  const start = lines.start(n);
  const end = lines.end(block[block.length - 1] ?? n);
  return end > start ? { start, end, text: lines.text.slice(start, end).replace(/[^\r\n]/g, ' ') } : undefined;
}

function blankRange(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ') + text.slice(end);
}

/** An offset of a text repaired by `edits` (in order), as an offset of the text before them. */
function toOriginal(edits: readonly Edit[], offset: number): number {
  let at = offset;
  for (let i = edits.length - 1; i >= 0; i--) {
    const edit = edits[i]!;
    const written = edit.text.length;
    if (at >= edit.start + written) at += edit.end - edit.start - written;
    else if (at > edit.start) at = edit.start + Math.min(at - edit.start, edit.end - edit.start);
  }
  return at;
}

/** A fix found in a repaired text, as a fix of the file's own text, when its place was not repaired. */
function inOriginal(text: string, edits: readonly Edit[], fix: Fix): Fix | undefined {
  const start = toOriginal(edits, fix.start);
  const end = toOriginal(edits, fix.end);
  if (text.slice(start, end) !== fix.was) return undefined;
  for (let i = 0; i < edits.length; i++) {
    const edit = edits[i]!;
    const from = toOriginal(edits.slice(0, i), edit.start);
    const to = toOriginal(edits.slice(0, i), edit.end);
    if (start < to && end > from) return undefined;
  }
  return { ...fix, start, end };
}
