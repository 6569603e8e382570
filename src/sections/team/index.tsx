import { useId } from 'react';
import { Quote } from '../../components/Icon/ui.ts';
import type { SectionProps } from '../registry.ts';
import type { TeamMember } from '../../generated/schema-types.ts';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { Picture } from '../../components/Picture/index.tsx';
import { Carousel } from '../../components/Carousel/index.tsx';
import styles from './styles.module.css';

/** Splits `list` into consecutive groups of `size`. */
const groups = <T,>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/**
 * The team carousel: `perSlide` members per slide, one slide in view, centred, looping, with a
 * depth effect, bullets, previous/next and autoplay every `interval` ms.
 */
export default function Team({ section, index }: SectionProps<'team'>) {
  const { heading, intro, perSlide, interval, members } = section;
  const headingId = useId();
  const slides = groups(members, perSlide).map((group, i) => (
    <ul key={i} className={styles.group} data-count={group.length}>
      {group.map((member) => (
        <li key={member.name} className={styles.cell}>
          <MemberCard member={member} />
        </li>
      ))}
    </ul>
  ));
  return (
    <section id={section.id} className={styles.root} data-section="team" aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading heading={heading} intro={intro} level={index === 0 ? 1 : 2} id={headingId} />
        <div className={styles.stage}>
          <Carousel
            label="Team members"
            slides={slides}
            perView={1}
            gap={40}
            loop
            align="center"
            effect="depth"
            depth={{ depth: 100, rotate: 0, stretch: 0 }}
            autoplay={interval}
            bullets
            arrows
          />
        </div>
      </div>
    </section>
  );
}

function MemberCard({ member }: { member: TeamMember }) {
  return (
    // The portrait is the figure and the name its caption; HTML allows a figcaption only as the first or
    // last child of its figure, so the quote sits beside the figure, not in it.
    <div className={styles.card} data-slot="member">
      <figure className={styles.person}>
        <Picture image={member.image} className={styles.portrait} />
        <figcaption className={styles.caption}>
          <span className={styles.name}>{member.name}</span>
          <span className={styles.role}>{member.role}</span>
        </figcaption>
      </figure>
      <blockquote className={styles.quote}>
        <Quote size={22} aria-hidden className={styles.mark} />
        <p>{member.quote}</p>
      </blockquote>
    </div>
  );
}
