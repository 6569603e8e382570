import { useEffect, useRef, useState, type RefObject } from 'react';
import { Pause, Play } from '../../components/Icon/ui.ts';
import type { HireCounter } from '../../generated/schema-types.ts';
import { Picture } from '../../components/Picture/index.tsx';
import { useHydrated, useInView, useInterval, usePrefersReducedMotion, prefersReducedMotion } from '../../hooks/index.ts';
import styles from './styles.module.css';

/**
 * The count from 0 to `target`, `step` every `tick` ms, once half of the element is visible.
 * It starts (server HTML, no JavaScript, reduced motion) at the final value and is only reset
 * to 0 after mount, so the real figure is never missing.
 */
function useCountUp(ref: RefObject<HTMLElement | null>, { target, step, tick }: HireCounter): number {
  const [value, setValue] = useState(target);
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    setValue(0);
    setArmed(true);
  }, []);
  const inView = useInView(ref, { threshold: 0.5, enabled: armed });
  const counting = armed && inView && value < target;
  useInterval(() => setValue((v) => Math.min(target, v + step)), counting ? tick : null);
  return value;
}

/**
 * The developer counter over a muted looping video: a wide card that closes the template on phones,
 * and a card under the steps on wide screens (the process band's grid places it).
 */
export function Counter({ counter }: { readonly counter: HireCounter }) {
  const ref = useRef<HTMLDivElement>(null);
  const value = useCountUp(ref, counter);
  const hydrated = useHydrated();
  const reduced = usePrefersReducedMotion();
  // The video is only fetched once the band is about to scroll into view.
  const near = useInView(ref, { rootMargin: '50% 0px', enabled: hydrated && !reduced });
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(true);
  const showVideo = hydrated && !reduced && near;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // An autoplay refusal leaves the poster in place; there is nothing to tell the visitor.
    if (playing) video.play().catch(() => setPlaying(false));
    else video.pause();
  }, [playing, showVideo]);

  const final = `${counter.target}${counter.suffix}`;
  return (
    <div className={styles.counterWrap}>
      <div ref={ref} className={styles.counterBand} data-slot="counter-band" data-tone="dark">
        <Picture image={counter.video.poster} className={styles.counterMedia} />
        {showVideo && (
          <video
            ref={videoRef}
            className={styles.counterMedia}
            data-slot="video"
            muted
            loop
            playsInline
            autoPlay
            preload="auto"
            poster={counter.video.poster.src}
            aria-hidden="true"
            tabIndex={-1}
          >
            <source src={counter.video.webm} type="video/webm" />
            <source src={counter.video.mp4} type="video/mp4" />
          </video>
        )}
        <div className={styles.counterOverlay} aria-hidden="true" />
        <div className={styles.counterInner}>
          <p className={styles.counter} data-slot="counter">
            {/* Screen readers get the figure once, not a hundred updates. */}
            <span aria-hidden="true" data-slot="counter-value" data-done={value >= counter.target}>
              <span className={styles.counterNumber}>{value}</span>
              {counter.suffix}
            </span>
            <span className="visually-hidden">{final}</span>
          </p>
          {counter.text && <p className={styles.counterText}>{counter.text}</p>}
        </div>
        {showVideo && (
          <button
            type="button"
            className={styles.videoToggle}
            data-slot="video-toggle"
            aria-label={playing ? 'Pause background video' : 'Play background video'}
            onClick={() => setPlaying((p) => !p)}
          >
            {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
          </button>
        )}
      </div>
    </div>
  );
}
