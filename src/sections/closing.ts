/**
 * The banner a page ends with. Every page that does not end with a closing section of its own
 * (`closesPage` in src/sections/<type>/meta.ts) ends with the site's (`closing` in content/site.yaml),
 * unless it says `closing: false`: so a new page leads its reader on without anyone remembering to
 * add a banner. The build adds it to the sections of the page's module (src/content/build/modules.ts), the
 * editor's preview to the draft it draws, and the content check counts its link as the page's
 * (`NoNextStep`). Read in Node and in the browser, so it imports no component.
 */
import type { Page, Section } from '../generated/schema-types.ts';
import { metaOf } from './meta.ts';

/** A page or the site as data of any shape: the check also asks this of pages it has not validated. */
interface PageLike {
  readonly closing?: unknown;
  readonly sections?: unknown;
}

/** The site's closing section for `page`, or undefined when the page closes itself or declines it. */
export function closingOf(page: PageLike, site: { readonly closing?: unknown } | undefined): Section | undefined {
  if (page.closing === false || !site?.closing) return undefined;
  const sections: unknown[] = Array.isArray(page.sections) ? page.sections : [];
  const last = sections[sections.length - 1];
  if (typeof last === 'object' && last !== null && metaOf((last as { type?: unknown }).type)?.closesPage) return undefined;
  return site.closing as Section;
}

/** The page as it is drawn: its sections, then the site's closing banner when it takes it. */
export function withClosing<P extends Page>(page: P, site: { readonly closing?: unknown } | undefined): P {
  const closing = closingOf(page, site);
  return closing ? { ...page, sections: [...page.sections, closing] } : page;
}
