/**
 * The preview before the server has answered: a keystroke changes a text, and a text needs no
 * checking to be drawn, so the last checked preview is drawn again at once with the new texts in
 * place. Anything else (a list item added, a field emptied, a number) waits for the server's check.
 */
import type { PreviewData } from '../api/api.ts';
import type { FileKind } from '../api/api.ts';

type Json = unknown;

/**
 * `prepared` with each text that differs between `before` and `after` set to its new value, or
 * undefined when anything but texts changed (the shapes differ).
 */
export function patchTexts(before: Json, after: Json, prepared: Json): Json | undefined {
  if (before === after) return prepared;
  if (typeof before === 'string' && typeof after === 'string') return after;
  if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null) return undefined;
  if (Array.isArray(before) !== Array.isArray(after) || typeof prepared !== 'object' || prepared === null) return undefined;
  const keysBefore = Object.keys(before).filter((k) => (before as Record<string, Json>)[k] !== undefined);
  const keysAfter = Object.keys(after).filter((k) => (after as Record<string, Json>)[k] !== undefined);
  if (keysBefore.length !== keysAfter.length || keysBefore.some((k) => !keysAfter.includes(k))) return undefined;
  const copy: Record<string, Json> = Array.isArray(prepared)
    ? ([...prepared] as unknown as Record<string, Json>)
    : { ...prepared };
  for (const key of keysAfter) {
    const b = (before as Record<string, Json>)[key];
    const a = (after as Record<string, Json>)[key];
    if (b === a) continue;
    // A text the build rewrites ({site.…} placeholders) is left to the server.
    if (typeof a === 'string' && a.includes('{site.')) return undefined;
    const patched = patchTexts(b, a, (prepared as Record<string, Json>)[key]);
    if (patched === undefined) return undefined;
    copy[key] = patched;
  }
  return copy;
}

/** The last checked preview with the texts typed since, or undefined when the change needs a check. */
export function previewWithTexts(
  kind: FileKind,
  checked: { data: Json; preview: PreviewData } | undefined,
  data: Json,
): PreviewData | undefined {
  if (!checked) return undefined;
  const { preview } = checked;
  if (kind === 'page' && preview.page) {
    const page = patchTexts(checked.data, data, preview.page.page);
    return page === undefined ? undefined : { ...preview, page: { ...preview.page, page } };
  }
  if (kind === 'site') {
    const site = patchTexts(checked.data, data, preview.site.site);
    return site === undefined ? undefined : { ...preview, site: { ...preview.site, site } };
  }
  return undefined;
}
