/**
 * Listings: sections that show the entries of a collection, filled in by the build before their page
 * is checked, so the filled cards are validated, linked and prepared (pictures measured) like any
 * other content. Each section type says whether and how it lists one (`listing` in its meta.ts): an
 * `entries` listing gets its cards; a `roles` listing that names a `collection` gets each tab's
 * roles, from the entries whose `team` is the tab's name.
 *
 * Drafts, and entries not yet or no longer published, are listed by the dev server and the editor
 * (marked as drafts on their own pages) and left out when the site is built.
 */
import { explain } from '../catalog.ts';
import { metaOf } from '../../sections/meta.ts';
import { closest } from '../suggest.ts';
import { compareBy, type Collection, type Collections, type Entry } from './collections.ts';
import { isRecord, sectionsOf, type CheckRun, type SourceFile } from './run.ts';

type Data = Record<string, unknown>;

/** The page with its listings filled in; the same source when it has none. */
export function withListings(run: CheckRun, source: SourceFile, collections: Collections): SourceFile {
  const data = source.data;
  if (!isRecord(data) || !Array.isArray(data.sections)) return source;
  // How a section lists a collection is its type's to say (`listing` in src/sections/<type>/meta.ts).
  const listing = (section: unknown) => (isRecord(section) ? metaOf(section.type)?.listing : undefined);
  if (!data.sections.some(listing)) return source;
  const sections = data.sections.map((section: unknown, i) => {
    const kind = listing(section);
    if (!kind) return section;
    const s = section as Data;
    if (kind === 'roles' && s.collection === undefined) {
      rolesWritten(run, source, i, s);
      return section;
    }
    const collection = collectionNamed(run, source, collections, s.collection, ['sections', i, 'collection']);
    if (!collection) return section;
    return kind === 'roles' ? withRoles(run, s, collection) : withEntries(run, source, i, s, collection);
  });
  return { ...source, data: { ...data, sections } };
}

function collectionNamed(run: CheckRun, source: SourceFile, collections: Collections, name: unknown, path: (string | number)[]) {
  if (typeof name !== 'string') return undefined; // the schema reports it
  const found = collections.byName.get(name);
  if (!found) {
    const known = [...collections.byName.keys()];
    run.report(source, { code: 'UnknownCollection', path, ...explain.UnknownCollection(name, closest(name, known), known) });
  }
  return found;
}

/** The entries a listing may show: all of them in the dev server, the published ones in a build. */
const listable = (run: CheckRun, collection: Collection) =>
  collection.entries.filter((e) => e.route !== '' && (run.options.unfinished !== 'fail' || !e.unpublished));

function withEntries(run: CheckRun, source: SourceFile, i: number, section: Data, collection: Collection): Data {
  let entries = listable(run, collection);
  const known = [...collection.fields, 'slug'];
  const field = (name: string, path: (string | number)[]) => {
    if (known.includes(name)) return true;
    run.report(source, { code: 'UnknownEntryField', path, ...explain.UnknownEntryField(name, collection.name, closest(name, known), collection.fields) });
    return false;
  };
  if (isRecord(section.filter)) {
    for (const [name, wanted] of Object.entries(section.filter)) {
      if (!field(name, ['sections', i, 'filter', name])) continue;
      entries = entries.filter((e) => matches(name === 'slug' ? e.slug : e.data[name], wanted));
    }
  }
  const sort = isRecord(section.sort) && typeof section.sort.by === 'string' ? section.sort : undefined;
  if (sort && field(sort.by as string, ['sections', i, 'sort', 'by'])) {
    const by = sort.by as string;
    const sign = sort.direction === 'desc' ? -1 : 1;
    entries = [...entries].sort((a, b) => sign * compareBy(a.data, b.data, by));
  }
  if (typeof section.limit === 'number') entries = entries.slice(0, section.limit);
  return { ...section, entries: entries.map(card) };
}

/** A filter value matches a field equal to it, or a list that holds it; case is ignored. */
function matches(value: unknown, wanted: unknown): boolean {
  const same = (v: unknown) => String(v).toLowerCase() === String(wanted).toLowerCase();
  return Array.isArray(value) ? value.some(same) : value !== undefined && same(value);
}

function card(entry: Entry): Data {
  const { title, summary, image, tags } = entry.data;
  return { title, summary, link: entry.route, ...(image ? { image } : {}), ...(Array.isArray(tags) ? { tags } : {}) };
}

/** A card's fields by the entry's fields they are copied from (`card`, and the roles of `withRoles`). */
const cardFields: Readonly<Record<'entries' | 'roles', Readonly<Record<string, string>>>> = {
  entries: { title: 'title', summary: 'summary', image: 'image', tags: 'tags' },
  roles: { role: 'title', skills: 'skills', location: 'location' },
};

/**
 * Where a value of a filled listing was written: a path into a card of a listed page (`sections.2.entries.0.title`,
 * `sections.1.tabs.0.roles.3.skills.1`) leads to the entry it was copied from and that entry's field. Undefined
 * for any other path, and for what the listing makes itself (a card's link).
 */
export function cardOrigin(
  page: unknown,
  path: readonly (string | number)[],
  entries: readonly Entry[],
): { readonly entry: Entry; readonly path: (string | number)[] } | undefined {
  const [sections, i, ...rest] = path;
  if (sections !== 'sections' || typeof i !== 'number' || !isRecord(page) || !Array.isArray(page.sections)) return undefined;
  const section = page.sections[i] as Data | undefined;
  const kind = metaOf(section?.type)?.listing;
  let card: unknown;
  let field: readonly (string | number)[];
  if (kind === 'entries' && rest[0] === 'entries' && typeof rest[1] === 'number') {
    card = (section!.entries as unknown[] | undefined)?.[rest[1]];
    field = rest.slice(2);
  } else if (kind === 'roles' && section!.collection !== undefined && rest[0] === 'tabs' && rest[2] === 'roles' && typeof rest[1] === 'number' && typeof rest[3] === 'number') {
    const tab = (section!.tabs as Data[] | undefined)?.[rest[1]];
    card = (tab?.roles as unknown[] | undefined)?.[rest[3]];
    field = rest.slice(4);
  } else return undefined;
  const from = cardFields[kind][String(field[0])];
  const entry = isRecord(card) ? entries.find((e) => e.route === card.link) : undefined;
  return from && entry ? { entry, path: [from, ...field.slice(1)] } : undefined;
}

/** Without a collection, every tab needs its roles written out. */
function rolesWritten(run: CheckRun, source: SourceFile, i: number, section: Data): void {
  const tabs = Array.isArray(section.tabs) ? section.tabs : [];
  tabs.forEach((tab, t) => {
    if (!isRecord(tab) || tab.roles !== undefined) return;
    const why = 'the roles of the department; or name a `collection` on the section, and its entries become the roles';
    run.report(source, { code: 'MissingProperty', path: ['sections', i, 'tabs', t], ...explain.MissingProperty('roles', ' in a career tab', why) });
  });
}

function withRoles(run: CheckRun, section: Data, collection: Collection): Data {
  const tabs = Array.isArray(section.tabs) ? section.tabs.filter(isRecord) : [];
  const entries = listable(run, collection);
  return {
    ...section,
    tabs: tabs.map((tab) => ({
      ...tab,
      roles: entries
        .filter((e) => e.data.team === tab.name)
        .map((e) => ({ id: e.slug, role: e.data.title, skills: e.data.skills, location: e.data.location, link: e.route })),
    })),
  };
}

/**
 * A role whose team is a tab of no careers section that lists its collection would be on no list:
 * reported at the role, once every page has been read.
 */
export function reportUnlisted(run: CheckRun, collections: Collections, pages: readonly SourceFile[]): void {
  // The tabs of each careers section that lists a collection, by collection, from the pages as listed.
  const careersTabs = new Map<string, { readonly page: string; readonly tabs: readonly string[] }[]>();
  for (const page of pages) {
    for (const section of sectionsOf(page)) {
      const s = section as Data;
      if (metaOf(s.type)?.listing !== 'roles' || typeof s.collection !== 'string' || !collections.byName.has(s.collection)) continue;
      const tabs = (Array.isArray(s.tabs) ? s.tabs.filter(isRecord) : []).map((t) => String(t.name));
      careersTabs.set(s.collection, [...(careersTabs.get(s.collection) ?? []), { page: page.file, tabs }]);
    }
  }
  for (const [name, listings] of careersTabs) {
    const tabs = [...new Set(listings.flatMap((l) => l.tabs))];
    for (const entry of listable(run, collections.byName.get(name)!)) {
      const team = String(entry.data.team);
      if (tabs.includes(team)) continue;
      const page = listings.map((l) => l.page).join(' and ');
      run.report(entry.source, { code: 'EntryNotListed', path: ['team'], ...explain.EntryNotListed(team, page, tabs, closest(team, tabs)) });
    }
  }
}
