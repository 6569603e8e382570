import { useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import site from 'virtual:content/site';
import { AssetsContext } from '../components/assets-context.ts';
import { Header } from './Header/index.tsx';
import { Footer } from './Footer/index.tsx';
import { Loader, LoaderProvider } from './Loader/index.tsx';

/** Every route change starts at the top of the new page (or at its anchor when the link has one). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // Not when the page first hydrates: the browser has placed it already (at an anchor, or where
  // the visitor scrolled while the code was loading), and that is where it must stay.
  const shown = useRef(`${pathname}${hash}`);
  useLayoutEffect(() => {
    if (shown.current === `${pathname}${hash}`) return;
    shown.current = `${pathname}${hash}`;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** The frame of every page: skip link, header, the loader element, the page, the footer. */
export function Layout() {
  return (
    <LoaderProvider>
      <AssetsContext.Provider value={site}>
        <ScrollToTop />
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <Header site={site.site} />
        <Loader />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer site={site.site} />
      </AssetsContext.Provider>
    </LoaderProvider>
  );
}
