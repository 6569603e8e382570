/**
 * The editor's media library: every picture under public/media/ with the places that show it, and
 * the deletion of one that nothing shows. Where a picture is used is read from the content itself
 * (any value that is its path, or a Markdown picture or link to it in a longer text) and from the
 * site's own code (the header's logo mark). An upload that nothing uses is never published
 * (publish.ts), so a picture tried and replaced does not end up in the repository.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { parseDocument } from 'yaml';
import { overgrown } from '../../content/yaml/yaml-limits.ts';
import { listFiles } from '../../content/files.ts';
import { NARROW_WIDTH } from '../../content/build/pictures.ts';
import { EditorError } from '../shared/errors.ts';
import { editablePath } from '../shared/files.ts';
import { placeOf, words } from '../ui/words.ts';
import { contentFiles } from './pages.ts';

/** One place that shows a picture, in words a marketer can find it by. */
export interface PictureUse {
  /** The file that names the picture: a content file, or the site's code. */
  readonly file: string;
  /** The page or entry's title, or what the file is. */
  readonly title: string;
  /** Where in it: "Image of section 2". */
  readonly where: string;
}

export interface LibraryPicture {
  /** The path content names it by: `/media/…`. */
  readonly path: string;
  readonly bytes: number;
  /** Its size in pixels, as shown (after orientation); absent when it cannot be read. */
  readonly width?: number;
  readonly height?: number;
  readonly uses: readonly PictureUse[];
}

type Key = string | number;

const MEDIA = '/media/';
const UPLOADS = '/media/uploads/';
const PICTURE = /\.(webp|avif|png|jpe?g|svg)$/i;
// The build serves an AVIF file lying next to a raster picture in its place (src/content/build/pictures.ts).
const RASTER = /\.(webp|png|jpe?g)$/i;
// The build's own copies (`name-<hash>-800.webp`) live in its cache; one copied here by hand is
// still a copy of another picture, not one a marketer chose.
const BUILD_COPY = new RegExp(`-[0-9a-f]{10}-${NARROW_WIDTH}\\.(webp|avif)$`);
const MEDIA_IN_TEXT = /\/media\/[A-Za-z0-9_\-./%]+\.[A-Za-z0-9]+/g;

const twinOf = (path: string): string | undefined => (RASTER.test(path) ? path.replace(/\.[a-z]+$/i, '.avif') : undefined);

/** The pictures `path` would be the AVIF twin of, were they there. */
const picturesOfTwin = (path: string): string[] =>
  /\.avif$/i.test(path) ? ['webp', 'png', 'jpg', 'jpeg'].map((ext) => path.replace(/avif$/i, ext)) : [];

const slashed = (path: string) => path.split('\\').join('/');

/** The page or entry's title, else what the file is. */
function titleOf(file: string, data: unknown): string {
  const title = (data as { title?: unknown } | null)?.title;
  if (typeof title === 'string' && title.trim()) return title;
  if (file === 'content/site.yaml') return 'Site settings';
  const name = file.replace(/^.*\/|\.ya?ml$/g, '');
  if (file.startsWith('content/collections/')) return `${words(name)} (every entry's page)`;
  if (file.startsWith('content/shared/')) return `Shared block: ${words(name)}`;
  return words(name);
}

/** "Image of section 2" for `sections[1].image.src`: the picture is the image, not its `src`. */
function whereIn(file: string, path: readonly Key[]): string {
  let place = path.at(-1) === 'src' && path.length > 1 ? path.slice(0, -1) : path;
  // A collection's sections sit under the page every entry is made from.
  if (file.startsWith('content/collections/') && place[0] === 'page') place = place.slice(1);
  return placeOf(place);
}

/** Every `/media/…` path the content and the site's code name, with where. */
function usesByPath(root: string): Map<string, PictureUse[]> {
  const uses = new Map<string, PictureUse[]>();
  const add = (path: string, use: PictureUse) => {
    const list = uses.get(path) ?? [];
    list.push(use);
    uses.set(path, list);
  };
  for (const file of contentFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const doc = parseDocument(text);
    if (doc.errors.length > 0 || overgrown(doc)) {
      // A file that does not read as YAML still counts: what it names must not be deleted under it.
      const title = titleOf(file, undefined);
      for (const path of new Set(text.match(MEDIA_IN_TEXT) ?? []))
        add(path, { file, title, where: 'Somewhere in it (the file cannot be read right now)' });
      continue;
    }
    const data = doc.toJS() as unknown;
    const title = titleOf(file, data);
    const walk = (value: unknown, path: Key[]) => {
      if (typeof value === 'string') {
        if (value.startsWith(MEDIA)) add(value, { file, title, where: whereIn(file, path) });
        // A Markdown text shows a picture, or links to one, by its path in brackets.
        else
          for (const match of value.matchAll(/\]\((\/media\/[^)\s#?]+)/g))
            add(match[1]!, { file, title, where: whereIn(file, path) });
      } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    };
    walk(data, []);
  }
  for (const [path, sources] of usedByCode(root))
    for (const file of sources) add(path, { file, title: "The site's design", where: 'Built in by a developer' });
  return uses;
}

/** `/media/…` paths named in the site's own code (as the content check reads them, src/content/rules/lint.ts). */
function usedByCode(root: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const sources = [...listFiles(join(root, 'src')), join(root, 'index.html')].filter((abs) => {
    const file = slashed(relative(root, abs));
    // The editor and generated types are not the site; they name pictures only as examples.
    return /\.(tsx?|css|html)$/.test(file) && !/^src\/(generated|editor)\//.test(file) && existsSync(abs);
  });
  for (const abs of sources) {
    const file = slashed(relative(root, abs));
    for (const [path] of readFileSync(abs, 'utf8').matchAll(MEDIA_IN_TEXT)) {
      const files = used.get(path) ?? [];
      if (!files.includes(file)) files.push(file);
      used.set(path, files);
    }
  }
  return used;
}

/** The places that show `path`, its AVIF twin's included: the twin goes with it. */
function usesOf(uses: Map<string, PictureUse[]>, path: string): PictureUse[] {
  const twin = twinOf(path);
  return [...(uses.get(path) ?? []), ...(twin ? (uses.get(twin) ?? []) : [])];
}

/** Every file under public/media/ as content names it (`/media/…`). */
function mediaPaths(root: string): string[] {
  const publicDir = join(root, 'public');
  return listFiles(join(publicDir, 'media')).map((abs) => `/${slashed(relative(publicDir, abs))}`);
}

export async function listPictures(root: string): Promise<LibraryPicture[]> {
  const uses = usesByPath(root);
  const all = mediaPaths(root).filter((path) => PICTURE.test(path) && !BUILD_COPY.test(path));
  const present = new Set(all);
  // An AVIF twin is the same picture in another format; the library shows the picture once.
  const shown = all.filter((path) => !picturesOfTwin(path).some((picture) => present.has(picture)));
  const pictures = await Promise.all(
    shown.map(async (path): Promise<LibraryPicture> => {
      const abs = join(root, 'public', path);
      const size = await sharp(abs)
        .metadata()
        .then(
          (m) => {
            const width = m.autoOrient?.width ?? m.width;
            const height = m.autoOrient?.height ?? m.height;
            return width && height ? { width, height } : {};
          },
          () => ({}),
        );
      return { path, bytes: statSync(abs).size, ...size, uses: usesOf(uses, path) };
    }),
  );
  const uploadsFirst = (p: LibraryPicture) => (p.path.startsWith(UPLOADS) ? 0 : 1);
  return pictures.sort((a, b) => uploadsFirst(a) - uploadsFirst(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** What a deletion took away: the picture, and its AVIF twin when it had one. */
export interface DeletedPicture {
  readonly deleted: readonly string[];
}

/**
 * Deletes a picture nothing uses, with its AVIF twin. A picture still shown somewhere is refused,
 * with how many places, so no page is left with a missing picture.
 */
export function deletePicture(root: string, path: string): DeletedPicture {
  const outside = () =>
    new EditorError('EditorPathOutside', 'The library deletes only pictures of the site, under its media folder.');
  if (!path.startsWith(MEDIA) || !PICTURE.test(path)) throw outside();
  let abs: string;
  try {
    abs = editablePath(root, `public${path}`);
  } catch {
    // Its refusal names the path; the marketer needs to know only that this is not the library's.
    throw outside();
  }
  if (!existsSync(abs) || !statSync(abs).isFile())
    throw new EditorError('EditorFileMissing', 'That picture is not there any more; it may have been deleted already.');

  const used = usesOf(usesByPath(root), path);
  if (used.length > 0) {
    const places = used.slice(0, 3).map((u) => `${u.title}: ${u.where}`);
    const more = used.length > 3 ? `, and ${used.length - 3} more` : '';
    throw new EditorError(
      'EditorLinked',
      `This picture is used in ${used.length === 1 ? 'one place' : `${used.length} places`} (${places.join('; ')}${more}). Choose another picture there first, so that no page shows a missing picture.`,
    );
  }
  const twin = twinOf(path);
  const deleted = [path];
  rmSync(abs);
  if (twin) {
    const twinAbs = editablePath(root, `public${twin}`);
    if (existsSync(twinAbs)) {
      rmSync(twinAbs);
      deleted.push(twin);
    }
  }
  return { deleted };
}

/**
 * The files under public/media/uploads/ that nothing uses, from the project root
 * (`public/media/uploads/x.webp`): uploads tried and replaced, which publishing leaves out.
 */
export function unusedUploads(root: string): string[] {
  const uses = usesByPath(root);
  return (
    mediaPaths(root)
      .filter((path) => path.startsWith(UPLOADS))
      // A twin is used when its picture is.
      .filter((path) => !uses.has(path) && !picturesOfTwin(path).some((picture) => uses.has(picture)))
      .map((path) => `public${path}`)
      .sort()
  );
}
