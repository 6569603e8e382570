/** Sends a form to the API: JSON in, success on any 2xx, a time limit, and the server's field messages on 400. */

/** Base of the form API, fixed at build time; the site's own server answers under /api/v1. */
export const API_BASE = (import.meta.env.VITE_API_BASE || '/api/v1').replace(/\/+$/, '');

/** A request that has not been answered after this long counts as failed, so the visitor can try again. */
export const TIMEOUT_MS = 15_000;

export type SubmitResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: 'timeout' | 'network' | 'status';
      readonly status?: number;
      /** Per-field messages of a 400 ValidationFailed answer. */
      readonly fields?: readonly { field: string; message: string }[];
    };

/**
 * POSTs `body` to `API_BASE + path`: as JSON, or, when the form sends files, as the multipart body the form
 * itself would post, the fields and then the files. The answer is JSON either way. Never throws: every
 * failure is a result.
 */
export async function postJson(
  path: string,
  body: Readonly<Record<string, string>>,
  timeoutMs: number = TIMEOUT_MS,
  files: readonly (readonly [name: string, file: File])[] = [],
): Promise<SubmitResult> {
  const controller = new AbortController();
  let timedOut = false;
  // A plain timer rather than AbortSignal.timeout(): tests drive it with a fake clock.
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const multipart = new FormData();
    for (const [name, value] of Object.entries(body)) multipart.append(name, value);
    for (const [name, file] of files) multipart.append(name, file);
    const response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      // The browser writes the multipart type, with its boundary, itself.
      headers:
        files.length > 0 ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: files.length > 0 ? multipart : JSON.stringify(body),
      signal: controller.signal,
    });
    if (response.ok) return { ok: true };
    const fields = response.status === 400 ? await readFields(response) : undefined;
    return fields
      ? { ok: false, reason: 'status', status: response.status, fields }
      : { ok: false, reason: 'status', status: response.status };
  } catch {
    return { ok: false, reason: timedOut ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
  }
}

async function readFields(response: Response): Promise<{ field: string; message: string }[] | undefined> {
  try {
    const data = (await response.json()) as { fields?: unknown };
    if (!Array.isArray(data.fields)) return undefined;
    return data.fields.filter(
      (item): item is { field: string; message: string } =>
        typeof item === 'object' && item !== null && typeof item.field === 'string' && typeof item.message === 'string',
    );
  } catch {
    return undefined;
  }
}
