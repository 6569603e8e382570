/** Shared hooks: media queries, reduced motion, hydration, timers and in-view detection. */
export { useMediaQuery } from './useMediaQuery.ts';
export { usePrefersReducedMotion, prefersReducedMotion } from './usePrefersReducedMotion.ts';
export { useHydrated } from './useHydrated.ts';
export { useInterval } from './useInterval.ts';
export { useInView, meetsThreshold, OBSERVER_STEPS, type InViewOptions } from './useInView.ts';
