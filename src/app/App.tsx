import { Suspense, lazy, use } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { PageEntry } from '../content/build/module-types.ts';
import { Layout } from './Layout.tsx';
import { NotFound } from './NotFound/index.tsx';
import { PageView } from './PageView/index.tsx';
import { entryFor, loadPage, loadedPage, pageRoutes, useContentVersion } from './startup/loader.ts';
import { matchPath } from './route-match.ts';

// The section gallery (src/app/SectionGallery) is a dev-server tool: `import.meta.env.DEV` is false
// in builds, so its code, its content module and its route are left out of production.
const SectionGallery = import.meta.env.DEV ? lazy(() => import('./SectionGallery/index.tsx')) : undefined;

/** A page route: its loaded content and components, or a first visit that suspends until they are there. */
function PageRoute({ entry }: { readonly entry: PageEntry }) {
  // The dev server swaps in a saved page's new content (startup/loader.ts).
  useContentVersion();
  // Loaded already when prerendering and hydrating (client.tsx loads it first); on a navigation the
  // whole page with all its code loads, while the current page stays (a transition).
  const module = loadedPage(entry);
  return module ? <PageView module={module} /> : <FirstVisit entry={entry} />;
}

/**
 * A page on its first visit, suspended until its content and code have loaded. A component of its
 * own, so that it calls `use()` on every render: React requires that of a component that suspended.
 */
function FirstVisit({ entry }: { readonly entry: PageEntry }) {
  return <PageView module={use(loadPage(entry))} />;
}

/**
 * The page of the current path, matched as the server matches it (`matchPath`), not by the router's
 * own rules, which ignore case and trailing slashes: `/Services` is the not-found screen here too.
 */
function PageSwitch() {
  const { pathname, search, hash } = useLocation();
  const match = matchPath(pathname, pageRoutes);
  if (match.kind === 'redirect') return <Navigate to={`${match.to}${search}${hash}`} replace />;
  const entry = entryFor(pathname);
  if (!entry) return <NotFound />;
  return (
    <Suspense fallback={<div style={{ minHeight: '100vh' }} />}>
      <PageRoute key={entry.route} entry={entry} />
    </Suspense>
  );
}

/**
 * The frame and the page of the current path: the content files' pages, and the not-found screen
 * for any other path. Navigations run in a transition, so the current page stays until the next is ready.
 */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {SectionGallery && (
          <Route
            path="/__sections"
            element={
              <Suspense fallback={<div style={{ minHeight: '100vh' }} />}>
                <SectionGallery />
              </Suspense>
            }
          />
        )}
        <Route path="*" element={<PageSwitch />} />
      </Route>
    </Routes>
  );
}
