import { Fragment, useId, type ReactNode } from 'react';
import type { SectionProps } from '../registry.ts';
import type { BannerSlide } from '../../generated/schema-types.ts';
import { Carousel } from '../../components/Carousel/index.tsx';
import { Picture } from '../../components/Picture/index.tsx';
import { RichText } from '../../components/RichText/index.tsx';
import { useHydrated } from '../../hooks/index.ts';
import styles from './styles.module.css';

/** An e-mail address inside prose; deliberately plain, it only has to find addresses we wrote. */
const EMAIL = /([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/** Plain text with its e-mail addresses turned into `mailto:` links. */
function withMailLinks(text: string): ReactNode {
  return text.split(EMAIL).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={`mailto:${part}`} className={styles.mail}>
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/** Rich text (`**bold**`) whose e-mail addresses are links, also inside the bold parts. */
function IntroText({ text }: { readonly text: string }) {
  const parts = text.split(/(\*\*[^*]+\*\*)/g).filter(Boolean);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('**') && part.endsWith('**') ? (
          <strong key={i}>{withMailLinks(part.slice(2, -2))}</strong>
        ) : (
          <Fragment key={i}>{withMailLinks(part)}</Fragment>
        ),
      )}
    </>
  );
}

interface SlideProps {
  readonly slide: BannerSlide;
  readonly index: number;
  readonly opensPage: boolean;
  readonly headingId: string;
  /** Load the picture now even if it is off screen: it is about to slide in. */
  readonly eager: boolean;
}

function Slide({ slide, index, opensPage, headingId, eager }: SlideProps) {
  // One h1 per page: the first slide's heading names the page, the others are h2.
  const Heading = opensPage && index === 0 ? 'h1' : 'h2';
  const priority = opensPage && index === 0;
  return (
    <div className={styles.slide}>
      <Picture
        image={slide.image}
        priority={priority}
        className={styles.backdrop}
        {...(!priority && eager ? { loading: 'eager' as const, fetchPriority: 'low' as const } : {})}
      />
      <div className={styles.overlay} aria-hidden="true" />
      <div className={`container ${styles.slideInner}`}>
        <div className={styles.slideCopy}>
          <Heading id={index === 0 ? headingId : undefined} className="banner-heading" data-slot="slide-heading">
            <RichText text={slide.heading} />
          </Heading>
          <p className={styles.text}>{slide.text}</p>
        </div>
      </div>
    </div>
  );
}

/**
 * The dark opening banner of /services, /technologies and /careers: slides that advance on their
 * own, with bullets and a pause control, then an optional introduction on a light background.
 */
export default function SlideBanner({ section, index }: SectionProps<'slide-banner'>) {
  const headingId = useId();
  const opensPage = index === 0;
  // Slides beyond the first sit outside the clipped viewport, where lazy images never start
  // loading; once the page is interactive they are fetched at low priority so none slides in blank.
  const hydrated = useHydrated();
  const { intro } = section;
  return (
    <section
      id={section.id}
      className={styles.root}
      data-section="slide-banner"
      data-first={opensPage}
      aria-labelledby={headingId}
    >
      <div className={styles.banner} data-slot="banner" data-tone="dark">
        <Carousel
          className={styles.carousel}
          label="Highlights"
          slides={section.slides.map((slide, i) => (
            <Slide key={i} slide={slide} index={i} opensPage={opensPage} headingId={headingId} eager={hydrated} />
          ))}
          loop
          autoplay={section.interval}
          tone="dark"
          controls="overlay"
        />
      </div>
      {intro && (
        <div className={styles.intro} data-slot="intro">
          <div className={`container ${styles.introInner}`} data-long={intro.paragraphs.length > 1}>
            <h2 className={styles.introHeading}>
              <RichText text={intro.heading} />
            </h2>
            <div className={styles.introBody}>
              {intro.paragraphs.map((paragraph, i) => (
                <p key={i} className={styles.introText} data-slot="intro-paragraph">
                  <IntroText text={paragraph} />
                </p>
              ))}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
