/**
 * A content file as the visual editor edits it: YAML whose every byte the marketer wrote stays as it
 * was, except the values they changed. Decap CMS re-serialises a whole file on save and drops its
 * comments (decap-cms#5099); here the file is held as yaml's concrete syntax tree, which keeps every
 * comment, blank line, quote and block style, and an edit rewrites only the token of the value. An
 * untouched file saves byte for byte as it was read, and a one-field edit is a one-line diff.
 */
import { Composer, CST, isScalar, Parser, type Document, type Scalar } from 'yaml';
import { EditorError } from './errors.ts';
import { overgrown, overgrownReason } from '../../content/yaml/yaml-limits.ts';

type Path = readonly (string | number)[];
type Plain = string | number | boolean;

export class YamlSource {
  private constructor(
    private readonly tokens: CST.Token[],
    private readonly doc: Document.Parsed,
  ) {}

  /** Reads a file's text. A file YAML cannot read is refused: the content check says where and why. */
  static parse(text: string, file = 'the file'): YamlSource {
    const tokens = [...new Parser().parse(text)];
    const docs = [...new Composer({ keepSourceTokens: true }).compose(tokens)];
    const doc = docs[0];
    const error = docs.flatMap((d) => d.errors)[0];
    if (!doc || error) {
      throw new EditorError(
        'EditorYamlUnreadable',
        `${file === 'the file' ? 'The file' : file.replace(/^content\/|\.ya?ml$/g, '')} has a mistake in its text that the editor cannot read around (${error ? 'it is not valid YAML' : 'it is empty'}), so it cannot be changed here without risking what it holds. A developer sees the line and the fix in the content check; once it is repaired, open it again.`,
      );
    }
    const expanded = overgrown(doc);
    if (expanded)
      throw new EditorError(
        'EditorYamlUnreadable',
        `${file === 'the file' ? 'The file' : file.replace(/^content\/|\.ya?ml$/g, '')} cannot be opened here: ${overgrownReason()}. A developer sees the line in the content check; once the repeated values are written out, open it again.`,
      );
    return new YamlSource(tokens, doc);
  }

  /** The file's text: the source itself, with only the edited values rewritten. */
  toString(): string {
    return this.tokens.map((token) => CST.stringify(token)).join('');
  }

  /** The data the file holds now. */
  toJS(): unknown {
    return this.doc.toJS();
  }

  /**
   * Replaces the value at `path`, which must be a scalar already in the file, keeping its style
   * (plain, quoted, block) when the new value can be written in it. A value that would read back
   * as something else in that style (`2024` as a number, `true` as a flag, text with `: ` or ` #`)
   * is written in double quotes instead, so what the marketer typed is what the site shows.
   */
  setText(path: Path, value: Plain): void {
    const node = this.doc.getIn(path, true);
    if (!isScalar(node) || !node.srcToken || !CST.isScalar(node.srcToken)) {
      throw new EditorError(
        'EditorNotAText',
        `\`${path.join('.')}\` is not a single value in the file, so it cannot be set as one. Edit the list or group it belongs to instead.`,
      );
    }
    const token = node.srcToken;
    const saved = structuredClone(token);
    // A block text (`|`, `>`) stays a block; other scalars keep their quoting when the value allows
    // it. A value after a key is indented one step deeper than the key (`afterKey`).
    const written = CST.stringify(token);
    const type =
      token.type === 'block-scalar' ? (written.trimStart().startsWith('>') ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL') : undefined;
    const afterKey = typeof path[path.length - 1] === 'string';
    const refolded = type === 'BLOCK_FOLDED' && typeof value === 'string' ? refold(token as CST.BlockScalar, value) : undefined;
    if (refolded !== undefined) (token as CST.BlockScalar).source = refolded;
    else CST.setScalarValue(token, String(value), { afterKey, ...(type ? { type } : {}) });
    if (!this.readsBackAs(path, value)) {
      CST.setScalarValue(token, String(value), { afterKey, type: 'QUOTE_DOUBLE' });
      if (!this.readsBackAs(path, value)) {
        // Double quotes can write any text; kept so that a bug can never corrupt a file.
        for (const key of Object.keys(token)) delete (token as unknown as Record<string, unknown>)[key];
        Object.assign(token, saved);
        throw new EditorError(
          'EditorValueChanged',
          `The value for \`${path.join('.')}\` could not be written so that it reads back the same, so nothing was changed.`,
        );
      }
    }
    (node as Scalar).value = value;
  }

  /** Whether the file, as it would be written now, holds `value` at `path` (a string stays a string). */
  private readsBackAs(path: Path, value: Plain): boolean {
    const docs = [...new Composer().compose(new Parser().parse(this.toString()))];
    const doc = docs[0];
    if (!doc || docs.some((d) => d.errors.length > 0)) return false;
    return doc.getIn(path) === value;
  }
}

/**
 * The lines of a folded block (`>`) holding `value`, wrapped at the width of the block's longest
 * line as it was written, so an edit re-wraps the paragraph the way its author did and the diff
 * shows the lines that changed, not the paragraph joined into one line. Undefined for a value a
 * folded block cannot hold by simple wrapping (line breaks, runs of spaces), and for a block whose
 * short lines were broken by hand: that one is written on one line, as before.
 */
function refold(token: CST.BlockScalar, value: string): string | undefined {
  if (value === '' || /\n|\t| {2}|^ | $/.test(value)) return undefined;
  const tail = token.source.match(/\n*$/)![0] || '\n';
  const lines = token.source.slice(0, token.source.length - tail.length).split('\n');
  const indent = lines.find((line) => line.trim() !== '')?.match(/^ */)![0];
  if (indent === undefined || indent === '') return undefined;
  // Lines shorter than this were broken by hand (a sentence per line), not wrapped at a width.
  const width = lines.length > 1 ? Math.max(...lines.map((line) => line.length)) : Infinity;
  if (width < 60) return undefined;
  const wrapped: string[] = [];
  let line = '';
  for (const word of value.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      wrapped.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  wrapped.push(line);
  return wrapped.map((l) => indent + l).join('\n') + tail;
}
