import { useEffect, useId, useRef, type RefObject } from 'react';
import { MessagesSquare } from '../../components/Icon/ui.ts';
import type { SectionProps } from '../registry.ts';
import type { HireSection, HireSlide } from '../../generated/schema-types.ts';
import { useShared } from '../shared.ts';
import { Carousel } from '../../components/Carousel/index.tsx';
import { Icon } from '../../components/Icon/index.tsx';
import { Picture } from '../../components/Picture/index.tsx';
import { Reveal } from '../../components/Reveal/index.tsx';
import { RichText, plainText } from '../../components/RichText/index.tsx';
import { useInView } from '../../hooks/index.ts';
import { Counter } from './Counter.tsx';
import { stepsAnchor } from './meta.ts';
import styles from './styles.module.css';

/**
 * The template's placeholders filled with what the page hires: `{developers}` with the page's own
 * words for them (`database developers`), else its label and "developers"; `{label}` with its label.
 */
const fill = (text: string, section: HireSection) =>
  text.replace(/\{developers\}/g, section.developers ?? `${section.label} developers`).replace(/\{label\}/g, section.label);

/** The shared slides, the first ("Getting Started") showing the page's own picture when it gives one. */
const slidesOf = (slides: readonly HireSlide[], image: HireSection['image']) =>
  image ? slides.map((slide, i) => (i === 0 ? { ...slide, image } : slide)) : slides;

type Level = 'h2' | 'h3' | 'h4';

interface SlideProps {
  readonly slide: HireSlide;
  readonly priority: boolean;
  /** Load the picture now even if it is off screen: the slider is about to be seen. */
  readonly eager: boolean;
  readonly Heading: Level;
}

function Slide({ slide, priority, eager, Heading }: SlideProps) {
  return (
    <article className={styles.slide}>
      <div className={styles.slideMedia}>
        <Picture
          image={slide.image}
          priority={priority}
          className={styles.slidePicture}
          {...(!priority && eager ? { loading: 'eager' as const } : {})}
        />
      </div>
      <div className={styles.slideBody}>
        <Heading className={styles.slideHeading} data-slot="slide-heading">
          <RichText text={slide.heading} />
        </Heading>
        <p className={styles.slideText}>{slide.text}</p>
      </div>
    </article>
  );
}

/**
 * The remote-hiring template of /start and the technology pages. Its content is shared
 * (content/shared/hire.yaml); the page passes the label and may replace the heading, the intro and the first
 * slide's picture.
 * The opening band is dark, so the template can open a page (h1, room for the header) as well as
 * follow other sections (h2); the heading levels inside follow from that.
 */
/**
 * On phones the reasons are a row to swipe through. A row that scrolls must also be reachable by
 * keyboard (Tab to it, then the arrow keys), so the server HTML makes it focusable, with a name,
 * and once the code runs it stops being an extra tab stop wherever it does not scroll (wide screens).
 */
function useTabStopWhileScrolling(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      element.tabIndex = element.scrollWidth > element.clientWidth + 1 ? 0 : -1;
    };
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
}

export default function Hire({ section, index }: SectionProps<'hire'>) {
  const template = useShared('hire');
  const headingId = useId();
  // Slides outside the clipped slider viewport never trigger lazy loading by themselves, so all
  // slide pictures are requested once the slider comes near the screen.
  const sliderRef = useRef<HTMLDivElement>(null);
  const sliderNear = useInView(sliderRef, { rootMargin: '100% 0px' });
  const reasonsRef = useRef<HTMLUListElement>(null);
  useTabStopWhileScrolling(reasonsRef);
  if (!template) return null;
  const first = index === 0;
  const Heading = first ? 'h1' : 'h2';
  const Sub: Level = first ? 'h2' : 'h3';
  const Item: Level = first ? 'h3' : 'h4';
  const heading = fill(section.heading ?? template.heading, section);
  const intro = fill(section.intro ?? template.intro, section);
  const { steps, reasons, counter } = template;
  const slides = slidesOf(template.slides, section.image);

  return (
    <section id={section.id} className={styles.root} data-section="hire" data-first={first} aria-labelledby={headingId}>
      <div className={styles.opening} data-slot="opening" data-tone="dark">
        <div className={`container ${styles.openingInner}`}>
          <header className={styles.openingCopy}>
            <Heading id={headingId} className={styles.heading} data-slot="heading">
              <RichText text={heading} />
            </Heading>
            <p className={styles.intro} data-slot="intro">
              {intro}
            </p>
          </header>
          <div ref={sliderRef} className={styles.slider}>
            <Carousel
              label={`Hiring ${plainText(section.developers ?? `${section.label} developers`)} with Sutra Labs`}
              slides={slides.map((slide, i) => (
                <Slide key={i} slide={slide} priority={first && i === 0} eager={sliderNear} Heading={Sub} />
              ))}
              loop
              arrows
              autoplay={template.interval}
              stopOnInteraction={false}
              tone="dark"
            />
          </div>
        </div>
      </div>

      {/* The process and the reasons share one band: side by side on wide screens, so the template
          stays about one screen and a half tall on a page that has its own story to tell. */}
      <div className={styles.process}>
        <div className={`container ${styles.processInner}`}>
          <div id={stepsAnchor(section)} className={styles.steps} data-slot="steps">
            <Sub className={styles.blockHeading}>
              <RichText text={fill(steps.heading, section)} />
            </Sub>
            <ol className={styles.stepList} data-count={steps.items.length}>
              {steps.items.map((step, i) => (
                <Reveal as="li" key={step.number} index={i} className={styles.step} data-slot="step">
                  <div className={styles.stepTop}>
                    <span className={styles.stepNumber} aria-hidden="true">
                      {step.number}
                    </span>
                    <span className={styles.stepIcon} aria-hidden="true">
                      <Icon name={step.icon} size={24} strokeWidth={1.75} />
                    </span>
                  </div>
                  <Item className={styles.stepTitle}>
                    <span className="visually-hidden">{step.number} </span>
                    {step.title}
                  </Item>
                  <p className={styles.stepText}>{step.text}</p>
                </Reveal>
              ))}
            </ol>
            <Reveal index={steps.items.length} className={styles.noteWrap}>
              <p className={styles.note} data-slot="note">
                <MessagesSquare size={18} aria-hidden="true" />
                {steps.note}
              </p>
            </Reveal>
          </div>

          <div className={styles.reasons} data-slot="reasons">
            <Sub className={styles.blockHeading}>
              <RichText text={fill(reasons.heading, section)} />
            </Sub>
            <ul
              ref={reasonsRef}
              className={styles.reasonGrid}
              tabIndex={0}
              aria-label={`${plainText(fill(reasons.heading, section))}: ${reasons.items.length} reasons`}
            >
              {reasons.items.map((reason, i) => (
                <Reveal as="li" key={reason.title} index={i % 3} className={styles.reason} data-slot="reason">
                  <span className={styles.reasonIcon} aria-hidden="true">
                    <Icon name={reason.icon} size={24} strokeWidth={1.75} />
                  </span>
                  <Item className={styles.reasonTitle}>{reason.title}</Item>
                  <p className={styles.reasonText}>{reason.text}</p>
                </Reveal>
              ))}
            </ul>
          </div>
          <Counter counter={counter} />
        </div>
      </div>
    </section>
  );
}
