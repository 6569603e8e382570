/**
 * What the content check reads in the Markdown of prose sections, and what the build gives the page
 * of it, both parsed by src/sections/prose/markdown.ts, so the check and the page never disagree on
 * what a text holds.
 */
import type { Nodes } from 'mdast';
import type { Page, Section } from '../generated/schema-types.ts';
import { metaOf } from '../sections/meta.ts';
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

/**
 * The page with the fields the build derives for each section (`prepare` in its type's meta.ts):
 * a prose section's `blocks`, its body as the section draws it.
 */
export function withProseBlocks(page: Page): Page {
  if (!page.sections.some((section) => metaOf(section.type)?.prepare)) return page;
  return {
    ...page,
    sections: page.sections.map((section) => {
      const prepare = metaOf(section.type)?.prepare;
      return prepare ? (prepare(section as never) as unknown as Section) : section;
    }),
  };
}
