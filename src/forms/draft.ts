/**
 * Keeps what a visitor typed in sessionStorage, so that an accidental reload does not lose a long
 * enquiry. Only this tab sees it, and it is gone when the tab closes. Storage can be unavailable
 * (private modes, quotas): then drafts are simply not kept.
 */

export function readDraft(key: string): Record<string, string> | undefined {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return undefined;
    const data = JSON.parse(raw) as unknown;
    if (typeof data !== 'object' || data === null) return undefined;
    return Object.fromEntries(Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, values: Readonly<Record<string, string>>): void {
  try {
    if (Object.values(values).every((value) => value === '')) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or blocked: the draft is a convenience, the form works without it.
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // See writeDraft.
  }
}
