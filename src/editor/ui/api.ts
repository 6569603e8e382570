/** The editor server's API as the browser side calls it (src/editor/local/plugin.ts). */
import type { Fix, Problem } from '../../content/catalog.ts';
import type { DraftResult, EditorCatalog, OpenedFile } from '../api/api.ts';
import type { Changes, Published } from '../api/publish.ts';
import type { DeletePlan } from '../api/pages.ts';
import type { DeletedPicture, LibraryPicture } from '../api/library.ts';
import type { ChangeSet, Overlap, Review, Update, Version } from '../service/change-sets.ts';
import type { InboxEvent, InboxItem, InboxPage, InboxStatus, StoredFile, Submission } from '../../server/storage/index.ts';

export type { ChangeSet, Overlap, Review, Version };
export type { InboxEvent, InboxItem, InboxStatus, StoredFile, Submission };
export type { Changes, DeletePlan, DraftResult, EditorCatalog, OpenedFile, Problem, Published };

/** A refusal of the editor server, with its permanent name and its message. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
    this.name = code;
  }
}

/**
 * The shared service's CSRF token, which it puts in a cookie this page can read and every write must
 * echo in a header (src/editor/service/app.ts). The single-user editor sets none and needs none.
 */
function csrfToken(): Record<string, string> {
  const match = /(?:^|;\s*)(?:__Host-)?editor_csrf=([^;]+)/.exec(document.cookie);
  return match ? { 'x-csrf-token': decodeURIComponent(match[1]!) } : {};
}

/** The change set this page edits in the shared service (`/?cs=<id>`); none in the single-user editor. */
export const currentChangeSet = (): string | undefined => new URLSearchParams(window.location.search).get('cs') ?? undefined;

function changeSetHeader(): Record<string, string> {
  const id = currentChangeSet();
  return id ? { 'x-change-set': id } : {};
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(
      path,
      body === undefined
        ? { headers: changeSetHeader() }
        : body instanceof Blob
          ? {
              method: 'POST',
              headers: { 'content-type': 'application/octet-stream', ...csrfToken(), ...changeSetHeader() },
              body,
            }
          : {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...csrfToken(), ...changeSetHeader() },
              body: JSON.stringify(body),
            },
    );
  } catch {
    throw new ApiError(
      'EditorOffline',
      'The editor does not answer: check your connection and try again in a moment (on your own computer, check that the editor’s terminal window is still open). Your changes are kept in this browser.',
      0,
    );
  }
  const json = (await response.json().catch(() => ({}))) as { error?: string; message?: string; problems?: Problem[] };
  if (!response.ok)
    throw new ApiError(
      json.error ?? 'EditorFailed',
      json.message ?? `The editor server answered ${response.status}.`,
      response.status,
      json.problems ?? [],
    );
  return json as T;
}

/** The inbox's two lists. */
export type InboxList = 'enquiries' | 'applications';

/** One submission as the inbox shows it: its fields, state, history and files. */
export type InboxDetail = InboxItem & { readonly events: readonly InboxEvent[]; readonly files: readonly StoredFile[] };

/** Who is signed in to the shared service; undefined in the single-user editor, which has no accounts. */
export interface SignedInAccount {
  readonly email: string;
  readonly name: string;
  readonly role: Role;
}

/** Who may do what (src/editor/service/accounts): content roles, and the inbox's sales and hr. */
export type Role = 'writer' | 'publisher' | 'admin' | 'sales' | 'hr';

export const api = {
  /** The signed-in account of the shared service, or undefined where there is no sign-in (`npm run edit`). */
  me: async (): Promise<SignedInAccount | undefined> => {
    const response = await fetch('/auth/me').catch(() => undefined);
    if (!response?.ok) return undefined;
    return ((await response.json()) as { account: SignedInAccount }).account;
  },
  signOut: () => call<{ signedOut: boolean }>('/auth/sign-out', {}),
  people: {
    list: () => call<(SignedInAccount & { hasPassword: boolean })[]>('/api/people'),
    add: (email: string, role: string, name: string) =>
      call<{ account: SignedInAccount; link: string; expiresAt: string }>('/api/people', {
        email,
        role,
        ...(name ? { name } : {}),
      }),
    invite: (email: string) =>
      call<{ account: SignedInAccount; link: string; expiresAt: string }>('/api/people/invite', { email }),
    role: (email: string, role: string) => call<SignedInAccount>('/api/people/role', { email, role }),
    remove: (email: string) => call<{ removed: boolean }>('/api/people/remove', { email }),
    signOut: (email: string) => call<{ sessions: number }>('/api/people/sign-out', { email }),
  },
  inbox: {
    list: (list: InboxList, filters: Record<string, string>) =>
      call<InboxPage & { choices: { pages: string[]; roles: string[] } }>(`/api/inbox/${list}?${new URLSearchParams(filters)}`),
    exportUrl: (list: InboxList, filters: Record<string, string>) => `/api/inbox/${list}/export?${new URLSearchParams(filters)}`,
    get: (list: InboxList, id: string) => call<InboxDetail>(`/api/inbox/${list}/${encodeURIComponent(id)}`),
    change: (list: InboxList, id: string, change: { status?: InboxStatus; assignee?: string | null; note?: string }) =>
      call<InboxDetail>(`/api/inbox/${list}/${encodeURIComponent(id)}`, change),
    fileUrl: (id: string, file: string) => `/api/inbox/applications/${encodeURIComponent(id)}/files/${encodeURIComponent(file)}`,
    /** How many enquiries each page (by route) brought this month. */
    pageEnquiries: () => call<{ since: string; counts: Record<string, number> }>('/api/page-enquiries'),
  },
  peopleData: {
    find: (person: Record<string, string>) =>
      call<{ submissions: Submission[]; addresses: number }>(`/api/people-data?${new URLSearchParams(person)}`),
    exportUrl: (person: Record<string, string>) => `/api/people-data/export?${new URLSearchParams(person)}`,
    erase: (person: Record<string, string>, confirm: number) =>
      call<{ contacts: number; applications: number }>('/api/people-data/erase', { ...person, confirm }),
  },
  changeSets: {
    list: () => call<ChangeSet[]>('/api/change-sets'),
    create: (title: string) => call<ChangeSet>('/api/change-sets', { title }),
    get: (id: string) => call<ChangeSet & { behind: number }>(`/api/change-sets/${id}`),
    update: (id: string) => call<Update>(`/api/change-sets/${id}/update`, {}),
    /** Keep theirs (the live site's value) or Keep yours, for a value both changed. */
    chooseOverlap: (id: string, overlap: Overlap, choice: 'theirs' | 'mine') =>
      call<ChangeSet>(`/api/change-sets/${id}/overlap`, { file: overlap.file, path: overlap.path, choice }),
    askReview: (id: string, note: string) => call<ChangeSet>(`/api/change-sets/${id}/ask-review`, { note }),
    comment: (id: string, text: string) => call<ChangeSet>(`/api/change-sets/${id}/comment`, { text }),
    review: (id: string) => call<Review>(`/api/change-sets/${id}/review`),
    sendBack: (id: string, text: string) => call<ChangeSet>(`/api/change-sets/${id}/send-back`, { text }),
    history: (file: string) => call<Version[]>(`/api/history?${new URLSearchParams({ file })}`),
    restore: (file: string, commit: string) => call<ChangeSet>('/api/history/restore', { file, commit }),
    share: (id: string, days: number) => call<{ url: string; expiresAt: string }>(`/api/change-sets/${id}/share`, { days }),
    /** `reviewed`: the version the publisher read; the server refuses to publish a newer one unseen. */
    publish: (id: string, reviewed: string | undefined) =>
      call<{ changeSet: ChangeSet; commit: string; pushed?: string; continued?: ChangeSet }>(`/api/change-sets/${id}/publish`, {
        ...(reviewed ? { reviewed } : {}),
      }),
  },
  catalog: () => call<EditorCatalog>('/api/catalog'),
  /** A file as it is on the live site (the shared service only). */
  liveFile: (file: string) => call<OpenedFile>(`/api/live/file?${new URLSearchParams({ file })}`),
  open: (file: string) => call<OpenedFile>('/api/open', { file }),
  draft: (file: string, version: string, data: unknown) => call<DraftResult>('/api/draft', { file, version, data }),
  save: (file: string, version: string, data: unknown) => call<OpenedFile>('/api/save', { file, version, data }),
  /** The data with one of the check's fixes applied (the fix is for the text this data makes). */
  fix: (file: string, version: string, data: unknown, fix: Fix) =>
    call<{ data: unknown }>('/api/fix', { file, version, data, fix }),
  createPage: (
    page: { route: string; template: string; label: string; draft: boolean } | { collection: string; label: string },
  ) => call<OpenedFile>('/api/pages', page),
  deletePlan: (file: string) => call<DeletePlan>('/api/delete-plan', { file }),
  deleteFile: (file: string, version: string) => call<DeletePlan>('/api/delete', { file, version }),
  changes: () => call<Changes>('/api/changes'),
  publish: (message: string) => call<Published>('/api/publish', { message }),
  /** Stores a picture under public/media/uploads/, named from its alt text or the page. */
  upload: (picture: File, about: { alt?: string; page: string }) =>
    call<{ path: string; width: number; resized: boolean }>(
      `/api/media?${new URLSearchParams({ name: picture.name, page: about.page, ...(about.alt ? { alt: about.alt } : {}) })}`,
      picture,
    ),
  /** Every picture under public/media/, uploads first, each with the places that show it. */
  pictures: () => call<LibraryPicture[]>('/api/pictures'),
  /** Deletes a picture nothing uses, with its AVIF twin; one still used is refused. */
  deletePicture: (path: string) => call<DeletedPicture>('/api/pictures/delete', { path }),
};
