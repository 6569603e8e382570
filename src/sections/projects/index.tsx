import { useId } from 'react';
import { ArrowRight, ArrowUpRight } from '../../components/Icon/ui.ts';
import type { SectionProps } from '../registry.ts';
import type { Project } from '../../generated/schema-types.ts';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { Picture } from '../../components/Picture/index.tsx';
import { Icon } from '../../components/Icon/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { Carousel } from '../../components/Carousel/index.tsx';
import styles from './styles.module.css';

/**
 * Featured projects in a looping carousel that keeps playing after interaction: the list is
 * shown `repeat` times, one project per view on phones and up to four side by side. Each copy is
 * its own labelled slide ("4 of 6"), so the repetition is not ambiguous to assistive technology.
 */
export default function Projects({ section, index }: SectionProps<'projects'>) {
  const { heading, intro, interval, repeat, items } = section;
  const headingId = useId();
  const slides = Array.from({ length: repeat }, () => items)
    .flat()
    .map((item, i) => <ProjectCard key={i} project={item} />);
  return (
    <section id={section.id} className={styles.root} data-section="projects" aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading heading={heading} intro={intro} level={index === 0 ? 1 : 2} id={headingId} tone="dark" />
        <Carousel
          label="Project showcase"
          slides={slides}
          perView={{ base: 1, 640: 2, 1024: 3, 1200: 4 }}
          gap={{ base: 30, 640: 20, 1024: 40, 1200: 30 }}
          loop
          autoplay={interval}
          stopOnInteraction={false}
          bullets
          arrows
          tone="dark"
        />
      </div>
    </section>
  );
}

function ProjectCard({ project }: { project: Project }) {
  return (
    <article className={styles.card} data-slot="project">
      <div className={styles.media}>
        <Picture image={project.image} className={styles.image} />
      </div>
      <div className={styles.body}>
        <div className={styles.heading}>
          {project.icon && (
            <span className={styles.badge}>
              <Icon name={project.icon} size={18} />
            </span>
          )}
          <h3 className={styles.title}>{project.title}</h3>
        </div>
        <p className={styles.text}>{project.text}</p>
        <div className={styles.links}>
          <SmartLink to={project.link} className={styles.link} data-slot="explore">
            {project.linkLabel}
            <span className="visually-hidden"> {project.title}</span>
            <ArrowUpRight size={16} aria-hidden />
          </SmartLink>
          {project.story && (
            <SmartLink to={project.story} className={styles.link} data-slot="story">
              {project.storyLabel}
              <span className="visually-hidden">: {project.title}</span>
              <ArrowRight size={16} aria-hidden />
            </SmartLink>
          )}
        </div>
      </div>
    </article>
  );
}
