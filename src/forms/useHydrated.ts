import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from then on (and at once when the page
 * renders on the client only). Controls that do nothing without React use it to stay honest until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
