/**
 * Unsaved work, kept in the browser's storage on every change, so a reload, a closed tab or a
 * crash of the editor server loses nothing. A draft names the version of the file it was made
 * from: if the file changed on disk since, the editor says so instead of saving over it.
 */
export interface StoredDraft {
  readonly version: string;
  readonly data: unknown;
  /** The file's data as it was opened: what the draft is merged from when the file changed meanwhile. */
  readonly base?: unknown;
  readonly at: number;
}

/**
 * Drafts are kept per change set in the shared service (`?cs=` in the address): the same file has its
 * own unsaved work in each; the single-user editor has one set.
 */
const prefix = () => {
  const changeSet = new URLSearchParams(window.location.search).get('cs');
  return changeSet ? `editor:draft:${changeSet}:` : 'editor:draft:';
};
const key = (file: string) => `${prefix()}${file}`;

export const drafts = {
  read(file: string): StoredDraft | undefined {
    try {
      const raw = localStorage.getItem(key(file));
      return raw ? (JSON.parse(raw) as StoredDraft) : undefined;
    } catch {
      return undefined;
    }
  },
  write(file: string, version: string, data: unknown, base: unknown): void {
    try {
      localStorage.setItem(key(file), JSON.stringify({ version, data, base, at: Date.now() } satisfies StoredDraft));
    } catch {
      // Storage full or disabled: the edit still reaches the server as a draft; only the reload safety net is lost.
    }
  },
  forget(file: string): void {
    localStorage.removeItem(key(file));
  },
  /** The files with unsaved work. */
  files(): string[] {
    const start = prefix();
    // A file's name never has a colon, so another change set's drafts (`editor:draft:<id>:…`) stay out.
    return Object.keys(localStorage)
      .filter((k) => k.startsWith(start) && !k.slice(start.length).includes(':'))
      .map((k) => k.slice(start.length));
  },
};
