/**
 * Where the editor may write, and how: only YAML under content/ and media under public/media/, and
 * never over a change made on disk since the file was opened (a text editor, a `git pull`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { writeWhole } from '../../content/files.ts';
import { EditorError } from './errors.ts';

/** The folders the editor writes to, and what it may write in each. */
const areas = [
  { folder: 'content', accepts: /\.ya?ml$/i, what: 'a YAML file' },
  { folder: 'public/media', accepts: /\.(avif|webp|png|jpe?g|svg|mp4|webm)$/i, what: 'a picture or video' },
] as const;

/**
 * The absolute path of `requested` (relative to the project root) when the editor may write it. A
 * path that leaves those folders in any way is refused: `..`, an absolute path, a link that points
 * elsewhere, or a file of another kind.
 */
export function editablePath(root: string, requested: string): string {
  const refuse = (why: string) =>
    new EditorError(
      'EditorPathOutside',
      `The editor does not write \`${requested}\`: ${why}. It writes YAML files under content/ and media under public/media/ only.`,
    );
  if (requested.includes('\0') || isAbsolute(requested) || /^[a-z]:/i.test(requested))
    throw refuse('it is not a path inside the project');
  const target = resolve(root, requested);
  const area = areas.find((a) => isInside(resolve(root, a.folder), target));
  if (!area) throw refuse('it is outside the folders the editor may change');
  if (!area.accepts.test(target)) throw refuse(`only ${area.what} belongs in ${area.folder}/`);
  // The deepest folder that exists must really be inside the area, not a link out of it.
  let existing = dirname(target);
  while (!existsSync(existing)) existing = dirname(existing);
  const areaFolder = realpathSync(resolve(root, area.folder));
  const folder = realpathSync(existing);
  if (folder !== areaFolder && !isInside(areaFolder, folder)) throw refuse('a link in its path leads outside');
  if (existsSync(target) && !isInside(areaFolder, realpathSync(target))) {
    throw refuse('it is a link to a file outside');
  }
  return target;
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/** The version of a file's bytes, which a save must name: the file as the marketer opened it. */
export const versionOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A file opened for editing: its text and its version. */
export function openForEdit(file: string): { readonly text: string; readonly version: string } {
  const text = readFileSync(file, 'utf8');
  return { text, version: versionOf(text) };
}

/**
 * Writes `text` over `file` if the file is still the version the edit started from; otherwise
 * refuses, and nothing is written: someone changed it meanwhile, and their work must not be lost.
 * The write is whole or nothing (a temporary file moved into place).
 */
export function saveEdited(file: string, text: string, openedVersion: string): { readonly version: string } {
  const current = existsSync(file) ? versionOf(readFileSync(file, 'utf8')) : undefined;
  if (current !== openedVersion) {
    throw new EditorError(
      'EditorConflict',
      'This file was changed by someone else after you opened it (in a text editor, or by a git pull), so your edit was not saved over it. Your edit is kept here and merged with their change.',
    );
  }
  writeWhole(file, text);
  return { version: versionOf(text) };
}
