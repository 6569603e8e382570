import { useId } from 'react';
import { ArrowRight } from '../../components/Icon/ui.ts';
import type { SectionProps } from '../registry.ts';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { Picture } from '../../components/Picture/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { Reveal } from '../../components/Reveal/index.tsx';
import styles from './styles.module.css';

/** The line draws at a steady pace, like a progress bar, rather than rushing and settling. */
const LINEAR = [0, 0, 1, 1] as const;

/**
 * A vertical timeline of steps (picture, title, text, link), alternating sides on wide screens
 * and in one column on phones. The line grows over `duration` ms once half of it is visible and
 * the steps reveal one after another; without JavaScript or with reduced motion all is shown.
 */
export default function Timeline({ section, index }: SectionProps<'timeline'>) {
  const { heading, intro, duration, items } = section;
  const headingId = useId();
  return (
    <section id={section.id} className={styles.root} data-section="timeline" aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading heading={heading} intro={intro} level={index === 0 ? 1 : 2} id={headingId} />
        <div className={styles.timeline}>
          <div className={styles.track} aria-hidden="true">
            <Reveal
              className={styles.line}
              data-slot="line"
              effect="grow-y"
              threshold={0.5}
              duration={duration / 1000}
              ease={LINEAR}
            />
          </div>
          <ol className={styles.steps}>
            {items.map((item, i) => (
              <Reveal
                as="li"
                key={i}
                index={i}
                threshold={0.1}
                className={styles.step}
                data-slot="step"
                data-side={i % 2 === 0 ? 'start' : 'end'}
              >
                <span className={styles.marker} aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <div className={styles.media}>
                  <Picture image={item.image} priority={index === 0 && i === 0} className={styles.picture} />
                </div>
                <div className={styles.body}>
                  <h3 className={styles.title}>{item.title}</h3>
                  <p className={styles.text}>{item.text}</p>
                  <SmartLink to={item.link} variant="dark" className={styles.link}>
                    {item.linkLabel}
                    <span className="visually-hidden">: {item.title}</span>
                    <ArrowRight size={16} aria-hidden />
                  </SmartLink>
                </div>
              </Reveal>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
