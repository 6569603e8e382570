/**
 * Tabs following the WAI-ARIA tabs pattern with automatic activation: one tab stop for the tab list
 * (roving tabindex), Left/Right move between tabs and wrap, Home/End jump to the ends, and moving
 * selects. Until the page is interactive every panel is shown, so content never hides behind a tab
 * that cannot be pressed yet (no JavaScript, slow hydration, crawlers), and each tab is a link to its
 * panel: until the tabs answer, a tap takes the reader to that panel's content at once, and that tab is
 * chosen when they do.
 *
 * A tab bar wider than the screen scrolls sideways. It then says so: the edge with more tabs beyond it
 * fades out (`data-more="start end"` on the tab list, the scroll container), and a tab that is chosen
 * scrolls fully into view.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useHydrated } from '../../hooks/useHydrated.ts';
import styles from './styles.module.css';

export interface TabItem {
  /** Stable key of the tab. */
  readonly key: string;
  readonly label: ReactNode;
  readonly panel: ReactNode;
}

export interface TabsProps {
  readonly items: readonly TabItem[];
  /** Accessible name of the tab list. */
  readonly label: string;
  readonly className?: string;
}

export function Tabs({ items, label, className }: TabsProps) {
  const [selected, setSelected] = useState(0);
  // Panels fade in only when the visitor switches, never on page load.
  const [switched, setSwitched] = useState(false);
  const interactive = useHydrated();
  const base = useId();
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  const list = useRef<HTMLDivElement>(null);
  useScrollEdges(list);
  // A tab pressed before these tabs could answer (the app not started, or this section's code still on
  // its way) was followed as a link, to its panel: that tab is the one chosen once they can. In the
  // commit of the hydration, with the panels' hiding, so no frame shows another panel first.
  useLayoutEffect(() => {
    const followed = decodeURIComponent(window.location.hash.slice(1));
    const index = items.findIndex((_, i) => followed === `${base}-panel-${i}`);
    if (index > 0) setSelected(index);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- the address at hydration only; a press after it is a click

  const show = (index: number) => {
    if (index !== selected) setSwitched(true);
    setSelected(index);
    tabs.current[index]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  const select = (index: number) => {
    show(index);
    tabs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = items.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div
      className={[styles.root, className].filter(Boolean).join(' ')}
      data-slot="tabs"
      data-switched={switched}
      data-hydrated={interactive}
    >
      <div className={styles.bar} data-slot="tabbar">
        <div role="tablist" aria-label={label} className={styles.list} data-slot="tablist" ref={list}>
          {items.map((item, index) => (
            <a
              key={item.key}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              href={`#${base}-panel-${index}`}
              role="tab"
              id={`${base}-tab-${index}`}
              aria-selected={index === selected}
              aria-controls={`${base}-panel-${index}`}
              tabIndex={index === selected ? 0 : -1}
              className={styles.tab}
              data-slot="tab"
              onClick={(event) => {
                event.preventDefault();
                show(index);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </a>
          ))}
        </div>
      </div>
      {items.map((item, index) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${base}-panel-${index}`}
          aria-labelledby={`${base}-tab-${index}`}
          tabIndex={0}
          hidden={interactive && index !== selected}
          className={styles.panel}
          data-slot="tabpanel"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}

/**
 * Marks on a scroll container the edges it can still be scrolled towards, `data-more="start"`,
 * `"end"` or `"start end"` (none when everything fits), kept up to date as it scrolls or resizes.
 */
function useScrollEdges(ref: { readonly current: HTMLElement | null }) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      // scrollLeft is negative in a right-to-left page: the distance from the start edge either way.
      const scrolled = Math.abs(element.scrollLeft);
      const rest = element.scrollWidth - element.clientWidth - scrolled;
      const more = [scrolled > 1 && 'start', rest > 1 && 'end'].filter(Boolean).join(' ');
      if (more) element.dataset.more = more;
      else delete element.dataset.more;
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [ref]);
}
