import { useEffect, useId, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { ChevronDown, Pause, Play } from '../../components/Icon/ui.ts';
import type { SectionProps } from '../registry.ts';
import { RichText } from '../../components/RichText/index.tsx';
import { Picture } from '../../components/Picture/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { useInterval } from '../../hooks/useInterval.ts';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion.ts';
import styles from './styles.module.css';

/**
 * The full-screen opening of the home page: heading, paragraph and call to action over
 * background slides (videos and images). While playing, the slide advances every `interval` ms
 * and wraps; the dots pick a slide and start playback; the play/pause button toggles it, and paused,
 * nothing in the hero moves (`data-paused`). Each slide change restarts that slide's video. If the
 * browser refuses to autoplay, playback simply turns off. With reduced motion nothing plays: posters and images only, changed by the dots.
 *
 * The first slide's poster is a real, high-priority `<img>` so it is the LCP element; videos are
 * mounted after hydration and fetch nothing until their slide is shown. The dots and the toggle are in
 * the server HTML, in the state they will have once the slides play, so a press made before the code
 * arrives is kept and made then (src/app/startup); with reduced motion a style hides the toggle from
 * the first paint, before the code knows to leave it out.
 */
export default function Hero({ section, index }: SectionProps<'hero'>) {
  const { heading, paragraph, action, interval, slides } = section;
  const headingId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const videos = useRef<Array<HTMLVideoElement | null>>([]);
  const hydrated = useHydrated();
  const reduced = usePrefersReducedMotion();
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);
  const animate = playing && !reduced && hydrated;
  const count = slides.length;

  useInterval(() => setCurrent((i) => (i + 1) % count), animate ? interval : null, current);

  // A slide change restarts that slide's video from the start.
  useEffect(() => {
    const video = videos.current[current];
    if (video) video.currentTime = 0;
  }, [current]);

  // Only the active slide's video plays, and only while playing.
  useEffect(() => {
    videos.current.forEach((video, i) => {
      if (!video) return;
      if (i !== current || !animate) {
        video.pause();
        return;
      }
      const attempt = video.play();
      // Autoplay refused by the browser: stop quietly, no message. An interrupted play() (the
      // slide changed meanwhile) rejects with AbortError and must not stop playback.
      attempt?.catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError') setPlaying(false);
      });
    });
  }, [current, animate]);

  const select = (i: number) => {
    setCurrent(i);
    setPlaying(true);
  };

  // The arrow is a link to the hero's own end, so it scrolls to the next section as HTML, before the app
  // and without it; the app makes the jump a smooth scroll, and leaves the address as it was.
  const endId = `${section.id ?? `section-${index + 1}`}-end`;
  const scrollDown = (event: MouseEvent) => {
    const next = rootRef.current?.nextElementSibling;
    if (!(next instanceof HTMLElement)) return;
    event.preventDefault();
    next.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  };

  const Heading = index === 0 ? 'h1' : 'h2';

  return (
    <section
      ref={rootRef}
      id={section.id}
      className={styles.root}
      data-section="hero"
      data-playing={animate}
      data-paused={!playing}
      aria-labelledby={headingId}
      style={{ '--hero-interval': `${interval}ms` } as CSSProperties}
    >
      <div className={styles.slides} data-slot="slides">
        {slides.map((slide, i) => {
          const still = slide.video?.poster ?? slide.image;
          return (
            <div
              key={i}
              className={styles.slide}
              data-slot="slide"
              data-active={i === current}
              data-kind={slide.video ? 'video' : 'image'}
            >
              {/* Only the first slide is in the server HTML: the others cannot show before the
                  script runs, and fetching them early would compete with the LCP image. */}
              {still && (i === 0 || hydrated) && (
                <Picture image={still} priority={index === 0 && i === 0} className={styles.media} />
              )}
              {slide.video && hydrated && !reduced && (
                <video
                  ref={(node) => {
                    videos.current[i] = node;
                  }}
                  className={styles.video}
                  muted
                  loop
                  playsInline
                  preload="none"
                  aria-hidden="true"
                  tabIndex={-1}
                  onPlaying={(event) => event.currentTarget.setAttribute('data-visible', '')}
                >
                  <source src={slide.video.webm} type="video/webm" />
                  <source src={slide.video.mp4} type="video/mp4" />
                </video>
              )}
            </div>
          );
        })}
      </div>
      <div className={styles.overlay} aria-hidden="true" />

      <div className={`container ${styles.content}`} data-slot="content">
        <Heading id={headingId} className={styles.heading}>
          <RichText text={heading} />
        </Heading>
        <p className={styles.paragraph}>{paragraph}</p>
        <div className={styles.actions}>
          <SmartLink to={action.link} variant="primary" className={styles.cta} data-slot="action">
            {action.label}
          </SmartLink>
        </div>
      </div>

      <div className={`container ${styles.bar}`} data-slot="controls">
        <div className={styles.controls}>
          {!reduced && (
            <button
              type="button"
              className={styles.toggle}
              data-slot="toggle"
              aria-label={playing ? 'Pause background slides' : 'Play background slides'}
              onClick={() => setPlaying((p) => !p)}
            >
              {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
            </button>
          )}
          <div className={styles.dots} role="group" aria-label="Background slides" data-slot="dots">
            {slides.map((slide, i) => (
              <button
                key={i}
                type="button"
                className={styles.dot}
                data-slot="dot"
                aria-label={`Slide ${i + 1} of ${count}: ${slide.label}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => select(i)}
              >
                {i === current && animate && <span key={`${current}`} className={styles.progress} aria-hidden="true" />}
              </button>
            ))}
          </div>
        </div>
        <a
          href={`#${endId}`}
          className={styles.scroll}
          data-slot="scroll-down"
          aria-label="Scroll to the next section"
          onClick={scrollDown}
        >
          <ChevronDown size={22} aria-hidden />
        </a>
      </div>
      <span id={endId} className={styles.end} />
    </section>
  );
}
