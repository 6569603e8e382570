import { useId } from 'react';
import { ArrowUpRight } from '../../components/Icon/ui.ts';
import type { SectionProps } from '../registry.ts';
import { Icon } from '../../components/Icon/index.tsx';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import styles from './styles.module.css';

/** The services directory of /services: one link card per service, the `active` one highlighted. */
export default function ServiceList({ section, index }: SectionProps<'service-list'>) {
  const headingId = useId();
  return (
    <section id={section.id} className={styles.root} data-section="service-list" aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} heading={section.heading} intro={section.tagline} level={index === 0 ? 1 : 2} />
        <ul className={styles.list} data-slot="items">
          {section.items.map((item, i) => {
            const active = i === section.active;
            return (
              <li key={item.link + item.title} className={styles.item} data-slot="item" data-active={active}>
                <SmartLink to={item.link} className={styles.card}>
                  {item.icon && (
                    <span className={styles.icon} aria-hidden="true">
                      <Icon name={item.icon} size={26} strokeWidth={1.75} />
                    </span>
                  )}
                  <span className={styles.body}>
                    <span className={styles.title} data-slot="title">
                      {item.title}
                    </span>
                    <span className={styles.description}>{item.description}</span>
                  </span>
                  <ArrowUpRight className={styles.arrow} aria-hidden="true" size={22} strokeWidth={2} />
                </SmartLink>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
