/**
 * The Markdown of a prose section: parsed by mdast-util-from-markdown (micromark, CommonMark), for the
 * component that draws it and for the content check that judges it, so both read it alike. Only a
 * safe subset is drawn: paragraphs, `##` to `####` headings, lists, links, bold, italics and line
 * breaks. Raw HTML is never drawn (the check reports it), nor is anything else, which the check
 * reports as well, so nothing a marketer writes disappears silently.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, Root } from 'mdast';

export type { Nodes, Root };

/**
 * The tree of a text. The content check asks for the same text several times (its links, its
 * mistakes, its headings), so the last few trees are kept; callers only read them.
 */
const parsed = new Map<string, Root>();
export function parseProse(text: string): Root {
  let tree = parsed.get(text);
  if (!tree) {
    tree = fromMarkdown(text);
    if (parsed.size >= 32) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, tree);
  }
  return tree;
}

/** The nodes the section draws. */
const drawn = new Set<Nodes['type']>([
  'root',
  'paragraph',
  'heading',
  'list',
  'listItem',
  'text',
  'strong',
  'emphasis',
  'link',
  'break',
]);

/** What a marketer would call each node the section does not draw, for the check's message. */
const names: Partial<Record<Nodes['type'], string>> = {
  html: 'HTML',
  image: 'a picture',
  imageReference: 'a picture',
  code: 'a code block',
  inlineCode: 'code in backticks',
  blockquote: 'a quotation (`>`)',
  thematicBreak: 'a horizontal rule (`---`)',
  linkReference: 'a reference-style link (`[text][name]`)',
  definition: 'a link definition (`[name]: address`)',
};

/** Where a prose link may go: the same forms as a link field of the schemas (common.schema.json). */
export const PROSE_LINK = /^(\/[a-z0-9\-/]*(#[a-z0-9-]+)?|https:\/\/\S+|mailto:\S+|tel:\+?[0-9]+)$/;

/** Something in the Markdown that the section would not draw as written, with its line in the text. */
export interface ProseMistake {
  readonly what: 'unsupported' | 'page-title' | 'deep-heading' | 'bad-link';
  /** What it is, in a marketer's words, or the link's address. */
  readonly detail: string;
  /** 1-based line within the Markdown text. */
  readonly line: number;
}

export function proseMistakes(tree: Root): ProseMistake[] {
  const found: ProseMistake[] = [];
  const visit = (node: Nodes) => {
    const line = node.position?.start.line ?? 1;
    if (!drawn.has(node.type)) {
      found.push({ what: 'unsupported', detail: names[node.type] ?? node.type, line });
      return;
    }
    if (node.type === 'heading' && node.depth === 1) found.push({ what: 'page-title', detail: '#', line });
    if (node.type === 'heading' && node.depth > 4) found.push({ what: 'deep-heading', detail: '#'.repeat(node.depth), line });
    if (node.type === 'link' && !PROSE_LINK.test(node.url)) found.push({ what: 'bad-link', detail: node.url, line });
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return found;
}

/**
 * The HTML level of a Markdown heading. `##` is one level under the section's heading when it has
 * one, and the level of a section heading when it has none: a notice without a heading of its own
 * reads as the page's main sections.
 */
export const headingLevel = (depth: number, top: number, hasHeading: boolean): number =>
  Math.min(6, (hasHeading ? top + 1 : top) + Math.max(0, depth - 2));

/** The depths of the Markdown headings, in order. */
export const headingDepths = (tree: Root): number[] =>
  tree.children.flatMap((node) => (node.type === 'heading' ? [node.depth] : []));
