/**
 * Where to send someone after they sign in, from a `next` the address carried: used by the single
 * sign-on (src/editor/service/oidc.ts) and by the sign-in page in the browser (ui/account/main.ts).
 */
const maxNextLength = 1024;

/**
 * `next` as a path on the editor's own origin, or "/": never another host (`//evil.example`, `/\evil.example`,
 * `https://…`), so the sign-in cannot be turned into an open redirect.
 */
export function localPath(next: string | undefined): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.length > maxNextLength) return '/';
  const base = 'http://editor.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  // The URL parser drops tabs and newlines and resolves dot segments, so "/\t/x" or "/.//x" come out as "//x":
  // the parsed result is what a browser would follow, and that is what is checked and returned.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== base || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path;
}
