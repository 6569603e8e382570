/**
 * What the content check reads in the Markdown of prose sections, parsed as the section parses it
 * (src/sections/prose/markdown.ts), so the check and the page never disagree on what a text holds.
 */
import type { Nodes } from 'mdast';
import { parseProse } from '../sections/prose/markdown.ts';

/** The address of every link in a Markdown text, in order. */
export function markdownLinks(text: string): string[] {
  const urls: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'link') urls.push(node.url);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(parseProse(text));
  return urls;
}
