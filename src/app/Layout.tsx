import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import site from 'virtual:content/site';
import { AssetsContext } from '../components/assets-context.ts';
import type { Page } from '../generated/schema-types.ts';
import { Header } from './Header/index.tsx';
import { Footer } from './Footer/index.tsx';
import { Loader, LoaderProvider } from './Loader/index.tsx';
import { entryFor, loadPage, loadedPage, markHydrated, pageSettled } from './startup/loader.ts';
import { ToasterHost } from '../components/Toaster/index.tsx';

/** Every route change starts at the top of the new page (or at its anchor when the link has one). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // Not when the page first hydrates: the browser has placed it already (at an anchor, or where
  // the visitor scrolled while the code was loading), and that is where it must stay.
  const shown = useRef(`${pathname}${hash}`);
  useLayoutEffect(() => {
    if (shown.current === `${pathname}${hash}`) return;
    shown.current = `${pathname}${hash}`;
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    return followAnchor(decodeURIComponent(hash.slice(1)), pathname);
  }, [pathname, hash]);
  return null;
}

/**
 * Brings the anchor into view, and keeps it there while the page is still being drawn: its section may
 * not be drawn yet (its code had not arrived when the link was followed), or React may draw it afresh
 * when its code arrives (a press reached it before then), and the browser's scroll anchoring then keeps
 * whatever was on screen in the meantime. Followed until every section has committed, or the visitor
 * reaches for the page, whichever comes first; returns the clean-up.
 */
function followAnchor(id: string, pathname: string): () => void {
  const bringIntoView = () => {
    const target = document.getElementById(id);
    if (!target) return;
    const { top } = target.getBoundingClientRect();
    if (top < 0 || top >= window.innerHeight) target.scrollIntoView();
  };
  bringIntoView();
  const main = document.getElementById('main');
  if (!main) return () => {};
  const observer = new MutationObserver(bringIntoView);
  observer.observe(main, { childList: true, subtree: true });
  const visitorEvents = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
  const stop = () => {
    observer.disconnect();
    for (const type of visitorEvents) window.removeEventListener(type, stop, true);
  };
  for (const type of visitorEvents) window.addEventListener(type, stop, { capture: true, passive: true });
  // One more look once the last section has committed, then nothing on the page is redrawn by start-up.
  void pageSettled(pathname).then(() => {
    if (observer.takeRecords().length > 0) bringIntoView();
    stop();
  });
  return stop;
}

/**
 * Marks the document once React has taken over the prerendered page: until then, buttons are plain
 * HTML. Browser tests wait for it (tests/e2e/fixtures.ts). The frame's presses held until now can
 * be replayed from the commit on (startup/boot.ts).
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // With the commit's other effects: one that sets state (the header closes its menu on each
    // route) must not run after, and undo, a replayed press.
    markHydrated('frame');
  }, []);
  return null;
}

/**
 * The accent of the page on screen (`accent:` in its YAML), for `<main>`: the page's eyebrows,
 * emphasis and buttons take it (src/styles/tokens.css). The page has loaded before the prerender and
 * the hydration. A navigation is a transition that commits once the new page has loaded, and React
 * reads the store again before committing it; on the dev server's first render the frame renders
 * again when the page arrives. None for the not-found screen.
 */
function usePageAccent(): Page['accent'] | undefined {
  const { pathname } = useLocation();
  const entry = entryFor(pathname);
  const subscribe = useCallback(
    (changed: () => void) => {
      let live = true;
      // The page's own route loads it with this same cached promise and reports a failure; this only listens.
      if (entry && !loadedPage(entry))
        void loadPage(entry).then(
          () => live && changed(),
          () => {},
        );
      return () => {
        live = false;
      };
    },
    [entry],
  );
  const accent = () => (entry ? loadedPage(entry)?.page.accent : undefined);
  return useSyncExternalStore(subscribe, accent, accent);
}

/** The frame of every page: skip link, header, the loader element, the page, the footer, the toaster. */
export function Layout() {
  const accent = usePageAccent();
  return (
    <LoaderProvider>
      <AssetsContext.Provider value={site}>
        <ScrollToTop />
        <HydratedMark />
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <Header site={site.site} />
        <Loader />
        <main id="main" tabIndex={-1} data-accent={accent}>
          <Outlet />
        </main>
        <Footer site={site.site} />
        <ToasterHost />
      </AssetsContext.Provider>
    </LoaderProvider>
  );
}
