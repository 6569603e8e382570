import { Suspense, lazy, use } from 'react';
import { Route, Routes } from 'react-router-dom';
import pages from 'virtual:content/pages';
import type { PageEntry } from '../content/module-types.ts';
import { Layout } from './Layout.tsx';
import { NotFound } from './NotFound/index.tsx';
import { PageView } from './PageView/index.tsx';
import { loadPage } from './page-loader.ts';

// The section gallery (src/app/SectionGallery) is a dev-server tool: `import.meta.env.DEV` is false
// in builds, so its code, its content module and its route are left out of production.
const SectionGallery = import.meta.env.DEV ? lazy(() => import('./SectionGallery/index.tsx')) : undefined;

/** A page route: reads its loaded content and components (suspends on a first visit). */
function PageRoute({ entry }: { readonly entry: PageEntry }) {
  // Renders what is loaded: everything when prerendering, the top section's code when hydrating
  // (main.tsx loads it first), and the whole page on a navigation.
  const loaded = use(loadPage(entry));
  return <PageView module={loaded.module} components={loaded.components} />;
}

/**
 * The routes, generated from the content files: a route per page, and the not-found screen for
 * any other path. Navigations run in a transition, so the current page stays until the next is ready.
 */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pages.map((entry) => (
          <Route
            key={entry.route}
            path={entry.route}
            element={
              <Suspense fallback={<div style={{ minHeight: '100vh' }} />}>
                <PageRoute entry={entry} />
              </Suspense>
            }
          />
        ))}
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
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
