import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import type { EmblaCarouselType } from 'embla-carousel';
import { ChevronLeft, ChevronRight, Pause, Play } from '../Icon/ui.ts';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion.ts';
import { emblaOptions, responsiveCss, steps, type Responsive } from './responsive.ts';
import { useDepthEffect, type DepthOptions } from './useDepthEffect.ts';
import { slideAt, stepRow } from '../../app/startup/interactions.ts';
import styles from './styles.module.css';

export interface CarouselProps {
  /** Accessible name of the carousel region (for example `Team members`). */
  readonly label: string;
  /** One node per slide, in order. */
  readonly slides: readonly ReactNode[];
  /** Accessible name of slide `index` (0-based) of `count`; defaults to `"N of M"`. */
  readonly slideLabel?: (index: number, count: number) => string;
  /** Slides visible at once, per minimum width: `{ base: 1, 640: 2, 1024: 3, 1200: 4 }`. Fractions show a peek. */
  readonly perView?: Responsive<number>;
  /** Space between slides in pixels, per minimum width: `{ base: 30, 640: 20, 1024: 40, 1200: 30 }`. */
  readonly gap?: Responsive<number>;
  /** Slides moved by one step (arrow, autoplay), per minimum width. */
  readonly slidesToScroll?: Responsive<number>;
  /** Whether the end wraps to the start, per minimum width (`{ base: false, 1024: true }`). */
  readonly loop?: Responsive<boolean>;
  /** Where the selected slide sits in the viewport. */
  readonly align?: 'start' | 'center';
  /** Milliseconds between automatic steps; `false` (default) turns autoplay off. */
  readonly autoplay?: number | false;
  /**
   * Whether the visitor's own navigation (drag, arrows, bullets) stops autoplay for good (default,
   * the play button restarts it) or only restarts its timer (`false`: it continues after interaction).
   * Either way autoplay pauses while the pointer is over the carousel or keyboard focus is inside.
   */
  readonly stopOnInteraction?: boolean;
  /** Embla scroll `duration` (not milliseconds: 20–60, default 25 ≈ 0.5 s). Reduced motion always jumps. */
  readonly duration?: number;
  /** Clickable bullets, one per scroll position (default `true`). */
  readonly bullets?: boolean;
  /** Previous / next buttons (default `false`). */
  readonly arrows?: boolean;
  /** `depth`: coverflow-like recession of the slides around the selected one. */
  readonly effect?: 'none' | 'depth';
  /** Settings of the `depth` effect (depth 100, rotate 0, stretch 0 by default). */
  readonly depth?: DepthOptions;
  /** Colour scheme of the controls: for a light (default) or a dark background. */
  readonly tone?: 'light' | 'dark';
  /** `below` (default) puts the controls under the slides; `overlay` over their bottom edge. */
  readonly controls?: 'below' | 'overlay';
  /** Lets the visitor drag/swipe (default `true`). */
  readonly draggable?: boolean;
  readonly startIndex?: number;
  /** Called with the selected scroll position whenever it changes. */
  readonly onSelect?: (index: number) => void;
  /** Receives the embla instance once it exists, for sections that need more control. */
  readonly onApi?: (api: EmblaCarouselType) => void;
  readonly className?: string;
}

const defaultSlideLabel = (index: number, count: number) => `${index + 1} of ${count}`;

/**
 * The slide groups the bullets stand for before embla has measured the slides. A carousel that loops
 * one slide at a time, at every width, has one per slide, which embla confirms once ready: drawn from
 * the server on, the bullets, and the arrows beside them, are where they stay. Any other carousel's
 * count depends on the width, known only once measured.
 */
function groupsBeforeMeasuring(count: number, loop: Responsive<boolean>, slidesToScroll: Responsive<number>): number[][] {
  const oneByOne = steps(loop).every(([, on]) => on) && steps(slidesToScroll).every(([, by]) => by === 1);
  return oneByOne ? Array.from({ length: count }, (_, i) => [i]) : [];
}

/**
 * Until embla takes over, the row scrolls natively: swiped, or stepped by an arrow that start-up answered
 * as HTML (src/app/startup/interactions.ts, answerAsHtml). Embla moves the slides by a transform, so the
 * row's own scroll is handed over to it: embla starts at the slide the visitor left in view.
 */
function adoptNativeScroll(api: EmblaCarouselType): boolean {
  const viewport = api.rootNode();
  const left = viewport.scrollLeft;
  if (left === 0) return false;
  const at = slideAt(api.slideNodes(), left);
  viewport.scrollLeft = 0;
  const snap = api.internalEngine().slideRegistry.findIndex((group) => group.includes(at));
  api.scrollTo(Math.max(snap, 0), true);
  return true;
}

/** Whether focus arrived by keyboard (a mouse click also focuses a button, but must not pause autoplay). */
const isKeyboardFocus = (element: Element) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
};

/**
 * The one carousel of the site, on embla: responsive slides per view, gaps, steps and looping;
 * bullets, arrows, swipe and arrow keys; autoplay that pauses on hover and keyboard focus and
 * has a visible pause/play button; the WAI-ARIA carousel pattern (region + labelled slides).
 *
 * Server rendering and no-JS visitors get the slides laid out statically (first slides visible,
 * the rest reachable by horizontal scroll); embla takes over after hydration. With reduced
 * motion there is no autoplay and slides jump instead of sliding.
 *
 * Hooks for styles and tests: `data-slot` = carousel, viewport, container, slide, slide-inner,
 * controls, bullets, bullet, prev, next, pause.
 */
export function Carousel({
  label,
  slides,
  slideLabel = defaultSlideLabel,
  perView = 1,
  gap = 0,
  slidesToScroll = 1,
  loop = false,
  align = 'start',
  autoplay = false,
  stopOnInteraction = true,
  duration = 25,
  bullets = true,
  arrows = false,
  effect = 'none',
  depth,
  tone = 'light',
  controls = 'below',
  draggable = true,
  startIndex = 0,
  onSelect,
  onApi,
  className,
}: CarouselProps) {
  const scope = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const reduced = usePrefersReducedMotion();
  const autoplayOn = autoplay !== false && autoplay > 0 && !reduced;

  // Responsive props arrive as fresh objects on every render; compare them by value.
  const shape = JSON.stringify([loop, slidesToScroll, align, reduced ? 0 : duration, startIndex, draggable]);
  const options = useMemo(
    () => emblaOptions(loop, slidesToScroll, { align, duration: reduced ? 0 : duration, startIndex, watchDrag: draggable }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shape` is these inputs, by value
    [shape],
  );
  const plugins = useMemo(
    () =>
      autoplayOn
        ? [
            // Every pause rule lives in this component; the plugin only keeps time and steps.
            Autoplay({
              delay: autoplay,
              playOnInit: false,
              stopOnInteraction: true,
              stopOnFocusIn: false,
              stopOnMouseEnter: false,
            }),
          ]
        : [],
    [autoplayOn, autoplay],
  );
  const [viewportRef, api] = useEmblaCarousel(options, plugins);

  const [selected, setSelected] = useState(startIndex);
  const [snapSlides, setSnapSlides] = useState(() => groupsBeforeMeasuring(slides.length, loop, slidesToScroll));
  // Unknown until embla has measured: an arrow stays enabled until then. Disabled in the frame between
  // embla's arrival and its first measure, a button would swallow a press (browsers drop clicks on
  // disabled buttons), and a press then is the common case: a visitor scrolls to the carousel and aims.
  const [edges, setEdges] = useState<{ prev: boolean; next: boolean }>();

  const [userPaused, setUserPaused] = useState(false);
  const [stoppedByInteraction, setStoppedByInteraction] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const wantsPlay = autoplayOn && !userPaused && !stoppedByInteraction;
  const running = wantsPlay && !hovered && !keyboardInside;
  // Event handlers registered on embla read the latest values through refs, so they are bound once.
  const latest = useRef({ running, stopOnInteraction, onSelect, onApi });
  useEffect(() => {
    latest.current = { running, stopOnInteraction, onSelect, onApi };
  });

  useEffect(() => {
    if (!api) return;
    // A row the visitor moved before embla came is their navigation, as a press on an arrow would be.
    if (adoptNativeScroll(api) && latest.current.stopOnInteraction) setStoppedByInteraction(true);
    latest.current.onApi?.(api);
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setSnapSlides(api.internalEngine().slideRegistry.map((group) => [...group]));
      setEdges({ prev: api.canScrollPrev(), next: api.canScrollNext() });
    };
    const select = () => {
      sync();
      latest.current.onSelect?.(api.selectedScrollSnap());
    };
    const pointerDown = () => {
      if (latest.current.stopOnInteraction) setStoppedByInteraction(true);
    };
    // The plugin stops itself on pointer down; after a drag that must not stop it, restart the timer.
    const pointerUp = () => {
      if (!latest.current.stopOnInteraction && latest.current.running) api.plugins().autoplay?.play();
    };
    sync();
    api.on('select', select).on('reInit', sync).on('pointerDown', pointerDown).on('pointerUp', pointerUp);
    return () => {
      api.off('select', select).off('reInit', sync).off('pointerDown', pointerDown).off('pointerUp', pointerUp);
    };
  }, [api]);

  // Start or stop the plugin's timer whenever the pause rules change (and after a breakpoint re-init).
  useEffect(() => {
    const autoplayApi = api?.plugins().autoplay;
    if (!api || !autoplayApi) return;
    const apply = () => {
      // The plugin keeps no timer for a single position; asking it to play would spin.
      if (running && api.scrollSnapList().length > 1) autoplayApi.play();
      else autoplayApi.stop();
    };
    apply();
    api.on('reInit', apply);
    return () => {
      api.off('reInit', apply);
    };
  }, [api, running, plugins]);

  useDepthEffect(api, effect === 'depth', depth);

  /** The visitor navigated: stop autoplay for good, or give the new slide its full time. */
  const interacted = () => {
    if (stopOnInteraction) setStoppedByInteraction(true);
    else api?.plugins().autoplay?.reset();
  };

  const step = (on: EmblaCarouselType, where: 'prev' | 'next' | number) => {
    if (where === 'prev') on.scrollPrev();
    else if (where === 'next') on.scrollNext();
    else on.scrollTo(where);
  };
  // A press can arrive before embla is ready: after hydration, while embla's code is still on its way (seconds
  // on a slow phone), or the first press replayed right away (src/app/startup/boot.ts). The row is still the
  // native one then, and is stepped at once as start-up steps it (embla starts where it was left:
  // adoptNativeScroll); a press the row cannot take is kept and done as soon as embla is ready, not dropped.
  const early = useRef<'prev' | 'next' | number | undefined>(undefined);
  useEffect(() => {
    if (!api || early.current === undefined) return;
    step(api, early.current);
    early.current = undefined;
  }, [api]);

  const go = (where: 'prev' | 'next' | number, from: Element) => {
    const carousel = from.closest('[data-slot="carousel"]');
    if (api) step(api, where);
    else if (!carousel || !stepRow(carousel, where)) early.current = where;
    interacted();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.altKey || event.ctrlKey || event.metaKey || target.closest('input, textarea, select, [contenteditable="true"]'))
      return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(event.key === 'ArrowLeft' ? 'prev' : 'next', event.currentTarget);
    }
  };
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') setHovered(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') setHovered(false);
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (isKeyboardFocus(event.target)) setKeyboardInside(true);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardInside(false);
  };

  const count = slides.length;
  const selectedSlides = new Set(snapSlides[selected] ?? [selected]);
  const ready = api !== undefined;

  return (
    <div
      className={[styles.carousel, className].filter(Boolean).join(' ')}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-slot="carousel"
      data-carousel-id={scope}
      data-tone={tone}
      data-controls={controls}
      data-playing={autoplayOn ? String(wantsPlay) : undefined}
      onKeyDown={onKeyDown}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <style>{responsiveCss(scope, perView, gap)}</style>
      <div
        className={styles.viewport}
        ref={viewportRef}
        data-slot="viewport"
        data-ready={ready || undefined}
        // Until embla takes over (before hydration, or without JavaScript) the row scrolls natively,
        // and a keyboard user can only scroll what can take focus.
        tabIndex={ready ? undefined : 0}
      >
        {/* While it rotates, announcing every slide would drown the page; when still, changes are announced. */}
        <div className={styles.container} data-slot="container" aria-live={running ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              key={i}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(i, count)}
              data-slot="slide"
              data-selected={selectedSlides.has(i) || undefined}
            >
              <div className={styles.slideInner} data-slot="slide-inner">
                {slide}
              </div>
            </div>
          ))}
        </div>
      </div>

      {(bullets || arrows || autoplayOn) && (
        <div className={styles.controls} data-slot="controls">
          {/* Drawn from the server on, like the bullets, so the arrows never move when the carousel
              becomes ready: a press aimed at one then would land beside it. Before that an arrow or a
              bullet scrolls the native row (src/app/startup/interactions.ts, answerAsHtml), and the
              pause button is held and replayed (src/app/startup/boot.ts). */}
          {autoplayOn && (
            <button
              type="button"
              className={styles.pause}
              data-slot="pause"
              aria-label={wantsPlay ? 'Pause automatic slide show' : 'Play automatic slide show'}
              onClick={() => {
                if (wantsPlay) setUserPaused(true);
                else {
                  setUserPaused(false);
                  setStoppedByInteraction(false);
                }
              }}
            >
              {wantsPlay ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
            </button>
          )}
          {arrows && (
            <button
              type="button"
              className={styles.arrow}
              data-slot="prev"
              aria-label="Previous slide"
              disabled={edges?.prev === false}
              onClick={(event) => go('prev', event.currentTarget)}
            >
              <ChevronLeft size={20} aria-hidden />
            </button>
          )}
          {bullets && snapSlides.length > 1 && (
            <div className={styles.bullets} role="group" aria-label="Choose slide" data-slot="bullets">
              {snapSlides.map((group, snap) => (
                <button
                  key={snap}
                  type="button"
                  className={styles.bullet}
                  data-slot="bullet"
                  aria-label={`Go to slide ${(group[0] ?? snap) + 1}`}
                  aria-current={snap === selected ? 'true' : undefined}
                  onClick={(event) => go(snap, event.currentTarget)}
                />
              ))}
            </div>
          )}
          {arrows && (
            <button
              type="button"
              className={styles.arrow}
              data-slot="next"
              aria-label="Next slide"
              disabled={edges?.next === false}
              onClick={(event) => go('next', event.currentTarget)}
            >
              <ChevronRight size={20} aria-hidden />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
