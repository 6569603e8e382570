/**
 * Reveal on scroll, the one mechanism for every section.
 *
 * - `<Reveal as="li" index={i}>…</Reveal>`: fades and slides up once, when 10 % of it is visible,
 *   after `index × 0.2 s`, over 0.8 s. Props: `as`, `index`, `stagger` (s), `delay` (s), `duration` (s),
 *   `threshold` (0–1), `distance` (px), `effect` (`fade-up` | `fade` | `grow-y` | `grow-x` | `scale`),
 *   `ease`, `enabled`, `observe` (`self` | `parent`), `onRevealed`, plus any HTML attribute (className, data-slot …).
 * - `useReveal(ref, options)`: the same for an element you render yourself.
 * - `useInView(ref, { threshold, once, afterFirstScroll, rootMargin, enabled })` (re-exported from
 *   `src/hooks/`): a boolean for your own state, e.g. a `show` class or a counter start.
 *
 * Nothing is hidden in the server HTML, without JavaScript, with `prefers-reduced-motion: reduce`,
 * or when the element is already on screen at start; `motion` is loaded only when the first
 * element actually animates. While waiting, the element carries `data-reveal="pending"`.
 */
export { Reveal, type RevealProps, type RevealTag } from './Reveal.tsx';
export { useReveal, type RevealOptions, type RevealEffect } from './useReveal.ts';
export { useInView, type InViewOptions } from '../../hooks/useInView.ts';
