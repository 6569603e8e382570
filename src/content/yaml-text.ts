/**
 * Mistakes that are valid YAML but would lose or break a marketer's text, found in the parsed
 * document before it becomes data: an alias to an anchor the file does not define (turning the
 * document into data would throw), and prose cut short by ` #`, which YAML reads as a comment.
 */
import { visit, type Document } from 'yaml';
import { explain, type ProblemCode } from './catalog.ts';
import { closest } from './suggest.ts';

/** A problem in a file's YAML text, at a character offset of the file. */
export interface TextProblem {
  readonly code: ProblemCode;
  readonly offset: number;
  readonly message: string;
  readonly hint: string;
}

/** Finds the aliases that name no anchor above them, and the texts cut short by a comment. */
export function yamlTextProblems(doc: Document, text: string): TextProblem[] {
  const problems: TextProblem[] = [];
  const anchors: string[] = [];
  visit(doc, {
    Node(_key, node) {
      if (node.anchor) anchors.push(node.anchor);
    },
    Alias(_key, node) {
      if (node.resolve(doc) !== undefined) return;
      const start = node.range?.[0] ?? 0;
      const name = node.source;
      const known = closest(name, anchors);
      problems.push({ code: 'UnknownAlias', offset: start, ...explain.UnknownAlias(name, known) });
    },
    Scalar(key, node) {
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
      problems.push({ code: 'CommentInText', offset: valueEnd + rest.indexOf('#'), ...explain.CommentInText(node.value, comment[1]!, quoted) });
    },
  });
  return problems;
}
