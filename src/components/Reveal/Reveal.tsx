import { useRef, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { useReveal, type RevealOptions } from './useReveal.ts';

/** Elements a Reveal can render as (the ones sections actually use). */
export type RevealTag = 'div' | 'li' | 'article' | 'section' | 'figure' | 'span' | 'ol' | 'ul' | 'p' | 'header';

export interface RevealProps extends RevealOptions, Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Element to render (default `div`); use `li` inside lists so the list stays valid. */
  readonly as?: RevealTag;
  readonly children?: ReactNode;
}

/**
 * Shows its children with a reveal-on-scroll animation (fade and slide up by default), once,
 * when they first enter the viewport. See `useReveal` for when nothing is hidden at all.
 *
 * @example <Reveal as="li" index={i} threshold={0.1}>…card…</Reveal>
 * @example <Reveal effect="grow-y" threshold={0.5} duration={6} className={styles.line} />
 */
export function Reveal({
  as: Tag = 'div',
  index,
  stagger,
  delay,
  duration,
  threshold,
  distance,
  effect,
  ease,
  enabled,
  observe,
  onRevealed,
  children,
  ...rest
}: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  useReveal(ref, { index, stagger, delay, duration, threshold, distance, effect, ease, enabled, observe, onRevealed });
  return (
    <Tag ref={ref as Ref<never>} {...rest}>
      {children}
    </Tag>
  );
}
