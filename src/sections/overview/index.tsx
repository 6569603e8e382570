import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { SectionProps } from '../registry.ts';
import { Picture } from '../../components/Picture/index.tsx';
import { RichText } from '../../components/RichText/index.tsx';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { useInView, prefersReducedMotion } from '../../hooks/index.ts';
import styles from './styles.module.css';

/**
 * Whether the section should start hidden, decided once after mount: only with `reveal`, when
 * motion is allowed and when the section starts below the fold. A section already on screen
 * would otherwise wait for a scroll that a short page may never need.
 */
function useHiddenAtMount(ref: RefObject<HTMLElement | null>, reveal: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!reveal || !element || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    if (element.getBoundingClientRect().top >= window.innerHeight) setHidden(true);
  }, [ref, reveal]);
  return hidden;
}

/**
 * A heading, its paragraphs and a picture side by side (stacked on phones). With `reveal`, the
 * section is marked hidden and shows once half of it is visible, watching only after the
 * visitor's first scroll, as the service pages specify.
 */
export default function Overview({ section, index }: SectionProps<'overview'>) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const armed = useHiddenAtMount(ref, section.reveal);
  const shown = useInView(ref, { threshold: 0.5, afterFirstScroll: true, enabled: armed });
  const state = armed ? (shown ? 'show' : 'hidden') : undefined;
  return (
    <section
      ref={ref}
      id={section.id}
      className={styles.root}
      data-section="overview"
      data-image-side={section.imageSide}
      data-reveal={state}
      aria-labelledby={headingId}
    >
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <SectionHeading
            id={headingId}
            eyebrow={section.eyebrow}
            heading={section.heading}
            align="start"
            level={index === 0 ? 1 : 2}
          />
          {section.paragraphs.map((paragraph, i) => (
            <p key={i} className={styles.paragraph} data-slot="paragraph">
              <RichText text={paragraph} />
            </p>
          ))}
        </div>
        <div className={styles.media} data-slot="media">
          <Picture image={section.image} priority={index === 0} className={styles.picture} />
        </div>
      </div>
    </section>
  );
}
