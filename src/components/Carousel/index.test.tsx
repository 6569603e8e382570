// @vitest-environment happy-dom
/**
 * A carousel that has hydrated but whose library is not ready yet (on a slow phone its setup can come seconds
 * after hydration) answers its arrows and bullets on the native row, at once, as start-up does before the
 * app (src/app/startup/interactions.ts, stepRow): no press waits for the library.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './index.tsx';

// Embla never becomes ready here: the moment between hydration and its setup, held open.
vi.mock('embla-carousel-react', () => ({ default: () => [() => {}, undefined] }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** A carousel of `names`, its slides 300 px apart, and every scroll asked of its row. */
function carousel(loop = false, names = ['Asha', 'Ravi', 'Meera']) {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => {
    root = createRoot(container);
    root.render(
      <Carousel
        label="Team"
        slides={names.map((name) => (
          <p key={name}>{name}</p>
        ))}
        arrows
        bullets
        loop={loop}
      />,
    );
  });
  const viewport = container.querySelector<HTMLElement>('[data-slot="viewport"]')!;
  container.querySelectorAll<HTMLElement>('[data-slot="slide"]').forEach((slide, i) => {
    Object.defineProperty(slide, 'offsetLeft', { value: i * 300 });
  });
  const scrolls: number[] = [];
  viewport.scrollTo = ((options: ScrollToOptions) => {
    scrolls.push(options.left ?? 0);
    viewport.scrollLeft = options.left ?? 0;
  }) as typeof viewport.scrollTo;
  const press = (slot: string, n = 0) => act(() => container.querySelectorAll<HTMLElement>(`[data-slot="${slot}"]`)[n]!.click());
  return { viewport, scrolls, press };
}

describe('a carousel before its library is ready', () => {
  it('steps its native row with the next and previous arrows, from the slide in view', () => {
    const { viewport, scrolls, press } = carousel();
    expect(viewport.hasAttribute('data-ready')).toBe(false);
    press('next');
    press('next');
    press('prev');
    expect(scrolls).toEqual([300, 600, 300]);
  });

  it('goes to the slide a bullet names, and never past the ends', () => {
    const { scrolls, press } = carousel(true);
    press('bullet', 2);
    press('next');
    press('bullet', 0);
    press('prev');
    expect(scrolls).toEqual([600, 600, 0, 0]);
  });

  it('lands every sequence of presses on the slide a visitor would count to (fast-check, fixed seed)', () => {
    // Any number of slides, any presses: the row ends on the slide counted from the start, one step per
    // arrow, a bullet going straight to its slide, and never past either end.
    const press = fc.oneof(fc.constant('prev' as const), fc.constant('next' as const), fc.nat(11));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(press, { maxLength: 15 }), (count, presses) => {
        const names = Array.from({ length: count }, (_, i) => `Member ${i + 1}`);
        const row = carousel(true, names);
        let at = 0;
        const expected: number[] = [];
        for (const what of presses) {
          if (typeof what === 'number' && what >= count) continue;
          at = what === 'next' ? Math.min(at + 1, count - 1) : what === 'prev' ? Math.max(at - 1, 0) : what;
          expected.push(at * 300);
          if (typeof what === 'number') row.press('bullet', what);
          else row.press(what);
        }
        act(() => root?.unmount());
        root = undefined;
        document.body.innerHTML = '';
        expect(row.scrolls).toEqual(expected);
      }),
      { seed: 51, numRuns: 60 },
    );
  });
});
