/**
 * What the editor's browser side asks of the project, as plain functions (the Vite plugin beside
 * this file puts them on HTTP): the list of files, a file opened for editing, a draft checked and
 * prepared for the preview exactly as the build would, and a save that writes only valid content
 * and never over someone else's change.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { LRUCache } from 'lru-cache';
import { checkContent, type ContentResult } from '../../content/check.ts';
import type { DrawSite } from '../../app/entry-draw.tsx';
import type { Fix, Problem } from '../../content/catalog.ts';
import { applyFixes } from '../../content/fixes.ts';
import type { CollectedAssets } from '../../content/build/module-types.ts';
import { listFiles } from '../../content/files.ts';
import { yamlData } from '../../content/yaml/yaml-limits.ts';
import { lucideIcons, logoNames } from '../../content/build/assets.ts';
import { EditorError } from '../shared/errors.ts';
import { editablePath, openForEdit, saveEdited, versionOf } from '../shared/files.ts';
import { YamlSource } from '../shared/yaml-source.ts';
import { rewriteYaml } from '../shared/yaml-edit.ts';
import { formSchemas, type FormSchemas } from './form-schemas.ts';
import { templates } from '../../content/cli/new-page.ts';
import {
  createFromTemplate,
  deletePage,
  planDelete,
  relink,
  relinkAll,
  routeOf,
  type DeletePlan,
  type LinkTo,
  type NewPageRequest,
  type Relinked,
} from './pages.ts';

/** Where the project is. */
export interface EditorProject {
  readonly root: string;
  /**
   * Draws the site's pages for the publish check, where this project is published directly (the local
   * editor). The shared service publishes through change sets, which draw their own.
   */
  readonly draw?: DrawSite;
}

/** A page file, the site settings, a shared block, or an entry of a collection (a role, a case study). */
export type FileKind = 'page' | 'site' | 'shared' | 'entry';

/** A content file as the editor lists it. */
export interface FileEntry {
  readonly file: string;
  readonly kind: FileKind;
  /** The page's title, or what the file is. */
  readonly title: string;
  readonly route?: string;
  readonly draft?: boolean;
  /** An entry's `publishedAt` (`2026-12-03`): the day it goes live, which the list says while it is to come. */
  readonly showsFrom?: string;
  /** An entry's `validThrough`: its last day on the site. */
  readonly endsOn?: string;
}

/** Everything the forms and pickers need, read once per request (schemas can change while editing). */
export interface EditorCatalog {
  readonly schemas: FormSchemas;
  readonly files: readonly FileEntry[];
  /** Every route and `route#anchor` a link can go to. */
  readonly links: readonly string[];
  readonly icons: readonly string[];
  readonly logos: readonly string[];
  /** Pictures under public/media/, as content names them (`/media/…`). */
  readonly media: readonly string[];
  /** The page templates a new page can start from (the same as `npm run new:page`). */
  readonly templates: readonly string[];
  /** The collections a new entry can be made in: a job opening, a success story. */
  readonly collections: readonly { readonly collection: string; readonly name: string }[];
}

/** A file opened in the editor. */
export interface OpenedFile {
  readonly file: string;
  readonly kind: FileKind;
  readonly version: string;
  readonly text: string;
  readonly data: unknown;
}

/** What the preview draws: the site frame and, for a page or shared content, a page. */
export interface PreviewData {
  readonly site: { readonly site: unknown; readonly icons: unknown; readonly logos: Record<string, string> };
  readonly page?: {
    readonly page: unknown;
    readonly shared: unknown;
    readonly icons: unknown;
    readonly logos: Record<string, string>;
  };
}

/** A draft as the build would see it once saved. */
export interface DraftResult {
  readonly text: string;
  /** Problems in this file. */
  readonly problems: readonly Problem[];
  /** Errors in other files, which would stop a save too. */
  readonly errorsElsewhere: number;
  /** The first of those, to list with a button that opens each. */
  readonly elsewhere: readonly Problem[];
  readonly preview?: PreviewData;
  /** The file on disk is no longer the version the edit started from. */
  readonly conflict: boolean;
  /** A page whose route changed: the links in other files that the save moves to the new route. */
  readonly relinks?: readonly LinkTo[];
}

/** The collection an entry file belongs to (`content/roles/x.yaml` → `roles`), when its folder has a schema. */
function collectionOf(root: string, file: string): string | undefined {
  const folder = file.match(/^content\/([a-z][a-z0-9-]*)\/[^/]+\.ya?ml$/)?.[1];
  return folder && existsSync(join(root, 'schemas', 'collections', `${folder}.schema.json`)) ? folder : undefined;
}

const kindOf = (project: EditorProject, file: string): FileKind =>
  file === 'content/site.yaml'
    ? 'site'
    : file.startsWith('content/shared/')
      ? 'shared'
      : collectionOf(project.root, file)
        ? 'entry'
        : 'page';

/**
 * The texts of files as they were opened, by version, so a draft is always made from what the
 * marketer saw. Bounded by size, not count: a server left running for months, or one writer sending
 * the largest texts allowed, keeps at most 32 MB of them (about 3,500 versions of the largest page).
 */
const opened = new LRUCache<string, string>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (text) => Math.max(1, text.length * 2),
});

function remember(version: string, text: string, project?: EditorProject, file?: string): void {
  opened.set(version, text);
  if (project && file) {
    const key = earlierKey(project, file);
    const texts = (earlier.get(key) ?? []).filter((t) => t.text !== text);
    earlier.set(key, [...texts.slice(-19), { text, data: YamlSource.parse(text, file).toJS() }]);
  }
}

/**
 * Per project and file: the shared service edits one copy of the site per change set, and a text one
 * change set's file had must never be written into another's.
 */
const earlierKey = (project: EditorProject, file: string) => `${project.root}\0${file}`;

/**
 * The texts each file had in this session, newest last. Rewriting a text to hold the data of an
 * older one does not always give that older text back: a folded paragraph is re-wrapped at the
 * width of its lines as they are now. When the data asked for is exactly the data of a text the
 * file had (an undo back to before a save), that text is written, byte for byte. Bounded by size
 * like `opened` (each text counted twice over, for its data).
 */
const earlier = new LRUCache<string, { readonly text: string; readonly data: unknown }[]>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (texts) =>
    Math.max(
      1,
      texts.reduce((sum, t) => sum + t.text.length * 4, 0),
    ),
});

function textFor(project: EditorProject, file: string, base: string, data: unknown): string {
  for (const known of (earlier.get(earlierKey(project, file)) ?? []).toReversed())
    if (isDeepStrictEqual(known.data, data)) return known.text;
  return rewriteYaml(base, data, file);
}

export function openFile(project: EditorProject, file: string): OpenedFile {
  const abs = contentFile(project, file);
  if (!existsSync(abs))
    throw new EditorError(
      'EditorFileMissing',
      'That page or file does not exist (any more). Pick one from the list, or make a new page.',
    );
  const { text, version } = openForEdit(abs);
  remember(version, text, project, file);
  return { file, kind: kindOf(project, file), version, text, data: YamlSource.parse(text, file).toJS() };
}

/** The absolute path of a content file the editor may open and write. */
function contentFile(project: EditorProject, file: unknown): string {
  if (typeof file !== 'string' || !file.startsWith('content/')) {
    throw new EditorError(
      'EditorPathOutside',
      `\`file\` must name a YAML file under content/, such as content/pages/home.yaml; it was ${JSON.stringify(file)}.`,
    );
  }
  return editablePath(project.root, file);
}

/** The text the file would have with `data` in it, made from the version the marketer opened. */
function draftText(
  project: EditorProject,
  file: string,
  version: string,
  data: unknown,
): { text: string; conflict: boolean; base: string } {
  const abs = contentFile(project, file);
  const onDisk = existsSync(abs) ? readFileSync(abs, 'utf8') : '';
  const current = versionOf(onDisk);
  const base = opened.get(version) ?? (current === version ? onDisk : undefined);
  if (base === undefined) {
    throw new EditorError(
      'EditorConflict',
      'This file was changed by someone else since you opened it, and the editor no longer has the version you started from. Your edit is kept in this browser; open the file again to see their change.',
    );
  }
  // A page with a new address: its own links to itself follow too (the other files' in followers()).
  const before = kindOf(project, file) === 'page' ? base.match(/^route:\s*["']?([^"'\s#]+)/m)?.[1] : undefined;
  const after = routeOf(data);
  const own = before && after && before !== after ? { ...relinkAll(data as object, before, after), route: after } : data;
  return { text: textFor(project, file, base, own), conflict: current !== version, base };
}

/**
 * The other files a save of `file` changes too: when a page's route changes, every link to it
 * follows. Made from the files as they are on disk now.
 */
function followers(project: EditorProject, file: string, base: string, text: string): Relinked[] {
  if (kindOf(project, file) !== 'page') return [];
  const before = routeOf(YamlSource.parse(base, file).toJS());
  const after = routeOf(YamlSource.parse(text, file).toJS());
  if (!before || !after || before === after || !/^\/[a-z0-9/-]*$/.test(after)) return [];
  return relink(project.root, before, after, file);
}

async function check(
  project: EditorProject,
  file: string,
  text: string,
  others: readonly Relinked[] = [],
): Promise<ContentResult> {
  const drafts = new Map([[join(project.root, file), text], ...others.map((o) => [join(project.root, o.file), o.text] as const)]);
  return checkContent({ root: project.root, unfinished: 'warn', drafts });
}

/** A logo as an inline picture: the preview has no build to emit logo files. */
function previewAssets(assets: CollectedAssets) {
  const logos = Object.fromEntries(
    Object.entries(assets.logos).map(([name, logo]) => {
      const [, , width, height] = logo.viewBox.split(' ');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${logo.viewBox}" width="${width}" height="${height}">${logo.body}</svg>`;
      return [name, `data:image/svg+xml,${encodeURIComponent(svg)}`];
    }),
  );
  return { icons: assets.icons, logos };
}

function preview(project: EditorProject, result: ContentResult, file: string): PreviewData | undefined {
  if (!result.site) return undefined;
  const site = { site: result.site.site, ...previewAssets(result.site.assets) };
  const kind = kindOf(project, file);
  // Shared content shows on the first page that draws it; the site settings frame the home page.
  const name = file.replace(/^content\/shared\/|\.ya?ml$/g, '');
  const page =
    // An entry shows as the page it makes, which names the entry as its file.
    kind === 'page' || kind === 'entry'
      ? result.pages.find((p) => p.file === file)
      : kind === 'shared'
        ? result.pages.find((p) => name in p.shared)
        : result.pages.find((p) => p.page.route === '/');
  return { site, ...(page ? { page: { page: page.page, shared: page.shared, ...previewAssets(page.assets) } } : {}) };
}

export async function checkDraft(project: EditorProject, file: string, version: string, data: unknown): Promise<DraftResult> {
  const { text, conflict, base } = draftText(project, file, version, data);
  const others = followers(project, file, base, text);
  const result = await check(project, file, text, others);
  const mine = result.problems.filter((p) => p.file === file);
  const errorsElsewhere = result.problems.filter((p) => p.file !== file && p.severity === 'error');
  const shown = preview(project, result, file);
  return {
    text,
    problems: mine,
    errorsElsewhere: errorsElsewhere.length,
    elsewhere: errorsElsewhere.slice(0, 20),
    conflict,
    ...(others.length > 0 ? { relinks: others.flatMap((o) => o.links) } : {}),
    ...(shown ? { preview: shown } : {}),
  };
}

/**
 * The data of the draft with one of the check's fixes applied to its text. The fix was offered for
 * the text this same data makes; where that text no longer holds what the fix replaces (the
 * marketer typed on meanwhile), nothing is applied and the check offers a fresh one.
 */
export function applyFix(
  project: EditorProject,
  file: string,
  version: string,
  data: unknown,
  fix: Fix,
): { readonly data: unknown } {
  const { text } = draftText(project, file, version, data);
  const { text: fixed, applied } = applyFixes(text, [fix]);
  if (applied.length === 0) {
    throw new EditorError(
      'EditorFixStale',
      'The text this fix was made for has changed since the check offered it, so nothing was applied. The check runs again at once; apply the fix it offers then.',
    );
  }
  return { data: YamlSource.parse(fixed, file).toJS() };
}

/** Raised when a save is refused because the content would not pass the build's check. */
export class ContentInvalid extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(
      `The change was not saved: the content check found ${problems.length} error${problems.length === 1 ? '' : 's'}. Each is shown at its field.`,
    );
    this.name = 'ContentInvalid';
  }
}

export async function saveFile(project: EditorProject, file: string, version: string, data: unknown): Promise<OpenedFile> {
  const { text, base } = draftText(project, file, version, data);
  const others = followers(project, file, base, text);
  const result = await check(project, file, text, others);
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) throw new ContentInvalid(errors);
  // The links first: a page renamed before them would leave them pointing nowhere if one failed.
  for (const other of others) {
    const written = saveEdited(contentFile(project, other.file), other.text, other.version);
    remember(written.version, other.text, project, other.file);
  }
  const saved = saveEdited(contentFile(project, file), text, version);
  remember(saved.version, text, project, file);
  return { file, kind: kindOf(project, file), version: saved.version, text, data: YamlSource.parse(text, file).toJS() };
}

function mediaFiles(root: string): string[] {
  const folder = join(root, 'public', 'media');
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(webp|avif|png|jpe?g|svg)$/i.test(entry.name))
        found.push(`/${relative(join(root, 'public'), path).split('\\').join('/')}`);
    }
  };
  walk(folder);
  return found.sort();
}

/**
 * What the list of files shows of a file (its title, route, whether it is a draft), by the file's
 * text: every catalog of every change set lists every file, and reading each one's YAML again was
 * most of a catalog's time (bench:editor-service).
 */
/** Whether an entry is off the site only because of its dates (to come, or past), as the build decides by UTC day. */
function outsideItsDates(data: Headline): boolean {
  const today = new Date().toISOString().slice(0, 10);
  return (
    (typeof data.publishedAt === 'string' && data.publishedAt > today) ||
    (typeof data.validThrough === 'string' && data.validThrough < today)
  );
}

type Headline = { route?: unknown; title?: unknown; draft?: unknown; publishedAt?: unknown; validThrough?: unknown };
const headlines = new LRUCache<string, Headline>({ max: 10_000 });
function headlineOf(text: string): Headline {
  const key = createHash('sha1').update(text).digest('base64');
  let found = headlines.get(key);
  if (!found) {
    let data: Headline = {};
    try {
      data = (yamlData(text) ?? {}) as typeof data;
    } catch {
      // Unreadable: listed by its file name.
    }
    found = {
      route: data.route,
      title: data.title,
      draft: data.draft,
      publishedAt: data.publishedAt,
      validThrough: data.validThrough,
    };
    headlines.set(key, found);
  }
  return found;
}

export async function catalog(project: EditorProject): Promise<EditorCatalog> {
  const root = project.root;
  const result = await checkContent({ root, unfinished: 'warn' });
  const schemas = formSchemas(join(root, 'schemas'));
  const pageFiles = [...listFiles(join(root, 'content', 'pages'), '.yaml'), ...listFiles(join(root, 'content', 'pages'), '.yml')];
  const files: FileEntry[] = pageFiles.map((abs) => {
    const file = relative(root, abs).split('\\').join('/');
    // A file YAML cannot read is still listed; opening it says why it cannot be edited.
    const data = headlineOf(readFileSync(abs, 'utf8'));
    return {
      file,
      kind: 'page' as const,
      title: typeof data.title === 'string' ? data.title : file,
      ...(typeof data.route === 'string' ? { route: data.route } : {}),
      ...(data.draft === true ? { draft: true } : {}),
    };
  });
  // Each entry of a collection sits under the page that lists it: /careers/… after /careers.
  for (const name of Object.keys(schemas.collections)) {
    for (const abs of [...listFiles(join(root, 'content', name), '.yaml'), ...listFiles(join(root, 'content', name), '.yml')]) {
      const file = relative(root, abs).split('\\').join('/');
      const made = result.pages.find((p) => p.file === file);
      // Listed all the same when it cannot be read; opening it says why it cannot be edited.
      const data = headlineOf(readFileSync(abs, 'utf8'));
      files.push({
        file,
        kind: 'entry',
        title: typeof data.title === 'string' ? data.title : file,
        ...(made ? { route: made.page.route } : {}),
        // Left out by its dates is not a draft: the list says when it shows instead (FileEntry.showsFrom).
        ...(data.draft === true || (made?.page.draft && !outsideItsDates(data)) ? { draft: true } : {}),
        ...(typeof data.publishedAt === 'string' ? { showsFrom: data.publishedAt } : {}),
        ...(typeof data.validThrough === 'string' ? { endsOn: data.validThrough } : {}),
      });
    }
  }
  files.sort((a, b) => (a.route ?? '~').localeCompare(b.route ?? '~'));
  files.push({ file: 'content/site.yaml', kind: 'site', title: 'Site settings: navigation, footer, contact details' });
  for (const abs of listFiles(join(root, 'content', 'shared'), '.yaml')) {
    const file = relative(root, abs).split('\\').join('/');
    files.push({ file, kind: 'shared', title: `Shared block: ${file.replace(/^content\/shared\/|\.yaml$/g, '')}` });
  }
  const links = result.pages.flatMap((p) => [
    p.page.route,
    ...p.page.sections.flatMap((s) => ('id' in s && typeof s.id === 'string' ? [`${p.page.route}#${s.id}`] : [])),
  ]);
  return {
    schemas,
    files,
    links: [...new Set(links)].sort(),
    icons: [...lucideIcons().keys()].sort(),
    // A name in both logo sets is one choice.
    logos: [...new Set(await logoNames())].sort(),
    media: mediaFiles(root),
    templates,
    collections: Object.entries(schemas.collections).map(([collection, schema]) => ({
      collection,
      name: typeof schema.editorName === 'string' ? schema.editorName : collection,
    })),
  };
}

/**
 * A new page from a template, or a new entry of a collection (a job opening, a success story),
 * exactly as `npm run new:page` makes it (the route is checked for clashes and nothing is
 * overwritten); a page can start as a draft, which stays out of the build until it is ready.
 */
export function createPage(project: EditorProject, request: NewPageRequest): OpenedFile {
  const file = createFromTemplate(project.root, request);
  const abs = join(project.root, file);
  if (request.draft === true && !request.collection) {
    const source = openForEdit(abs);
    const data = YamlSource.parse(source.text, file).toJS() as Record<string, unknown>;
    const entries = Object.entries(data);
    entries.splice(entries.findIndex(([k]) => k === 'route') + 1, 0, ['draft', true]);
    saveEdited(abs, rewriteYaml(source.text, Object.fromEntries(entries), file), source.version);
  }
  return openFile(project, file);
}

/** The route a page or entry file makes, from the check (an entry's comes from its collection). */
async function routeOfFile(project: EditorProject, file: string): Promise<string | undefined> {
  const abs = join(project.root, file);
  if (kindOf(project, file) === 'page')
    return existsSync(abs) ? routeOf(YamlSource.parse(readFileSync(abs, 'utf8'), file).toJS()) : undefined;
  const result = await checkContent({ root: project.root, unfinished: 'warn' });
  return result.pages.find((p) => p.file === file)?.page.route;
}

/** What deleting a page would leave behind: the links to it, listed for the marketer. */
export async function planDeletion(project: EditorProject, file: string): Promise<DeletePlan> {
  contentFile(project, file);
  return planDelete(project.root, file, await routeOfFile(project, file));
}

/** Deletes a page or entry that nothing links to any more. */
export async function deleteFile(project: EditorProject, file: string, version: string): Promise<DeletePlan> {
  contentFile(project, file);
  const plan = deletePage(project.root, file, await routeOfFile(project, file), version);
  earlier.delete(earlierKey(project, file));
  return plan;
}
