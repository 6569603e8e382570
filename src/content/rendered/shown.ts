/**
 * What a rendered page shows, read from its HTML: every run of visible text, every attribute a person
 * reads or follows (alt text, labels, titles, links, picture addresses) and the head's title and
 * descriptions, each split into pieces by the value it came from (trace.ts). Parsed with htmlparser2,
 * which reads HTML as browsers do (entities decoded, void elements, unclosed tags) without a DOM.
 */
import { Parser } from 'htmlparser2';
import { piecesOf, type Piece } from './trace.ts';

/** Attributes a person reads: what assistive technology says, or the browser shows on hover. */
const READ_ATTRIBUTES = ['alt', 'title', 'aria-label', 'aria-description', 'placeholder'] as const;
/** Attributes a browser follows or loads. */
const ADDRESS_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'poster'] as const;
/** Elements whose text no one sees as text. */
const UNSHOWN = new Set(['script', 'style', 'template']);

export type ShownPlace =
  | { readonly kind: 'text'; readonly element: string }
  | { readonly kind: 'attribute'; readonly element: string; readonly attribute: string }
  | { readonly kind: 'head'; readonly name: string };

/** One thing the page shows, with its origin piece by piece, and the element's other attributes. */
export interface Shown {
  readonly place: ShownPlace;
  readonly pieces: readonly Piece[];
  /** The element's attributes, as written (markers kept): a link's label and address go together. */
  readonly attributes: Readonly<Record<string, string>>;
  /** The nearest enclosing link's address, for a text inside a link. */
  readonly inLink?: string;
}

export interface ShownPage {
  readonly shown: readonly Shown[];
  /** Every `id` on the page: the anchors a link to it may name. */
  readonly ids: ReadonlySet<string>;
}

/** Reads `html` (the page's `<head>` tags and its body markup) into what it shows. */
export function readShown(body: string, head = ''): ShownPage {
  const shown: Shown[] = [];
  const ids = new Set<string>();
  const stack: { name: string; attributes: Record<string, string>; unshown: boolean; link?: string }[] = [];
  // One stack of open values for the whole document: a value's Markdown can span several elements.
  const open: number[] = [];
  let text = '';
  const flush = () => {
    if (text === '') return;
    const top = stack[stack.length - 1];
    if (top && !top.unshown) {
      shown.push({
        place: { kind: 'text', element: top.name },
        pieces: piecesOf(text, open),
        attributes: top.attributes,
        ...(top.link === undefined ? {} : { inLink: top.link }),
      });
    } else {
      piecesOf(text, open);
    }
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush();
        const parent = stack[stack.length - 1];
        const unshown = (parent?.unshown ?? false) || UNSHOWN.has(name);
        const link = name === 'a' && attributes.href !== undefined ? attributes.href : parent?.link;
        stack.push({ name, attributes, unshown, ...(link === undefined ? {} : { link }) });
        if (attributes.id) ids.add(attributes.id);
        if (unshown) return;
        for (const attribute of [...READ_ATTRIBUTES, ...ADDRESS_ATTRIBUTES]) {
          const value = attributes[attribute];
          if (value === undefined || value === '') continue;
          shown.push({ place: { kind: 'attribute', element: name, attribute }, pieces: piecesOf(value, []), attributes });
        }
        if (name === 'meta' && attributes.content && (attributes.name ?? attributes.property)) {
          shown.push({
            place: { kind: 'head', name: (attributes.name ?? attributes.property)! },
            pieces: piecesOf(attributes.content, []),
            attributes,
          });
        }
      },
      ontext(data) {
        text += data;
      },
      onclosetag() {
        flush();
        stack.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.write(`<head>${head}</head><body>${body}</body>`);
  parser.end();
  flush();
  return { shown, ids };
}

/** The text of a shown thing as the page shows it, markers removed. */
export const shownText = (item: Shown): string => item.pieces.map((piece) => piece.text).join('');
