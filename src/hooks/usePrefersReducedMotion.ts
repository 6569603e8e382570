import { useMediaQuery } from './useMediaQuery.ts';

/**
 * True when the visitor asked the system for reduced motion. It is `false` on the server and
 * during hydration, which is safe because every animation in this site starts in an effect,
 * after the content has already been shown.
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/** The same question asked outside React (in effects and event handlers). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
