/**
 * One plain-words diagnosis per YAML syntax mistake. The parser reports what confused it, often
 * several times and lines away from the cause (a list item indented one space too far gives nine
 * errors); this reads the lines around its first error, recognises the common mistakes a person
 * makes when editing YAML by hand, and says what to write instead: a repair, never a deletion.
 */
import type { LineCounter, YAMLError } from 'yaml';
import { explain } from './catalog.ts';

/** What is wrong and where: a line and column of the file (1-based) and the fix. */
export interface SyntaxDiagnosis {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly hint: string;
}

const indentOf = (line: string) => line.match(/^ */)![0].length;
const blank = (line: string) => /^\s*(#.*)?$/.test(line);

/** Diagnoses the first syntax error of a file; the others are almost always its echoes. */
export function diagnoseSyntax(text: string, errors: readonly YAMLError[], counter: LineCounter): SyntaxDiagnosis {
  const lines = text.split(/\r?\n/);
  const first = [...errors].sort((a, b) => a.pos[0] - b.pos[0])[0]!;
  const at = counter.linePos(first.pos[0]);
  const lineText = (n: number) => lines[n - 1] ?? '';
  const parserSays = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const fallback: SyntaxDiagnosis = { line: at.line, column: at.col, ...explain.YamlUnreadable(parserSays) };

  // Tabs: YAML indents with spaces only, and an editor may show a tab as any width.
  const tabbed = lines.findIndex((line) => /^ *\t/.test(line));
  if (tabbed !== -1) {
    const n = tabbed + 1;
    return { line: n, column: lineText(n).indexOf('\t') + 1, ...explain.YamlTab() };
  }

  // An unclosed quote: the parser notices only at the end of the file.
  if (/Missing closing "?quote|Missing closing/i.test(first.message)) {
    for (let n = at.line; n >= 1; n--) {
      const line = lineText(n);
      const value = line.match(/^\s*(?:- )?(?:[\w$-]+:\s+)?(["'])(.*)$/);
      if (!value) continue;
      const [, quote, rest] = value;
      if (rest!.includes(quote!)) continue;
      return { line: n, column: line.indexOf(quote!) + 1, ...explain.YamlUnclosedQuote(quote!, `${line.trimEnd()}${quote}`.trim()) };
    }
  }

  const line = lineText(at.line);
  const indent = indentOf(line);

  // A key without its colon: `heading "Why us"` or `heading Why us`.
  const noColon = line.match(/^(\s*(?:- )?)([A-Za-z][\w-]*)\s+([^:#\s].*)$/);
  if (first.code === 'MULTILINE_IMPLICIT_KEY' && noColon && !line.includes(': ')) {
    const [, lead, key, value] = noColon;
    return { line: at.line, column: lead!.length + key!.length + 1, ...explain.YamlNoColon(key!, `${lead}${key}: ${value}`.trim()) };
  }

  // A value containing `: `, which YAML takes for a second name.
  const colonValue = line.match(/^(\s*(?:- )?)([\w$-]+):\s+([^"'\s].*?:\s.*)$/);
  if (first.code === 'BLOCK_AS_IMPLICIT_KEY' && colonValue && at.col > colonValue[1]!.length + colonValue[2]!.length + 1) {
    const [, lead, key, value] = colonValue;
    const quoted = `${lead}${key}: "${value!.replace(/"/g, '\\"')}"`.trim();
    return { line: at.line, column: lead!.length + key!.length + 3, ...explain.YamlColonInText(key!, quoted) };
  }

  // Lists: find the item this line belongs with, the nearest `- ` line above at about this depth.
  const previousItem = (from: number, near: number) => {
    for (let n = from - 1; n >= 1; n--) {
      const candidate = lineText(n);
      if (blank(candidate)) continue;
      if (/^\s*- /.test(candidate) && Math.abs(indentOf(candidate) - near) <= 3) return n;
      if (indentOf(candidate) < near - 3) return undefined;
    }
    return undefined;
  };

  // A list item indented differently from the item before it.
  if (/^\s*- /.test(line)) {
    const sibling = previousItem(at.line, indent);
    const want = sibling === undefined ? undefined : indentOf(lineText(sibling));
    if (want !== undefined && want !== indent) {
      return { line: at.line, column: 1, ...explain.YamlItemIndent(indent, sibling!, want, line.trim()) };
    }
  }

  // A list item without its `- `: its names repeat those of the item before it (DUPLICATE_KEY), or
  // it starts at the column of the dashes (BAD_INDENT).
  const key = line.match(/^(\s*)([\w$-]+):/);
  if (key && (first.code === 'DUPLICATE_KEY' || first.code === 'BAD_INDENT')) {
    const item = previousItem(at.line, first.code === 'BAD_INDENT' ? indent : indent - 2);
    const dash = item === undefined ? undefined : indentOf(lineText(item));
    if (dash !== undefined && (indent === dash + 2 || indent === dash)) {
      const repaired = `${' '.repeat(dash)}- ${line.trim()}`;
      const said = explain.YamlItemWithoutDash(key[2]!, first.code === 'DUPLICATE_KEY', item!, repaired.trim(), indent === dash);
      return { line: at.line, column: indent + 1, ...said };
    }
  }

  if (first.code === 'DUPLICATE_KEY' && key) {
    return { line: at.line, column: indent + 1, ...explain.YamlDuplicateKey(key[2]!) };
  }
  return fallback;
}
