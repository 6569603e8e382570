import { useId } from 'react';
import type { SectionProps } from '../registry.ts';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { Reveal } from '../../components/Reveal/index.tsx';
import styles from './styles.module.css';

/** {{Label}}: a heading, an optional introduction and its items, which fade in one after another. */
export default function {{Name}}({ section, index }: SectionProps<'{{type}}'>) {
  const { eyebrow, heading, intro, tone, items } = section;
  const headingId = useId();
  return (
    <section id={section.id} className={styles.root} data-section="{{type}}" data-tone={tone} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading
          id={headingId}
          eyebrow={eyebrow}
          heading={heading}
          intro={intro}
          level={index === 0 ? 1 : 2}
          tone={tone === 'dark' ? 'dark' : 'light'}
        />
        <ul className={styles.items} data-slot="items">
          {items.map((item, i) => (
            <Reveal as="li" key={i} index={i} className={styles.item} data-slot="item">
              {/* Not a heading: a type with no outline in src/sections/meta.ts draws one heading, its own. */}
              <p className={styles.title}>{item.title}</p>
              <p className={styles.text}>{item.text}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
