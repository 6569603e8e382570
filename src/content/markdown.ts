/**
 * What the content check reads in the Markdown of prose sections, and what the build gives the page
 * of it, both parsed by src/sections/prose/markdown.ts, so the check and the page never disagree on
 * what a text holds.
 */
import type { Nodes } from 'mdast';
import type { Page } from '../generated/schema-types.ts';
import { parseProse, proseBlocks } from '../sections/prose/markdown.ts';

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

/** The page with each prose section's `blocks`: its body as the section draws it. */
export function withProseBlocks(page: Page): Page {
  if (!page.sections.some((section) => section.type === 'prose')) return page;
  return {
    ...page,
    sections: page.sections.map((section) => (section.type === 'prose' ? { ...section, blocks: proseBlocks(section.body) } : section)),
  };
}
