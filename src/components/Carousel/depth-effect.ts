import type { EmblaCarouselType, EmblaEventType } from 'embla-carousel';

export interface DepthOptions {
  /** How far (px) a slide one position away recedes, as Swiper's coverflow `depth` (100). */
  readonly depth?: number;
  /** Degrees a slide one position away turns around the vertical axis (0: no rotation). */
  readonly rotate?: number;
  /** Pixels neighbouring slides are pulled towards the centre (0: none). */
  readonly stretch?: number;
  /** Perspective distance of the 3-D scene in pixels. */
  readonly perspective?: number;
}

/**
 * A coverflow-style depth effect: each slide recedes in proportion to its distance from the
 * selected position while the carousel scrolls. No shadows. It writes the transform of each
 * slide's inner wrapper (`[data-slot="slide-inner"]`), because embla owns the slide's own
 * transform when looping. Returns what stops it and puts the slides back.
 */
export function startDepthEffect(api: EmblaCarouselType, options: DepthOptions = {}): () => void {
  const { depth = 100, rotate = 0, stretch = 0, perspective = 1200 } = options;
  let nodes: HTMLElement[] = [];
  const collect = () => {
    nodes = api.slideNodes().map((slide) => slide.querySelector<HTMLElement>('[data-slot="slide-inner"]') ?? slide);
  };

  const tween = (_: EmblaCarouselType, event?: EmblaEventType) => {
    const engine = api.internalEngine();
    const progress = api.scrollProgress();
    const snaps = api.scrollSnapList();
    const inView = api.slidesInView();
    const onScroll = event === 'scroll';
    snaps.forEach((snap, snapIndex) => {
      for (const slideIndex of engine.slideRegistry[snapIndex] ?? []) {
        if (onScroll && !inView.includes(slideIndex)) continue;
        let diff = snap - progress;
        if (engine.options.loop) {
          for (const point of engine.slideLooper.loopPoints) {
            const target = point.target();
            if (point.index !== slideIndex || target === 0) continue;
            diff = Math.sign(target) === -1 ? snap - (1 + progress) : snap + (1 - progress);
          }
        }
        // Scroll progress runs 0 to 1 over all snaps: scale it to "slides away from the centre".
        const offset = Math.max(-3, Math.min(3, diff * Math.max(1, snaps.length - (engine.options.loop ? 0 : 1))));
        const node = nodes[slideIndex];
        if (!node) continue;
        const distance = Math.abs(offset);
        node.style.transform =
          distance < 0.001
            ? ''
            : `perspective(${perspective}px) translate3d(${-offset * stretch}px, 0, ${-distance * depth}px) rotateY(${offset * rotate}deg)`;
      }
    });
  };

  collect();
  tween(api);
  const onReInit = () => {
    collect();
    tween(api);
  };
  api.on('reInit', onReInit).on('scroll', tween).on('slideFocus', tween);
  return () => {
    api.off('reInit', onReInit).off('scroll', tween).off('slideFocus', tween);
    for (const node of nodes) node.style.removeProperty('transform');
  };
}
