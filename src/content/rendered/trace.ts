/**
 * Carries each text value's origin through rendering. Before a page is rendered for the check, every
 * text of its data (and of the site settings and the shared blocks it draws on) is wrapped in markers
 * made of private-use characters: one before it that holds the value's number, one after it. The
 * rendered page then says of each character it shows which value it came from, however the section
 * arranged, split or wrapped it, and the number leads back to the file and the field (`TraceTable`).
 * Nothing here searches the YAML for a text.
 *
 * Private-use characters pass through React, HTML escaping, Markdown and slugs unchanged or dropped,
 * so the page rendered with markers, once they are removed, is the page rendered without them. The
 * check holds every page to that (`stripTrace`), and a value whose markers would change what a
 * section draws (a name the section looks up, a date it parses, a link it tells internal from
 * external) is left unmarked: by the shape of the value (`isData`: an address, a name in kebab-case, a
 * date or a number), whatever its field is called, and by its key (`untracedKeys`) for the rest.
 */

/** Where a traced value comes from: a page (by route), the site settings, or a shared block (by name). */
export type TraceOrigin =
  | { readonly kind: 'page'; readonly route: string }
  | { readonly kind: 'site' }
  | { readonly kind: 'shared'; readonly name: string };

export interface TracedValue {
  readonly origin: TraceOrigin;
  /** The value's path in its origin's data, as the content check locates it. */
  readonly path: readonly (string | number)[];
  /** The value as written. */
  readonly text: string;
  /**
   * The addresses beside it (a `link`, `href`, `url`, `to` or `src` of the object that holds it, or of one
   * around that), nearest first: a link or picture the page has is judged at the address that goes with
   * its words.
   */
  readonly near?: readonly { readonly path: readonly (string | number)[]; readonly value: string }[];
}

/** The values a traced render marked, by number. */
export type TraceTable = TracedValue[];

const OPEN = '\uE000';
const CLOSE = '\uE001';
/** Sixteen digits, U+E010 to U+E01F: a value's number in hexadecimal. */
const DIGIT0 = 0xe010;

const encode = (id: number) => [...id.toString(16)].map((d) => String.fromCharCode(DIGIT0 + parseInt(d, 16))).join('');

/** Every marker: an opening one with its number, or a closing one. */
const MARKER = /\uE000([\uE010-\uE01F]+)\uE002|\uE001/g;
const OPEN_END = '\uE002';

/**
 * Keys whose values a section uses as more than text: to look something up (a type, an icon, a picture, a
 * tab's name a role refers to), to compare, to parse (a date, a number) or to tell an internal link from
 * an external one. Marking them would change the page. Links are judged as the `href` the page has.
 */
export const untracedKeys: ReadonlySet<string> = new Set([
  'type',
  'route',
  'link',
  'href',
  'url',
  'to',
  'icon',
  'logo',
  'src',
  'accent',
  'variant',
  'id',
  'anchor',
  'slug',
  'department',
  'category',
  'seniority',
  'employmentType',
  'workplace',
  'layout',
  'theme',
  'align',
  'size',
  'format',
  'email',
  'phone',
  'mobile',
  'whatsapp',
  'draft',
  'publishedAt',
  'validThrough',
  'datePublished',
  'dateModified',
  'date',
  'updated',
  'currency',
  'country',
  'locale',
  'lang',
]);

/**
 * Values that are data rather than words, by their shape: an address (a route, an anchor, a web, mail or
 * phone address), a name in kebab-case (an icon, a choice, a slug), a date or a number. A section may
 * look them up or compare them; none of them can show markup.
 */
const DATA_SHAPES = [
  /^(\/\S*|#[\w-]*|https?:\S*|mailto:\S*|tel:\S*|data:\S*)$/i,
  /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/,
  /^[\d\s:.,+\-TZ]+$/,
];
export const isData = (value: string): boolean => DATA_SHAPES.some((shape) => shape.test(value));

/**
 * A copy of `data` with every text value marked, its number added to `table`. Keys in `untracedKeys`
 * (and everything under them) are copied as they are.
 */
export function traceData<T>(data: T, origin: TraceOrigin, table: TraceTable): T {
  type Near = NonNullable<TracedValue['near']>;
  const visit = (value: unknown, path: (string | number)[], near: Near): unknown => {
    if (typeof value === 'string') {
      if (value === '' || isData(value)) return value;
      const id = table.push({ origin, path: [...path], text: value, ...(near.length > 0 ? { near } : {}) }) - 1;
      return `${OPEN}${encode(id)}${OPEN_END}${value}${CLOSE}`;
    }
    if (Array.isArray(value)) return value.map((item, index) => visit(item, [...path, index], near));
    if (typeof value === 'object' && value !== null) {
      const here = Object.entries(value).flatMap(([key, item]) =>
        ADDRESS_KEYS.has(key) && typeof item === 'string' ? [{ path: [...path, key], value: item }] : [],
      );
      const inner = here.length > 0 ? [...here, ...near] : near;
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, untracedKeys.has(key) ? item : visit(item, [...path, key], inner)]),
      );
    }
    return value;
  };
  return visit(data, [], []) as T;
}

/**
 * The keys of addresses (of a link, or of a picture's file), which stay as written and are found beside
 * the words that go with them: a link's label, a picture's alt text.
 */
const ADDRESS_KEYS: ReadonlySet<string> = new Set(['link', 'href', 'url', 'to', 'src']);

/** The text with every marker removed: what the page shows. */
export const stripTrace = (text: string): string => text.replace(MARKER, '');

/** Whether a text holds markers at all. */
export const hasTrace = (text: string): boolean => /[\uE000-\uE002]/.test(text);

/** A run of shown characters and the value they came from (undefined: the section's own words). */
export interface Piece {
  readonly text: string;
  readonly source: number | undefined;
}

/**
 * Splits a shown text into pieces by origin. `open` is the stack of values still open where the text
 * starts (a value whose Markdown made several elements spans several texts); it is updated in place, so
 * the document's texts are read in order with one stack.
 */
export function piecesOf(text: string, open: number[] = []): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  const push = (end: number) => {
    if (end > at) pieces.push({ text: text.slice(at, end), source: open[open.length - 1] });
  };
  for (const match of text.matchAll(MARKER)) {
    push(match.index);
    if (match[1] !== undefined) {
      open.push(parseInt([...match[1]].map((c) => (c.charCodeAt(0) - DIGIT0).toString(16)).join(''), 16));
    } else {
      open.pop();
    }
    at = match.index + match[0].length;
  }
  push(text.length);
  return pieces;
}
