import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { Mail, Menu, X } from '../../components/Icon/ui.ts';
import { Icon } from '../../components/Icon/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
import { useHydrated } from '../../hooks/index.ts';
import type { Site } from '../../generated/schema-types.ts';
import styles from './styles.module.css';

/** True once the page has scrolled away from the very top. */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 0);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

/**
 * The navigation bar. As HTML, before the app and without it, it is solid, and on small screens its toggle
 * opens the dropdown of links as a native popover: the browser opens and closes it (Escape, a press outside,
 * the toggle), with no script. Once the app has started, the bar is transparent and 90px tall at the top of
 * the page, solid and 85px once the page scrolls, and the open menu keeps focus (the page behind is inert)
 * until Escape, a choice, the toggle or a press outside closes it.
 */
export function Header({ site }: { readonly site: Site }) {
  const scrolled = useScrolled();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLElement>(null);

  // The popover is the one place the menu's state lives: the browser opens and closes it, and the app
  // follows (a menu opened before the app started is open when it arrives).
  useEffect(() => {
    const menu = menuRef.current!;
    const follow = () => setOpen(menu.matches(':popover-open'));
    follow();
    menu.addEventListener('toggle', follow);
    return () => menu.removeEventListener('toggle', follow);
  }, []);
  const close = () => menuRef.current?.hidePopover();
  // Going back or forward closes the menu at once; a choice in it closes it by its own click. Not on the
  // new page's arrival: that comes once its code has loaded, and would close a menu opened meanwhile.
  useEffect(() => {
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, []);
  useEffect(() => {
    if (!open) return;
    const header = headerRef.current!;
    // The page behind the open menu leaves the tab order, the pointer and the accessibility tree: the
    // header's siblings (skip link, page, footer) become inert, and in the header the brand and the
    // Contact button (the menu has its own Contact link) are inert by their props below.
    const madeInert: HTMLElement[] = [];
    for (const element of header.parentElement?.children ?? []) {
      if (element === header || !(element instanceof HTMLElement) || element.inert) continue;
      element.inert = true;
      madeInert.push(element);
    }
    // What is left, the toggle and the menu's links, is a loop: Tab from the last goes to the toggle,
    // Shift+Tab from the toggle to the last (inert alone would let focus leave for the browser's own bar).
    // Escape is the popover's own; focus goes back to the toggle.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        toggleRef.current?.focus();
        return;
      }
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const items = [toggleRef.current, ...(menuRef.current?.querySelectorAll<HTMLElement>('a[href]') ?? [])].filter(
        (item): item is HTMLElement => item !== null && item.getClientRects().length > 0,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const inside = items.includes(active as HTMLElement);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    // From the large screen's width up the menu is not shown, so it must not keep the page inert.
    const wide = window.matchMedia('(min-width: 1024px)');
    const onWide = () => {
      if (wide.matches) close();
    };
    onWide();
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      for (const element of madeInert) element.inert = false;
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  const { navigation, brand } = site;
  // Transparent over the page's dark first band only once the app follows the scroll: as plain HTML the
  // bar could not turn solid over the content below, and its white logo would float over it.
  const transparent = hydrated && !scrolled && !open;
  return (
    <header
      ref={headerRef}
      className={styles.root}
      data-transparent={transparent}
      data-scrolled={scrolled}
      data-open={open}
      data-slot="header"
    >
      <div className={`container ${styles.bar}`}>
        <NavLink to="/" className={styles.brand} aria-label={`${brand.name}, home`} inert={open || undefined}>
          <img src="/media/brand/logo-mark.svg" alt="" width={36} height={36} className={styles.mark} />
          <span className={styles.brandName}>{brand.name}</span>
        </NavLink>
        <nav aria-label="Main" className={styles.nav} inert={open || undefined}>
          <ul className={styles.links}>
            {navigation.items.map((item) => (
              <li key={item.link}>
                <NavLink to={item.link} end className={styles.link}>
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <SmartLink
            to={navigation.action.link}
            variant={transparent ? 'outline-light' : 'dark'}
            className={styles.cta}
            data-slot="contact-button"
            inert={open || undefined}
          >
            {navigation.action.label}
          </SmartLink>
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            // The browser tells assistive technology whether the popover is open (aria-expanded is not allowed here).
            popoverTarget={menuId}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
          >
            <Menu aria-hidden="true" data-slot="open-icon" />
            <X aria-hidden="true" data-slot="close-icon" />
          </button>
        </div>
      </div>
      <nav ref={menuRef} id={menuId} aria-label="Mobile" className={styles.dropdown} popover="auto" data-slot="mobile-menu">
        <ul>
          {navigation.items.map((item) => (
            <li key={item.link}>
              <NavLink to={item.link} end className={styles.dropdownLink} onClick={close}>
                <Icon name={item.icon} size={20} data-slot="menu-icon" />
                <span>{item.name}</span>
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to={navigation.action.link} className={styles.dropdownLink} onClick={close}>
              <Mail size={20} aria-hidden="true" data-slot="menu-icon" />
              <span>{navigation.action.label}</span>
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
