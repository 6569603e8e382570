import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept in sync with the browser. During server rendering and
 * hydration it returns `serverValue`, so the first client render always matches the HTML.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
