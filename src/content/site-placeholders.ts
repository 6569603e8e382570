/**
 * `{site.contact.grievance.email}` in a prose text: a value of content/site.yaml, filled in by the
 * build. Legal texts name the company's legal name, address and grievance officer, which site.yaml
 * already holds; a placeholder keeps one copy of each, so a new officer or address is one edit.
 */
import type { Page, Section, Site } from '../generated/schema-types.ts';
import { metaOf } from '../sections/meta.ts';

const PLACEHOLDER = /\{site\.([A-Za-z0-9_.]+)\}/g;

/** The text at `path` in the site file (`contact.grievance.email`), or undefined when there is none. */
function siteText(site: unknown, path: string): string | undefined {
  let value: unknown = site;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The placeholders of a text that name no text of the site file, each once, as written. */
export function unknownSitePlaceholders(text: string, site: unknown): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) if (siteText(site, match[1]!) === undefined) unknown.add(match[0]);
  return [...unknown];
}

/**
 * `text` with each placeholder that names a text of the site file filled in; the others stay as written. A
 * setting may name another (a form's promise names its reply address), filled in the same way, a few levels
 * deep at most, so that a setting that names itself ends.
 */
export function fillSiteText(text: string, site: unknown, depth = 0): string {
  return text.replace(PLACEHOLDER, (whole, path: string) => {
    const value = siteText(site, path);
    return value === undefined ? whole : depth < 3 ? fillSiteText(value, site, depth + 1) : value;
  });
}

/**
 * The page with the placeholders of its sections filled in, in the texts their types fill
 * (`fillSitePlaceholders` in src/sections/<type>/meta.ts: a prose section's body). The check has
 * reported unknown ones, which stay as written.
 */
export function fillSitePlaceholders(page: Page, site: Site): Page {
  if (!page.sections.some((section) => metaOf(section.type)?.fillSitePlaceholders)) return page;
  const fill = (text: string) => fillSiteText(text, site);
  return {
    ...page,
    sections: page.sections.map((section) => {
      const filled = metaOf(section.type)?.fillSitePlaceholders;
      return filled ? (filled(section as never, fill) as unknown as Section) : section;
    }),
  };
}
