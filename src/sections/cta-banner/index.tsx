import { useId } from 'react';
import { ArrowRight } from '../../components/Icon/ui.ts';
import type { SectionProps } from '../registry.ts';
import { RichText } from '../../components/RichText/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import styles from './styles.module.css';

/** The closing call to action: a dark gradient band with a heading, an optional line and one button. */
export default function CtaBanner({ section, index }: SectionProps<'cta-banner'>) {
  const { heading, text, action } = section;
  const headingId = useId();
  const Heading = index === 0 ? 'h1' : 'h2';
  return (
    <section id={section.id} className={styles.root} data-section="cta-banner" aria-labelledby={headingId}>
      <div className="container">
        <div className={styles.band} data-slot="band">
          <div className={styles.copy}>
            <Heading id={headingId} className={styles.heading}>
              <RichText text={heading} />
            </Heading>
            {text && <p className={styles.text}>{text}</p>}
          </div>
          <SmartLink to={action.link} variant="light" className={styles.action} data-slot="action">
            {action.label}
            <ArrowRight size={18} aria-hidden />
          </SmartLink>
        </div>
      </div>
    </section>
  );
}
