import { useEffect, useRef } from 'react';

/**
 * Calls `callback` every `delay` milliseconds while `delay` is a number; `null` stops the timer.
 * The latest callback is always used, so the timer is not restarted when the callback changes,
 * only when `delay` changes or `resetKey` changes (for example the current slide, so that a
 * manual change gives the new slide its full time).
 */
export function useInterval(callback: () => void, delay: number | null, resetKey?: unknown): void {
  const saved = useRef(callback);
  useEffect(() => {
    saved.current = callback;
  });
  useEffect(() => {
    if (delay === null) return;
    const id = window.setInterval(() => saved.current(), delay);
    return () => window.clearInterval(id);
  }, [delay, resetKey]);
}
