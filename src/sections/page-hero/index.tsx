import { useId } from 'react';
import { ArrowRight } from '../../components/Icon/ui.ts';
import type { SectionProps } from '../registry.ts';
import { Picture } from '../../components/Picture/index.tsx';
import { RichText } from '../../components/RichText/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import styles from './styles.module.css';

/**
 * The dark opening banner of service, technology and contact pages. Its picture is the page's
 * largest paint when it opens the page, so it then loads with priority.
 */
export default function PageHero({ section, index }: SectionProps<'page-hero'>) {
  const headingId = useId();
  const first = index === 0;
  const Heading = first ? 'h1' : 'h2';
  return (
    <section id={section.id} className={styles.root} data-section="page-hero" data-first={first} aria-labelledby={headingId}>
      <Picture image={section.image} priority={first} className={styles.backdrop} data-slot="backdrop" />
      <div className={styles.overlay} aria-hidden="true" />
      <div className={`container ${styles.inner}`} data-tone="dark">
        <div className={styles.copy}>
          {section.eyebrow && (
            <p className={styles.eyebrow} data-slot="eyebrow">
              {section.eyebrow}
            </p>
          )}
          <Heading id={headingId} className="banner-heading" data-slot="heading">
            <RichText text={section.heading} />
          </Heading>
          <p className={styles.text} data-slot="text">
            {section.text}
          </p>
          {section.action && (
            <SmartLink to={section.action.link} variant="light" className={styles.action} data-slot="action">
              {section.action.label}
              <ArrowRight aria-hidden="true" size={18} strokeWidth={2.25} className={styles.arrow} />
            </SmartLink>
          )}
        </div>
      </div>
    </section>
  );
}
