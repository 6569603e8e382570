import { useEffect, useState, type RefObject } from 'react';

export interface InViewOptions {
  /**
   * Share of the element that must be visible, 0 to 1 (0.1 for cards, 0.5 for the timeline line,
   * counters and service-page sections). An element taller than the viewport can never be 50 %
   * visible, so it also counts as seen once it covers that share of the viewport's height.
   */
  readonly threshold?: number;
  /** Stay `true` after the first time (default), instead of following the element in and out. */
  readonly once?: boolean;
  /** Start observing only after the visitor has scrolled for the first time (service pages). */
  readonly afterFirstScroll?: boolean;
  /** Grows or shrinks the viewport used for the test, as in IntersectionObserver (`0px 0px -10% 0px`). */
  readonly rootMargin?: string;
  /** Set to `false` to not observe at all (for example when motion is reduced); the result stays `false`. */
  readonly enabled?: boolean;
}

/** Ratios at which an observer reports, fine enough to apply the "covers the viewport" rule. */
export const OBSERVER_STEPS: readonly number[] = Array.from({ length: 21 }, (_, i) => i / 20);

/** Whether an intersection entry satisfies `threshold`, counting tall elements by viewport coverage. */
export function meetsThreshold(entry: IntersectionObserverEntry, threshold: number): boolean {
  if (!entry.isIntersecting) return false;
  if (entry.intersectionRatio >= threshold) return true;
  const viewport = entry.rootBounds?.height ?? window.innerHeight;
  return viewport > 0 && entry.intersectionRect.height >= viewport * threshold;
}

/**
 * Whether the element behind `ref` is in view. Always `false` on the server and on the first
 * client render, so it never changes server-rendered markup; it becomes `true` in an effect.
 * Without IntersectionObserver (very old browsers) it reports `true` right away.
 */
export function useInView(ref: RefObject<Element | null>, options: InViewOptions = {}): boolean {
  const { threshold = 0, once = true, afterFirstScroll = false, rootMargin = '0px', enabled = true } = options;
  const [inView, setInView] = useState(false);
  const done = once && inView;

  useEffect(() => {
    const element = ref.current;
    if (!enabled || done || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    let observer: IntersectionObserver | undefined;
    const observe = () => {
      observer = new IntersectionObserver(
        (entries) => {
          const entry = entries[entries.length - 1];
          if (!entry) return;
          const seen = meetsThreshold(entry, threshold);
          if (seen && once) observer?.disconnect();
          if (seen || !once) setInView(seen);
        },
        { threshold: [...new Set([threshold, ...OBSERVER_STEPS])].sort((a, b) => a - b), rootMargin },
      );
      observer.observe(element);
    };
    if (!afterFirstScroll) {
      observe();
      return () => observer?.disconnect();
    }
    const onScroll = () => {
      window.removeEventListener('scroll', onScroll);
      observe();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [ref, threshold, once, afterFirstScroll, rootMargin, enabled, done]);

  return inView;
}
