/**
 * The test oracle of "a marketer's words": what in a text the editor shows is a developer's identifier
 * rather than a word. One list of kinds, each with an example of what it catches, so that every test
 * of the editor's words (forms, review, undo, history) judges by the same rules.
 *
 * Words the site's own content uses (JavaScript, LinkedIn) are the marketer's, whatever their case,
 * except the values of our choices and our section types (FULL_TIME, card-grid), which content files
 * hold as identifiers. A file format's name (WebM) is the word a marketer meets on the file itself.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const kinds: readonly { readonly kind: string; readonly pattern: RegExp; readonly contentMayUse?: boolean }[] = [
  { kind: 'a code mark', pattern: /`/g },
  // “**bold**” in quotes is a help text showing how to write it; bare, it is a text shown as typed.
  { kind: 'Markdown shown as typed', pattern: /(?<!“)\*\*[^*\s][^*]*\*\*(?!”)/g },
  {
    kind: 'a key in camel case (ctaLink, RoleEntry)',
    pattern: /\b[a-z]+[A-Z][A-Za-z]*\b|\b[A-Z][a-z]+[A-Z][A-Za-z]*\b/g,
    contentMayUse: true,
  },
  { kind: 'a constant (FULL_TIME)', pattern: /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g },
  { kind: 'a key in snake case (grievance_officer)', pattern: /\b[a-z]+_[a-z0-9_]+\b/g },
  { kind: 'a file path', pattern: /\b(?:content|schemas|public|src|docs|tools)\/\S*|\S+\.(?:ya?ml|json|tsx?|mjs)\b|\*\.\w+/g },
  { kind: 'a command', pattern: /\bnpm\b|\bnpx\b|\bgit (?:log|push|pull|commit|merge)\b/g },
  { kind: 'a commit hash', pattern: /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/g },
  {
    kind: 'a data path (sections[3], #/definitions)',
    pattern: /\b\w+\[\d+\]|\b[a-z]\w*\.\d+\b|#\/\w+|(?:^|\s)\/(?:sections|properties|definitions)\b/g,
  },
  { kind: 'a list item numbered by the form library (Phones-1)', pattern: /\b[A-Za-z]+-\d+\b/g },
  { kind: 'a schema word', pattern: /\$ref|\$schema|\benum\b|\bconst\b|\bundefined\b|\bnull\b|\[object Object\]/g },
  { kind: 'a key as a label (Src, Href)', pattern: /\b(?:Src|Href|Url|Slug|Avif|Cta|Og|Json|Yaml|Alt|Id)\b/g },
];

/** Words written in the site's content (LinkedIn, JavaScript): the marketer's own, whatever their case. */
function contentWords(root: string): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') for (const word of value.match(/[A-Za-z][\w.]*/g) ?? []) found.add(word);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  const dir = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) dir(full);
      else if (/\.ya?ml$/.test(entry.name)) walk(parse(readFileSync(full, 'utf8')));
    }
  };
  dir(join(root, 'content'));
  return found;
}

let known: Set<string> | undefined;

/**
 * The developer identifiers in `text`, each as "kind: what" ("a constant (FULL_TIME): FULL_TIME"),
 * or none. `extra` adds identifiers of this project that look like words (section types such as
 * card-grid, enum values such as hover-text).
 */
export function developerWords(text: string, root: string, extra: ReadonlySet<string> = new Set()): string[] {
  known ??= new Set([...contentWords(root), 'WebM']);
  const found: string[] = [];
  for (const { kind, pattern, contentMayUse } of kinds) {
    for (const [match] of text.matchAll(pattern)) {
      if (contentMayUse && known.has(match.trim()) && !extra.has(match.trim())) continue;
      found.push(`${kind}: ${match.trim()}`);
    }
  }
  for (const word of text.match(/\b[a-z]+(?:-[a-z]+)+\b/g) ?? []) if (extra.has(word)) found.push(`an identifier: ${word}`);
  return found;
}
