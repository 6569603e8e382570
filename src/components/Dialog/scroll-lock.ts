/**
 * Locks page scrolling while a modal is open and gives the scrollbar's width back as padding, so the page
 * does not shift sideways. Fixed elements (the header) can add `var(--scroll-lock-gap, 0px)` on their right.
 * Locks nest: the page scrolls again when the last one is released. The scroll position is never touched.
 */
let holders = 0;
let unlock: (() => void) | null = null;

/** Locks scrolling; returns the function that releases this lock (calling it twice is harmless). */
export function lockScroll(): () => void {
  if (holders++ === 0) {
    const { body, documentElement: root } = document;
    const gap = window.innerWidth - root.clientWidth;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const padding = parseFloat(getComputedStyle(body).paddingRight) || 0;
    body.style.overflow = 'hidden';
    if (gap > 0) body.style.paddingRight = `${padding + gap}px`;
    root.style.setProperty('--scroll-lock-gap', `${gap}px`);
    unlock = () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      root.style.removeProperty('--scroll-lock-gap');
    };
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0) {
      unlock?.();
      unlock = null;
    }
  };
}
