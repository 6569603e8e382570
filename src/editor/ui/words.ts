/** A key of the content as a marketer reads it: "ctaLink" → "Cta link", "team-size" → "Team size". */
export function words(key: string): string {
  const spaced = key
    .replace(/[-_]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** "Heading of section 2", "Title", "Cards of section 3": where a value is, in words. */
export function placeOf(path: readonly (string | number)[]): string {
  const named = path.filter((k): k is string => typeof k === 'string' && k !== 'sections');
  const section = path[0] === 'sections' && typeof path[1] === 'number' ? path[1] + 1 : undefined;
  if (named.length === 0) return section === undefined ? 'The page' : `Section ${section}`;
  return words(named[named.length - 1]!) + (section === undefined ? '' : ` of section ${section}`);
}

/**
 * A message of the content check (written for a developer's terminal too) in a marketer's words:
 * no key paths, no backticks, no commands, no file paths. `sections[3].items` becomes "Items of
 * section 4", a quoted name becomes “name”, a sentence that tells to run a command is left out.
 */
export function plainWords(message: string): string {
  return message
    .split(/(?<=[.!?])\s+(?=[A-Z`])/)
    .filter((sentence) => !/npm run|content:check|\bnpx\b/.test(sentence))
    .join(' ')
    .replace(/`((?:[A-Za-z$][\w$]*)(?:\[\d+\]|\.[A-Za-z$][\w$]*)+)`/g, (_, path: string) =>
      placeOf(
        path
          .split(/\.|\[(\d+)\]/)
          .filter(Boolean)
          .map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
      ),
    )
    .replace(/\b(?:content|public|schemas)\/[\w./-]+/g, 'another file')
    .replace(/\bAdd `([A-Za-z$][\w$]*):`/g, (_, key: string) => `Fill in ${words(key)}`)
    .replace(/`([a-z][A-Za-z]*)`/g, (_, key: string) => `“${words(key)}”`)
    .replace(/`([^`]*)`/g, '“$1”');
}
