/**
 * What a path means, decided the same way by the server (src/server/static.ts) and the browser
 * (src/app/App.tsx), so that a path the server answers with 404 shows the not-found screen in the
 * browser too, and a path it serves shows that page. tests/server/route-match.test.ts holds the two
 * to each other on the paths where they used to disagree (case, trailing slash, encoded characters).
 */

/** A path is a page, the address of a page written another way, or nothing. */
export type PathMatch =
  | { readonly kind: 'page'; readonly route: string }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'not-found' };

/**
 * The path as the server's router reads it: percent-escapes decoded as `decodeURI` does, so `/re%61ct`
 * is `/react` but an escaped `/`, `?` or `#` stays escaped (and so never names a route). Undefined
 * for a malformed escape, which names nothing.
 */
export function decodePath(pathname: string): string | undefined {
  try {
    // `%25` is a literal percent sign: kept escaped, so `%2561` does not become `a`.
    return decodeURI(pathname.replace(/%25/g, '%2525'));
  } catch {
    return undefined;
  }
}

/**
 * Matches a path against the site's routes: exactly and case-sensitively (`/Services` is not
 * `/services`); `/route/`, `/route/index.html` and `/index.html` are the page's address written
 * another way, answered with a redirect to it.
 */
export function matchPath(pathname: string, routes: ReadonlySet<string>): PathMatch {
  const path = decodePath(pathname);
  if (path === undefined) return { kind: 'not-found' };
  if (routes.has(path)) return { kind: 'page', route: path };
  const alias = path.replace(/\/index\.html$/, '/');
  const route = alias === '/' ? '/' : alias.replace(/\/$/, '');
  if (route !== path && routes.has(route)) return { kind: 'redirect', to: route };
  return { kind: 'not-found' };
}
