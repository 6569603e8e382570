import type { EmblaOptionsType } from 'embla-carousel';

/**
 * A value that may change with the viewport width: either one value, or `base` plus values from
 * given minimum widths in pixels, e.g. `{ base: 1, 640: 2, 1024: 3, 1200: 4 }` (mobile first).
 */
export type Responsive<T> = T | ({ readonly base: T } & { readonly [minWidth: number]: T });

const isMap = <T>(value: Responsive<T>): value is { readonly base: T } & { readonly [minWidth: number]: T } =>
  typeof value === 'object' && value !== null && 'base' in value;

/** The value's steps as `[minWidth, value]` pairs in ascending order; the first is at width 0. */
export function steps<T>(value: Responsive<T>): Array<[number, T]> {
  if (!isMap(value)) return [[0, value]];
  const points = Object.keys(value)
    .filter((key) => key !== 'base')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0)
    .sort((a, b) => a - b);
  return [[0, value.base], ...points.map((p): [number, T] => [p, value[p] as T])];
}

/** The value at width 0 (the mobile-first base). */
export const baseValue = <T>(value: Responsive<T>): T => (isMap(value) ? value.base : value);

/** The value that applies at `width` pixels. */
export function valueAt<T>(value: Responsive<T>, width: number): T {
  let current = baseValue(value);
  for (const [point, v] of steps(value)) if (width >= point) current = v;
  return current;
}

/** Every width at which at least one of the values changes, ascending, starting with 0. */
export function breakpointsOf(...values: Array<Responsive<unknown>>): number[] {
  return [...new Set(values.flatMap((v) => steps(v).map(([p]) => p)))].sort((a, b) => a - b);
}

/** Per-breakpoint slide widths and gaps as CSS custom properties, scoped to one carousel. */
export function responsiveCss(scope: string, perView: Responsive<number>, gap: Responsive<number>): string {
  return breakpointsOf(perView, gap)
    .map((point) => {
      const size = 100 / Math.max(valueAt(perView, point), 0.1);
      const rule = `[data-carousel-id="${scope}"]{--carousel-size:${+size.toFixed(4)}%;--carousel-gap:${valueAt(gap, point)}px}`;
      return point === 0 ? rule : `@media (min-width:${point}px){${rule}}`;
    })
    .join('');
}

/** Embla options: base values plus one `(min-width)` entry per breakpoint, smallest first. */
export function emblaOptions(
  loop: Responsive<boolean>,
  slidesToScroll: Responsive<number>,
  rest: Pick<EmblaOptionsType, 'align' | 'duration' | 'startIndex' | 'watchDrag'>,
): EmblaOptionsType {
  const breakpoints: NonNullable<EmblaOptionsType['breakpoints']> = {};
  for (const point of breakpointsOf(loop, slidesToScroll).filter((p) => p > 0)) {
    breakpoints[`(min-width: ${point}px)`] = { loop: valueAt(loop, point), slidesToScroll: valueAt(slidesToScroll, point) };
  }
  return { ...rest, loop: baseValue(loop), slidesToScroll: baseValue(slidesToScroll), containScroll: 'trimSnaps', breakpoints };
}
