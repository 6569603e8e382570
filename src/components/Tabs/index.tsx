/**
 * Tabs following the WAI-ARIA tabs pattern with automatic activation: one tab stop for the tab list
 * (roving tabindex), Left/Right move between tabs and wrap, Home/End jump to the ends, and moving
 * selects. Until the page is interactive every panel is shown, so content never hides behind a tab
 * that cannot be pressed yet (no JavaScript, slow hydration, crawlers).
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const show = (index: number) => {
    if (index !== selected) setSwitched(true);
    setSelected(index);
  };
  const select = (index: number) => {
    show(index);
    tabs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
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
      <div role="tablist" aria-label={label} className={styles.list} data-slot="tablist">
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${base}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            className={styles.tab}
            data-slot="tab"
            onClick={() => show(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
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
