import { useEffect, useRef, type RefObject } from 'react';
import { meetsThreshold, OBSERVER_STEPS } from '../../hooks/useInView.ts';
import { prefersReducedMotion } from '../../hooks/usePrefersReducedMotion.ts';

/** How an element arrives: `fade-up` (cards), `fade`, `grow-y` / `grow-x` (lines that draw themselves), `scale`. */
export type RevealEffect = 'fade-up' | 'fade' | 'grow-y' | 'grow-x' | 'scale';

export interface RevealOptions {
  /** Position in its group; the animation waits `index × stagger` seconds. */
  readonly index?: number;
  /** Seconds of delay per index (0.2 s in the specification). */
  readonly stagger?: number;
  /** Extra seconds of delay before the staggered delay. */
  readonly delay?: number;
  /** Seconds the animation lasts (0.8 s for cards, 6 s for the timeline line). */
  readonly duration?: number;
  /** Share of the element that must be visible to start, 0 to 1 (0.1 for cards, 0.5 for lines and counters). */
  readonly threshold?: number;
  /** Pixels the element slides up from, for `fade-up`. */
  readonly distance?: number;
  readonly effect?: RevealEffect;
  /** Cubic-bézier easing; defaults to the site's `--ease-out`. Use `[0, 0, 1, 1]` for linear. */
  readonly ease?: readonly [number, number, number, number];
  /** `false` leaves the element alone (always visible). */
  readonly enabled?: boolean;
  /**
   * Which box is watched: the element itself, or its parent. A growing line is collapsed to zero
   * size while it waits, which would make it count as fully visible the moment its edge shows, so
   * `grow-y` and `grow-x` watch the parent (the track the line fills) unless told otherwise.
   */
  readonly observe?: 'self' | 'parent';
  /** Called once the element is fully shown: after its animation, or at once when nothing animates. */
  readonly onRevealed?: () => void;
}

/** `--ease-out` from the tokens, as numbers for the Web Animations API. */
const EASE_OUT = [0.22, 1, 0.36, 1] as const;

type Keyframes = { opacity?: [number, number]; transform?: [string, string] };

function keyframesFor(effect: RevealEffect, distance: number): Keyframes {
  switch (effect) {
    case 'fade':
      return { opacity: [0, 1] };
    case 'grow-y':
      return { transform: ['scaleY(0)', 'scaleY(1)'] };
    case 'grow-x':
      return { transform: ['scaleX(0)', 'scaleX(1)'] };
    case 'scale':
      return { opacity: [0, 1], transform: ['scale(0.94)', 'scale(1)'] };
    default:
      return { opacity: [0, 1], transform: [`translateY(${distance}px)`, 'translateY(0px)'] };
  }
}

/** Loaded on first use only, so pages (and the top of the home page) never pay for it up front. */
let motionModule: Promise<typeof import('motion/mini')> | undefined;
const loadMotion = () => (motionModule ??= import('motion/mini'));

/**
 * Reveal-on-scroll for the element behind `ref`: it fades/slides/grows in once, the first time
 * it enters the viewport. Content is never hidden in the server HTML, without JavaScript, with
 * reduced motion, or when it is already on screen when the page starts (hiding it then would
 * make visible text blink); only elements still below the fold are hidden, in an effect.
 */
export function useReveal(ref: RefObject<HTMLElement | null>, options: RevealOptions = {}): void {
  const {
    index = 0,
    stagger = 0.2,
    delay = 0,
    duration = 0.8,
    threshold = 0.1,
    distance = 24,
    effect = 'fade-up',
    ease = EASE_OUT,
    enabled = true,
    observe = effect === 'grow-y' || effect === 'grow-x' ? 'parent' : 'self',
    onRevealed,
  } = options;
  const [e1, e2, e3, e4] = ease;
  // A notification, not an input: a new function identity must not restart the reveal.
  const revealed = useRef(onRevealed);
  useEffect(() => {
    revealed.current = onRevealed;
  });

  useEffect(() => {
    const element = ref.current;
    const finish = () => revealed.current?.();
    if (!element || !enabled || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') {
      finish();
      return;
    }
    const frames = keyframesFor(effect, distance);
    const style = element.style;
    const show = () => {
      style.removeProperty('opacity');
      style.removeProperty('transform');
      delete element.dataset.reveal;
    };

    let cancelled = false;
    let first = true;
    let stop: (() => void) | undefined;
    // Where the element is comes from the observer's first report, made with the next frame's
    // layout: read in this effect instead, each revealed element of a page would force a layout of
    // its own while the page hydrates, one after another.
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        if (first) {
          first = false;
          // On screen (or above it) when the page starts: hiding it now would make it blink.
          if (entry.boundingClientRect.top < (entry.rootBounds?.height ?? window.innerHeight)) {
            observer.disconnect();
            finish();
            return;
          }
          if (frames.opacity) style.opacity = String(frames.opacity[0]);
          if (frames.transform) style.transform = frames.transform[0];
          element.dataset.reveal = 'pending';
          return;
        }
        if (!meetsThreshold(entry, threshold)) return;
        observer.disconnect();
        element.dataset.reveal = 'running';
        loadMotion()
          .then(({ animate }) => {
            if (cancelled) return;
            const controls = animate(element, frames, {
              duration,
              delay: delay + index * stagger,
              ease: [e1, e2, e3, e4],
            });
            stop = () => controls.stop();
            return controls.finished;
          })
          .catch(() => undefined)
          .finally(() => {
            if (cancelled) return;
            show();
            finish();
          });
      },
      { threshold: [...new Set([threshold, ...OBSERVER_STEPS])].sort((a, b) => a - b) },
    );
    observer.observe(observe === 'parent' && element.parentElement ? element.parentElement : element);

    return () => {
      cancelled = true;
      observer.disconnect();
      stop?.();
      show();
    };
  }, [ref, enabled, effect, distance, threshold, duration, delay, index, stagger, e1, e2, e3, e4, observe]);
}
