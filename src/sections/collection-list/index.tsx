import { useId } from 'react';
import { ArrowRight } from '../../components/Icon/ui.ts';
import type { ListedEntry } from '../../generated/schema-types.ts';
import type { SectionProps } from '../registry.ts';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { Picture } from '../../components/Picture/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import styles from './styles.module.css';

/**
 * The entries of a collection as cards, filled in by the build (src/content/check/listings.ts).
 * The whole card is one link's target area, while the link itself is the card's last line, so a
 * screen reader hears the title once and then "Read more: <title>".
 */
export default function CollectionList({ section, index }: SectionProps<'collection-list'>) {
  const headingId = useId();
  const entries = section.entries ?? [];
  return (
    <section
      id={section.id}
      className={styles.root}
      data-section="collection-list"
      data-tone={section.tone}
      aria-labelledby={headingId}
    >
      <div className="container">
        <SectionHeading
          eyebrow={section.eyebrow}
          heading={section.heading}
          intro={section.intro}
          level={index === 0 ? 1 : 2}
          id={headingId}
        />
        <ul className={styles.grid} data-count={entries.length}>
          {entries.map((entry) => (
            <li key={entry.link} className={styles.item}>
              <EntryCard entry={entry} linkLabel={section.linkLabel} level={index === 0 ? 'h2' : 'h3'} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function EntryCard({ entry, linkLabel, level: Title }: { entry: ListedEntry; linkLabel: string; level: 'h2' | 'h3' }) {
  return (
    <article className={styles.card} data-slot="entry">
      {entry.image && (
        <div className={styles.media}>
          <Picture image={entry.image} className={styles.image} />
        </div>
      )}
      <div className={styles.body}>
        {entry.tags && entry.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {entry.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
        <Title className={styles.title}>{entry.title}</Title>
        <p className={styles.summary}>{entry.summary}</p>
        <SmartLink to={entry.link} className={styles.link} data-slot="entry-link">
          {linkLabel}
          <span className="visually-hidden">: {entry.title}</span>
          <ArrowRight size={16} aria-hidden />
        </SmartLink>
      </div>
    </article>
  );
}
