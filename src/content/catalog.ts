/**
 * The catalogue of content problems. Each code is a permanent name (tests, docs and search rely
 * on it); each message says what is wrong, and the hint says what to do about it.
 */

/** Where a problem can be found, and so who sees it first. */
export type FoundBy =
  /** A schema rule: VS Code's YAML extension flags it while the file is typed, and the check reports it. */
  | 'schema'
  /** Only the content check (`npm run content:check`, the build, the editors): it compares files or judges beyond the shape. */
  | 'check'
  /** Only the build, in the pages it draws (src/content/rendered/): what a page shows. */
  | 'drawn';

/** One problem the content check can report: what it is in a sentence, how grave it is, and where it is found. */
export interface CatalogueEntry {
  readonly title: string;
  readonly severity: Severity;
  readonly found: FoundBy;
}

/**
 * Every problem the content check can report, one entry per permanent name (tests, docs and search rely
 * on the names). What each says in a given case is `explain`'s, below.
 */
export const catalogue = {
  YamlSyntax: { title: 'The file is not valid YAML.', severity: 'error', found: 'schema' },
  UnknownAlias: { title: 'An alias (`*name`) repeats a value that no anchor (`&name`) above it in the file marks.', severity: 'error', found: 'schema' },
  CommentInText: { title: 'A text is cut short where ` #` starts, which YAML reads as a comment.', severity: 'error', found: 'check' },
  DuplicateAnchor: { title: 'Two values have the same anchor (`&name`), so an alias (`*name`) below the second repeats that one, not the first.', severity: 'error', found: 'check' },
  MergeKey: { title: 'A merge key (`<<: *name`) would copy properties in older YAML, but this site reads YAML 1.2, where it copies nothing.', severity: 'error', found: 'check' },
  YamlTag: { title: 'A value has a YAML tag (`!!str`, `!!int`, `!name` …), which can change what kind of value it is; content uses none.', severity: 'error', found: 'check' },
  MultipleDocuments: { title: 'A `---` line in the middle of the file starts a second YAML document; a content file holds one page or entry.', severity: 'error', found: 'check' },
  YamlDirective: { title: 'A `%YAML` or `%TAG` line changes how YAML reads the file (`%YAML 1.1` makes `yes` true and `010` eight), unlike every other content file.', severity: 'error', found: 'check' },
  DuplicateKey: { title: 'A property is written twice in the same group of properties.', severity: 'error', found: 'schema' },
  EmptyFile: { title: 'A content file is empty, or holds only comments.', severity: 'error', found: 'check' },
  FileEncoding: { title: 'A content file is not saved as UTF-8, so its accented letters and symbols would be shown as �.', severity: 'error', found: 'check' },
  TypographicQuotes: { title: 'A text is written between typographic quotes (“…”, ‘…’, „…“, «…»), which YAML does not read as quotes, so the page shows them.', severity: 'error', found: 'check' },
  InvisibleCharacter: { title: 'A text holds a character nobody sees: a control character, a direction mark, a zero-width space or joiner, a soft hyphen, or a no-break space at its start or end.', severity: 'error', found: 'check' },
  FileUnreadable: { title: 'A content file could not be read.', severity: 'error', found: 'check' },
  MissingSectionType: { title: 'A section has no `type`.', severity: 'error', found: 'schema' },
  UnknownSectionType: { title: 'A section has a `type` that does not exist.', severity: 'error', found: 'schema' },
  UnknownProperty: { title: 'A property is not allowed in this place.', severity: 'error', found: 'schema' },
  RenamedProperty: { title: 'A property has a new name; the content still uses the old one.', severity: 'error', found: 'schema' },
  MissingProperty: { title: 'A required property is missing.', severity: 'error', found: 'schema' },
  WrongType: { title: 'A value is of the wrong kind (text, number, list …).', severity: 'error', found: 'schema' },
  NotAllowedValue: { title: 'A value is not one of the allowed choices.', severity: 'error', found: 'schema' },
  BadFormat: { title: 'A value does not have the expected form.', severity: 'error', found: 'schema' },
  TooFew: { title: 'A list or text is shorter than allowed.', severity: 'error', found: 'schema' },
  TooMany: { title: 'A list or text is longer than allowed.', severity: 'error', found: 'schema' },
  OutOfRange: { title: 'A number is too small or too large.', severity: 'error', found: 'schema' },
  MissingChoice: { title: 'Neither of two alternative properties is given.', severity: 'error', found: 'schema' },
  RangeOutOfOrder: { title: 'The two ends of a range are the wrong way round or equal, such as a salary whose `max` is not above its `min`.', severity: 'error', found: 'check' },
  DuplicateRoute: { title: 'Two pages have the same route.', severity: 'error', found: 'check' },
  DuplicateId: { title: 'Two items share an identifier that must be unique.', severity: 'error', found: 'check' },
  UnknownRoute: { title: 'An internal link goes to a route that no page defines.', severity: 'error', found: 'check' },
  LinkToDraft: { title: 'An internal link goes to a draft page (`draft: true`), which the published site does not have.', severity: 'error', found: 'check' },
  DraftLeftOut: { title: 'A navigation or footer entry goes to a draft page, so the published site leaves the entry out.', severity: 'warning', found: 'check' },
  DatesContradict: { title: "A span ends before it starts: an entry's `validThrough` before its `publishedAt` (it would never be published), or a job posting's last day before its publication.", severity: 'error', found: 'check' },
  NotPublished: { title: 'A page or entry exists but the published site leaves it out: a draft, a `publishedAt` still to come, or a `validThrough` past (a note, not a mistake).', severity: 'info', found: 'check' },
  MissingAsset: { title: 'A referenced image or video file does not exist.', severity: 'error', found: 'check' },
  PictureUnreadable: { title: "A picture file exists but is no picture: it does not decode (cut short, an error page or another kind of file under a picture's name).", severity: 'error', found: 'check' },
  UnknownIcon: { title: 'An icon name is not a Lucide icon.', severity: 'error', found: 'check' },
  UnknownLogo: { title: 'A logo name is not in the logo sets.', severity: 'error', found: 'check' },
  TitleLength: { title: 'A page title is missing or outside the usual length range.', severity: 'warning', found: 'check' },
  DescriptionLength: { title: 'A page description is missing or outside the usual length range.', severity: 'warning', found: 'check' },
  InsecureLink: { title: 'A link to another site starts with `http://` instead of `https://`.', severity: 'error', found: 'schema' },
  MissingAltText: { title: 'A picture that carries content has no alt text.', severity: 'error', found: 'check' },
  AltTextIsFileName: { title: "A picture's alt text is its file name (or a camera's name for it), which says nothing of what it shows.", severity: 'warning', found: 'check' },
  HeadingOrder: { title: 'A heading skips a level of the page outline (an h3 straight after the h1).', severity: 'error', found: 'check' },
  DuplicateSlideHeading: { title: 'Two slides of one carousel have the same heading.', severity: 'error', found: 'check' },
  NoNextStep: { title: 'A page has no link to the contact form and no form of its own, so a reader who reaches its end has no next step.', severity: 'warning', found: 'check' },
  UnknownAnchor: { title: 'An internal link names an anchor (`#id`) that its page does not have.', severity: 'error', found: 'check' },
  LinkUnusable: { title: "A link's address cannot work for a visitor: a web address of a computer of your own or without a public domain, an e-mail link to no address, a phone number no phone can dial.", severity: 'error', found: 'check' },
  FormConfirmationMissing: { title: "A page has a form, and no page has the address of that form's confirmation page, where a visitor whose browser sent the form without JavaScript is taken.", severity: 'error', found: 'check' },
  DuplicateTitle: { title: 'Two pages have the same title.', severity: 'warning', found: 'check' },
  DuplicateDescription: { title: 'Two pages have the same description.', severity: 'warning', found: 'check' },
  MarkupInText: { title: 'A text contains HTML (a tag or a character reference), which the site shows as it is.', severity: 'error', found: 'check' },
  PictureTooHeavy: { title: 'A picture weighs more than a web page should load for one picture (300 KB at the width a large screen picks), even after the build has made its copies.', severity: 'warning', found: 'drawn' },
  LinesFolded: { title: 'A text written on several lines, or as a list, is shown run together as one paragraph: its field keeps no line breaks.', severity: 'error', found: 'drawn' },
  MarkupShown: { title: 'A rendered page shows markup as typed: Markdown, a placeholder, an HTML tag or an escape that the section did not turn into what it meant, found in the page the build drew.', severity: 'error', found: 'drawn' },
  MarkdownInText: { title: 'A text that is not Markdown holds a Markdown link or title, which the site shows as typed, brackets and all.', severity: 'error', found: 'check' },
  TextRunsOn: { title: "A list item's text runs on to the next line without `>-`, so YAML joins the lines into one item.", severity: 'warning', found: 'check' },
  MarkdownEmphasis: { title: 'A text that is not Markdown holds `*stars*`, `_underscores_` or list lines, which the site shows as typed.', severity: 'warning', found: 'check' },
  UnknownPlaceholder: { title: 'A `{site.…}` placeholder in a prose text names nothing in the site file.', severity: 'error', found: 'check' },
  UnsupportedMarkdown: { title: 'A prose text holds Markdown the site does not show (a picture, code, a quotation, a `#` title) or a link it cannot follow.', severity: 'error', found: 'check' },
  PlaceholderText: { title: 'Text or a note marked `TODO` (as the page templates write them), or text never meant to go live (TBD, lorem ipsum, `[insert …]`), is still in the content.', severity: 'warning', found: 'check' },
  UnknownCollection: { title: 'A listing names a collection that no folder of content/ holds.', severity: 'error', found: 'check' },
  UnknownEntryField: { title: 'A `{entry.…}` placeholder or a listing names a field that the entries of the collection do not have.', severity: 'error', found: 'check' },
  EntryNotListed: { title: 'An entry would be listed nowhere: its team is not a tab of the careers section that lists its collection.', severity: 'error', found: 'check' },
  UnusedAsset: { title: 'A file under `public/media/` is used by no content and no code.', severity: 'warning', found: 'check' },
  UnregisteredSection: { title: 'A section type has a schema but no component in the registry to draw it.', severity: 'error', found: 'check' },
} as const satisfies Record<string, CatalogueEntry>;

/** The permanent name of a content problem. */
export type ProblemCode = keyof typeof catalogue;

const codesWhere = (keep: (entry: CatalogueEntry) => boolean): ReadonlySet<ProblemCode> =>
  new Set((Object.keys(catalogue) as ProblemCode[]).filter((code) => keep(catalogue[code])));

/** Each problem in a sentence, by name: the docs' table. */
export const problemCodes: Readonly<Record<ProblemCode, string>> = Object.fromEntries(
  Object.entries(catalogue).map(([code, entry]) => [code, entry.title]),
) as Record<ProblemCode, string>;

/**
 * Problems found only by the build, never by an editor's JSON Schema validator: they compare
 * content with other files (routes, pictures, icon sets) or with other pages, or judge it beyond
 * its shape. Every other code is a schema problem, and VS Code's YAML extension flags it at the
 * same place while the file is typed (tests/unit/content-editor-parity.test.ts keeps that true).
 */
export const buildOnlyCodes = codesWhere((entry) => entry.found !== 'schema');

/**
 * Problems that are warnings: printed, never failing the build. They are matters of judgement
 * (search-engine texts, template text left in, media nobody uses); every other problem is an error.
 */
export const warningCodes = codesWhere((entry) => entry.severity === 'warning');

/** Problems that are notes (`info`): nothing is wrong, but the build does something the writer should know. */
export const noteCodes = codesWhere((entry) => entry.severity === 'info');

/** Problems only the build finds, in the pages it draws: `npm run content:check` does not draw pages. */
export const drawnCodes = codesWhere((entry) => entry.found === 'drawn');

/** Errors fail the build; warnings are printed and let it go on; notes (`info`) tell what the build will do. */
export type Severity = 'error' | 'warning' | 'info';

/** One content problem, located in its file. */
export interface Problem {
  readonly code: ProblemCode;
  readonly severity: Severity;
  /** Path of the file relative to the project root, with forward slashes. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Path of the bad field inside the file, such as `sections[2].items[0].title`; empty for the whole file. */
  readonly path: string;
  /** What is wrong, in one sentence. */
  readonly message: string;
  /** What to do about it. */
  readonly hint?: string;
  /** The lines around the problem, with a caret under it. */
  readonly frame: string;
  /**
   * The repair, when there is exactly one right one: applied by `content:check -- --fix` and by the
   * editor's Apply button (fixes.ts, applyFixes). Problems without one explain what to decide instead.
   */
  readonly fix?: Fix;
}

/** A repair a tool can apply: the characters `start` to `end` (offsets in the file's text) become `text`. */
export interface Fix {
  readonly start: number;
  readonly end: number;
  /** What is there now: a fix is applied only where the file still holds it. */
  readonly was: string;
  readonly text: string;
  /** What applying it does, in a few words: ``Write `"020130"` ``. */
  readonly label: string;
}

/** What a problem says: what is wrong, in one sentence, and what to do about it. */
export interface Explanation {
  readonly message: string;
  readonly hint: string;
}

/** An explanation whose hint may be missing: a schema rule with nothing to add beyond its message. */
export interface Statement {
  readonly message: string;
  readonly hint: string | undefined;
}

const list = (names: readonly string[], join = ', ') => names.map((n) => `\`${n}\``).join(join);
const plural = (n: unknown, noun: string) => `${String(n)} ${noun}${n === 1 ? '' : 's'}`;
/** A field's own description, after its name: ` Title: The page's name.`; empty without one. */
const about = (name: string, description: string | undefined) => (description ? ` ${name}: ${description}` : '');

/**
 * What is wrong with a value of the wrong kind decides what to do: text written as a number needs
 * quotes; an empty value needs one; otherwise the field's description says what belongs there.
 */
export type WrongTypeFix =
  | { readonly quote: string }
  | { readonly fill: string; readonly text: boolean; readonly description: string | undefined }
  | { readonly description: string | undefined };

/**
 * What an invisible character does to a text (src/content/yaml/text-hazards.ts): a control character, a
 * direction mark, a zero-width character, a soft hyphen, or a no-break space where the text starts or ends.
 */
export type InvisibleKind = 'control' | 'direction' | 'zero-width' | 'soft-hyphen' | 'space-at-start' | 'space-at-end';

const did = (guess: string | undefined, ending = '? ') => (guess ? `Did you mean \`${guess}\`${ending}` : '');

/**
 * The words of the problems the check's own phases find (src/content/check/), by permanent name.
 * Each takes the facts of one case and returns its message and hint, so a phase states facts and
 * this catalogue says them.
 */
export const explain = {
  // ─── The schemas' rules, in plain words (src/content/rules/validate.ts turns ajv's errors into these) ───
  /** `name` is how the value is called (`Title`, `Item 2 of \`cards\``), `owner` ` in a card` or ''. */
  UnknownSectionType: (type: string, guess: string | undefined, types: readonly string[]): Explanation => ({
    message: `\`${type}\` is not a section type.`,
    hint: `${did(guess)}Section types: ${list(types)}.`,
  }),
  MissingSectionType: (types: readonly string[]): Explanation => ({
    message: 'This section has no `type`, so its layout is unknown.',
    hint: `Add \`type:\` with one of ${list(types)}.`,
  }),
  MissingProperty: (missing: string, owner: string, description: string | undefined): Explanation => ({
    message: `\`${missing}\` is required${owner} but missing.`,
    hint: `Add \`${missing}:\`${description ? ` (${description})` : ''}.`,
  }),
  UnknownProperty: (extra: string, owner: string, guess: string | undefined, allowed: readonly string[]): Explanation => ({
    message: `\`${extra}\` is not allowed${owner}.`,
    hint: `${did(guess)}Allowed here: ${list(allowed)}.`,
  }),
  RenamedProperty: (from: string, to: string, where: string, both: boolean): Explanation => ({
    message: both
      ? `\`${from}\` was renamed to \`${to}\` in ${where}, and \`${to}\` is given too; delete \`${from}\`.`
      : `\`${from}\` was renamed to \`${to}\` in ${where}; rename the key.`,
    hint: both ? `Keep the value you want under \`${to}:\`.` : `Write \`${to}:\` where it says \`${from}:\`; the value stays as it is.`,
  }),
  WrongType: (name: string, wanted: string, found: string, fix: WrongTypeFix): Statement => ({
    message: `${name} must be ${wanted}, but it is ${found}.`,
    hint:
      'quote' in fix
        ? `Put it in quotes, so YAML reads it as text: \`${fix.quote}\`.`
        : 'fill' in fix
          ? `Write ${fix.text ? 'the text' : 'the value'} after \`${fix.fill}\`, or remove the line if it is optional.${about(name, fix.description)}`
          : about(name, fix.description).trim() || undefined,
  }),
  NotAllowedValue: (name: string, found: string, guess: string | undefined, allowed: readonly string[]): Explanation => ({
    message: `${name} is ${found}, which is not one of its choices.`,
    hint: `${did(guess)}Choose one of ${list(allowed)}.`,
  }),
  InsecureLink: (name: string, secure: string): Explanation => ({
    message: `${name} starts with \`http://\`: browsers warn visitors about unencrypted pages, and search engines rank them lower.`,
    hint: `Write \`${secure}\` (open it in a browser first to be sure the site answers on https).`,
  }),
  /** `repaired` is the line with the value mended, when it can be; `rule` the schema's words for the form. */
  BadFormat: (name: string, found: string, format: string | undefined, repaired: string | undefined, rule: string | undefined): Statement => ({
    message: `${name} is ${found}, which does not have the expected form${format ? ` (${format})` : ''}.`,
    hint: [repaired ? `Write \`${repaired}\`.` : '', rule ?? ''].filter(Boolean).join(' ') || undefined,
  }),
  /** A rule of the schema with no words of its own here: ajv's message is all there is. */
  OtherRule: (name: string, said: string | undefined): Statement => ({ message: `${name} ${said ?? 'is not valid'}.`, hint: undefined }),
  TooFewItems: (name: string, limit: unknown, count: number, description: string | undefined): Statement => ({
    message: `${name} needs at least ${plural(limit, 'item')}; it has ${count}.`,
    hint: description,
  }),
  /** `fill` is the key to write after when the text is empty. */
  TooShort: (name: string, limit: unknown, fill: string | undefined, description: string | undefined): Statement => ({
    message: `${name} is empty or too short (at least ${plural(limit, 'character')}).`,
    hint: fill ? `Write the text after \`${fill}\`, or remove the line if it is optional.${about(name, description)}` : description,
  }),
  TooManyItems: (name: string, count: number, limit: unknown, description: string | undefined): Statement => ({
    message: `${name} has ${count} items; at most ${String(limit)} are allowed.`,
    hint: description,
  }),
  /** `heading` when the text is a heading, whose detail belongs in the text under it. */
  TooLong: (name: string, length: number, limit: number, heading: boolean, description: string | undefined): Explanation => ({
    message: `${name} has ${length} characters; at most ${limit} fit here.`,
    hint: `Shorten it by at least ${length - limit} characters${heading ? ', and move the detail into the text under it' : ''}.${about(name, description)}`,
  }),
  OutOfRange: (name: string, value: unknown, bound: 'minimum' | 'maximum', limit: unknown, description: string | undefined): Statement => ({
    message: `${name} is ${String(value)}; it must be ${bound === 'minimum' ? 'at least' : 'at most'} ${String(limit)}.`,
    hint: description,
  }),
  /** A range whose `high` end is not above its `low` end. */
  RangeOutOfOrder: (name: string, low: string, lowValue: unknown, high: string, highValue: unknown): Explanation => ({
    message: `${name} goes from ${String(lowValue)} (\`${low}\`) to ${String(highValue)} (\`${high}\`); \`${high}\` must be larger than \`${low}\`.`,
    hint:
      Number(highValue) < Number(lowValue)
        ? `The two look swapped: write ${String(highValue)} as \`${low}\` and ${String(lowValue)} as \`${high}\`, or correct the one that is wrong.`
        : `Give \`${high}\` a larger value than \`${low}\`, or leave \`${high}\` out where it may be left out.`,
  }),
  /** A choice of `keys` (give exactly one) of which `present` are given. */
  MissingChoice: (name: string, keys: readonly string[], present: readonly string[]): Explanation => ({
    message: present.length === 0 ? `${name} needs ${list(keys, ' or ')}.` : `${name} has both ${list(present, ' and ')}; give only one.`,
    hint: `Give exactly one of ${list(keys)}.`,
  }),
  // ─── YAML the parser cannot read (src/content/yaml/yaml-syntax.ts says which mistake it is) ───
  /** No common mistake recognised: the parser's own words, and how YAML is laid out. */
  YamlUnreadable: (parserSays: string): Explanation => ({
    message: `The YAML could not be read: ${parserSays}.`,
    hint: 'Compare this line with the ones around it: nested lines use two more spaces than their parent, list items start with `- `, and a value containing `: ` or ` #` is put in quotes.',
  }),
  /** `lines` indented with tabs from here on; `spaces` the indentation the lines beside it give, when they agree. */
  YamlTab: (lines: number, spaces?: number): Explanation => ({
    message:
      lines === 1
        ? 'This line is indented with a tab; YAML only accepts spaces.'
        : `This line and the ${plural(lines - 1, 'line')} after it are indented with tabs; YAML only accepts spaces.`,
    hint:
      spaces !== undefined
        ? `Replace the tab with ${plural(spaces, 'space')}, like the lines beside it.`
        : `Replace the ${lines === 1 ? 'tab' : 'tabs'} with spaces, as many as the lines beside ${lines === 1 ? 'it use' : 'them use'}.`,
  }),
  /** `closed` is the line with its text closed. */
  YamlUnclosedQuote: (quote: string, closed: string): Explanation => ({
    message: `The text that starts with \`${quote}\` here is never closed, so YAML reads the rest of the file as part of it.`,
    hint: `End the text with \`${quote}\` on the same line: \`${closed}\`.`,
  }),
  /** `continues` names the property above when the line may instead be more of its text. */
  YamlNoColon: (key: string, repaired: string, continues?: string): Explanation => ({
    message: `\`${key}\` has no colon after it, so YAML cannot tell the name from the value.`,
    hint:
      `Write a colon and a space after the name: \`${repaired}\`.` +
      (continues ? ` If the line is more of the text of \`${continues}\` above, indent it further than \`${continues}:\` instead.` : ''),
  }),
  YamlColonInText: (key: string, quoted: string): Explanation => ({
    message: `The text of \`${key}\` contains \`: \`, which YAML reads as the start of another name and value.`,
    hint: `Put the text in quotes: \`${quoted}\`.`,
  }),
  /**
   * The list item on `line`, at `indent` spaces, beside the item on line `sibling` (before or after
   * it), at `wanted`. Its other lines are in line with its own dash (`move` with it), in line with the
   * other items already (`stay`), neither (`unknown`), or there are `none`.
   */
  YamlItemIndent: (
    line: number,
    indent: number,
    sibling: number,
    wanted: number,
    repaired: string,
    rest: 'move' | 'stay' | 'unknown' | 'none',
  ): Explanation => {
    const shift = wanted - indent;
    const others = {
      move: `, and move its other lines ${plural(Math.abs(shift), 'space')} ${shift > 0 ? 'right' : 'left'} with it.`,
      stay: '; its other lines are in place already.',
      unknown: `, and line up its other lines with those of the item ${line < sibling ? 'below' : 'above'}.`,
      none: '.',
    }[rest];
    return {
      message: `This list item is indented ${plural(indent, 'space')}, but the item ${line < sibling ? 'after' : 'before'} it (line ${sibling}) ${wanted}.`,
      hint: `Indent it by ${wanted} spaces, like the item ${line < sibling ? 'below' : 'above'}: \`${repaired}\`${others}`,
    };
  },
  /**
   * A list item written without `- `: YAML read `key` as a second one of the item above
   * (`duplicate`), or could not place it. `item` is the line of the item above.
   */
  YamlItemWithoutDash: (key: string, duplicate: boolean, item: number, repaired: string, indentRest: boolean): Explanation => ({
    message: duplicate
      ? `A new item of the list starts here, but without \`- \`, so YAML reads \`${key}\` as a second \`${key}\` of the item above.`
      : 'A new item of the list starts here, but without `- `, so YAML cannot tell where it belongs.',
    hint: `Start the item with a dash, in line with the dash on line ${item}: \`${repaired}\`${indentRest ? ', and indent its other lines by two more spaces' : ''}.`,
  }),
  /** `key` at the column of the dashes of a list whose item on line `item` starts with another name: a new item, or a name of that item? */
  YamlItemOrIndent: (key: string, item: number, repaired: string): Explanation => ({
    message: `\`${key}\` stands at the column of the list's dashes, without \`- \`: it either starts a new item, or belongs to the item on line ${item} and is indented too little. YAML cannot tell which.`,
    hint: `If it belongs to the item on line ${item}, indent it by two more spaces, in line with that item's other names. If it starts a new item, write it with a dash: \`${repaired}\`.`,
  }),
  /** `key` written a second time on `line`, first on `earlier` (unknown when the parser does not say). */
  DuplicateKey: (key: string, earlier: number | undefined, line: number): Explanation => ({
    message:
      earlier === undefined
        ? `\`${key}\` appears twice in the same group of properties; a property can have only one value.`
        : earlier === line
          ? `\`${key}\` appears twice on this line, in the same group of properties; a property can have only one value.`
          : `\`${key}\` appears twice in the same group of properties, on line ${earlier} and here on line ${line}; a property can have only one value.`,
    hint: `Keep one \`${key}:\`: delete the one you do not want, or merge the two values into one. Which one the page shows is yours to decide.`,
  }),
  /** `marker` is the line that starts the second document (`---`); `oneSideEmpty` when nothing but comments is on one side of it. */
  YamlDirective: (line: string, deletable: boolean): Explanation => ({
    message: `\`${line}\` changes how YAML reads this file, so its values may mean something else than the same text in every other content file.`,
    hint: deletable
      ? 'Delete the line (and the `---` below it): the file means exactly the same without it.'
      : 'Delete the line, then check the values it changed: with YAML 1.1, `yes`, `no`, `on` and `off` were truth values and numbers starting with 0 were octal; put such texts in quotes.',
  }),
  MultipleDocuments: (marker: string, oneSideEmpty: boolean): Explanation => ({
    message: `\`${marker}\` starts a second YAML document here, but a content file holds one page or one entry, so it cannot be read.`,
    hint: oneSideEmpty
      ? `Delete the \`${marker}\` line: only comments are on one side of it.`
      : `If the line was meant to separate groups of lines, delete it (a comment such as \`# ---\` separates them for the eye). If what follows is another page, move it to a file of its own in content/pages/. Only the very first line of a file may be \`---\`.`,
  }),
  // ─── Valid YAML that would lose text (src/content/yaml/yaml-text.ts) ───
  /** `&name` on `line`, and on `first` above it; `aliases` are the lines of the `*name` that now repeat this one. */
  DuplicateAnchor: (name: string, first: number, line: number, aliases: readonly number[]): Explanation => ({
    message:
      `\`&${name}\` marks this value (line ${line}) and the one on line ${first} too, so ` +
      (aliases.length > 0
        ? `\`*${name}\` on ${aliases.length === 1 ? 'line' : 'lines'} ${aliases.join(', ')} ${aliases.length === 1 ? 'repeats' : 'repeat'} this one, not the one on line ${first}.`
        : `a \`*${name}\` below would repeat this one, not the one on line ${first}.`),
    hint: `Give each value its own name: rename this one (\`&${name}2\`, say) and write \`*${name}2\` wherever this value is meant; which of the two each alias means is yours to decide.`,
  }),
  /** `<<` merging `sources` (`*base`; none when it merges properties written after it); `written` when the fix writes them out. */
  MergeKey: (sources: readonly string[], written: boolean): Explanation => {
    const what = sources.length > 0 ? `the properties of ${list(sources, ' and ')}` : 'the properties written after it';
    return {
      message: `\`<<:${sources.length > 0 ? ` ${sources.join(', ')}` : ''}\` copies nothing here: older YAML merged ${what} into this group, but this site reads YAML 1.2, where \`<<\` is an ordinary name.`,
      hint: written
        ? 'Write the properties out here instead of `<<:`; the fix writes exactly those that the merge would have copied.'
        : `Write out here ${sources.length > 0 ? `the properties this group needs from ${list(sources, ' and ')}` : 'the properties it holds, in line with the others'}, and delete the \`<<:\` line.`,
    };
  },
  /**
   * `tag` as written (`!!binary`, `!shout`), `core` its YAML name when it is one of YAML's own (`!!str`
   * however written); `repaired` the value written without it, when that is the same value.
   */
  YamlTag: (tag: string, core: string | undefined, repaired: string | undefined): Explanation => {
    const kinds: Record<string, string> = {
      '!!str': 'text',
      '!!int': 'a whole number',
      '!!float': 'a number',
      '!!bool': '`true` or `false`',
      '!!null': 'nothing',
      '!!binary': 'bytes, not text',
      '!!timestamp': 'a date and time, not the text written',
      '!!set': 'a set',
      '!!omap': 'an ordered mapping',
      '!!pairs': 'a list of pairs',
      '!!map': 'a group of properties',
      '!!seq': 'a list',
    };
    const kind = kinds[core ?? tag];
    return {
      message: kind
        ? `\`${tag}\` tells YAML to read this value as ${kind}; content files use no tags, and a tag can change what kind of value the page gets.`
        : `\`${tag}\` is a tag this site does not know: YAML keeps the value as it is written and drops the tag, so whatever it was meant to do does not happen.`,
      hint:
        repaired === ''
          ? `Delete \`${tag}\`: the value stays the same without it.`
          : repaired !== undefined
            ? `Write \`${repaired}\`: the same value, without the tag.`
            : `Delete \`${tag}\` and write the value as the page should show it (between quotes if it must stay text exactly as typed).`,
    };
  },
  /** An empty file of a `page`, an `entry` of `collection`, or `settings` (site.yaml, shared content); `comments` when it holds comments. */
  EmptyFile: (kind: 'page' | 'entry' | 'settings', comments: boolean, collection = ''): Explanation => {
    const what = { page: 'no page', entry: 'no entry', settings: 'no settings' }[kind];
    return {
      message: `This file ${comments ? 'holds only comments' : 'is empty'}: there is ${what} in it.`,
      hint: {
        page: 'A page starts with `route:` (its address, such as `route: /kubernetes`) and `title:`, then `description:` and `sections:`; `npm run new:page` writes one from the templates in src/content/templates/page/. If the page is not wanted, delete the file.',
        entry: `An entry starts with the fields of schemas/collections/${collection}.schema.json; \`npm run new:page -- --collection ${collection}\` writes one. If the entry is not wanted, delete the file.`,
        settings: 'Write its settings back (docs/content-guide.md describes them), or restore the file from git.',
      }[kind],
    };
  },
  /** `*name` with no `&name` above it; `known` is a mark of the file with a similar name. */
  UnknownAlias: (name: string, known: string | undefined): Explanation => ({
    message: `\`*${name}\` repeats the value marked \`&${name}\`, but no value above it in this file has that mark.`,
    hint: known
      ? `Did you mean \`*${known}\`? An alias can only repeat a value marked above it in the same file.`
      : `An alias can only repeat a value marked above it in the same file (\`&${name}\` before \`*${name}\`); marks in other files do not count. Write the value out here instead.`,
  }),
  /** Prose cut at ` #`: `kept` is what YAML keeps, `note` what follows `#`, `quoted` the line repaired. */
  CommentInText: (kept: string, note: string, quoted: string): Explanation => ({
    message: `The text stops before \` #\`: YAML reads \`#${note}\` as a note for editors, so the page would show only \`${kept}\`.`,
    hint: `Put the whole text in quotes: \`${quoted}\`. If the part after \`#\` is a note, move it to a line of its own.`,
  }),
  // ─── Text that would not say what its writer sees (src/content/yaml/text-hazards.ts) ───
  /** `byte` is the first that is not UTF-8 (`E9`); `word` the text around it as `encoding` reads it (`José`). */
  FileEncoding: (encoding: 'UTF-16 LE' | 'UTF-16 BE' | 'Windows-1252' | undefined, byte: string, word: string | undefined): Explanation => {
    const fix = '`npm run content:check -- --fix` does that for you, or in VS Code click the encoding in the status bar';
    switch (encoding) {
      case 'UTF-16 LE':
      case 'UTF-16 BE':
        return {
          message: `This file is saved as ${encoding}, which stores each character in two bytes; content files are read as UTF-8, so the site would show it as gibberish.`,
          hint: `Save it as UTF-8: ${fix}, choose Reopen with Encoding → ${encoding}, then Save with Encoding → UTF-8.`,
        };
      case 'Windows-1252':
        return {
          message:
            `This file is not saved as UTF-8: the byte \`${byte}\` here is no character in UTF-8, so the site would show � in its place. ` +
            `It looks saved as Windows-1252 (Western, also called Latin-1), as Windows editors do${word ? `, which reads it as \`${word}\`` : ''}.`,
          hint: `Save it as UTF-8: ${fix}, choose Reopen with Encoding → Western (Windows 1252), then Save with Encoding → UTF-8. In Notepad: File → Save As, Encoding: UTF-8.`,
        };
      default:
        return {
          message: `This file is not saved as UTF-8: the byte \`${byte}\` here is no character in UTF-8, so the site would show � in its place.`,
          hint: 'Find out which encoding it was saved in: in VS Code click the encoding in the status bar, choose Reopen with Encoding → that encoding, check that the text reads right, then Save with Encoding → UTF-8.',
        };
    }
  },
  /** `repaired` is the line with the text written as YAML does, `kept` the line that shows the marks on purpose. */
  TypographicQuotes: (open: string, close: string, repaired: string, kept: string): Explanation => ({
    message: `This text is written between ${open} and ${close}, which YAML does not read as quotes, so the page would show them as part of the text.`,
    hint: `Write \`${repaired}\`: most texts need no quotes in YAML, and where they do, they are straight (\`"\` or \`'\`). If the marks are meant to be shown, put the whole text in straight quotes: \`${kept}\`.`,
  }),
  /** `character` is its code and name (`U+200B ZERO WIDTH SPACE`), `escape` how YAML writes it visibly (`\u200B`). */
  InvisibleCharacter: (character: string, kind: InvisibleKind, escape: string): Explanation => {
    const remove = 'Delete it (the caret above points at it; it usually comes with text pasted from another program): `npm run content:check -- --fix` does that for you.';
    const onPurpose = `If it is there on purpose, write it as \`${escape}\` in a text between double quotes, where the next person to edit it can see it.`;
    switch (kind) {
      case 'control':
        return {
          message: `This text holds ${character}, an invisible control character: browsers show it as nothing or as a box, and it can break the feeds and search data made from the page.`,
          hint: remove,
        };
      case 'direction':
        return {
          message: `This text holds ${character}, an invisible mark that reorders the text around it: the page can read differently from what the file seems to say.`,
          hint: `${remove} ${onPurpose}`,
        };
      case 'soft-hyphen':
        return {
          message: `This text holds ${character}: it shows as a hyphen only where a line breaks, and splits the word for search engines, the browser's Find and anyone who copies it.`,
          hint: `${remove} ${onPurpose}`,
        };
      case 'space-at-start':
      case 'space-at-end':
        return {
          message: `This text ${kind === 'space-at-start' ? 'starts' : 'ends'} with ${character}, which looks like a space but is not trimmed like one: the page shows an extra gap, and the text no longer matches the same words elsewhere.`,
          hint: remove,
        };
      default:
        return {
          message: `This text holds ${character}, which is not shown: the page looks the same, but the word is split for search engines, the browser's Find and anyone who copies it.`,
          hint: `${remove} ${onPurpose}`,
        };
    }
  },
  // ─── The check's own phases (src/content/check/) ───
  DuplicateRoute: (route: string, first: string): Explanation => ({
    message: `The route \`${route}\` is already used by ${first}.`,
    hint: 'Every page needs its own route: change this one, or remove one of the two files.',
  }),
  UnknownRoute: (link: string, guess: string | undefined): Explanation => ({
    message: `The link \`${link}\` goes to a route that no page defines.`,
    hint: `${did(guess)}Routes come from the \`route\` of each file in content/pages/.`,
  }),
  LinkToDraft: (link: string, file: string): Explanation => ({
    message: `The link \`${link}\` goes to ${file}, a draft (\`draft: true\`) that is left out of the published site.`,
    hint: 'Publish that page first (remove its `draft: true` line), or remove this link until the page is ready.',
  }),
  /** `endKey` (`end`) is before `startKey` (`start`). */
  DatesContradict: (startKey: string, start: string, endKey: string, end: string): Explanation => ({
    message: `\`${endKey}: ${end}\` is before \`${startKey}: ${start}\`, so this ends before it starts: an entry would never be published and its page would never appear, with nothing else to say so.`,
    hint: `Check both days: \`${endKey}\` is the last day, on or after \`${startKey}\` (dates are written YYYY-MM-DD).`,
  }),
  NotPublishedDraft: (what: string): Explanation => ({
    message: `${what} is a draft (\`draft: true\`), so the published site leaves it out.`,
    hint: 'Remove the `draft: true` line (in the editor: untick Draft) when it is ready to go live.',
  }),
  NotPublishedScheduled: (what: string, day: string): Explanation => ({
    message: `${what} is scheduled: its \`publishedAt\` is ${day}, so the published site shows it from the first build on or after that day.`,
    hint: 'Nothing to do if that is the plan. A site is built when something is published, so make sure a build runs on that day (or publish any change then).',
  }),
  NotPublishedExpired: (what: string, day: string): Explanation => ({
    message: `${what} has ended: its \`validThrough\` was ${day}, so the published site has left it out since the first build after that day.`,
    hint: 'Extend `validThrough` to publish it again, or delete the file if it is over for good.',
  }),
  DraftLeftOut: (link: string, file: string): Explanation => ({
    message: `The entry linking to \`${link}\` is left out of the published site: ${file} is a draft (\`draft: true\`).`,
    hint: 'It comes back by itself when the page is published (its `draft: true` line removed).',
  }),
  UnknownCollection: (name: string, guess: string | undefined, known: readonly string[]): Explanation => ({
    message: `There is no collection \`${name}\`.`,
    hint: `${did(guess)}A collection is a folder of content/ with a schema in schemas/collections/${known.length > 0 ? `: ${known.map((k) => `\`${k}\``).join(', ')}` : '; there is none yet'}.`,
  }),
  /** `written` as the content has it (`{entry.rol}` or `rol`); `fields` are the entry schema's properties. */
  UnknownEntryField: (written: string, collection: string, guess: string | undefined, fields: readonly string[]): Explanation => ({
    message: `\`${written}\` names no field of a \`${collection}\` entry, so the page would show it as written.`,
    hint: `${did(guess)}The fields are those of schemas/collections/${collection}.schema.json: ${fields.map((f) => `\`${f}\``).join(', ')}, and \`slug\` and \`route\`.`,
  }),
  EntryFileName: (name: string, better: string): Explanation => ({
    message: `The file name \`${name}\` cannot be the end of a page address, which the file name of an entry becomes.`,
    hint: `Rename the file to lowercase words joined by hyphens${better ? `, such as \`${better}.yaml\`` : ''}.`,
  }),
  EntryNotListed: (team: string, page: string, tabs: readonly string[], guess: string | undefined): Explanation => ({
    message: `The team \`${team}\` is not a tab of the careers section on ${page}, so this role would be listed nowhere.`,
    hint: `${did(guess)}Use one of the tabs (${tabs.map((t) => `\`${t}\``).join(', ')}), or add a tab named \`${team}\` to that section.`,
  }),
  UnknownIcon: (name: string, renamed: string | undefined, guess: string | undefined): Explanation => ({
    message: renamed
      ? `\`${name}\` is an old Lucide name; the icon is now called \`${renamed}\`.`
      : `\`${name}\` is not the name of a Lucide icon.`,
    hint: `${guess ? `Use \`${guess}\`. ` : ''}Names are listed at https://lucide.dev/icons (kebab-case, such as \`cloud-cog\`).`,
  }),
  UnknownLogo: (name: string, guess: string | undefined): Explanation => ({
    message: `\`${name}\` is not a logo of the Iconify \`logos\` set or of Simple Icons.`,
    hint: `${did(guess)}Look the name up at https://icon-sets.iconify.design/logos/ or https://simpleicons.org.`,
  }),
  MissingAsset: (src: string, guess: string | undefined): Explanation => ({
    message: `The file \`public${src}\` does not exist.`,
    hint: `${did(guess)}Put the file under public/ and write its path from there, starting with \`/\`.`,
  }),
  /** `src` exists under public/ and does not decode: the decoder's `reason`. */
  PictureUnreadable: (src: string, reason: string): Explanation => ({
    message: `The file \`public${src}\` is not a picture a browser can show: ${reason}.`,
    hint: 'Export the picture again from its original (WebP, AVIF, JPEG or PNG) and put it in its place, or choose another file. A download cut short, or a web page saved under a picture’s name, looks like this.',
  }),
  DuplicateId: (id: string, first: string): Explanation => ({
    message: `The id \`${id}\` is already used at \`${first}\`.`,
    hint: 'Ids name one thing each within a file; choose another.',
  }),
  /** A file the content needs is not there; `why` says what it holds. */
  FileUnreadable: (file: string, why: string): Explanation => ({ message: `${file} does not exist.`, hint: `Create it. ${why}` }),
  /** A title or description outside the lengths search engines show in full. */
  SearchTextLength: (key: string, length: number, min: number, max: number): Explanation => ({
    message: `The ${key} has ${length} characters; search engines show ${min} to ${max} best.`,
    hint: length < min ? `Say a little more about the page in the ${key}.` : `Shorten the ${key}; search results cut it off.`,
  }),
  /** YAML that parses but cannot be expanded into data (aliases nested into millions of copies). */
  YamlUnexpandable: (reason: string): Explanation => ({
    message: `The YAML could not be turned into content: ${reason}.`,
    hint: 'Write the values out instead of repeating them with `&name` and `*name`.',
  }),
  UnregisteredSection: (type: string, registry: string): Explanation => ({
    message: `The section type \`${type}\` has a schema (schemas/sections/${type}.schema.json) but no line in the registry, so no component can draw it: a page using it would stop the build.`,
    hint: `Add \`'${type}': () => import('./${type}/index.tsx'),\` to the registry in ${registry}, with the component in src/sections/${type}/index.tsx; \`npm run new:section -- <type>\` does all of this for a new type.`,
  }),
  SectionComponentMissing: (type: string, module: string): Explanation => ({
    message: `The registry draws \`${type}\` with ${module}, which does not exist.`,
    hint: `Create src/sections/${module.replace(/^\.\//, '')}, or point the line at the section's component.`,
  }),
  // ─── The lint's judgements (src/content/rules/lint.ts) ───
  /** The alt text `alt` of the picture `src` names the file. */
  AltTextIsFileName: (alt: string, src: string): Explanation => ({
    message: `The alt text \`${alt}\` of \`${src}\` is a file name, not a description: a screen reader would read it out as what the picture shows.`,
    hint: 'Say in a sentence what the picture shows, as you would to someone on the phone (for example: "Three developers reviewing a pull request on a large screen").',
  }),
  MissingAltText: (src: string): Explanation => ({
    message: `The picture \`${src}\` has an empty \`alt\`, so people who cannot see it learn nothing from it.`,
    hint:
      'Write in `alt:` what the picture shows, in a short sentence (for example `alt: Two developers reviewing a design on a laptop`). ' +
      'Only backgrounds (of page-hero, hero and slide-banner sections, and video posters) may have `alt: ""`.',
  }),
  /**
   * A heading `level` right after one at `previous`; `opener` is the type of the section that opens
   * the page when the skip is its own, `openers` the types that open a page well.
   */
  HeadingOrder: (level: number, previous: number, opener: string | undefined, openers: readonly string[]): Explanation => ({
    message:
      `This text is shown as an h${level} right after an h${previous}, skipping the h${previous + 1}` +
      (opener ? ` (\`${opener}\` opens the page, so its own heading is the h1)` : '') +
      '. People who move through a page by its headings, with a screen reader, lose their place in the outline.',
    hint: opener
      ? `Open the page with a ${openers
          .slice(0, -1)
          .map((type) => `\`${type}\``)
          .join(', ')} or \`${openers[openers.length - 1]}\` section, or move this section below one.`
      : `Move this section below one whose heading is an h${level - 1}.`,
  }),
  /** Slide `slide` (1-based) repeats the `noun` of slide `first`. */
  DuplicateSlideHeading: (slide: number, first: number, noun: string, text: string): Explanation => ({
    message: `Slide ${slide} of this carousel has the same ${noun} as slide ${first}, "${text}", so the two cannot be told apart when the carousel is read aloud.`,
    hint: `Give each slide its own ${noun}, or remove the repeated slide.`,
  }),
  /**
   * A page without a link to `enquiry` (the route of a page with an enquiry form) or a form of its own;
   * `declined` when it says `closing: false`.
   */
  NoNextStep: (enquiry: string, declined: boolean): Explanation => ({
    message: `This page has no link to ${enquiry} and no form of its own, so a reader who reaches its end has nowhere to go next.`,
    hint: declined
      ? `Remove \`closing: false\`, so that the page ends with the site's closing banner (\`closing\` in content/site.yaml), or end it with a \`cta-banner\` section whose button links to \`${enquiry}\`.`
      : `End the page with a \`cta-banner\` section whose button links to \`${enquiry}\`, or link a button of one of its sections there.`,
  }),
  /** `link` is shaped like an address, and cannot work: `reason`, and what to write instead. */
  LinkUnusable: (link: string, reason: string, hint: string): Explanation => ({
    message: `The link \`${link}\` cannot work on the live site: ${reason}.`,
    hint,
  }),
  /** The page draws the `form` form, whose confirmation page `route` no page has. */
  FormConfirmationMissing: (form: string, route: string): Explanation => ({
    message: `This page has the ${form} form, and no page has the address ${route}: a visitor whose browser sends the form without JavaScript is taken there once it has arrived, and would find nothing.`,
    hint: `Add a page with \`route: ${route}\` that thanks the visitor and says what happens next (see content/pages/contact-thank-you.yaml), or restore it from version control.`,
  }),
  /**
   * The page at `route` shows `excerpt` of a value with markup (`what`) as typed, `where` on the page;
   * `meant` says what the writer meant and how to write it.
   */
  MarkupShown: (route: string, excerpt: string, what: string, where: string, meant: string): Explanation => ({
    message: `The page ${route} shows \`${excerpt}\` with ${what} as typed, ${where}.`,
    hint: meant,
  }),
  /** The page `route` loads `src` as `heaviest`, of `bytes`, above `budget`. */
  PictureTooHeavy: (route: string, src: string, heaviest: string, bytes: number, budget: number): Explanation => ({
    message: `The page ${route} loads the picture \`${src}\` at ${Math.round(bytes / 1024)} KB on a large screen (\`${heaviest}\`), above the ${Math.round(budget / 1024)} KB one picture should weigh: on a phone's connection it holds up the page for seconds.`,
    hint: 'Export it smaller: at most 1920 pixels wide (1600 beside text), as WebP at quality 75 to 80. The build makes the phone-sized and AVIF copies itself.',
  }),
  /** The page `route` shows a text of `lines` lines (a list when `list`) as one run of words, starting `excerpt`. */
  LinesFolded: (route: string, lines: number, list: boolean, excerpt: string): Explanation => ({
    message: `The page ${route} shows this text's ${lines} ${list ? 'list items' : 'lines'} run together as one paragraph: \`${excerpt}\`.`,
    hint: list
      ? "This field shows one paragraph, so a list written in it loses its items. Give each item its own entry in the section's list (see the section in the content guide), or use a prose section, whose `body` makes lists from `- ` lines."
      : 'This field shows one paragraph and keeps no line breaks. Write it as one paragraph (`>-` lets you wrap the lines in the file), or put paragraphs in a prose section.',
  }),
  /** A link the page `route` has, to `path`, which no page has: found in the drawn page. */
  UnknownRouteShown: (route: string, path: string): Explanation => ({
    message: `The page ${route} has a link to \`${path}\`, which no page of the site has.`,
    hint: 'Link to a route that a page in content/pages/ (or a collection entry) has, written as it is there.',
  }),
  /** A link the page `route` has, to `link`, whose page `target` has no `#anchor`: found in the drawn page. */
  UnknownAnchorShown: (route: string, link: string, target: string, anchor: string): Explanation => ({
    message: `The page ${route} has a link to \`${link}\`, but the page ${target} has no \`#${anchor}\`, so it would open the top of that page.`,
    hint: `Use an anchor that page has (a section's \`id\`), or link to \`${target}\` alone.`,
  }),
  /** `link` is shaped like an address, and cannot work: `reason`, and what to write instead. Found in the drawn page `route`. */
  LinkUnusableShown: (route: string, link: string, reason: string, hint: string): Explanation => ({
    message: `The page ${route} has a link to \`${link}\`, which cannot work: ${reason}.`,
    hint,
  }),
  /** `link` names `#anchor` on the page `route`, defined in `target`, which has `anchors`. */
  UnknownAnchor: (link: string, route: string, anchor: string, target: string, anchors: readonly string[], guess: string | undefined): Explanation => ({
    message: `The link \`${link}\` goes to \`#${anchor}\`, which ${target} does not have, so it would open the top of the page.`,
    hint: anchors.length
      ? `${guess ? `Did you mean \`${route}#${guess}\`? ` : ''}Anchors of \`${route}\`: ${anchors.map((a) => `\`#${a}\``).join(', ')}. Or give the section you mean \`id: ${anchor}\`.`
      : `Give the section you mean \`id: ${anchor}\` in ${target}, or link to \`${route}\` alone.`,
  }),
  /** A text still holding the template's `placeholder` mark. */
  PlaceholderText: (excerpt: string, placeholder: string): Explanation => ({
    message:
      placeholder === 'TODO'
        ? `This text is still the template's: "${excerpt}".`
        : `This text holds \`${placeholder}\`, which marks words not yet written: "${excerpt}".`,
    hint: `Write the page's own words here, without \`${placeholder}\`; the site shows this text as it is.`,
  }),
  /** A whole-line comment from the template that still asks for something. */
  PlaceholderNote: (excerpt: string): Explanation => ({
    message: `A note from the template is still here: "${excerpt}".`,
    hint: 'Do what it asks, then delete the comment line.',
  }),
  MarkdownLinkInText: (markup: string, words: string, target: string): Explanation => ({
    message: `\`${markup}\` would be shown on the page as typed, brackets and all: this field is plain text, not Markdown.`,
    hint: `Write the words alone (\`${words}\`) and put the address in the section's own link field (\`link: ${target}\`, or an \`action\` with a \`label\` and a \`link\`); only prose sections (\`body\` of a \`prose\` section) take Markdown links.`,
  }),
  MarkdownTitleInText: (line: string): Explanation => ({
    message: `\`${line}\` starts with \`#\`, a Markdown title, which this field shows as typed: it is plain text.`,
    hint: 'A title belongs in the section\'s `heading`; in this field, write the words without the `#`.',
  }),
  TextRunsOn: (first: string, next: string, joined: string): Explanation => ({
    message: `The item \`${first}\` runs on to the next line, so YAML makes one item of both lines: \`${joined}\`.`,
    hint: `If \`${next}\` is an item of its own, start its line with \`- \` like the others. If it is the same text, write it on one line, or after \`>-\` on lines of their own.`,
  }),
  MarkdownEmphasis: (markup: string, bold: boolean): Explanation => ({
    message: `\`${markup}\` would be shown as typed: this field does not read Markdown.`,
    hint: bold
      ? 'For bold, write the words between double asterisks (`**like this**`); a single `*` or `_` stays on the page as it is.'
      : 'Write the words without the marks. Lists need a list field (`items`, `cards`, …) or a prose section.',
  }),
  PictureFileName: (value: string, file: string, good: string, wanted: string, taken: boolean): Explanation => ({
    message: `\`${value}\` names ${file}, whose file name has capitals, spaces or other characters that a picture path cannot have.`,
    hint: taken
      ? `Rename the file: \`${good}\` is taken by another picture, so choose a name of lowercase words joined by hyphens such as \`${good.replace(/(\.[a-z0-9]+)$/, '-2$1')}\`, then write that path here.`
      : `Rename the file to \`${good}\` (lowercase words joined by hyphens), then write \`src: ${wanted}\`. The editor's picture library names uploads this way by itself.`,
  }),
  MarkupInText: (markup: string): Explanation => ({
    message: `\`${markup}\` would be shown on the page as it is written: texts are not HTML.`,
    hint: markup.startsWith('&')
      ? `Type the character itself instead of \`${markup}\` (a space for \`&nbsp;\`, ₹ for \`&#8377;\`).`
      : `Remove \`${markup}\`. For bold, put the words between double asterisks where the field allows it (\`**like this**\`); for a new paragraph, use a field or list item of its own.`,
  }),
  UnknownPlaceholder: (placeholder: string, siteFile: string): Explanation => ({
    message: `\`${placeholder}\` names nothing in ${siteFile}, so the page would show it as written.`,
    hint: 'Write the path of a text of the site file after `site.`, such as `{site.brand.legalName}` or `{site.contact.grievance.email}`, or type the text itself.',
  }),
  /** Something in a prose section's Markdown (src/sections/prose/markdown.ts) that would not be drawn as written. */
  UnsupportedMarkdown: (what: 'unsupported' | 'page-title' | 'deep-heading' | 'bad-link', detail: string, line: number): Explanation => {
    const at = `on line ${line} of the text`;
    switch (what) {
      case 'page-title':
        return {
          message: `A \`#\` heading ${at} would be a second title of the page, which has one already.`,
          hint: 'Start the heading with `## ` instead (and its subheadings with `### `).',
        };
      case 'deep-heading':
        return {
          message: `A \`${detail}\` heading ${at} is deeper than the site draws (\`####\` at most).`,
          hint: 'Use `### ` or `#### `, or make it a paragraph with the words in **bold**.',
        };
      case 'bad-link':
        return {
          message: `The link to \`${detail}\` ${at} cannot be followed from the site, so it is shown as plain text.`,
          hint: detail.startsWith('http://')
            ? `Use the secure address: \`${detail.replace(/^http:/, 'https:')}\`.`
            : 'Link to a route of this site such as `/contact`, a full address starting with `https://`, or a `mailto:` or `tel:` address.',
        };
      default:
        return {
          message: `${detail.charAt(0).toUpperCase()}${detail.slice(1)} ${at} is not shown on the page: prose shows paragraphs, headings, lists, links and emphasis.`,
          hint: 'Write it as one of those, or remove it.',
        };
    }
  },
  /** Two pages share a title or a description; `first` is the other page's file. */
  DuplicateSearchText: (noun: 'title' | 'description', first: string): Explanation => ({
    message: `${first} has the same ${noun}; search engines show one of two pages with the same ${noun} and may drop the other.`,
    hint: `Say in the ${noun} what this page offers that the other does not.`,
  }),
  /** `file` (shown as it is named) is used by nothing; `src` is its address; `twin` whether its AVIF twin is unused too. */
  UnusedAsset: (file: string, src: string, twin: boolean): Explanation => ({
    message: `No page, site setting or component uses \`${file}\`${twin ? ' (nor its AVIF twin)' : ''}; it is published with the site all the same.`,
    hint: `Delete it${twin ? ' and its twin' : ''} if it is no longer needed, or use it in content as \`src: ${src}\`.`,
  }),
  /** Added to a `PlaceholderText` hint when the site is to be published. */
  PlaceholderBlocksPublishing: 'A page with the template\'s text is not published, so the build stops here.',
} as const;
