/**
 * A content file as the visual editor edits it: YAML whose every byte the marketer wrote stays as it
 * was, except the values they changed. Decap CMS re-serialises a whole file on save and drops its
 * comments (decap-cms#5099); here the file is held as yaml's concrete syntax tree, which keeps every
 * comment, blank line, quote and block style, and an edit rewrites only the token of the value. An
 * untouched file saves byte for byte as it was read, and a one-field edit is a one-line diff.
 */
import { Composer, CST, isScalar, Parser, type Document, type Scalar } from 'yaml';
import { EditorError } from './errors.ts';

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
        `${file} is not valid YAML (${error?.message.split('\n')[0] ?? 'it is empty'}), so the editor cannot change it without risking what it holds. Run \`npm run content:check\` for the line and the fix, repair it, then open it again.`,
      );
    }
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
    CST.setScalarValue(token, String(value), { afterKey, ...(type ? { type } : {}) });
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
