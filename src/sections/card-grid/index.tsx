import { useId, useState, type FocusEvent } from 'react';
import { ArrowRight, Plus } from '../../components/Icon/ui.ts';
import { PauseToggle } from '../../components/PauseToggle/index.tsx';
import type { SectionProps } from '../registry.ts';
import type { CardGridSection } from '../../generated/schema-types.ts';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { Icon } from '../../components/Icon/index.tsx';
import { Logo } from '../../components/Logo/index.tsx';
import { Picture } from '../../components/Picture/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { Reveal } from '../../components/Reveal/index.tsx';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { useInterval } from '../../hooks/useInterval.ts';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion.ts';
import styles from './styles.module.css';

type Card = CardGridSection['cards'][number];

/**
 * A grid of cards whose behaviour depends on `variant`: `reveal` (fade in one after another),
 * `highlight` (a highlight moves across the cards on a timer), `focus` (the other cards blur
 * while one is hovered or focused), `hover-text` (text shown on hover or focus, always on touch
 * screens and without JavaScript), `numbered` (a numbered list) and `figures` (each title a large
 * figure over its text, fading in like `reveal`).
 */
export default function CardGrid({ section, index }: SectionProps<'card-grid'>) {
  const { eyebrow, heading, intro, variant, interval, columns, tone, cards } = section;
  const headingId = useId();
  const enhanced = useHydrated();
  const highlight = useHighlight(variant === 'highlight', interval, cards.length);
  const List = variant === 'numbered' ? 'ol' : 'ul';

  return (
    <section
      id={section.id}
      className={styles.root}
      data-section="card-grid"
      data-variant={variant}
      data-tone={tone}
      data-enhanced={enhanced || undefined}
      aria-labelledby={headingId}
    >
      <div className="container">
        <SectionHeading
          eyebrow={eyebrow}
          heading={heading}
          intro={intro}
          level={index === 0 ? 1 : 2}
          tone={tone === 'dark' ? 'dark' : 'light'}
          id={headingId}
        />
        <List
          className={styles.grid}
          data-columns={columns}
          data-slot="cards"
          {...(highlight && {
            onFocus: highlight.onFocus,
            onBlur: highlight.onBlur,
          })}
        >
          {cards.map((card, i) => {
            const body =
              variant === 'hover-text' ? (
                <HoverTextBody card={card} priority={index === 0} />
              ) : (
                <CardBody card={card} number={variant === 'numbered' ? i + 1 : undefined} priority={index === 0} />
              );
            const common = {
              className: styles.card,
              'data-slot': 'card',
              'data-active': highlight ? highlight.active === i : undefined,
              ...(highlight && {
                onPointerEnter: () => highlight.hover(i),
                onPointerLeave: () => highlight.hover(null),
              }),
            };
            if (variant === 'reveal' || variant === 'figures') {
              return (
                <Reveal as="li" key={i} index={i} threshold={0.1} {...common}>
                  {body}
                </Reveal>
              );
            }
            return (
              <li
                key={i}
                {...common}
                data-image={variant === 'hover-text' && card.image ? true : undefined}
                tabIndex={variant === 'hover-text' && !card.link ? 0 : undefined}
              >
                {body}
              </li>
            );
          })}
        </List>
        {highlight?.control}
      </div>
    </section>
  );
}

function CardMedia({ card, priority }: { card: Card; priority: boolean }) {
  if (card.image) return <Picture image={card.image} priority={priority} className={styles.image} />;
  if (card.logo)
    return (
      <span className={styles.icon} data-slot="icon" data-kind="logo">
        <Logo name={card.logo} size={32} />
      </span>
    );
  if (!card.icon) return null;
  return (
    <span className={styles.icon} data-slot="icon">
      <Icon name={card.icon} size={26} />
    </span>
  );
}

/**
 * `hover-text` cards stack two faces in one grid cell: a decorative front (picture and title) and
 * the real content (picture, title, text). The card is always as tall as its full content, so
 * opening it on hover or focus moves nothing around it. Without JavaScript and on touch screens
 * only the full content is shown.
 */
function HoverTextBody({ card, priority }: { card: Card; priority: boolean }) {
  if (card.image) return <ImageCardBody card={card} image={card.image} priority={priority} />;
  return (
    <>
      <div className={styles.front} aria-hidden="true">
        <CardMedia card={card} priority={priority} />
        <span className={styles.frontTitle} data-slot="front-title">
          {card.title}
        </span>
        <span className={styles.hint}>
          <Plus size={16} />
        </span>
      </div>
      <div className={styles.back} data-slot="card-back">
        <CardMedia card={card} priority={false} />
        <CardContent card={card} />
      </div>
    </>
  );
}

/**
 * A `hover-text` card with a picture: the name sits on the picture, over a navy gradient. On hover
 * or keyboard focus a navy layer rises over the picture with the name, the text and the link; the
 * card is always as tall as that layer needs, so nothing moves. On touch screens and without
 * JavaScript the text sits under the picture instead.
 */
function ImageCardBody({ card, image, priority }: { card: Card; image: NonNullable<Card['image']>; priority: boolean }) {
  return (
    <>
      <div className={styles.cover} data-slot="cover">
        <Picture image={image} priority={priority} className={styles.coverImage} />
        <span className={styles.coverTitle} aria-hidden="true" data-slot="cover-title">
          {card.title}
        </span>
      </div>
      <div className={styles.back} data-slot="card-back">
        <CardContent card={card} />
      </div>
    </>
  );
}

function CardBody({ card, number, priority }: { card: Card; number?: number; priority: boolean }) {
  return (
    <>
      {number !== undefined && (
        <span className={styles.number} aria-hidden="true" data-slot="number">
          {String(number).padStart(2, '0')}
        </span>
      )}
      <CardMedia card={card} priority={priority} />
      <CardContent card={card} />
    </>
  );
}

/** What every card says: its title, its text and its link, the same in every variant. */
function CardContent({ card }: { card: Card }) {
  return (
    <>
      <h3 className={styles.title}>{card.title}</h3>
      <div className={styles.textWrap} data-slot="card-text">
        <p className={styles.text}>{card.text}</p>
      </div>
      {card.link && (
        <SmartLink to={card.link} variant="ghost" className={styles.link}>
          {card.linkLabel ?? 'Read More'}
          <span className="visually-hidden"> about {card.title}</span>
          <ArrowRight size={16} aria-hidden />
        </SmartLink>
      )}
    </>
  );
}

/**
 * The rotating highlight of the `highlight` variant: it moves every `interval` ms, wraps at the
 * end, pauses while the pointer is over a card or focus is inside the grid, and has a visible
 * pause/play button because it would otherwise move indefinitely. With reduced motion it stays
 * on the first card (or the one the visitor points at).
 */
function useHighlight(enabled: boolean, interval: number, count: number) {
  const reduced = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const canRotate = enabled && hydrated && !reduced && count > 1;
  const running = canRotate && !paused && hovered === null && !focused;
  useInterval(() => setActive((i) => (i + 1) % count), running ? interval : null);

  if (!enabled) return null;
  return {
    active,
    hover(i: number | null) {
      setHovered(i);
      if (i !== null) setActive(i);
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      setFocused(true);
      const card = (event.target as HTMLElement).closest('[data-slot="card"]');
      const i = card ? [...(card.parentElement?.children ?? [])].indexOf(card) : -1;
      if (i >= 0) setActive(i);
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
    control: canRotate ? (
      <div className={styles.controlBar}>
        <PauseToggle paused={paused} onToggle={() => setPaused((p) => !p)} subject="highlight" />
      </div>
    ) : null,
  };
}
