/**
 * What the prose section draws, for its component (in the browser) and for the content check: kept
 * apart from markdown.ts, which parses Markdown at build time, so the browser's code has no parser.
 */

/** Where a prose link may go: the same forms as a link field of the schemas (common.schema.json). */
export const PROSE_LINK = /^(\/[a-z0-9\-/]*(#[a-z0-9-]+)?|https:\/\/\S+|mailto:\S+|tel:\+?[0-9]+)$/;

/**
 * The HTML level of a Markdown heading. `##` is one level under the section's heading when it has
 * one, and the level of a section heading when it has none: a notice without a heading of its own
 * reads as the page's main sections.
 */
export const headingLevel = (depth: number, top: number, hasHeading: boolean): number =>
  Math.min(6, (hasHeading ? top + 1 : top) + Math.max(0, depth - 2));
