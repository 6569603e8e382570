import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Mail, Menu, X } from '../../components/Icon/ui.ts';
import { Icon } from '../../components/Icon/index.tsx';
import { SmartLink } from '../../components/SmartLink/index.tsx';
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
 * The navigation bar: transparent and 90px tall at the top of the page, solid and 85px once the
 * page scrolls; on small screens a toggle opens a dropdown of the links with their icons, which keeps
 * focus (the page behind is inert) until Escape, a choice, the toggle or a press outside closes it.
 */
export function Header({ site }: { readonly site: Site }) {
  const scrolled = useScrolled();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
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
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
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
    // A press anywhere but on the toggle and the menu closes it, as it would a popup: the page, the
    // brand and the Contact button under it are inert until then.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!target || !(toggleRef.current?.contains(target) || menuRef.current?.contains(target))) setOpen(false);
    };
    // From the large screen's width up the menu is not shown, so it must not keep the page inert.
    const wide = window.matchMedia('(min-width: 1024px)');
    const onWide = () => {
      if (wide.matches) setOpen(false);
    };
    onWide();
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    wide.addEventListener('change', onWide);
    return () => {
      for (const element of madeInert) element.inert = false;
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  const { navigation, brand } = site;
  return (
    <header ref={headerRef} className={styles.root} data-scrolled={scrolled} data-open={open} data-slot="header">
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
            variant={scrolled || open ? 'dark' : 'outline-light'}
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
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>
      <nav ref={menuRef} id={menuId} aria-label="Mobile" className={styles.dropdown} hidden={!open} data-slot="mobile-menu">
        <ul>
          {navigation.items.map((item) => (
            <li key={item.link}>
              <NavLink to={item.link} end className={styles.dropdownLink} onClick={() => setOpen(false)}>
                <Icon name={item.icon} size={20} data-slot="menu-icon" />
                <span>{item.name}</span>
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to={navigation.action.link} className={styles.dropdownLink} onClick={() => setOpen(false)}>
              <Mail size={20} aria-hidden="true" data-slot="menu-icon" />
              <span>{navigation.action.label}</span>
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
