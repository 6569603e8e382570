/**
 * Concrete repairs for values of the wrong form: what to write instead, worked out from the value
 * and the pattern it failed, so a hint can say `route: /react` rather than repeat the field's
 * description. Each returns undefined when it cannot propose a value that would pass.
 */

/** Lowercase words joined by hyphens, as routes, anchors, icons and logos are written. */
export function slug(value: string): string {
  return value
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The value rewritten so that it matches `pattern`, when an obvious rewrite exists. */
export function repairFor(value: string, pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  let matcher: RegExp;
  try {
    matcher = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  const candidates: string[] = [];
  const trimmed = value.trim();
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
