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
 * page scrolls; on small screens a toggle opens a dropdown of the links with their icons.
 */
export function Header({ site }: { readonly site: Site }) {
  const scrolled = useScrolled();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const { navigation, brand } = site;
  return (
    <header className={styles.root} data-scrolled={scrolled} data-open={open} data-slot="header">
      <div className={`container ${styles.bar}`}>
        <NavLink to="/" className={styles.brand} aria-label={`${brand.name}, home`}>
          <img src="/media/brand/logo-mark.svg" alt="" width={36} height={36} className={styles.mark} />
          <span className={styles.brandName}>{brand.name}</span>
        </NavLink>
        <nav aria-label="Main" className={styles.nav}>
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
      <nav id={menuId} aria-label="Mobile" className={styles.dropdown} hidden={!open} data-slot="mobile-menu">
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
