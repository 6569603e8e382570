/**
 * What must hold of a rendered page whatever its content: no text shows markup as typed, and every
 * link leads somewhere. Each finding names the value it came from (trace.ts), so the check reports it
 * at that value's line and column; what a section writes of its own is the engine's and is not judged.
 */
import { addressProblem } from '../rules/addresses.ts';
import { explain, type Explanation } from '../catalog.ts';
import type { ShownPage, Shown } from './shown.ts';
import type { TraceTable, TracedValue } from './trace.ts';

export type RenderedCode = 'MarkupShown' | 'LinesFolded' | 'UnknownRoute' | 'UnknownAnchor' | 'LinkUnusable' | 'PictureTooHeavy';

export interface RenderedFinding {
  readonly code: RenderedCode;
  /** The route of the page that shows it. */
  readonly route: string;
  /** The value that produced it; for a link, the value that holds the address. */
  readonly value: TracedValue;
  /** The value's path when it differs from `value.path` (the link beside a label). */
  readonly path?: readonly (string | number)[];
  readonly message: string;
  readonly hint: string;
}

/** A kind of markup a page can show as typed, what it looks like, and what the writer meant. */
interface ShownMarkup {
  readonly pattern: RegExp;
  readonly what: string;
  readonly hint: string;
}

const shownMarkups: readonly ShownMarkup[] = [
  {
    pattern: /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i,
    what: 'an HTML tag',
    hint: 'The site writes its own HTML: remove the tag, and in a Markdown text write `**bold**` for emphasis.',
  },
  {
    pattern: /&(#\d+|#x[0-9a-f]+|[a-z]+);/i,
    what: 'a character reference',
    hint: 'Type the character itself (`&`, `₹`, a space) instead of its HTML reference.',
  },
  {
    pattern: /\{\{?\s*[a-z_][\w.-]*\s*\}?\}/i,
    what: 'a placeholder that was not filled in',
    hint: 'Placeholders are filled in only where the guide lists them (`{site.…}` in prose, `{entry.…}` in a collection\'s template), spelled as there. Check its name and its field, or write the words out.',
  },
  {
    pattern: /\[[^\]\n]+\]\([^)\s]*\)?/,
    what: 'a Markdown link',
    hint: 'Only a prose section\'s `body` makes links from Markdown, and only when the brackets and parentheses are closed. Elsewhere use the field meant for the link (`link:`).',
  },
  {
    pattern: /\*\*|__(?=\S)/,
    what: 'Markdown emphasis marks',
    hint: 'Emphasis is `**words**`, closed on the same line, in a field that takes Markdown; the page shows any other stars as typed.',
  },
  {
    pattern: /(?<![\p{L}\p{N}*_])([*_])(?![\s*_])[^*_\n]*?[^\s*_]\1(?![\p{L}\p{N}*_])/u,
    what: 'Markdown emphasis marks',
    hint: 'This site marks emphasis with `**two stars**`, in a field that takes Markdown; the page shows single stars and underscores as typed.',
  },
  {
    pattern: /(?:^|\n)[ \t]*#{1,6}[ \t]+\S/,
    what: 'a Markdown title',
    hint: 'A `#` title becomes a heading only in a prose section\'s `body`, at the start of its own line; elsewhere the field itself is the heading.',
  },
  {
    pattern: /\\[\\`*_{}[\]()#+\-.!]/,
    what: 'an escape',
    hint: 'A backslash before a mark is shown as typed: remove it.',
  },
];

/** Ways into the site that are no page: the form API, the build's files, the pictures. */
const NOT_PAGES = /^\/(api|assets|media|fonts|icons|images|favicon|site\.webmanifest|robots\.txt|sitemap\.xml)(\/|\.|$)/;

/**
 * Judges one page. `pages` holds every route with the ids its page has, so that a link to another
 * page's anchor is judged against that page.
 */
/** What the judge may ask beyond the page. */
export interface JudgeOptions {
  /** The fields the build makes from a writer's Markdown, whose line breaks only wrap lines. */
  readonly derived?: ReadonlySet<string>;
  /** The bytes of a file the site serves at `url` (a path), as the build wrote it; undefined when not known. */
  readonly sizeOf?: (url: string) => number | undefined;
}

/** The most one picture may weigh at the width a large screen picks (after the build's copies). */
export const PICTURE_BUDGET = 300 * 1024;

export function judgeShown(
  route: string,
  page: ShownPage,
  table: TraceTable,
  pages: ReadonlyMap<string, ReadonlySet<string>>,
  { derived = new Set(), sizeOf }: JudgeOptions = {},
): RenderedFinding[] {
  const findings: RenderedFinding[] = [];
  const said = new Set<string>();
  const add = (finding: RenderedFinding) => {
    const key = `${finding.code} ${finding.value.origin.kind} ${finding.value.path.join('/')} ${finding.message}`;
    if (said.has(key)) return;
    said.add(key);
    findings.push(finding);
  };
  for (const [at, item] of page.shown.entries()) {
    for (const [source, text] of textsBySource(item)) {
      const value = table[source];
      if (!value) continue;
      const markup = markupIn(text);
      if (markup) {
        const words = explain.MarkupShown(route, excerpt(text, markup.at), markup.kind.what, placeName(item), markup.kind.hint);
        add({ code: 'MarkupShown', route, value, ...words });
      } else if (foldsLines(item, value, derived)) {
        const lines = value.text.split('\n').filter((line) => line.trim() !== '');
        add({ code: 'LinesFolded', route, value, ...explain.LinesFolded(route, lines.length, LIST_LINE.test(value.text), excerpt(text, 0)) });
      }
    }
    if (sizeOf && item.place.kind === 'attribute' && item.place.attribute === 'src' && item.place.element === 'img') {
      const heaviest = heaviestOf(item.attributes, sizeOf);
      if (heaviest && heaviest.bytes > PICTURE_BUDGET) {
        const src = item.attributes.src!;
        const holder = pictureHolder(page.shown, item, src, table);
        if (holder) {
          add({
            code: 'PictureTooHeavy',
            route,
            value: holder.value,
            ...(holder.path ? { path: holder.path } : {}),
            ...explain.PictureTooHeavy(route, src, heaviest.url, heaviest.bytes, PICTURE_BUDGET),
          });
        }
      }
    }
    if (item.place.kind === 'attribute' && item.place.attribute === 'href') {
      const href = item.pieces.map((piece) => piece.text).join('');
      const problem = linkProblem(route, href, pages);
      if (!problem) continue;
      const holder = linkHolder(page.shown, at, href, table);
      if (!holder) continue;
      add({ ...problem, route, value: holder.value, ...(holder.path ? { path: holder.path } : {}) });
    }
  }
  return findings;
}

/** A line that starts a list item: `- `, `* `, `+ `, `1. `, `1) `. */
const LIST_LINE = /(^|\n)[ \t]*(?:[-*+]|\d+[.)])[ \t]+\S/;
/** Elements that show a text's line breaks as the browser gets them. */
const KEEPS_LINES = new Set(['pre', 'textarea']);

/**
 * Whether a text written on several lines is shown as one run of words: the value has a line break of
 * its own (a `|` block), and the page shows it inside one element that keeps none. A field the build
 * derives from Markdown (`derived`) is left out: there a single line break only wraps a long line.
 */
function foldsLines(item: Shown, value: TracedValue, derived: ReadonlySet<string>): boolean {
  if (item.place.kind !== 'text' || KEEPS_LINES.has(item.place.element)) return false;
  if (!/\S[ \t]*\n[\s]*\S/.test(value.text)) return false;
  return !value.path.some((part) => typeof part === 'string' && derived.has(part));
}

/** The characters each value contributes to one shown thing, in order. */
function textsBySource(item: Shown): Map<number, string> {
  const texts = new Map<number, string>();
  for (const piece of item.pieces) {
    if (piece.source === undefined) continue;
    texts.set(piece.source, (texts.get(piece.source) ?? '') + piece.text);
  }
  return texts;
}

function markupIn(text: string): { kind: ShownMarkup; at: number } | undefined {
  for (const kind of shownMarkups) {
    const match = kind.pattern.exec(text);
    if (match) return { kind, at: match.index };
  }
  return undefined;
}

/** Up to 40 characters of `text` around `at`, on one line. */
function excerpt(text: string, at: number): string {
  const start = Math.max(0, at - 15);
  const end = Math.min(text.length, at + 25);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ')}${end < text.length ? '…' : ''}`;
}

function placeName(item: Shown): string {
  switch (item.place.kind) {
    case 'text':
      return item.place.element === 'title' ? "in the browser tab's title" : 'in its text';
    case 'head':
      return `in the \`${item.place.name}\` that search engines and link previews read`;
    case 'attribute':
      return item.place.attribute === 'alt'
        ? "in a picture's alt text"
        : `in the \`${item.place.attribute}\` that screen readers or tooltips read`;
  }
}

function linkProblem(
  route: string,
  href: string,
  pages: ReadonlyMap<string, ReadonlySet<string>>,
): ({ code: RenderedCode } & Explanation) | undefined {
  if (href.startsWith('/') && !href.startsWith('//')) {
    const url = new URL(href, 'https://site.invalid');
    if (NOT_PAGES.test(url.pathname)) return undefined;
    const ids = pages.get(url.pathname);
    if (!ids) return { code: 'UnknownRoute', ...explain.UnknownRouteShown(route, url.pathname) };
    const anchor = decodeURIComponent(url.hash.slice(1));
    if (anchor && !ids.has(anchor)) return { code: 'UnknownAnchor', ...explain.UnknownAnchorShown(route, href, url.pathname, anchor) };
    return undefined;
  }
  const address = addressProblem(href);
  return address ? { code: 'LinkUnusable', ...explain.LinkUnusableShown(route, href, address.reason, address.hint) } : undefined;
}

/** Another attribute, `name`, of the element `item` was read from. */
const attributeOf = (shown: readonly Shown[], item: Shown, name: string): Shown | undefined =>
  shown.find((other) => other.attributes === item.attributes && other.place.kind === 'attribute' && other.place.attribute === name);

/** The heaviest of the files a picture offers (its `src` and every `srcset` candidate), by the bytes served. */
function heaviestOf(attributes: Readonly<Record<string, string>>, sizeOf: (url: string) => number | undefined) {
  const urls = [attributes.src, ...(attributes.srcset ?? attributes.srcSet ?? '').split(',').map((c) => c.trim().split(/\s+/)[0])];
  let heaviest: { url: string; bytes: number } | undefined;
  for (const url of urls) {
    if (!url?.startsWith('/')) continue;
    const bytes = sizeOf(url);
    if (bytes !== undefined && (!heaviest || bytes > heaviest.bytes)) heaviest = { url, bytes };
  }
  return heaviest;
}

/** The value that names a picture: its `src` beside the picture's alt text, which is the writer's. */
function pictureHolder(
  shown: readonly Shown[],
  item: Shown,
  src: string,
  table: TraceTable,
): { value: TracedValue; path?: readonly (string | number)[] } | undefined {
  const source = attributeOf(shown, item, 'alt')?.pieces.find((piece) => piece.source !== undefined)?.source;
  const value = source === undefined ? undefined : table[source];
  if (!value) return undefined;
  const near = value.near?.find((n) => n.value === src);
  return near ? { value, path: near.path } : { value };
}

/**
 * The value that holds a link's address: beside the value that labels it (its text, or its label for
 * screen readers), the first of its neighbours, or theirs, with that very address. A link whose label the
 * section wrote itself holds no content and is not judged here.
 */
function linkHolder(
  shown: readonly Shown[],
  at: number,
  href: string,
  table: TraceTable,
): { value: TracedValue; path?: readonly (string | number)[] } | undefined {
  const labels: number[] = [];
  for (const name of ['aria-label', 'title']) {
    for (const piece of attributeOf(shown, shown[at]!, name)?.pieces ?? []) if (piece.source !== undefined) labels.push(piece.source);
  }
  for (let next = at + 1; next < shown.length && shown[next]!.inLink === href; next++) {
    for (const piece of shown[next]!.pieces) if (piece.source !== undefined) labels.push(piece.source);
  }
  for (const source of labels) {
    const value = table[source];
    if (!value) continue;
    // The address as written, or the page it names when the link adds an anchor to it.
    const near = value.near?.find((n) => n.value === href || href.startsWith(`${n.value}#`));
    if (near) return { value, path: near.path };
  }
  const first = labels.map((source) => table[source]).find((value) => value !== undefined);
  return first ? { value: first } : undefined;
}
