import { useId, useRef } from 'react';
import type { SectionProps } from '../registry.ts';
import type { CarouselItem } from '../../generated/schema-types.ts';
import { Carousel, type Responsive } from '../../components/Carousel/index.tsx';
import { Icon } from '../../components/Icon/index.tsx';
import { Picture } from '../../components/Picture/index.tsx';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { plainText } from '../../components/RichText/index.tsx';
import { useInView } from '../../hooks/index.ts';
import styles from './styles.module.css';

/** Items shown at once below each breakpoint of the specification, before the `perView` cap. */
const WIDTHS = { base: 1, 480: 2, 750: 3, 1024: 4 } as const;

/** Embla's `duration` is not in milliseconds; 25 is about 500 ms, and it scales roughly linearly. */
const emblaDuration = (ms: number) => Math.min(60, Math.max(20, Math.round(ms / 20)));

function Category({ item, eager }: { readonly item: CarouselItem; readonly eager: boolean }) {
  return (
    <div className={styles.card} data-slot="item">
      {item.image ? (
        <Picture image={item.image} className={styles.picture} {...(eager ? { loading: 'eager' as const } : {})} />
      ) : item.icon ? (
        <span className={styles.icon} aria-hidden="true">
          <Icon name={item.icon} size={30} strokeWidth={1.6} />
        </span>
      ) : null}
      <p className={styles.name} data-slot="name">
        {item.name}
      </p>
    </div>
  );
}

/**
 * Categories of a service page in the shared carousel: 4 at once moving 2 at a time on wide
 * screens, 3 below 1024 px, 2 below 750 px, 1 below 480 px (never more than `perView`); dots,
 * no arrows; looping from 1024 px up only.
 */
export default function CategoryCarousel({ section, index }: SectionProps<'carousel'>) {
  const headingId = useId();
  // Pictures outside the clipped carousel viewport never trigger lazy loading by themselves.
  const ref = useRef<HTMLElement>(null);
  const near = useInView(ref, { rootMargin: '100% 0px' });
  const cap = (n: number) => Math.min(n, section.perView);
  const perView: Responsive<number> = {
    base: cap(WIDTHS.base),
    480: cap(WIDTHS[480]),
    750: cap(WIDTHS[750]),
    1024: cap(WIDTHS[1024]),
  };
  // Narrower screens move a whole view at a time, so each dot is one page of categories.
  const slidesToScroll: Responsive<number> = {
    base: cap(WIDTHS.base),
    480: cap(WIDTHS[480]),
    750: cap(WIDTHS[750]),
    1024: Math.min(section.scroll, section.perView),
  };
  return (
    <section ref={ref} id={section.id} className={styles.root} data-section="carousel" aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} heading={section.heading} intro={section.intro} level={index === 0 ? 1 : 2} />
        <Carousel
          label={`Slides: ${plainText(section.heading)}`}
          slides={section.items.map((item) => (
            <Category key={item.name} item={item} eager={near} />
          ))}
          perView={perView}
          slidesToScroll={slidesToScroll}
          gap={{ base: 16, 750: 24 }}
          loop={{ base: false, 1024: true }}
          duration={emblaDuration(section.speed)}
          bullets
          arrows={false}
        />
      </div>
    </section>
  );
}
