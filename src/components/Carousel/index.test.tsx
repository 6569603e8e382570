// @vitest-environment happy-dom
/**
 * A carousel that has hydrated but whose library is not ready yet (on a slow phone its setup can come seconds
 * after hydration) answers its arrows and bullets on the native row, at once, as start-up does before the
 * app (src/app/startup/interactions.ts, stepRow): no press waits for the library.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
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

/** A three-slide carousel, its slides 300 px apart, and every scroll asked of its row. */
function carousel(loop = false) {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => {
    root = createRoot(container);
    root.render(
      <Carousel
        label="Team"
        slides={['Asha', 'Ravi', 'Meera'].map((name) => (
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
});
