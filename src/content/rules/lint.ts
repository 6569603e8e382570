/**
 * Content lint: what the schemas cannot say about content, checked after it has the right shape.
 * Pictures without alt text, headings that skip a level, carousels whose slides share a heading,
 * links to anchors a page does not have, template text left in, pages sharing a title or a
 * description, pages that lead a reader nowhere, and media files nothing uses. Run by the content check, so by the Vite plugin and
 * `npm run content:check`; an editor never sees these (docs/content-guide.md lists them).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isScalar, LineCounter, parseDocument } from 'yaml';
import { explain, warningCodes, type ProblemCode, type Severity } from '../catalog.ts';
import type { Reference } from './validate.ts';
import { formatPath, locate, nodeAt } from '../yaml/locate.ts';
import { fillSiteText, unknownSitePlaceholders } from '../site-placeholders.ts';
import { parseProse, proseMistakes } from '../../sections/prose/markdown.ts';
import { listFiles } from '../files.ts';
import { closest } from '../suggest.ts';
import { valueAt } from '../paths.ts';
import type { SharedContent } from '../../generated/schema-types.ts';
import { headingOnly } from '../../sections/outline.ts';
import { allSectionMeta, metaOf } from '../../sections/meta.ts';
import { closingOf } from '../../sections/closing.ts';
import type { CarouselItems } from '../../sections/meta-types.ts';
import { declarations, type DeclaredForm } from '../../forms/declared.ts';
import { addressProblem, numberProblem } from './addresses.ts';

/** A content file whose shape is valid, with the references the schema marked in it. */
export interface LintFile {
  /** Path relative to the project root, such as `content/pages/home.yaml`. */
  readonly file: string;
  /**
   * An `entry` is a collection entry as written (content/case-studies/pg-finder.yaml). Its page is judged as a
   * page; the entry itself only by the rules of one text, since a template may place its words mid-line on
   * that page (`Success story · {entry.client}`), where a Markdown title the author typed no longer looks like one.
   */
  readonly kind: 'site' | 'page' | 'shared' | 'entry';
  /** The file's name without its extension: a page's module name, or the name of shared content. */
  readonly name?: string;
  readonly data: unknown;
  readonly references: readonly Reference[];
  /** The file's text, for notes in its comments. */
  readonly text?: string;
}

export interface LintInput {
  /** Only files without schema errors: their data has the shape the rules rely on. */
  readonly files: readonly LintFile[];
  /** Every route, with the file that defines it. */
  readonly routes: ReadonlyMap<string, string>;
  readonly root: string;
  readonly publicDir: string;
  /**
   * Whether every content file was read and validated. Rules that need all of the content (a
   * media file nobody uses) stay silent otherwise, rather than blame a file for another's error.
   */
  readonly complete: boolean;
}

/** One lint problem. `path` is inside `file`; a media file's problem has an empty path. */
export interface LintFinding {
  readonly code: ProblemCode;
  /** From the catalogue: warnings are the codes of `warningCodes`. */
  readonly severity: Severity;
  readonly file: string;
  readonly path: (string | number)[];
  /** Where the problem is when it is not a value of `path` (a comment): 1-based line and column. */
  readonly at?: { readonly line: number; readonly column: number };
  readonly message: string;
  readonly hint: string;
}

type Path = (string | number)[];
export type Found = Omit<LintFinding, 'severity'>;
type Data = Record<string, unknown>;
const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const plain = (text: string) => text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();

/** What a rule of one file found, with the file and text it was found in. */
type Memo = WeakMap<object, { readonly file: string; readonly text: string | undefined; readonly found: Found[] }>;

/**
 * A rule that reads one file only, remembered by the file's data: the content check keeps the data of
 * a file whose text did not change (check/read.ts), and the dev server and the editor check all files
 * at every change, so an unchanged file is not walked again.
 */
function sameFileSameFindings(rule: (file: LintFile) => Found[]): (file: LintFile) => Found[] {
  const seen: Memo = new WeakMap();
  return (file) => {
    if (!isRecord(file.data)) return rule(file);
    const known = seen.get(file.data);
    if (known && known.file === file.file && known.text === file.text) return known.found;
    const found = rule(file);
    seen.set(file.data, { file: file.file, text: file.text, found });
    return found;
  };
}

const placeholderTextOnce = sameFileSameFindings(placeholderText);
const markupInTextOnce = sameFileSameFindings(markupInText);

/** Runs every rule. Findings come in no particular order; the content check sorts them. */
export function lintContent(input: LintInput): LintFinding[] {
  const entries = input.files.filter((f) => f.kind === 'entry');
  const files = input.files.filter((f) => f.kind !== 'entry');
  input = { ...input, files };
  const pages = files.filter((f) => f.kind === 'page');
  const shared = Object.fromEntries(
    input.files.filter((f) => f.kind === 'shared' && f.name).map((f) => [f.name, f.data]),
  ) as Partial<SharedContent>;
  return [
    // An entry's own findings first: what its page shows of it is said once, at its line, in the first
    // words found (relocateMadePages), and the entry's words are the ones its author wrote (`publishedAt`,
    // not the page's `datePublished`).
    ...entries.flatMap(markupInTextOnce),
    ...entries.flatMap(placeholderTextOnce),
    ...entries.flatMap(contradictoryDates),
    ...files.flatMap(contradictoryDates),
    ...input.files.flatMap(missingAltText),
    ...pages.flatMap((page) => headingOrder(page, shared)),
    ...input.files.flatMap(duplicateSlideHeadings),
    ...input.files.flatMap((file) => unknownAnchors(file, input)),
    ...input.files.flatMap(placeholderTextOnce),
    ...input.files.flatMap(markupInTextOnce),
    ...input.files.flatMap(proseMarkdown),
    ...input.files.flatMap((file) => sitePlaceholders(file, input)),
    ...duplicateSearchTexts(pages),
    ...pagesWithoutNextStep(pages, input),
    ...formsWithoutConfirmation(pages, input),
    ...files.flatMap((file) => unusableLinks(file, input)),
    ...(input.complete ? unusedAssets(input) : []),
  ].map((finding) => ({ ...finding, severity: warningCodes.has(finding.code) ? 'warning' : 'error' }));
}

// ─── Alt text ────────────────────────────────────────────────────────────────────────────────

/**
 * Pictures drawn behind text, whose alt text may be empty, as each section type declares them
 * (`backgrounds` in src/sections/<type>/meta.ts); every video poster is one too. Each entry is
 * `<section type> <path in the section>`, with `[]` for any position in a list.
 */
const BACKGROUNDS = new Set(allSectionMeta().flatMap(([type, meta]) => (meta.backgrounds ?? []).map((path) => `${type} ${path}`)));

function missingAltText(file: LintFile): Found[] {
  return file.references.flatMap((ref): Found[] => {
    if (ref.kind !== 'image' || !isRecord(ref.value)) return [];
    const alt = ref.value.alt;
    if (typeof alt === 'string' && alt.trim() !== '' && typeof ref.value.src === 'string' && altIsFileName(alt, ref.value.src)) {
      return [{ code: 'AltTextIsFileName', file: file.file, path: [...ref.path, 'alt'], ...explain.AltTextIsFileName(alt, ref.value.src) }];
    }
    if (typeof alt !== 'string' || alt.trim() !== '') return [];
    if (ref.path[ref.path.length - 1] === 'poster' || isBackground(file, ref.path)) return [];
    return [
      {
        code: 'MissingAltText',
        file: file.file,
        path: [...ref.path, 'alt'],
        ...explain.MissingAltText(String(ref.value.src)),
      },
    ];
  });
}

/**
 * An alt text that names the file instead of saying what the picture shows: a file name with its
 * extension, a camera's name for a photo (IMG_0042, DSC01234), or the picture's own file name copied
 * (its words, as lowercase as a file name). The editor names an upload from its alt text, so a sentence
 * written with its capitals ("Our team at the Noida office") is not a copy of the name made from it.
 * A screen reader would read a copied name out as the picture's content.
 */
function altIsFileName(alt: string, src: string): boolean {
  const text = alt.trim().toLowerCase();
  if (/\.(jpe?g|png|webp|avif|gif|svg|heic|tiff?)$/.test(text)) return true;
  if (/^(img|dsc|dscn|pxl|screenshot|photo|image)[\s_-]*\d+/.test(text)) return true;
  const name = (src.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '').toLowerCase();
  const words = (t: string) => t.replace(/[\s_-]+/g, ' ').trim();
  return name !== '' && words(alt.trim()) === words(name);
}

function isBackground(file: LintFile, path: Path): boolean {
  if (file.kind !== 'page' || path[0] !== 'sections' || typeof path[1] !== 'number') return false;
  const section = list((file.data as Data).sections)[path[1]];
  if (!isRecord(section)) return false;
  const inner = formatPath(path.slice(2).map((p) => (typeof p === 'number' ? -1 : p))).replace(/\[-1\]/g, '[]');
  return BACKGROUNDS.has(`${String(section.type)} ${inner}`);
}

// ─── Heading outline ─────────────────────────────────────────────────────────────────────────

/** One heading a section renders: its level (1 for h1) and the field of the page whose text it shows. */
export interface OutlineHeading {
  readonly level: number;
  readonly path: Path;
}

/**
 * The headings a section renders, in page order, as its type's outline (src/sections/<type>/meta.ts,
 * gathered in src/sections/meta.ts) declares them, with paths from the top of the page. A type
 * the schemas do not know has none: its file is reported, and not linted, before this runs.
 */
export function headingOutline(section: Data, index: number, shared: Partial<SharedContent> = {}): OutlineHeading[] {
  const meta = metaOf(section.type);
  if (!meta) return [];
  const outline = meta.outline ?? headingOnly;
  const context = { top: index === 0 ? 1 : 2, shared } as const;
  return outline(section, context).map((heading) => ({ level: heading.level, path: ['sections', index, ...heading.path] }));
}

/** Sections that open a page well: their own headings start at h1 and go down one level at a time. */
const OPENERS = allSectionMeta()
  .flatMap(([type, meta]) => (meta.opensPage ? [{ type, rank: meta.opensPage.rank }] : []))
  .sort((a, b) => a.rank - b.rank)
  .map((opener) => opener.type);

function headingOrder(page: LintFile, shared: Partial<SharedContent>): Found[] {
  const sections = list((page.data as Data).sections);
  const findings: Found[] = [];
  let previous = 0;
  sections.forEach((section, index) => {
    if (!isRecord(section)) return;
    let reported = false;
    for (const heading of headingOutline(section, index, shared)) {
      if (heading.level > previous + 1 && !reported) {
        reported = true;
        findings.push({
          code: 'HeadingOrder',
          file: page.file,
          path: heading.path,
          ...explain.HeadingOrder(heading.level, previous, index === 0 ? String(section.type) : undefined, OPENERS),
        });
      }
      previous = heading.level;
    }
  });
  return findings;
}

// ─── Carousels ───────────────────────────────────────────────────────────────────────────────

type Carousel = CarouselItems<Data>;

/**
 * The lists of shared content shown as the slides of one carousel, by the shared content's name,
 * as the section types that show them declare them (`sharedCarousels` in their meta.ts).
 */
const SHARED_CAROUSELS = new Map<string, Carousel>(
  allSectionMeta().flatMap(([, meta]) => Object.entries(meta.sharedCarousels ?? {}) as [string, Carousel][]),
);

function duplicateSlideHeadings(file: LintFile): Found[] {
  const data = file.data as Data;
  const carousels: { path: Path; list: string; field: string; noun: string }[] = [];
  const at = (path: Path, { list, field, noun }: Carousel) => carousels.push({ path, list, field, noun: noun ?? field });
  const sharedCarousel = file.kind === 'shared' && file.name ? SHARED_CAROUSELS.get(file.name) : undefined;
  if (sharedCarousel) at([], sharedCarousel);
  if (file.kind === 'page') {
    list(data.sections).forEach((section, index) => {
      // A section's carousel is the one its type declares (`carousel` in its meta.ts).
      const carousel = isRecord(section) ? metaOf(section.type)?.carousel : undefined;
      if (carousel) at(['sections', index], carousel);
    });
  }
  return carousels.flatMap((carousel) => {
    const owner = valueAt(data, carousel.path);
    const seen = new Map<string, number>();
    return list(isRecord(owner) ? owner[carousel.list] : undefined).flatMap((slide, i): Found[] => {
      const value = isRecord(slide) ? slide[carousel.field] : undefined;
      const text = typeof value === 'string' ? plain(value) : '';
      const first = seen.get(text.toLowerCase());
      if (!text || first === undefined) {
        if (text) seen.set(text.toLowerCase(), i);
        return [];
      }
      return [
        {
          code: 'DuplicateSlideHeading',
          file: file.file,
          path: [...carousel.path, carousel.list, i, carousel.field],
          ...explain.DuplicateSlideHeading(i + 1, first + 1, carousel.noun, text),
        },
      ];
    });
  });
}

// ─── Links to anchors ────────────────────────────────────────────────────────────────────────

/** The `#ids` a page has: its sections' `id`s and the anchors their types add (a careers section's `role-<id>`). */
function anchorsOf(page: Data): Set<string> {
  const anchors = new Set<string>();
  for (const section of list(page.sections)) {
    if (!isRecord(section)) continue;
    if (typeof section.id === 'string') anchors.add(section.id);
    for (const anchor of metaOf(section.type)?.anchors?.(section) ?? []) anchors.add(anchor);
  }
  return anchors;
}

/** Each input's page files by path: a search of all files for every link grew with the square of the pages. */
const pageFiles = new WeakMap<LintInput, Map<string, LintFile>>();
const pagesByFile = (input: LintInput) =>
  pageFiles.get(input) ??
  pageFiles.set(input, new Map(input.files.filter((f) => f.kind === 'page').map((f) => [f.file, f]))).get(input)!;

function unknownAnchors(file: LintFile, input: LintInput): Found[] {
  return file.references.flatMap((ref): Found[] => {
    if (ref.kind !== 'link' || typeof ref.value !== 'string' || !ref.value.startsWith('/')) return [];
    const [route, anchor] = ref.value.split('#');
    if (!anchor) return [];
    const target = pagesByFile(input).get(input.routes.get(route!) ?? '');
    // An unknown route is reported by the content check itself; an unreadable page cannot be judged.
    if (!target) return [];
    const anchors = anchorsOf(target.data as Data);
    if (anchors.has(anchor)) return [];
    return [
      {
        code: 'UnknownAnchor',
        file: file.file,
        path: ref.path,
        ...explain.UnknownAnchor(ref.value, route!, anchor, target.file, [...anchors], closest(anchor, anchors)),
      },
    ];
  });
}

// ─── A next step at the end of every page ──────────────────────────────────────────────────────

/** Whether a section is a reader's next step itself: an enquiry form, or an offer to apply for a job. */
function isNextStep(section: unknown): boolean {
  if (!isRecord(section)) return false;
  const meta = metaOf(section.type);
  return Boolean(meta?.enquiry) || (meta?.roles?.(section) ?? []).length > 0;
}

/** The route a link goes to, without its `#anchor` or `?query`. */
const routeOf = (link: string) => link.replace(/[#?].*$/, '') || '/';

/**
 * Pages that lead nowhere: no enquiry or application form of their own, and no link, in their sections
 * or in the site's closing banner they end with (src/sections/closing.ts), to a page with an enquiry
 * form. Silent for a site that has no such page, where there is nowhere to lead.
 */
function pagesWithoutNextStep(pages: readonly LintFile[], input: LintInput): Found[] {
  const enquiryRoutes = new Set<string>();
  for (const [route, file] of input.routes) {
    const page = pagesByFile(input).get(file);
    if (page && list((page.data as Data).sections).some((s) => isRecord(s) && metaOf(s.type)?.enquiry)) enquiryRoutes.add(route);
  }
  const [enquiry] = [...enquiryRoutes].sort();
  if (!enquiry) return [];
  const site = input.files.find((f) => f.kind === 'site');
  const closingLinks = (site?.references ?? []).filter((ref) => ref.kind === 'link' && ref.path[0] === 'closing');
  const leadsOn = (refs: readonly Reference[]) =>
    refs.some((ref) => ref.kind === 'link' && typeof ref.value === 'string' && enquiryRoutes.has(routeOf(ref.value)));
  return pages.flatMap((page) => {
    const data = page.data as Data;
    if (list(data.sections).some(isNextStep) || leadsOn(page.references)) return [];
    if (closingOf(data, site?.data as Data | undefined) && leadsOn(closingLinks)) return [];
    const declined = data.closing === false;
    return [{ code: 'NoNextStep' as const, file: page.file, path: [declined ? 'closing' : 'sections'], ...explain.NoNextStep(enquiry, declined) }];
  });
}

/**
 * Pages with a form whose confirmation page is missing. A browser that posts a form as plain HTML is sent
 * to that page once the form has arrived (src/server/api/form-post.ts); the form's request schema names
 * it (`x-form.confirmation`).
 */
function formsWithoutConfirmation(pages: readonly LintFile[], input: LintInput): Found[] {
  const formsOf = (section: unknown): DeclaredForm[] => {
    if (!isRecord(section)) return [];
    const meta = metaOf(section.type);
    return [
      ...(meta?.enquiry ? [declarations.contact] : []),
      ...((meta?.roles?.(section) ?? []).length > 0 ? [declarations.application] : []),
    ];
  };
  return pages.flatMap((page) => {
    const missing = new Set(list((page.data as Data).sections).flatMap(formsOf).filter((form) => !input.routes.has(form.confirmation)));
    return [...missing].map((form) => ({
      code: 'FormConfirmationMissing' as const,
      file: page.file,
      path: ['sections'],
      ...explain.FormConfirmationMissing(form.noun, form.confirmation),
    }));
  });
}

// ─── Dates ───────────────────────────────────────────────────────────────────────────────────

/**
 * The pairs of dates that open and close a span, as the schemas name them: an entry's publication and its
 * last day (an entry that ends before it starts is never published, and its page silently disappears),
 * and a job posting's publication and its last day to apply.
 */
const SPANS: readonly (readonly [start: string, end: string])[] = [
  ['publishedAt', 'validThrough'],
  ['datePublished', 'validThrough'],
];

function contradictoryDates(file: LintFile): Found[] {
  const found: Found[] = [];
  const walk = (value: unknown, path: Path) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    if (!isRecord(value)) return;
    for (const [start, end] of SPANS) {
      const from = value[start];
      const to = value[end];
      // Both as the schema's `date` writes them (YYYY-MM-DD), which compare as text.
      if (typeof from === 'string' && typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && to < from) {
        found.push({ code: 'DatesContradict', file: file.file, path: [...path, end], ...explain.DatesContradict(start, from, end, to) });
      }
    }
    for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
  };
  walk(file.data, []);
  return found;
}

// ─── Addresses ───────────────────────────────────────────────────────────────────────────────

/**
 * Links whose address the schema's pattern lets through and no visitor can use: a web address left over
 * from a preview or missing its domain, an e-mail link to no address, a phone number no phone can dial
 * (addresses.ts). The site's own phone numbers are shown as `tel:` links too, so they are held to the same.
 */
function unusableLinks(file: LintFile, input: LintInput): Found[] {
  const site = input.files.find((f) => f.kind === 'site');
  const found: Found[] = [];
  for (const ref of file.references) {
    if (ref.kind !== 'link' || typeof ref.value !== 'string') continue;
    // As the visitor gets it: a prose link may take its address from the site file (`mailto:{site.…}`);
    // a placeholder that names nothing is UnknownPlaceholder's to report.
    const address = site ? fillSiteText(ref.value, site.data) : ref.value;
    if (address.includes('{site.')) continue;
    const problem = addressProblem(address);
    if (!problem) continue;
    const place = markupAt(file.text, ref.path, ref.value);
    found.push({ code: 'LinkUnusable', file: file.file, path: ref.path, ...(place ? { at: place } : {}), ...explain.LinkUnusable(address, problem.reason, problem.hint) });
  }
  if (file.kind === 'site' && isRecord(file.data) && isRecord(file.data.contact)) {
    list(file.data.contact.phones).forEach((phone, i) => {
      const problem = typeof phone === 'string' ? numberProblem(phone) : undefined;
      if (problem) found.push({ code: 'LinkUnusable', file: file.file, path: ['contact', 'phones', i], ...explain.LinkUnusable(`tel:${phone as string}`, problem.reason, problem.hint) });
    });
  }
  return found;
}

// ─── Template text ───────────────────────────────────────────────────────────────────────────

/** Marks text that `npm run new:page` wrote for the marketer to replace. */
export const PLACEHOLDER = 'TODO';
const PLACEHOLDER_PATTERN = new RegExp(`\\b${PLACEHOLDER}\\b`);
/**
 * Text never meant to go live, in the forms people leave it: the template's mark and its kin in capitals
 * (TBD, TBC, FIXME, XXX), the printers' Latin filler, a bracketed instruction (`[insert client name]`) and
 * the "your text here" of a layout. Capitals only for the short marks: `xxx` or `tbd` in a sentence is rare,
 * and a false alarm on real words would teach marketers to ignore the rule.
 */
const PLACEHOLDER_TEXT = new RegExp(
  [
    `\\b(${PLACEHOLDER}|TBD|TBC|FIXME|XXX+)\\b`,
    '\\b(lorem ipsum|dolor sit amet|consectetur adipiscing)\\b',
    '\\[(insert|add|enter|your|placeholder)\\b[^\\]]*\\]',
    '\\byour (text|title|heading|description|name|content) (goes )?here\\b',
  ].join('|'),
  'i',
);
/** The marker of a text, if it holds one: the short marks count only in capitals. */
function placeholderIn(text: string): string | undefined {
  const found = text.match(PLACEHOLDER_TEXT)?.[0];
  if (found === undefined) return undefined;
  if (/^[a-z]+$/i.test(found) && found !== found.toUpperCase()) {
    // Found case-insensitively; search again for a capitalised one further on.
    const rest = text.slice(text.indexOf(found) + found.length);
    return placeholderIn(rest);
  }
  return found;
}

function placeholderText(file: LintFile): Found[] {
  const found: Found[] = [];
  const quote = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);
  const walk = (value: unknown, path: Path) => {
    const marker = typeof value === 'string' ? placeholderIn(value) : undefined;
    if (typeof value === 'string' && marker !== undefined) {
      const place = markupAt(file.text, path, marker);
      found.push({
        code: 'PlaceholderText',
        file: file.file,
        path,
        ...(place ? { at: place } : {}),
        ...explain.PlaceholderText(quote(value), marker),
      });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (isRecord(value)) for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(file.data, []);
  // Notes in whole-line comments, such as the template's "replace this picture".
  (file.text ?? '').split(/\r?\n/).forEach((line, i) => {
    const note = line.match(/^\s*#\s*(.*)$/)?.[1];
    if (note === undefined || !PLACEHOLDER_PATTERN.test(note)) return;
    found.push({
      code: 'PlaceholderText',
      file: file.file,
      path: [],
      at: { line: i + 1, column: line.indexOf(PLACEHOLDER) + 1 },
      ...explain.PlaceholderNote(quote(note)),
    });
  });
  return found;
}

// ─── Markup in text ──────────────────────────────────────────────────────────────────────────

/** An HTML tag (`<br>`, `<b>`, `</a>`) or character reference (`&nbsp;`, `&#8377;`) typed into a text. */
const MARKUP = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|&(#\d+|#x[0-9a-f]+|[a-z]+);/i;

/** A Markdown link, `[words](address)`. */
const MARKDOWN_LINK = /\[([^\]\n]+)\]\(([^()\s]+)\)/;
/** A Markdown title: `#` to `######` and a space at the start of a line. */
const MARKDOWN_TITLE = /^#{1,6}[ \t]+\S.*$/m;
/**
 * Emphasis with one `*` or `_` around words (`*new*`, `_fast_`), standing apart from other words: a
 * `snake_case` name or `5 * 3` is not emphasis. `**bold**` is the site's own mark, handled by the fields that take it.
 */
const SINGLE_EMPHASIS = /(?<![\p{L}\p{N}*_])([*_])(?![\s*_])[^*_\n]*?[^\s*_]\1(?![\p{L}\p{N}*_])/u;
/** Two or more lines starting with a list mark: `- `, `* `, `1. `. */
const LIST_LINES = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\S.*\n(?:.*\n)*?[ \t]*(?:[-*+]|\d+[.)])[ \t]+\S/m;

/**
 * Texts are shown as they are written: HTML in one reaches the visitor as angle brackets, and
 * Markdown outside a prose section's body as brackets, hashes and stars. Markdown texts (the
 * schema's `contentKind: markdown`) are prose.ts's to judge.
 */
function markupInText(file: LintFile): Found[] {
  const found: Found[] = [];
  const markdown = new Set(file.references.filter((r) => r.kind === 'markdown').map((r) => formatPath(r.path)));
  const walk = (value: unknown, path: Path) => {
    if (typeof value === 'string') {
      const markup = value.match(MARKUP)?.[0];
      if (markup) {
        found.push({ code: 'MarkupInText', file: file.file, path, ...explain.MarkupInText(markup) });
        return;
      }
      if (markdown.has(formatPath(path))) return;
      const link = value.match(MARKDOWN_LINK);
      const title = value.match(MARKDOWN_TITLE)?.[0];
      const emphasis = value.match(SINGLE_EMPHASIS)?.[0];
      const list = LIST_LINES.test(value);
      // Pointed at where the mark is typed, when the file holds it as it is.
      const at = (markup: string) => {
        const place = markupAt(file.text, path, markup);
        return place ? { at: place } : {};
      };
      if (link) found.push({ code: 'MarkdownInText', file: file.file, path, ...at(link[0]), ...explain.MarkdownLinkInText(link[0], link[1]!, link[2]!) });
      else if (title) found.push({ code: 'MarkdownInText', file: file.file, path, ...at(title.trim()), ...explain.MarkdownTitleInText(title.trim()) });
      else if (emphasis) found.push({ code: 'MarkdownEmphasis', file: file.file, path, ...at(emphasis), ...explain.MarkdownEmphasis(emphasis, true) });
      else if (list) {
        const first = value.split('\n').find((line) => /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\S/.test(line))!.trim();
        found.push({ code: 'MarkdownEmphasis', file: file.file, path, ...at(first), ...explain.MarkdownEmphasis(first, false) });
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (isRecord(value)) for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(file.data, []);
  return found;
}

/**
 * The line and column of `markup` inside the value at `path`, when the file's characters there hold
 * it as it is (not split over lines or escaped); undefined otherwise, and the value's place is used.
 * Only called for a value with a finding, so the file is parsed again only then.
 */
function markupAt(text: string | undefined, path: Path, markup: string): { line: number; column: number } | undefined {
  if (text === undefined) return undefined;
  const counter = new LineCounter();
  const node = nodeAt(parseDocument(text, { lineCounter: counter }), path);
  if (!isScalar(node) || !node.range) return undefined;
  const index = text.slice(node.range[0], node.range[1]).indexOf(markup);
  if (index === -1) return undefined;
  const { line, col } = counter.linePos(node.range[0] + index);
  return { line, column: col };
}

// ─── Prose Markdown ──────────────────────────────────────────────────────────────────────────

/**
 * The place in the file of a line of a Markdown text written as a block (`body: |`), whose lines
 * follow the `|` line by line; undefined for a text written on one line or in quotes, which is then
 * pointed at as a whole.
 */
function blockLine(text: string | undefined, path: Path, line: number): { line: number; column: number } | undefined {
  if (text === undefined) return undefined;
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const start = locate(doc, counter, path);
  const lines = text.split(/\r?\n/);
  if (!/^[|>][-+0-9]*\s*(#.*)?$/.test(lines[start.line - 1]?.slice(start.column - 1).trim() ?? '')) return undefined;
  const target = lines[start.line - 1 + line];
  if (target === undefined) return undefined;
  return { line: start.line + line, column: target.search(/\S|$/) + 1 };
}

/** What a prose text holds that its section would not draw as written (HTML is MarkupInText's). */
function proseMarkdown(file: LintFile): Found[] {
  return file.references.flatMap((ref): Found[] => {
    if (ref.kind !== 'markdown' || typeof ref.value !== 'string') return [];
    return proseMistakes(parseProse(ref.value))
      .filter((mistake) => !(mistake.what === 'unsupported' && mistake.detail === 'HTML'))
      .map((mistake) => {
        const at = blockLine(file.text, ref.path, mistake.line);
        return {
          code: 'UnsupportedMarkdown' as const,
          file: file.file,
          path: ref.path,
          ...(at ? { at } : {}),
          ...explain.UnsupportedMarkdown(mistake.what, mistake.detail, mistake.line),
        };
      });
  });
}

/** A `{site.…}` placeholder must name a text of the site file, or the page would show it as written. */
function sitePlaceholders(file: LintFile, input: LintInput): Found[] {
  const site = input.files.find((f) => f.kind === 'site');
  // A site file with errors is reported on its own; the placeholders cannot be judged meanwhile.
  if (!site) return [];
  return file.references.flatMap((ref): Found[] => {
    if (ref.kind !== 'markdown' || typeof ref.value !== 'string') return [];
    return unknownSitePlaceholders(ref.value, site.data).map((placeholder) => ({
      code: 'UnknownPlaceholder' as const,
      file: file.file,
      path: ref.path,
      ...explain.UnknownPlaceholder(placeholder, site.file),
    }));
  });
}

// ─── Search texts ────────────────────────────────────────────────────────────────────────────

function duplicateSearchTexts(pages: readonly LintFile[]): Found[] {
  const findings: Found[] = [];
  for (const [key, code, noun] of [
    ['title', 'DuplicateTitle', 'title'],
    ['description', 'DuplicateDescription', 'description'],
  ] as const) {
    const seen = new Map<string, string>();
    for (const page of pages) {
      const value = (page.data as Data)[key];
      if (typeof value !== 'string') continue;
      const normal = plain(value).toLowerCase();
      const first = seen.get(normal);
      if (!first) {
        seen.set(normal, page.file);
        continue;
      }
      findings.push({
        code,
        file: page.file,
        path: [key],
        ...explain.DuplicateSearchText(noun, first),
      });
    }
  }
  return findings;
}

// ─── Media nobody uses ───────────────────────────────────────────────────────────────────────

/** The folder of content media, under `public/`: every picture and video content refers to. */
export const MEDIA_DIR = 'media';


/** `/media/…` paths named in the app's own source (the header's logo mark, say). */
function usedByCode(root: string): Set<string> {
  const used = new Set<string>();
  const sources = [...listFiles(join(root, 'src')), join(root, 'index.html')].filter(
    (f) => /\.(tsx?|css|html)$/.test(f) && !f.includes(`${join('src', 'generated')}`) && existsSync(f),
  );
  for (const source of sources) {
    for (const match of readFileSync(source, 'utf8').matchAll(/\/media\/[A-Za-z0-9_\-./]+\.[a-z0-9]+/g)) used.add(match[0]);
  }
  return used;
}

function unusedAssets(input: LintInput): Found[] {
  const used = usedByCode(input.root);
  const walk = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith(`/${MEDIA_DIR}/`)) used.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (isRecord(value)) Object.values(value).forEach(walk);
  };
  input.files.forEach((f) => walk(f.data));
  // A picture's AVIF twin is served in its place, so it is used when the picture is.
  for (const src of [...used]) used.add(src.replace(/\.[a-z0-9]+$/, '.avif'));

  const files = listFiles(join(input.publicDir, MEDIA_DIR))
    .map((abs) => `/${relative(input.publicDir, abs).split('\\').join('/')}`)
    .filter((src) => !used.has(src))
    .sort();
  const unused = new Set(files);
  // Named from the project root, as content files are; a public folder elsewhere by its full path.
  const fromRoot = relative(input.root, input.publicDir).split('\\').join('/');
  const publicName = !fromRoot || fromRoot.startsWith('..') ? input.publicDir : fromRoot;
  return files
    .filter((src) => !(src.endsWith('.avif') && [...unused].some((o) => o !== src && o.replace(/\.[a-z0-9]+$/, '.avif') === src)))
    .map((src) => {
      const twin = [...unused].find((o) => o !== src && o === src.replace(/\.[a-z0-9]+$/, '.avif'));
      return {
        code: 'UnusedAsset' as const,
        file: `${publicName}${src}`,
        path: [],
        ...explain.UnusedAsset(`${publicName}${src}`, src, Boolean(twin)),
      };
    });
}
