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
 * The dots are radio buttons and the toggle a checkbox, which CSS answers before the app and without it
 * (issue 51): a dot shows its slide (`:has(:checked)`), the toggle stops the drift and the arrow's nudge.
 * The app adds what HTML cannot, the autoplay and the videos, starting from what the visitor chose before
 * it arrived. The first slide's poster is a real, high-priority `<img>` so it is the LCP element; the other
 * stills are lazy and not laid out until their slide is chosen or the app runs, so they do not compete with
 * it; videos are mounted after hydration and fetch nothing until their slide is shown. With reduced motion
 * a style hides the toggle from the first paint, before the code knows to leave it out.
 */
/**
 * The slide a checked dot shows, as CSS, so that it needs no app. One rule per slide: CSS cannot pair the
 * k-th dot with the k-th slide for any k, and the count is the content's.
 */
function slideCss(scope: string, count: number): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `[data-hero="${scope}"]:has([data-slot="dot"]:nth-child(${i + 1}) input:checked) [data-slot="slide"]:nth-child(${i + 1}){display:block;opacity:1}`,
  ).join('');
}

export default function Hero({ section, index }: SectionProps<'hero'>) {
  const { heading, paragraph, action, interval, slides } = section;
  const headingId = useId();
  const slideGroup = `${headingId}-slide`;
  const scope = headingId.replace(/[^a-zA-Z0-9_-]/g, '');
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

  // A dot chosen or the toggle pressed before the app arrived is the state the app starts from: the
  // browser kept it in the controls, and React, hydrating, does not read it back.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const chosen = [...root.querySelectorAll<HTMLInputElement>('[data-slot="dot"] input')].findIndex((input) => input.checked);
    if (chosen > 0) setCurrent(chosen);
    if (root.querySelector<HTMLInputElement>('[data-slot="toggle"] input')?.checked) setPlaying(false);
  }, []);

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
      data-hydrated={hydrated || undefined}
      data-hero={scope}
      aria-labelledby={headingId}
      style={{ '--hero-interval': `${interval}ms` } as CSSProperties}
    >
      <style>{slideCss(scope, count)}</style>
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
              {/* Every still is in the server HTML, so a dot shows its slide without the app; the others
                  than the first are lazy, and not laid out until chosen or hydrated (styles.module.css),
                  so they are not fetched alongside the LCP image. */}
              {still && <Picture image={still} priority={index === 0 && i === 0} className={styles.media} />}
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
            // Checked is paused: the icon shows what a press does next (styles.module.css).
            <label className={styles.toggle} data-slot="toggle">
              <input
                type="checkbox"
                className={styles.input}
                aria-label="Pause background slides"
                checked={!playing}
                onChange={(event) => setPlaying(!event.currentTarget.checked)}
              />
              <Pause size={16} aria-hidden className={styles.pauseIcon} />
              <Play size={16} aria-hidden className={styles.playIcon} />
            </label>
          )}
          <div className={styles.dots} role="radiogroup" aria-label="Background slides" data-slot="dots">
            {slides.map((slide, i) => (
              <label key={i} className={styles.dot} data-slot="dot">
                <input
                  type="radio"
                  name={slideGroup}
                  className={styles.input}
                  aria-label={`Slide ${i + 1} of ${count}: ${slide.label}`}
                  checked={i === current}
                  onChange={() => select(i)}
                />
                {i === current && animate && <span key={`${current}`} className={styles.progress} aria-hidden="true" />}
              </label>
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
