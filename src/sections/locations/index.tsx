import { useId } from 'react';
import type { SectionProps } from '../registry.ts';
import { Icon } from '../../components/Icon/index.tsx';
import { RichText } from '../../components/RichText/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { MapEmbed } from './MapEmbed.tsx';
import styles from './styles.module.css';

/** Contact cards (e-mails and phones are mailto:/tel: links) and the office map, loaded on request. */
export default function Locations({ section, index }: SectionProps<'locations'>) {
  const headingId = useId();
  const first = index === 0;
  const Heading = first ? 'h1' : 'h2';
  return (
    <section id={section.id} className={styles.root} data-section="locations" data-first={first} aria-labelledby={headingId}>
      <div className="container">
        <Heading id={headingId} className={styles.heading} data-slot="heading">
          <RichText text={section.heading} />
        </Heading>
        <ul className={styles.cards} data-slot="cards">
          {section.cards.map((card) => (
            <li key={card.title} className={styles.card} data-slot="card">
              <span className={styles.icon} aria-hidden="true">
                <Icon name={card.icon} size={24} />
              </span>
              <h3 className={styles.cardTitle}>{card.title}</h3>
              <ul className={styles.lines}>
                {card.lines.map((line, i) => (
                  <li key={i}>
                    {line.link ? (
                      <SmartLink to={line.link} className={styles.link}>
                        {line.text}
                      </SmartLink>
                    ) : (
                      line.text
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <MapEmbed map={section.map} />
      </div>
    </section>
  );
}
