/**
 * Text that changes what a page says without anyone seeing it in the file: bytes that are not UTF-8
 * (a file saved as Windows-1252 publishes "José" as "Jos�"), typographic quotes pasted from a word
 * processor where YAML expects straight ones (`heading: “Responsive interfaces”` puts the marks
 * inside the h1), and invisible characters (zero-width spaces, direction marks, control characters)
 * that split words for search or reorder a sentence. Each is valid YAML, so the parser and the
 * schemas pass it; each has one right repair, which travels as a Fix.
 *
 * Most files have none of these: a cheap look at the raw text (`candidate`, then `suspect`) rules them
 * out before any node of `yaml`'s document is visited.
 */
import { Buffer } from 'node:buffer';
import { isMap, isScalar, isSeq, parseDocument, visit, type Document, type LineCounter, type Node, type Scalar } from 'yaml';
import { explain, type Fix, type InvisibleKind, type Problem } from '../catalog.ts';
import { yamlValue } from '../fixes.ts';
import { codeFrame, formatPath } from './locate.ts';

// ─── Encoding ───

/** The encodings a file that is not UTF-8 is recognised as; undefined when none fits. */
export type LikelyEncoding = 'UTF-16 LE' | 'UTF-16 BE' | 'Windows-1252' | undefined;

/** A content file whose bytes are not UTF-8, and how it was read instead. */
export interface Misencoded {
  readonly encoding: LikelyEncoding;
  /** Where the first byte that is not UTF-8 is, as an offset of the text read (0 for UTF-16). */
  readonly offset: number;
  /** That byte, in hexadecimal (`E9`). */
  readonly byte: string;
  /**
   * The file as `readFileSync(abs, 'utf8')` reads it, each bad byte a U+FFFD: what `--fix` reads, so
   * the Fix that re-encodes the file replaces exactly this.
   */
  readonly lossy: string;
}

// `ignoreBOM` keeps a byte order mark as U+FEFF, as `readFileSync(abs, 'utf8')` does, so the offsets
// of every problem and Fix are those of the text `--fix` and editors read.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/**
 * Windows-1252 is Latin-1 with these characters for bytes 0x80 to 0x9F (the WHATWG Encoding Standard's
 * table). Decoded here, not with `new TextDecoder('windows-1252')`: Node since 20.18.3 and 22.13 reads
 * those bytes as Latin-1's invisible C1 controls (nodejs/node#60888), which would turn `’` into U+0092.
 */
const windows1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const windows1252 = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => (byte >= 0x80 && byte < 0xa0 ? windows1252High[byte - 0x80]! : String.fromCharCode(byte))).join('');
/** Bytes Windows-1252 leaves undefined (decoded as C1 controls): a file with them is in some other encoding. */
const undefinedIn1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * A content file's text from its bytes. UTF-8 (with or without a byte order mark) is read as it is.
 * UTF-16 is recognised by its byte order mark or by its zero bytes, and read as UTF-16. Other bytes
 * that are not UTF-8 are read as Windows-1252 (Latin-1 with curly quotes and dashes, what Windows
 * editors save), byte run by byte run, so a file that is UTF-8 but for one pasted line keeps its
 * UTF-8 characters. When no reading fits, the text is the lossy one, so the rest of the file is
 * still checked.
 */
export function decodeContent(bytes: Uint8Array): { readonly text: string; readonly misencoded?: Misencoded } {
  const wide = utf16Of(bytes);
  if (!wide) {
    try {
      return { text: utf8.decode(bytes) };
    } catch {
      // Not UTF-8: found out below.
    }
  }
  const lossy = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (wide) {
    const text = new TextDecoder(wide === 'UTF-16 LE' ? 'utf-16le' : 'utf-16be').decode(bytes);
    return { text, misencoded: { encoding: wide, offset: 0, byte: hex(bytes[0] ?? 0), lossy } };
  }
  const parts: string[] = [];
  let offset = -1;
  let byte = 0;
  let plausible = true;
  let done = 0;
  for (let i = 0; i < bytes.length; ) {
    const length = utf8Length(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    let end = i;
    while (end < bytes.length && utf8Length(bytes, end) === 0) {
      if (undefinedIn1252.has(bytes[end]!)) plausible = false;
      end++;
    }
    parts.push(utf8.decode(bytes.subarray(done, i)));
    if (offset < 0) {
      offset = parts.join('').length;
      byte = bytes[i]!;
    }
    parts.push(windows1252(bytes.subarray(i, end)));
    done = i = end;
  }
  parts.push(utf8.decode(bytes.subarray(done)));
  const misencoded = { offset: Math.max(0, offset), byte: hex(byte), lossy };
  return plausible ? { text: parts.join(''), misencoded: { ...misencoded, encoding: 'Windows-1252' } } : { text: lossy, misencoded: { ...misencoded, encoding: undefined } };
}

const hex = (byte: number) => byte.toString(16).toUpperCase().padStart(2, '0');

/** UTF-16 by its byte order mark, or by text whose every other byte is zero (ASCII in UTF-16). */
function utf16Of(bytes: Uint8Array): 'UTF-16 LE' | 'UTF-16 BE' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16 LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16 BE';
  if (bytes.indexOf(0) < 0) return undefined;
  const sample = Math.min(bytes.length, 4096);
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample; i++) {
    if (bytes[i] !== 0) continue;
    if (i % 2 === 0) even++;
    else odd++;
  }
  // A few zero bytes in UTF-8 are control characters, reported as such; a third of them is UTF-16.
  if (odd > sample / 3 && even < odd / 8) return 'UTF-16 LE';
  if (even > sample / 3 && odd < even / 8) return 'UTF-16 BE';
  return undefined;
}

/** The length of the UTF-8 sequence at `i`, or 0 when the byte there does not start one. */
function utf8Length(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i]!;
  if (b0 < 0x80) return 1;
  const tail = (at: number, low = 0x80, high = 0xbf) => {
    const b = bytes[at];
    return b !== undefined && b >= low && b <= high;
  };
  if (b0 >= 0xc2 && b0 <= 0xdf) return tail(i + 1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const [low, high] = b0 === 0xe0 ? [0xa0, 0xbf] : b0 === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return tail(i + 1, low, high) && tail(i + 2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const [low, high] = b0 === 0xf0 ? [0x90, 0xbf] : b0 === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return tail(i + 1, low, high) && tail(i + 2) && tail(i + 3) ? 4 : 0;
  }
  return 0;
}

/** The problem of a file that is not UTF-8, with the Fix that saves it as UTF-8 when its encoding is known. */
export function encodingProblem(file: string, text: string, found: Misencoded): Problem {
  const position = positionOf(text, found.offset);
  const word = found.encoding === 'Windows-1252' ? wordAt(text, found.offset) : undefined;
  const fix: Fix | undefined = found.encoding && {
    start: 0,
    end: found.lossy.length,
    was: found.lossy,
    text,
    label: `Save as UTF-8 (read as ${found.encoding})`,
  };
  return {
    code: 'FileEncoding',
    severity: 'error',
    file,
    ...position,
    path: '',
    ...explain.FileEncoding(found.encoding, found.byte, word),
    frame: codeFrame(text, position),
    ...(fix ? { fix } : {}),
  };
}

/** The 1-based line and column of an offset (a file that could not be read as UTF-8 may not be YAML either). */
function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    start = at + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The word around an offset, as the writer will recognise it (`José`). */
function wordAt(text: string, offset: number): string {
  const before = /[^\s"'`:]{0,30}$/.exec(text.slice(Math.max(0, offset - 30), offset))?.[0] ?? '';
  const after = /^[^\s"'`]{0,30}/.exec(text.slice(offset, offset + 30))?.[0] ?? '';
  return `${before}${after}`;
}

// ─── Typographic quotes and invisible characters ───

/** Each character that reads as nothing on a page, by code point, with its Unicode name and kind. */
const invisible = new Map<number, { readonly name: string; readonly kind: InvisibleKind }>([
  ...[
    'NULL', 'START OF HEADING', 'START OF TEXT', 'END OF TEXT', 'END OF TRANSMISSION', 'ENQUIRY', 'ACKNOWLEDGE', 'BELL',
    'BACKSPACE', '', '', 'LINE TABULATION', 'FORM FEED', '', 'SHIFT OUT', 'SHIFT IN', 'DATA LINK ESCAPE',
    'DEVICE CONTROL ONE', 'DEVICE CONTROL TWO', 'DEVICE CONTROL THREE', 'DEVICE CONTROL FOUR', 'NEGATIVE ACKNOWLEDGE',
    'SYNCHRONOUS IDLE', 'END OF TRANSMISSION BLOCK', 'CANCEL', 'END OF MEDIUM', 'SUBSTITUTE', 'ESCAPE',
    'INFORMATION SEPARATOR FOUR', 'INFORMATION SEPARATOR THREE', 'INFORMATION SEPARATOR TWO', 'INFORMATION SEPARATOR ONE',
  ].flatMap((name, code) => (name ? [[code, { name, kind: 'control' as const }] as const] : [])),
  [0x7f, { name: 'DELETE', kind: 'control' }],
  ...[
    'PADDING CHARACTER', 'HIGH OCTET PRESET', 'BREAK PERMITTED HERE', 'NO BREAK HERE', 'INDEX', 'NEXT LINE',
    'START OF SELECTED AREA', 'END OF SELECTED AREA', 'CHARACTER TABULATION SET', 'CHARACTER TABULATION WITH JUSTIFICATION',
    'LINE TABULATION SET', 'PARTIAL LINE FORWARD', 'PARTIAL LINE BACKWARD', 'REVERSE LINE FEED', 'SINGLE SHIFT TWO',
    'SINGLE SHIFT THREE', 'DEVICE CONTROL STRING', 'PRIVATE USE ONE', 'PRIVATE USE TWO', 'SET TRANSMIT STATE',
    'CANCEL CHARACTER', 'MESSAGE WAITING', 'START OF GUARDED AREA', 'END OF GUARDED AREA', 'START OF STRING',
    'SINGLE GRAPHIC CHARACTER INTRODUCER', 'SINGLE CHARACTER INTRODUCER', 'CONTROL SEQUENCE INTRODUCER', 'STRING TERMINATOR',
    'OPERATING SYSTEM COMMAND', 'PRIVACY MESSAGE', 'APPLICATION PROGRAM COMMAND',
  ].map((name, i) => [0x80 + i, { name, kind: 'control' as const }] as const),
  [0x061c, { name: 'ARABIC LETTER MARK', kind: 'direction' }],
  [0x200e, { name: 'LEFT-TO-RIGHT MARK', kind: 'direction' }],
  [0x200f, { name: 'RIGHT-TO-LEFT MARK', kind: 'direction' }],
  [0x202a, { name: 'LEFT-TO-RIGHT EMBEDDING', kind: 'direction' }],
  [0x202b, { name: 'RIGHT-TO-LEFT EMBEDDING', kind: 'direction' }],
  [0x202c, { name: 'POP DIRECTIONAL FORMATTING', kind: 'direction' }],
  [0x202d, { name: 'LEFT-TO-RIGHT OVERRIDE', kind: 'direction' }],
  [0x202e, { name: 'RIGHT-TO-LEFT OVERRIDE', kind: 'direction' }],
  [0x2066, { name: 'LEFT-TO-RIGHT ISOLATE', kind: 'direction' }],
  [0x2067, { name: 'RIGHT-TO-LEFT ISOLATE', kind: 'direction' }],
  [0x2068, { name: 'FIRST STRONG ISOLATE', kind: 'direction' }],
  [0x2069, { name: 'POP DIRECTIONAL ISOLATE', kind: 'direction' }],
  [0x200b, { name: 'ZERO WIDTH SPACE', kind: 'zero-width' }],
  [0x200c, { name: 'ZERO WIDTH NON-JOINER', kind: 'zero-width' }],
  [0x200d, { name: 'ZERO WIDTH JOINER', kind: 'zero-width' }],
  [0x2060, { name: 'WORD JOINER', kind: 'zero-width' }],
  [0xfeff, { name: 'ZERO WIDTH NO-BREAK SPACE', kind: 'zero-width' }],
  [0x00ad, { name: 'SOFT HYPHEN', kind: 'soft-hyphen' }],
  [0x00a0, { name: 'NO-BREAK SPACE', kind: 'space-at-start' }],
  [0x202f, { name: 'NARROW NO-BREAK SPACE', kind: 'space-at-start' }],
]);

/** Every character of `invisible`, as a class: `g` for scanning a text, anywhere in a file. */
const hazardClass = '\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F\\xA0\\xAD\\u061C\\u200B-\\u200F\\u202A-\\u202F\\u2060\\u2066-\\u2069\\uFEFF';
const hazardChars = new RegExp(`[${hazardClass}]`, 'g');

/** What a zero-width joiner or non-joiner may stand between: letters and marks (Indic scripts), emoji. */
const joinable = /[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}]/u;

/** The opening typographic quotes, each with the marks that close it (English, German, French, Swedish). */
const quotePairs: Readonly<Record<string, string>> = {
  '“': '”',
  '‘': '’',
  '„': '“”',
  '‚': '‘’',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
  '”': '”',
  '’': '’',
};

/** Any character `suspect` looks for: most files have none, and one class is quicker to rule out than its context. */
const candidate = new RegExp(`[${hazardClass}${Object.keys(quotePairs).join('')}]`);

/**
 * The cheap look at a whole file: a character of `invisible` (a joiner only where it joins no
 * letters, a no-break space only next to where a value starts or ends, a byte order mark only past
 * the start), or a typographic quote where a value starts. Only a file it matches needs `yaml`'s
 * document; it matches some that have nothing to report, never one that has.
 */
const suspect = new RegExp(
  [
    '[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F\\xAD\\u061C\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069]',
    '(?<=[^])\\uFEFF',
    '(?<![\\p{L}\\p{M}\\p{N}\\p{Extended_Pictographic}\\p{Emoji_Modifier}])[\\u200C\\u200D]',
    '[\\u200C\\u200D](?![\\p{L}\\p{M}\\p{N}\\p{Extended_Pictographic}\\p{Emoji_Modifier}])',
    '(?:^|[-:?,[{"\'])[ \\t]*[\\xA0\\u202F]',
    '[\\xA0\\u202F][ \\t]*["\']?[ \\t]*(?:$|[:,\\]}]|[ \\t]#)',
    `(?:^|[-:?,[{]|[&!]\\S*[ \\t])[ \\t]*[${Object.keys(quotePairs).join('')}]`,
  ].join('|'),
  'mu',
);

/** A scalar of a document, with where it is in the data. */
interface Place {
  readonly node: Scalar;
  readonly path: readonly (string | number)[];
  readonly key: boolean;
  /** Inside `[…]` or `{…}`, where `,` and brackets end a plain text. */
  readonly flow: boolean;
}

/** An invisible character found in a scalar. */
interface Mark {
  readonly offset: number;
  readonly code: number;
  readonly kind: InvisibleKind;
}

/**
 * Typographic quotes around whole texts and invisible characters in texts (keys included, where an
 * invisible character makes a known property unknown), each problem at its character, with its Fix.
 */
export function textHazards(
  source: { readonly file: string; readonly text: string; readonly document: () => { readonly doc: Document; readonly counter: LineCounter } },
): Problem[] {
  const { file, text } = source;
  if (!candidate.test(text) || !suspect.test(text)) return [];
  const { doc, counter } = source.document();
  const problems: Problem[] = [];
  const at = (offset: number) => {
    const { line, col } = counter.linePos(offset);
    return { file, line, column: col, frame: codeFrame(text, { line, column: col }) };
  };
  for (const place of placesOf(doc)) {
    const { node, path } = place;
    if (!node.range) continue;
    const [start, end] = node.range;
    const marks = marksIn(text, node, start, end);
    const quotes = !place.key && node.type === 'PLAIN' && typeof node.value === 'string' ? quotesAround(node.value.replace(edgeMarks, '')) : undefined;
    if (marks.length === 0 && !quotes) continue;
    const repair = repairOf(text, place, marks, quotes !== undefined);
    const shownPath = formatPath(path.map((part) => (typeof part === 'string' ? withoutMarks(part) : part)));
    if (quotes) {
      const prefix = text.slice(text.lastIndexOf('\n', start - 1) + 1, start).trimStart();
      const plain = quotes.inner.includes('\n') ? JSON.stringify(quotes.inner) : yamlValue(quotes.inner);
      const shown = `'${String(node.value).replace(/'/g, "''")}'`;
      const fix = repair && 'whole' in repair ? repair.whole : undefined;
      problems.push({
        code: 'TypographicQuotes',
        severity: 'error',
        ...at(start),
        path: shownPath,
        ...explain.TypographicQuotes(quotes.open, quotes.close, `${prefix}${plain}`, `${prefix}${shown}`),
        ...(fix ? { fix } : {}),
      });
    }
    marks.forEach((mark, i) => {
      const character = `U+${hex4(mark.code)} ${invisible.get(mark.code)!.name}`;
      const fix = repair && ('whole' in repair ? repair.whole : repair.marks[i]);
      problems.push({
        code: 'InvisibleCharacter',
        // Every kind is an error, as the catalogue gives each code one severity. Controls and direction
        // marks must be: a control character shows as a box or breaks the feeds and structured data made
        // from the page, and a direction mark reorders the words around it, so the page says something
        // else than the file seems to (the "Trojan Source" trick). Zero-width characters, soft hyphens and
        // no-break spaces at an edge leave the page looking as meant, but split words for search, Find and
        // copying, and make equal texts differ. Nobody types them where the check reports them (one written
        // visibly, as `\u00AD` in double quotes, is not reported), and `--fix` removes them all at once,
        // so stopping the build costs the writer one command.
        severity: 'error',
        ...at(mark.offset),
        path: shownPath,
        ...explain.InvisibleCharacter(character, mark.kind, `\\u${hex4(mark.code)}`),
        ...(fix ? { fix } : {}),
      });
    });
  }
  return problems;
}

const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/** Every scalar of the document, keys included, with its path. */
function placesOf(doc: Document): Place[] {
  const places: Place[] = [];
  const walk = (node: unknown, path: readonly (string | number)[], flow: boolean) => {
    if (isScalar(node)) places.push({ node, path, key: false, flow });
    else if (isMap(node)) {
      const inFlow = flow || Boolean(node.flow);
      for (const pair of node.items) {
        const name = isScalar(pair.key) ? String(pair.key.value) : '?';
        if (isScalar(pair.key)) places.push({ node: pair.key, path: [...path, name], key: true, flow: inFlow });
        else walk(pair.key, [...path, name], inFlow);
        walk(pair.value, [...path, name], inFlow);
      }
    } else if (isSeq(node)) {
      const inFlow = flow || Boolean(node.flow);
      node.items.forEach((item, i) => walk(item, [...path, i], inFlow));
    }
  };
  walk(doc.contents, [], false);
  return places;
}

/** The invisible characters written in a scalar's text (an escape such as `\u200B` is written on purpose, and seen). */
function marksIn(text: string, node: Scalar, start: number, end: number): Mark[] {
  const marks: Mark[] = [];
  const [from, to] = contentOf(text, node, start, end);
  hazardChars.lastIndex = start;
  for (let m = hazardChars.exec(text); m && m.index < end; m = hazardChars.exec(text)) {
    const offset = m.index;
    const code = text.charCodeAt(offset);
    let kind = invisible.get(code)!.kind;
    if (code === 0xfeff && offset === 0) continue;
    if (code === 0x200c || code === 0x200d) {
      const before = String.fromCodePoint(text.codePointAt(offset - (/[\uDC00-\uDFFF]/.test(text[offset - 1] ?? '') ? 2 : 1)) ?? 32);
      const after = String.fromCodePoint(text.codePointAt(offset + 1) ?? 32);
      if (joinable.test(before) && joinable.test(after)) continue;
    }
    if (kind === 'space-at-start' && !/^\s*$/.test(text.slice(from, offset))) {
      // Only at an edge of the text: inside it (`₹ 500`, `10 km`) a no-break space keeps words together, as meant.
      if (!/^\s*$/.test(text.slice(offset + 1, to))) continue;
      kind = 'space-at-end';
    }
    marks.push({ offset, code, kind });
  }
  return marks;
}

/** Where a scalar's characters are, its quotes and block header left out. */
function contentOf(text: string, node: Scalar, start: number, end: number): readonly [number, number] {
  switch (node.type) {
    case 'QUOTE_DOUBLE':
    case 'QUOTE_SINGLE':
      return [start + 1, end - 1];
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED': {
      const body = text.indexOf('\n', start);
      return [body < 0 || body > end ? end : body + 1, end];
    }
    default:
      return [start, end];
  }
}

/** The typographic quotes a whole text stands between, and the text inside them. */
function quotesAround(value: string): { readonly open: string; readonly close: string; readonly inner: string } | undefined {
  if (value.length < 2) return undefined;
  const open = value[0]!;
  const close = value[value.length - 1]!;
  const closers = quotePairs[open];
  if (!closers?.includes(close)) return undefined;
  const inner = value.slice(1, -1);
  // A closing mark inside means two quotations (`“Fast” and “cheap”`), not one text in quotes;
  // `’` before a letter is an apostrophe (`We’re`), not a closing mark.
  const marks = new Set([open, ...closers]);
  for (let i = 0; i < inner.length; i++) {
    if (marks.has(inner[i]!) && !(inner[i] === '’' && /\p{L}/u.test(inner[i + 1] ?? ''))) return undefined;
  }
  return { open, close, inner };
}

const withoutMarks = (value: string) => value.replace(hazardChars, '');
/** Invisible characters before the first or after the last visible one: all reported, so not what a text starts or ends with. */
const edgeMarks = new RegExp(`^[${hazardClass}]+|[${hazardClass}]+$`, 'g');

/**
 * The Fixes of a scalar's problems: one deletion per invisible character when deleting them from
 * the file leaves exactly the text without them (checked by reading the scalar again in its line),
 * else one rewrite of the whole scalar, as YAML writes its text without them (and without its
 * typographic quotes), shared by all of its problems. Undefined when the characters of the file
 * cannot be matched to those of the text (an escape among them).
 */
function repairOf(
  text: string,
  place: Place,
  marks: readonly Mark[],
  quoted: boolean,
): { readonly marks: readonly Fix[] } | { readonly whole: Fix } | undefined {
  const { node, flow } = place;
  const [start, end] = node.range!;
  const written = text.slice(start, end);
  const value = node.value;
  if (typeof value !== 'string' && marks.length > 0) return undefined;
  const intended = withoutValueMarks(written, String(value), start, marks);
  if (intended === undefined) return undefined;
  if (!quoted) {
    const offsets = new Set(marks.map((mark) => mark.offset - start));
    const deleted = written
      .split('')
      .filter((_, i) => !offsets.has(i))
      .join('');
    // What the writer sees is what counts: `4`, U+200B, `2` without the mark reads as the number 42.
    const after = readAgain(text, start, deleted);
    if (readAgain(text, start, written) === value && after !== undefined && String(after) === intended) {
      return {
        marks: marks.map((mark) => ({
          start: mark.offset,
          end: mark.offset + 1,
          was: text[mark.offset]!,
          text: '',
          label: `Delete U+${hex4(mark.code)} ${invisible.get(mark.code)!.name}`,
        })),
      };
    }
  }
  const final = quoted ? intended.slice(1, -1) : intended;
  // In `[…]` a plain text may not hold `,`, and a text of several lines is written on one: JSON's
  // double-quoted form is YAML that reads the same anywhere.
  const rewritten = flow || final.includes('\n') ? JSON.stringify(final) : yamlValue(final);
  const shown = rewritten.length > 60 ? `${rewritten.slice(0, 57)}…` : rewritten;
  return { whole: { start, end, was: written, text: rewritten, label: `Write \`${shown}\`` } };
}

/**
 * The scalar's text without the marked characters: the n-th U+200D written in the file is the n-th in
 * the text, as plain, single-quoted and block texts have no escapes. Undefined when the counts
 * differ (a double-quoted text that writes one as `\u200D` too).
 */
function withoutValueMarks(written: string, value: string, start: number, marks: readonly Mark[]): string | undefined {
  const drop = new Set<number>();
  for (const mark of marks) {
    const char = String.fromCharCode(mark.code);
    const inFile = [...written.matchAll(new RegExp(char, 'g'))].map((m) => m.index);
    const inText = [...value.matchAll(new RegExp(char, 'g'))].map((m) => m.index);
    if (inFile.length !== inText.length) return undefined;
    drop.add(inText[inFile.indexOf(mark.offset - start)]!);
  }
  return value
    .split('')
    .filter((_, i) => !drop.has(i))
    .join('');
}

/**
 * What a scalar written as `written` at `start` reads as, in the context of its line: the line up
 * to it (indentation, `key: `, `- `) and the scalar. Undefined when that does not read as YAML.
 */
function readAgain(text: string, start: number, written: string): unknown {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const doc = parseDocument(text.slice(lineStart, start) + written, { uniqueKeys: false });
  if (doc.errors.length > 0) return undefined;
  let found: unknown;
  visit(doc, {
    Scalar(_key, node: Node) {
      if (node.range?.[0] === start - lineStart) {
        found = (node as Scalar).value;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}
