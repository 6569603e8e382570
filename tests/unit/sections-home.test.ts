import { describe, expect, it } from 'vitest';
import { breakpointsOf, emblaOptions, responsiveCss, steps, valueAt } from '../../src/components/Carousel/responsive.ts';
import { meetsThreshold } from '../../src/hooks/useInView.ts';

describe('carousel responsive values', () => {
  const perView = { base: 1, 640: 2, 1024: 3, 1200: 4 };
  const gap = { base: 30, 640: 20, 1024: 40, 1200: 30 };

  it('reads mobile-first steps in ascending order, whatever the key order', () => {
    expect(steps({ 1200: 4, base: 1, 640: 2 })).toEqual([
      [0, 1],
      [640, 2],
      [1200, 4],
    ]);
    expect(steps(true)).toEqual([[0, true]]);
  });

  it('picks the value that applies at a width', () => {
    expect([390, 640, 700, 1100, 1300].map((w) => valueAt(perView, w))).toEqual([1, 2, 2, 3, 4]);
    expect(valueAt(7000, 100)).toBe(7000);
  });

  it('merges the breakpoints of several values', () => {
    expect(breakpointsOf(perView, { base: 0, 750: 10 })).toEqual([0, 640, 750, 1024, 1200]);
  });

  it('writes slide widths and gaps as custom properties scoped to one carousel', () => {
    expect(responsiveCss('c1', perView, gap)).toBe(
      '[data-carousel-id="c1"]{--carousel-size:100%;--carousel-gap:30px}' +
        '@media (min-width:640px){[data-carousel-id="c1"]{--carousel-size:50%;--carousel-gap:20px}}' +
        '@media (min-width:1024px){[data-carousel-id="c1"]{--carousel-size:33.3333%;--carousel-gap:40px}}' +
        '@media (min-width:1200px){[data-carousel-id="c1"]{--carousel-size:25%;--carousel-gap:30px}}',
    );
  });

  it('turns per-breakpoint loop and steps into embla breakpoints (the service-page carousel)', () => {
    const options = emblaOptions(
      { base: false, 1024: true },
      { base: 1, 480: 1, 750: 2, 1024: 2 },
      { align: 'start', duration: 25 },
    );
    expect(options.loop).toBe(false);
    expect(options.slidesToScroll).toBe(1);
    expect(options.breakpoints).toEqual({
      '(min-width: 480px)': { loop: false, slidesToScroll: 1 },
      '(min-width: 750px)': { loop: false, slidesToScroll: 2 },
      '(min-width: 1024px)': { loop: true, slidesToScroll: 2 },
    });
  });
});

describe('in-view threshold', () => {
  const entry = (ratio: number, visibleHeight: number, viewport = 800): IntersectionObserverEntry =>
    ({
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      intersectionRect: { height: visibleHeight },
      rootBounds: { height: viewport },
    }) as unknown as IntersectionObserverEntry;

  it('needs the given share of the element', () => {
    expect(meetsThreshold(entry(0.4, 200), 0.5)).toBe(false);
    expect(meetsThreshold(entry(0.5, 250), 0.5)).toBe(true);
    expect(meetsThreshold(entry(0, 0), 0)).toBe(false);
  });

  it('counts an element taller than the viewport once it covers that share of the viewport', () => {
    // A 2000 px timeline can never be 50 % visible in an 800 px window.
    expect(meetsThreshold(entry(0.19, 380), 0.5)).toBe(false);
    expect(meetsThreshold(entry(0.2, 400), 0.5)).toBe(true);
  });
});
