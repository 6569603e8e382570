/**
 * The Markdown of a prose section: parsed by mdast-util-from-markdown (micromark, CommonMark), for the
 * component that draws it and for the content check that judges it, so both read it alike. Only a
 * safe subset is drawn: paragraphs, `##` to `####` headings, lists, links, bold, italics and line
 * breaks. Raw HTML is never drawn (the check reports it), nor is anything else, which the check
 * reports as well, so nothing a marketer writes disappears silently.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, Root } from 'mdast';
import type { ProseNode } from '../../generated/schema-types.ts';
import { PROSE_LINK } from './rules.ts';

export { headingLevel, PROSE_LINK } from './rules.ts';

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

/**
 * The pieces of a text that the section draws, as the page gets them: parsed here, at build time, so
 * the browser needs no Markdown parser (about 60 KB of code) and does no parsing while it hydrates
 * a long notice. Positions are dropped, and what is not drawn is left out (the check reports it).
 */
export function proseBlocks(text: string): ProseNode[] {
  const piece = (node: Nodes): ProseNode[] => {
    if (!drawn.has(node.type) || node.type === 'root') return [];
    const children = 'children' in node ? { children: node.children.flatMap(piece) } : {};
    switch (node.type) {
      case 'text':
        return [{ type: 'text', value: node.value }];
      case 'heading':
        return [{ type: 'heading', depth: node.depth, ...children }];
      case 'list':
        return [
          {
            type: 'list',
            ordered: node.ordered === true,
            ...(typeof node.start === 'number' ? { start: node.start } : {}),
            ...children,
          },
        ];
      case 'listItem':
        return [{ type: 'listItem', spread: node.spread === true, ...children }];
      case 'link':
        return [{ type: 'link', url: node.url, ...children }];
      default:
        return [{ type: node.type as ProseNode['type'], ...children }];
    }
  };
  return parseProse(text).children.flatMap(piece);
}

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

/** The depths of the Markdown headings, in order. */
export const headingDepths = (tree: Root): number[] =>
  tree.children.flatMap((node) => (node.type === 'heading' ? [node.depth] : []));
