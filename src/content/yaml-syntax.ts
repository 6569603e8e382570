/**
 * One plain-words diagnosis per YAML syntax mistake. The parser reports what confused it, often
 * several times and lines away from the cause (a list item indented one space too far gives nine
 * errors); this reads the lines around its first error, recognises the common mistakes a person
 * makes when editing YAML by hand, and says what to write instead: a repair, never a deletion.
 */
import type { LineCounter, YAMLError } from 'yaml';

/** What is wrong and where: a line and column of the file (1-based) and the fix. */
export interface SyntaxDiagnosis {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly hint: string;
}

const indentOf = (line: string) => line.match(/^ */)![0].length;
const blank = (line: string) => /^\s*(#.*)?$/.test(line);
const code = (text: string) => `\`${text.trim()}\``;

/** Diagnoses the first syntax error of a file; the others are almost always its echoes. */
export function diagnoseSyntax(text: string, errors: readonly YAMLError[], counter: LineCounter): SyntaxDiagnosis {
  const lines = text.split(/\r?\n/);
  const first = [...errors].sort((a, b) => a.pos[0] - b.pos[0])[0]!;
  const at = counter.linePos(first.pos[0]);
  const lineText = (n: number) => lines[n - 1] ?? '';
  const parserSays = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const fallback: SyntaxDiagnosis = {
    line: at.line,
    column: at.col,
    message: `The YAML could not be read: ${parserSays}.`,
    hint: 'Compare this line with the ones around it: nested lines use two more spaces than their parent, list items start with `- `, and a value containing `: ` or ` #` is put in quotes.',
  };

  // Tabs: YAML indents with spaces only, and an editor may show a tab as any width.
  const tabbed = lines.findIndex((line) => /^ *\t/.test(line));
  if (tabbed !== -1) {
    const n = tabbed + 1;
    return {
      line: n,
      column: lineText(n).indexOf('\t') + 1,
      message: 'This line is indented with a tab; YAML only accepts spaces.',
      hint: 'Replace the tab with spaces, as many as the lines beside it use.',
    };
  }

  // An unclosed quote: the parser notices only at the end of the file.
  if (/Missing closing "?quote|Missing closing/i.test(first.message)) {
    for (let n = at.line; n >= 1; n--) {
      const line = lineText(n);
      const value = line.match(/^\s*(?:- )?(?:[\w$-]+:\s+)?(["'])(.*)$/);
      if (!value) continue;
      const [, quote, rest] = value;
      if (rest!.includes(quote!)) continue;
      return {
        line: n,
        column: line.indexOf(quote!) + 1,
        message: `The text that starts with ${code(quote!)} here is never closed, so YAML reads the rest of the file as part of it.`,
        hint: `End the text with ${code(quote!)} on the same line: ${code(`${line.trimEnd()}${quote}`)}.`,
      };
    }
  }

  const line = lineText(at.line);
  const indent = indentOf(line);

  // A key without its colon: `heading "Why us"` or `heading Why us`.
  const noColon = line.match(/^(\s*(?:- )?)([A-Za-z][\w-]*)\s+([^:#\s].*)$/);
  if (first.code === 'MULTILINE_IMPLICIT_KEY' && noColon && !line.includes(': ')) {
    const [, lead, key, value] = noColon;
    return {
      line: at.line,
      column: lead!.length + key!.length + 1,
      message: `${code(key!)} has no colon after it, so YAML cannot tell the name from the value.`,
      hint: `Write a colon and a space after the name: ${code(`${lead}${key}: ${value}`)}.`,
    };
  }

  // A value containing `: `, which YAML takes for a second name.
  const colonValue = line.match(/^(\s*(?:- )?)([\w$-]+):\s+([^"'\s].*?:\s.*)$/);
  if (first.code === 'BLOCK_AS_IMPLICIT_KEY' && colonValue && at.col > colonValue[1]!.length + colonValue[2]!.length + 1) {
    const [, lead, key, value] = colonValue;
    return {
      line: at.line,
      column: lead!.length + key!.length + 3,
      message: `The text of ${code(key!)} contains \`: \`, which YAML reads as the start of another name and value.`,
      hint: `Put the text in quotes: ${code(`${lead}${key}: "${value!.replace(/"/g, '\\"')}"`)}.`,
    };
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
      const shift = want - indent;
      return {
        line: at.line,
        column: 1,
        message: `This list item is indented ${indent} spaces, but the item before it (line ${sibling}) ${want}.`,
        hint: `Indent it by ${want} spaces, like the item above: ${code(`${' '.repeat(want)}${line.trim()}`)}, and move its other lines ${Math.abs(shift)} space${Math.abs(shift) === 1 ? '' : 's'} ${shift > 0 ? 'right' : 'left'} with it.`,
      };
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
      return {
        line: at.line,
        column: indent + 1,
        message:
          first.code === 'DUPLICATE_KEY'
            ? `A new item of the list starts here, but without \`- \`, so YAML reads ${code(key[2]!)} as a second ${code(key[2]!)} of the item above.`
            : 'A new item of the list starts here, but without `- `, so YAML cannot tell where it belongs.',
        hint: `Start the item with a dash, in line with the dash on line ${item}: ${code(repaired)}${indent === dash ? ', and indent its other lines by two more spaces' : ''}.`,
      };
    }
  }

  if (first.code === 'DUPLICATE_KEY' && key) {
    return {
      line: at.line,
      column: indent + 1,
      message: `${code(key[2]!)} appears twice in the same group of properties.`,
      hint: `If this starts a new item of a list, put \`- \` before it; if it is the same property written twice, merge the two values into one ${code(key[2]!)}.`,
    };
  }
  return fallback;
}
