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

const naming = ['heading', 'title', 'label', 'name', 'role', 'text'] as const;

/**
 * What an item says of itself, for naming it: its heading, title, label, name, role or text (a text
 * item, itself), without **bold** marks, cut at a word. Undefined when it holds no text to go by.
 */
export function contentName(value: unknown, longest = 40): string | undefined {
  const record = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const text = record ? naming.map((k) => record[k]).find((v) => typeof v === 'string' && v.trim() !== '') : value;
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  return cutAt(text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim(), longest);
}

/** `text` in at most `longest` characters, cut at a word (unless that loses half of it) with an ellipsis. */
export function cutAt(text: string, longest: number): string {
  if (text.length <= longest) return text;
  const head = text.slice(0, longest - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > longest / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** An item of a list named by its kind and its content: Card “Fast performance”; its kind alone without text. */
export function itemName(kind: string, value: unknown): string {
  const said = contentName(value);
  return said === undefined ? kind : `${kind} “${said}”`;
}
