/**
 * The editor's API as one table: each address, the method it answers, what it does (the plain
 * functions of api.ts, publish.ts, media.ts, library.ts) and the least role that may call it. The
 * single-user `npm run edit` (plugin.ts) and the shared service (src/editor/service/) both mount this
 * table, so an address never means one thing on one and another thing on the other, and the service
 * authorises every request by the role written here, never by what the page shows.
 */
import type { Fix } from '../../content/catalog.ts';
import { formatPath } from '../../content/paths.ts';
import { findUnsafeData, MAX_DATA_DEPTH, MAX_LIST_LENGTH, MAX_TEXT_LENGTH } from '../../content/yaml/safe-keys.ts';
import { EditorError } from '../shared/errors.ts';
import {
  applyFix,
  catalog,
  checkDraft,
  ContentInvalid,
  createPage,
  deleteFile,
  openFile,
  planDeletion,
  saveFile,
  type EditorProject,
} from './api.ts';
import { deletePicture, listPictures } from './library.ts';
import { MAX_PICTURE_BYTES, storePicture } from './media.ts';
import { changes, GitFailed, publish } from './publish.ts';

/** Who may call an address: `writer` edits, `publisher` also puts changes live (admin ⊇ publisher ⊇ writer). */
export type NeededRole = 'writer' | 'publisher';

/** What one call gets: the JSON body (empty for a GET or a raw upload), the raw bytes, the query. */
export interface Call {
  readonly body: Record<string, unknown>;
  readonly raw: Buffer;
  readonly query: URLSearchParams;
  /** Who asked, for the commit's author; undefined in the single-user editor (git's own settings). */
  readonly author?: { readonly name: string; readonly email: string };
}

export interface EditorRoute {
  readonly method: 'GET' | 'POST';
  readonly role: NeededRole;
  /** The most bytes the body may have when it is raw bytes rather than JSON (an upload). */
  readonly raw?: number;
  /** It writes files: the shared service runs it one at a time with the steps that commit or remove a worktree. */
  readonly writes?: true;
  /**
   * What the shared service's audit records once it succeeded (every route that writes has one): the
   * action's permanent name, and what it acted on, read from the call and its answer. Never a secret.
   */
  readonly audit?: { readonly action: string; readonly detail: (call: Call, answer: unknown) => string };
  readonly handle: (project: EditorProject, call: Call) => Promise<unknown>;
}

/**
 * The largest page's data is 9 KB as JSON (home, 2026-11-28): a body 100 times that is refused (413)
 * before it is parsed, so no one request can hold the editor for long. A picture comes as its own
 * bytes, with its own limit (media.ts).
 */
export const MAX_JSON_BODY = 1024 * 1024;
/**
 * How much of a too-large body is still read, so that the refusal reaches the browser: cut off while
 * it still sends, the browser reports that the server did not answer instead of why.
 */
export const READ_JSON_BODY = 8 * MAX_JSON_BODY;

export const text = (body: Record<string, unknown>, field: string): string => {
  const value = body[field];
  if (typeof value !== 'string' || value === '') {
    throw new EditorError('EditorBadRequest', `\`${field}\` is required and must be text; it was ${JSON.stringify(value)}.`);
  }
  return value;
};

/** A fix as the check offered it: offsets and texts, each named when it is missing or of the wrong kind. */
function readFix(value: unknown): Fix {
  const fix = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  for (const field of ['start', 'end'] as const) {
    if (!Number.isSafeInteger(fix[field]) || (fix[field] as number) < 0) {
      throw new EditorError(
        'EditorBadRequest',
        `\`fix.${field}\` must be an offset in the file (a whole number from 0); it was ${JSON.stringify(fix[field])}.`,
      );
    }
  }
  for (const field of ['was', 'text', 'label'] as const) {
    if (typeof fix[field] !== 'string') {
      throw new EditorError('EditorBadRequest', `\`fix.${field}\` must be text; it was ${JSON.stringify(fix[field])}.`);
    }
  }
  return {
    start: fix.start as number,
    end: fix.end as number,
    was: fix.was as string,
    text: fix.text as string,
    label: fix.label as string,
  };
}

export const editorRoutes: Readonly<Record<string, EditorRoute>> = {
  '/api/catalog': { method: 'GET', role: 'writer', handle: (project) => catalog(project) },
  '/api/open': { method: 'POST', role: 'writer', handle: async (project, { body }) => openFile(project, text(body, 'file')) },
  '/api/draft': {
    method: 'POST',
    role: 'writer',
    handle: (project, { body }) => checkDraft(project, text(body, 'file'), text(body, 'version'), body.data),
  },
  '/api/fix': {
    method: 'POST',
    role: 'writer',
    handle: async (project, { body }) =>
      applyFix(project, text(body, 'file'), text(body, 'version'), body.data, readFix(body.fix)),
  },
  '/api/save': {
    method: 'POST',
    role: 'writer',
    writes: true,
    audit: { action: 'content.saved', detail: ({ body }) => String(body.file) },
    handle: (project, { body }) => saveFile(project, text(body, 'file'), text(body, 'version'), body.data),
  },
  '/api/pages': {
    method: 'POST',
    role: 'writer',
    writes: true,
    audit: { action: 'content.created', detail: (_call, answer) => String((answer as { file?: unknown }).file) },
    handle: async (project, { body }) =>
      createPage(project, {
        route: body.route,
        template: body.template,
        label: body.label,
        draft: body.draft,
        collection: body.collection,
      }),
  },
  '/api/delete-plan': {
    method: 'POST',
    role: 'writer',
    handle: (project, { body }) => planDeletion(project, text(body, 'file')),
  },
  '/api/delete': {
    method: 'POST',
    role: 'writer',
    writes: true,
    audit: { action: 'content.deleted', detail: ({ body }) => String(body.file) },
    handle: (project, { body }) => deleteFile(project, text(body, 'file'), text(body, 'version')),
  },
  '/api/changes': { method: 'GET', role: 'writer', handle: (project) => changes(project.root) },
  '/api/publish': {
    method: 'POST',
    role: 'publisher',
    handle: (project, { body, author }) => {
      if (!project.draw)
        throw new Error(
          'EditorDrawingMissing: this editor publishes directly, but was given no drawing of the site to check the pages with.',
        );
      return publish(project.root, body.message, project.draw, author);
    },
  },
  // The picture is the request's body, as the browser read it from the file; what it is for
  // comes in the address (its alt text and page name its file).
  '/api/media': {
    method: 'POST',
    role: 'writer',
    writes: true,
    audit: { action: 'picture.uploaded', detail: (_call, answer) => String((answer as { path?: unknown }).path) },
    raw: MAX_PICTURE_BYTES,
    handle: async (project, { raw, query }) =>
      storePicture(project.root, {
        name: query.get('name') || 'picture',
        bytes: raw,
        ...(query.get('alt') ? { alt: query.get('alt')! } : {}),
        ...(query.get('page') ? { page: query.get('page')! } : {}),
      }),
  },
  '/api/pictures': { method: 'GET', role: 'writer', handle: (project) => listPictures(project.root) },
  '/api/pictures/delete': {
    method: 'POST',
    role: 'writer',
    writes: true,
    audit: { action: 'picture.deleted', detail: ({ body }) => String(body.path) },
    handle: async (project, { body }) => deletePicture(project.root, text(body, 'path')),
  },
};

const statusOf: Record<string, number> = {
  EditorBadRequest: 400,
  EditorTooLarge: 413,
  EditorPathOutside: 400,
  EditorYamlUnreadable: 422,
  EditorNotAText: 422,
  EditorValueChanged: 422,
  EditorFixStale: 409,
  EditorFileMissing: 404,
  EditorConflict: 409,
  EditorLinked: 409,
  EditorForbidden: 403,
  EditorPushFailed: 502,
  EditorLinkRefused: 409,
  EditorInboxOffline: 503,
  EditorRepoUnreachable: 502,
};

/** The editor's own failures as the answer the page gets; undefined for a fault to log and hide. */
export function refusal(error: unknown): { status: number; body: Record<string, unknown> } | undefined {
  if (error instanceof ContentInvalid)
    return { status: 422, body: { error: error.name, message: error.message, problems: error.problems } };
  if (error instanceof EditorError)
    return { status: statusOf[error.code] ?? 400, body: { error: error.code, message: error.message } };
  if (error instanceof GitFailed)
    return { status: 500, body: { error: error.name, message: `${error.message}. Nothing was published.` } };
  return undefined;
}

/** What the page is told about a fault of the editor itself: the details (paths, a stack) are for the log. */
export const faultBody = {
  error: 'EditorFailed',
  message:
    'The editor could not do this because of a fault of its own, which it has written to its log. Nothing was written to the site; try again, and if it happens again, tell whoever runs the editor the time it happened.',
};

/**
 * The JSON body of a request, or a refusal that names what is wrong with it: not an object, a key that
 * would reach a prototype (`__proto__`, `constructor`, `prototype`: safe-keys.ts), or nesting deeper
 * than any page. Every handler of both editors reads its body here, so none of them meets such data.
 */
export function parseJson(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  if (raw.length > MAX_JSON_BODY)
    throw new EditorError(
      'EditorTooLarge',
      `This request is ${(raw.length / 1024 / 1024).toFixed(1)} MB; the editor takes up to ${MAX_JSON_BODY / 1024 / 1024} MB, far more than any page. Nothing was saved: a text this long does not belong on a page.`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new EditorError('EditorBadRequest', 'The request body must be a JSON object; it could not be read as JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new EditorError('EditorBadRequest', 'The request body must be a JSON object.');
  const unsafe = findUnsafeData(parsed);
  if (unsafe) {
    const where = `\`${formatPath(unsafe.path.slice(0, 8))}${unsafe.path.length > 8 ? '…' : ''}\``;
    throw new EditorError(
      'EditorBadRequest',
      {
        'prototype-key': `${where} is refused: no field is called ${JSON.stringify(unsafe.path.at(-1))}, and such a key could change how the editor itself works. Remove it and send the request again.`,
        'too-deep': `The request body is nested more than ${MAX_DATA_DEPTH} levels deep (at ${where}); no page of the site is. Send the page's data as the editor reads it.`,
        'too-long': `${where} holds more than ${MAX_TEXT_LENGTH.toLocaleString('en')} characters, far more than any text of the site; nothing was saved. Shorten it, or split it over several sections.`,
        'too-many': `${where} is a list of more than ${MAX_LIST_LENGTH.toLocaleString('en')} items, far more than any page has; nothing was saved.`,
      }[unsafe.kind],
    );
  }
  return parsed as Record<string, unknown>;
}
