import { RichText } from '../RichText/index.tsx';
import styles from './styles.module.css';

export interface SectionHeadingProps {
  readonly eyebrow?: string;
  readonly heading: string;
  readonly intro?: string;
  readonly align?: 'center' | 'start';
  /** Heading level: 1 for the page's first heading, 2 for sections. */
  readonly level?: 1 | 2;
  readonly tone?: 'light' | 'dark';
  readonly id?: string;
}

/** The eyebrow, heading and introduction that open most sections, in one consistent style. */
export function SectionHeading({
  eyebrow,
  heading,
  intro,
  align = 'center',
  level = 2,
  tone = 'light',
  id,
}: SectionHeadingProps) {
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.root} data-align={align} data-tone={tone} data-slot="heading">
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <Tag className={styles.heading} id={id}>
        <RichText text={heading} />
      </Tag>
      {intro && <p className={styles.intro}>{intro}</p>}
    </div>
  );
}
