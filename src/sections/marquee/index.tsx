import { useId, useState, type CSSProperties } from 'react';
import { PauseToggle } from '../../components/PauseToggle/index.tsx';
import type { SectionProps } from '../registry.ts';
import type { LogoItem } from '../../generated/schema-types.ts';
import { SectionHeading } from '../../components/SectionHeading/index.tsx';
import { Logo } from '../../components/Logo/index.tsx';
import { useHydrated } from '../../hooks/useHydrated.ts';
import styles from './styles.module.css';

/**
 * Copies of each row on its track (the specification repeats the content 10 times). The track
 * moves by exactly one copy per loop, so the join is invisible and even very wide screens stay
 * filled. Only the first copy is in the page's HTML: the other nine are decoration, drawn once the
 * section's code runs (it runs as the section nears the viewport). In the HTML they were 430 of the
 * home page's 1,210 elements, parsed and laid out by every phone before anything else could run.
 */
const COPIES = 10;

/**
 * Rows of technology logos scrolling sideways without end, alternating direction. They pause
 * while the pointer is over them or focus is inside, and a visible button pauses them for good.
 * Only the first copy of each row is exposed to assistive technology; the rest are decoration.
 * With reduced motion the rows do not move and wrap into a static grid. Until the section's code
 * runs, and without JavaScript, each row stands still.
 */
export default function Marquee({ section, index }: SectionProps<'marquee'>) {
  const { heading, intro, duration, rows } = section;
  const headingId = useId();
  const hydrated = useHydrated();
  const [paused, setPaused] = useState(false);

  return (
    <section
      id={section.id}
      className={styles.root}
      data-section="marquee"
      data-paused={paused}
      data-moving={hydrated}
      aria-labelledby={headingId}
      style={{ '--marquee-duration': `${duration}s`, '--marquee-shift': `${-100 / COPIES}%` } as CSSProperties}
    >
      <div className="container">
        <SectionHeading heading={heading} intro={intro} level={index === 0 ? 1 : 2} id={headingId} />
      </div>
      <div className={styles.rows} data-slot="rows">
        {rows.map((row, r) => (
          <div key={r} className={styles.row} data-slot="row" data-direction={r % 2 === 0 ? 'left' : 'right'}>
            <div className={styles.track} data-slot="track">
              <ul className={styles.copy} aria-label={`Technologies, row ${r + 1}`}>
                {row.map((item, i) => (
                  <li key={i} className={styles.tile} data-slot="logo">
                    <Tile item={item} />
                  </li>
                ))}
              </ul>
              {Array.from({ length: hydrated ? COPIES - 1 : 0 }, (_, c) => (
                <div key={c} className={styles.copy} aria-hidden="true" data-copy="">
                  {row.map((item, i) => (
                    <div key={i} className={styles.tile}>
                      <Tile item={item} />
                    </div>
                  ))}
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className={`container ${styles.bar}`}>
        {hydrated && <PauseToggle paused={paused} onToggle={() => setPaused((p) => !p)} subject="logo animation" />}
      </div>
    </section>
  );
}

function Tile({ item }: { item: LogoItem }) {
  return (
    <>
      <Logo name={item.logo} size={40} className={styles.logo} />
      <span className={styles.name}>{item.name}</span>
    </>
  );
}
