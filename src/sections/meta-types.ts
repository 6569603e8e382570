/**
 * What the engine needs to know about a section type beyond its schema and its component, declared
 * by the type's own folder (`src/sections/<type>/meta.ts`) and gathered in one map, ./meta.ts. The
 * content check, the build and the server read these facts; none of them names a section type.
 * Every fact is optional: a type that declares none draws one heading, its own, and is nothing else
 * the engine treats apart. Imported by Node-side code, so a meta file imports no component or CSS.
 */
import type { SectionOf, SectionType, SharedContent, SharedName } from '../generated/schema-types.ts';
import type { OutlineContext, OutlineHeading } from './outline.ts';

/** The keys of `Owner` whose value is a list; any name for data not yet typed (`Record<string, unknown>`). */
type ListKey<Owner> = string extends keyof Owner
  ? string
  : { [K in keyof Owner]-?: NonNullable<Owner[K]> extends readonly unknown[] ? K : never }[keyof Owner] & string;
/** The fields of an entry of the list `Owner[K]`. */
type ItemField<Owner, K extends keyof Owner> = string extends keyof Owner
  ? string
  : NonNullable<Owner[K]> extends readonly (infer Item)[]
    ? keyof Item & string
    : never;

/**
 * A list shown as the slides of one carousel, and the field that names each slide: two slides with
 * the same text there cannot be told apart when read aloud (`DuplicateSlideHeading`). `noun` is
 * what the message calls that field; the field's own name when left out.
 */
export type CarouselItems<Owner> = {
  readonly [K in ListKey<Owner>]: { readonly list: K; readonly field: ItemField<Owner, K>; readonly noun?: string };
}[ListKey<Owner>];

/**
 * How a section lists the entries of a collection, filled in by the build before the page is
 * checked (src/content/check/listings.ts):
 * - `entries`: its `entries` become a card per entry of its `collection`, after its `filter`,
 *   `sort` and `limit`;
 * - `roles`: each of its `tabs` gets as its `roles` the entries whose `team` is the tab's name,
 *   when it names a `collection`; without one, every tab writes its roles out.
 */
export type Listing = 'entries' | 'roles';

/** A form in a page's HTML: what it sends, and for an application the role, as written. */
export interface HtmlForm {
  readonly submission: 'contact' | 'application';
  readonly role?: string;
}

/**
 * The facts of section type `T`. `S` is the section as a hook receives it: `SectionOf<T>` in a meta
 * file; plain data where the engine looks a type up by a name it read in content (see `metaOf`).
 */
export interface SectionMeta<T extends SectionType, S = SectionOf<T>> {
  /** The headings it draws, in page order (./outline.ts); one, its own, when left out. */
  readonly outline?: (section: S, context: OutlineContext) => OutlineHeading[];
  /**
   * Set when the type opens a page well: its own headings start at the page's h1. `rank` is its
   * place in the list of such types that `HeadingOrder` suggests, 1 first.
   */
  readonly opensPage?: { readonly rank: number };
  /** Its list shown as a carousel, whose slides must each have their own text. */
  readonly carousel?: CarouselItems<S>;
  /** The lists of shared content that its sections show as a carousel, by the shared content's name. */
  readonly sharedCarousels?: { readonly [N in SharedName]?: CarouselItems<SharedContent[N]> };
  /**
   * Its pictures drawn behind text, whose alt text may be empty, as paths inside the section with
   * `[]` for any entry of a list: `image`, `slides[].image`.
   */
  readonly backgrounds?: readonly string[];
  /** The `#anchors` its sections add to a page besides their `id` (links to them are checked). */
  readonly anchors?: (section: S) => string[];
  /** How it lists a collection's entries, when it does. */
  readonly listing?: Listing;
  /** The section with the `{site.…}` placeholders of its texts filled in by `fill`, when it has any. */
  readonly fillSitePlaceholders?: (section: S, fill: (text: string) => string) => S;
  /**
   * The section with the fields the build derives from its content for the component (its
   * `filledByBuild` fields), run after its placeholders are filled.
   */
  readonly prepare?: (section: S) => S;
  /**
   * Each field `prepare` fills in, and the field the writer wrote it from: what the rendered page shows
   * of the one is reported at the other (src/content/check/rendered.ts).
   */
  readonly derivedFrom?: Readonly<Record<string, string>>;
  /**
   * The forms a section draws in its HTML, which post without JavaScript: the enquiry form, or the
   * application for one role. The server draws the section's page again around such a post when a field
   * needs correcting (src/server/form-pages.ts), so it must know which page has which form.
   */
  readonly htmlForms?: (section: S) => HtmlForm[];
  /**
   * The job titles, as written, that a section offers to apply for (it draws the application
   * dialog): an application's `domain` must be one of them, once trimmed.
   */
  readonly roles?: (section: S) => string[];
  /**
   * Set when a section of this type, last on a page, is that page's closing call to action: the
   * site's closing banner (`closing` in content/site.yaml) is then not drawn after it.
   */
  readonly closesPage?: true;
  /**
   * Set when its sections hold a form that sends the company an enquiry: the page they are on is
   * where a reader's next step leads, so a link to it is one (`NoNextStep`). A section that offers
   * to apply for a job (`roles`) is a next step as well.
   */
  readonly enquiry?: true;
  /**
   * Speculation rules (JSON) the build writes into every page that has a section of this type, as a
   * `<script type="speculationrules">`: what the browser may fetch ahead of a press. Not drawn by the
   * component, since React never runs a script it draws on the client; allowed by the hash of this exact
   * text in the Content-Security-Policy (src/server/security.ts).
   */
  readonly speculationRules?: string;
}

/** A type's facts as the engine reads them for a section it holds as data, of a type known only by name. */
export type AnySectionMeta = SectionMeta<SectionType, Record<string, unknown>>;
