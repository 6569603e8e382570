/**
 * The browser's router, as React Router's `BrowserRouter` is (its own history, each change in a
 * transition), but blind to the links within a page that the browser follows itself: a careers tab,
 * the skip link, Back to one of them. The browser has already scrolled there, so the app has nothing
 * to do; and a new location would reach every section still waiting for its code, which React then
 * draws afresh, empty until the code arrives, instead of keeping its server HTML. Links the app follows
 * itself (a `<Link>` to `#apply` on the same page) still change the location, which then scrolls.
 */
import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
// The history BrowserRouter itself uses; exported for routers like this one that hold it themselves.
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router';

export function SiteRouter({ children }: { readonly children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) =>
        startTransition(() =>
          setState((shown) =>
            action === 'POP' && location.pathname === shown.location.pathname && location.search === shown.location.search
              ? shown
              : { action, location },
          ),
        ),
      ),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
