/**
 * Concrete repairs for values of the wrong form: what to write instead, worked out from the value
 * and the pattern it failed, so a hint can say `route: /react` rather than repeat the field's
 * description. Each returns undefined when it cannot propose a value that would pass. A repair that
 * is the one right answer also travels as a Fix (an edit of the file's text) that `content:check --
 * --fix` and the editor apply; applyFixes does that.
 */
import { isMap, isScalar, isSeq, stringify, type Node } from 'yaml';
import type { Fix } from './catalog.ts';
import type { ValueEdit } from './rules/validate.ts';

/** Lowercase words joined by hyphens, as routes, anchors, icons and logos are written. */
export function slug(value: string): string {
  return value
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The value rewritten so that it matches `pattern`, when an obvious rewrite exists. Only a rewrite
 * that keeps every character that carries meaning (`phoneRepair`) is offered as a Fix; a slug made
 * of a name changes letters, so it stays a suggestion in the hint.
 */
export function repairFor(value: string, pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  let matcher: RegExp;
  try {
    matcher = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  const trimmed = value.trim();
  // A phone or mail address keeps its scheme: `tel:+91 120 456 7800` is a number with spaces in it,
  // never a route of this site.
  const scheme = /^(tel|mailto):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === 'tel') {
    const number = `tel:${trimmed.slice(4).replace(/[\s().\-\u00a0]/g, '')}`;
    return number !== value && matcher.test(number) ? number : undefined;
  }
  if (scheme === 'mailto') {
    const address = `mailto:${trimmed.slice(7).trim()}`;
    return address !== value && matcher.test(address) ? address : undefined;
  }
  const candidates: string[] = [];
  if (/^www\.|^[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(trimmed)) candidates.push(`https://${trimmed}`);
  if (/^http:\/\//i.test(trimmed)) candidates.push(trimmed.replace(/^http:/i, 'https:'));
  // A route or a path without its slash, with capitals or spaces: `React`, `/Web Development`, `media/a.webp`.
  const [path = '', anchor] = trimmed.split('#');
  const extension = path.match(/\.[a-z0-9]+$/i)?.[0].toLowerCase() ?? '';
  const words = path.slice(0, path.length - extension.length).split('/').map(slug).filter(Boolean);
  const rebuilt = `/${words.join('/')}${extension}${anchor === undefined ? '' : `#${slug(anchor)}`}`;
  candidates.push(rebuilt, slug(trimmed));
  return candidates.find((candidate) => candidate !== value && candidate !== '' && matcher.test(candidate));
}

/** How to write `value` as text in YAML: quoted, so YAML does not read a number, `true` or a date. */
export function quoted(value: unknown): string {
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A value as YAML writes it on one line: plain when YAML would read it back as the same text, quoted otherwise. */
export function yamlValue(text: string): string {
  return stringify(text, { lineWidth: 0 }).trimEnd();
}

/**
 * The Fix and its hint for an edit of the value at `path`, or undefined when the value is not one
 * scalar written on the page (an empty value has no characters to keep: the hint says what to write).
 * Quoting is a fix only when the text as typed then meets the field's pattern and choices; otherwise
 * the hint shows the quoted text and says that it still needs the field's form.
 */
export function valueFix(
  text: string,
  node: Node | null | undefined,
  path: readonly (string | number)[],
  edit: ValueEdit,
): { readonly fix?: Fix; readonly hint: string } | undefined {
  // A scalar, or braces, brackets or `: ` typed in a text (`{entry.title}: a case study`, `[new]`),
  // which YAML reads as a list or a mapping; the text on its one line is what the author typed.
  if (!(isScalar(node) || isMap(node) || isSeq(node)) || !node?.range) return undefined;
  const [start, valueEnd, nodeEnd] = node.range;
  const lineEnd = text.indexOf('\n', start) === -1 ? text.length : text.indexOf('\n', start);
  // Braces typed in a text may also end the value early (`{entry.title}: a case study` is a mapping
  // and a second property): for a list or mapping, the author typed the rest of its line.
  const collection = isMap(node) || isSeq(node);
  if (collection && nodeEnd > lineEnd + 1) return undefined;
  const written = (collection ? text.slice(start, lineEnd).replace(/\s+#.*$/, '') : text.slice(start, valueEnd)).trimEnd();
  const end = start + written.length;
  if (written.trim() === '' || written.includes('\n')) return undefined;
  const value = 'quote' in edit ? quoted(written) : yamlValue(edit.replace);
  const key = path[path.length - 1];
  const line = `${typeof key === 'number' ? '-' : `${String(key)}:`} ${value}`;
  if (!('quote' in edit)) return { fix: { start, end, was: written, text: value, label: `Write \`${value}\`` }, hint: `Write \`${line}\`.` };
  const fits =
    (edit.pattern === undefined || safeTest(edit.pattern, written)) &&
    (edit.allowed === undefined || edit.allowed.includes(written)) &&
    // Of the formats, only a date is common in content; any other is left to the author.
    (edit.format === undefined || (edit.format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(written)));
  // `~` or `null` in a text field reads as nothing: whether the author meant those characters, or no
  // text yet, is a guess, so the quotes are offered in the hint and never applied.
  if (/^(~|null|Null|NULL)$/.test(written)) {
    return {
      hint: `YAML reads \`${written}\` as nothing. Write the text this field shows; only if you mean the characters \`${written}\` themselves, put them in quotes: \`${line}\`.`,
    };
  }
  const said = `Put it in quotes, so YAML reads it as text, exactly as you typed it: \`${line}\``;
  return fits
    ? { fix: { start, end, was: written, text: value, label: `Write \`${value}\`` }, hint: `${said}.` }
    : { hint: `${said}; as text it still needs this field's form, so write what the field expects.` };
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}

/**
 * Applies fixes to a file's text, from the last to the first so that each offset still holds; a fix
 * that overlaps one already applied, or whose place no longer holds what it replaces, is left for the
 * next run. Returns the text and the fixes applied.
 */
export function applyFixes(text: string, fixes: readonly Fix[]): { readonly text: string; readonly applied: readonly Fix[] } {
  const applied: Fix[] = [];
  let out = text;
  let limit = Infinity;
  for (const fix of [...fixes].sort((a, b) => b.start - a.start || b.end - a.end)) {
    if (fix.end > limit || out.slice(fix.start, fix.end) !== fix.was) continue;
    out = out.slice(0, fix.start) + fix.text + out.slice(fix.end);
    applied.push(fix);
    limit = fix.start;
  }
  return { text: out, applied: applied.reverse() };
}

/** True when `repair` only drops separators from `value` (spaces, dashes, dots, brackets): a phone number tidied. */
export function keepsCharacters(value: string, repair: string): boolean {
  const meaning = (text: string) => text.replace(/[\s().\-\u00a0]/g, '');
  return meaning(value) === meaning(repair);
}
