/**
 * A page's whole life in the editor: created from a template (a page, or an entry of a collection:
 * a job opening, a success story), renamed with every link to it following, deleted only once
 * nothing links to it. What links to a page is read from the content itself: any value that is
 * its route (or `route#anchor`), and Markdown links to it in longer texts.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseDocument } from 'yaml';
import { valueAt } from '../../content/paths.ts';
import { setOwn } from '../../content/yaml/safe-keys.ts';
import { overgrown } from '../../content/yaml/yaml-limits.ts';
import { listFiles } from '../../content/files.ts';
import { EditorError } from '../shared/errors.ts';
import { editablePath, versionOf } from '../shared/files.ts';
import { rewriteYaml } from '../shared/yaml-edit.ts';
import { newEntry, newPage } from '../../content/cli/new-page.ts';

type Key = string | number;

/** A link to a page, where a marketer can find it. */
export interface LinkTo {
  readonly file: string;
  /** The page or entry's title, or what the file is, for the list shown before a rename or delete. */
  readonly where: string;
  readonly line: number;
  readonly path: readonly Key[];
  /** The text that holds the link. */
  readonly value: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Markdown links to `route` in a text: `](/route)` and `](/route#anchor)`. */
const markdownTo = (route: string) => new RegExp(`\\]\\(${escape(route)}(?=[)#\\s])`, 'g');

/** Whether a value of the content links to `route`. */
function linksHere(value: string, route: string): boolean {
  if (value === route || value.startsWith(`${route}#`)) return true;
  return value.length > route.length + 3 && markdownTo(route).test(value);
}

/** `value` with its links to `from` going to `to` instead. */
function relinked(value: string, from: string, to: string): string {
  if (value === from) return to;
  if (value.startsWith(`${from}#`)) return to + value.slice(from.length);
  return value.replace(markdownTo(from), `](${to}`);
}

/** `data` with every link to `from` going to `to`: a renamed page's links to itself (`/vue#faq`). */
export function relinkAll<T>(data: T, from: string, to: string): T {
  if (typeof data === 'string') return relinked(data, from, to) as T;
  if (Array.isArray(data)) return data.map((item) => relinkAll(item, from, to)) as T;
  if (data && typeof data === 'object')
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, relinkAll(v, from, to)])) as T;
  return data;
}

/** Every content file, relative to the project (content/…). */
export function contentFiles(root: string): string[] {
  return [...listFiles(join(root, 'content'), '.yaml'), ...listFiles(join(root, 'content'), '.yml')].map((abs) =>
    relative(root, abs).split('\\').join('/'),
  );
}

function titleOf(file: string, data: unknown): string {
  const title = (data as { title?: unknown } | null)?.title;
  if (typeof title === 'string') return title;
  if (file === 'content/site.yaml') return 'Site settings';
  return file.replace(/^content\/|\.ya?ml$/g, '');
}

/** Every link in the content to `route`, except those in `except` (the page's own file). */
export function linksTo(root: string, route: string, except?: string): LinkTo[] {
  const found: LinkTo[] = [];
  for (const file of contentFiles(root)) {
    // A collection's page template links like any page (to /contact, to /careers).
    if (file === except) continue;
    const text = readFileSync(join(root, file), 'utf8');
    const doc = parseDocument(text);
    // A file that expands beyond any page (yaml-limits.ts) is the content check's to report; it holds no link here.
    if (overgrown(doc)) continue;
    const data = doc.toJS() as unknown;
    const walk = (value: unknown, path: Key[]) => {
      if (typeof value === 'string') {
        if (!linksHere(value, route)) return;
        const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
        const line = node?.range ? text.slice(0, node.range[0]).split('\n').length : 1;
        found.push({ file, where: titleOf(file, data), line, path, value });
      } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    };
    walk(data, []);
  }
  return found;
}

/** A file's new text once its links to `from` go to `to`. */
export interface Relinked {
  readonly file: string;
  readonly version: string;
  readonly text: string;
  readonly links: readonly LinkTo[];
}

/** The other files whose links follow a page from `from` to `to`, rewritten line by line. */
export function relink(root: string, from: string, to: string, except: string): Relinked[] {
  const links = linksTo(root, from, except);
  const files = [...new Set(links.map((l) => l.file))];
  return files.map((file) => {
    const before = readFileSync(join(root, file), 'utf8');
    const data = structuredClone(parseDocument(before).toJS()) as Record<Key, unknown>;
    const mine = links.filter((l) => l.file === file);
    for (const link of mine)
      setOwn(valueAt(data, link.path.slice(0, -1)) as object, link.path.at(-1)!, relinked(link.value, from, to));
    return { file, version: versionOf(before), text: rewriteYaml(before, data, file), links: mine };
  });
}

/** The route of a page file's data, when it is a page. */
export const routeOf = (data: unknown): string | undefined => {
  const route = (data as { route?: unknown } | null)?.route;
  return typeof route === 'string' ? route : undefined;
};

/** Whether the data of a page changed only where its links to itself follow its new route. */
export const sameExceptRoute = (a: unknown, b: unknown) =>
  isDeepStrictEqual({ ...(a as object), route: '' }, { ...(b as object), route: '' });

/** What a new page or entry starts from. */
export interface NewPageRequest {
  readonly route?: unknown;
  readonly template?: unknown;
  readonly label?: unknown;
  readonly draft?: unknown;
  /** An entry of this collection (`roles`, `case-studies`) instead of a page. */
  readonly collection?: unknown;
}

/** Writes a new page or entry from its template; answers its file. Never overwrites anything. */
export function createFromTemplate(root: string, request: NewPageRequest): string {
  const label = typeof request.label === 'string' && request.label.trim() ? request.label.trim() : undefined;
  const contentDir = join(root, 'content');
  const made =
    typeof request.collection === 'string' && request.collection !== ''
      ? label
        ? newEntry({ collection: request.collection, label, contentDir })
        : ({ ok: false, error: 'MissingLabel: give it a title, such as Data Engineer.' } as const)
      : newPage({
          route: typeof request.route === 'string' ? request.route.trim() : '',
          template: typeof request.template === 'string' ? request.template : 'page',
          contentDir,
          ...(label ? { label } : {}),
        });
  if (!made.ok) {
    // The command line's words (flags, backticks) are not the marketer's.
    const [code, ...rest] = made.error.split(': ');
    const message = rest
      .join(': ')
      .replace(/`--collection`|--collection/g, 'a job opening or success story from the list')
      .replace(/`--slug`/g, 'another title')
      .replace(/`/g, '');
    throw new EditorError('EditorBadRequest', `${message} (${code})`);
  }
  return relative(root, made.file).split('\\').join('/');
}

/** What deleting a page would do: the links that would be left pointing nowhere. */
export interface DeletePlan {
  readonly file: string;
  readonly route?: string;
  readonly links: readonly LinkTo[];
}

export function planDelete(root: string, file: string, route: string | undefined): DeletePlan {
  if (
    !/^content\/(pages|[a-z][a-z0-9-]*)\/[^/]+\.ya?ml$/.test(file) ||
    file.startsWith('content/shared/') ||
    file.startsWith('content/collections/')
  ) {
    throw new EditorError(
      'EditorBadRequest',
      'Only a page, a job opening or a success story can be deleted; site settings and shared blocks stay.',
    );
  }
  editablePath(root, file);
  if (!existsSync(join(root, file))) throw new EditorError('EditorFileMissing', 'That page does not exist any more.');
  return { file, ...(route ? { route } : {}), links: route ? linksTo(root, route, file) : [] };
}

/** Deletes a page nothing links to. A page still linked to is refused, with the list. */
export function deletePage(root: string, file: string, route: string | undefined, version: string): DeletePlan {
  const plan = planDelete(root, file, route);
  if (plan.links.length > 0) {
    throw new EditorError(
      'EditorLinked',
      `${plan.links.length} link${plan.links.length === 1 ? '' : 's'} still lead${plan.links.length === 1 ? 's' : ''} to this page; change or remove ${plan.links.length === 1 ? 'it' : 'them'} first, so no visitor meets a missing page.`,
    );
  }
  const abs = editablePath(root, file);
  if (versionOf(readFileSync(abs, 'utf8')) !== version) {
    throw new EditorError(
      'EditorConflict',
      'This page was changed by someone else since you opened it. Open it again to see the change before deleting it.',
    );
  }
  rmSync(abs);
  return plan;
}
