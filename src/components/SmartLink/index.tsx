import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './styles.module.css';

export type ButtonVariant = 'primary' | 'outline-light' | 'dark' | 'light' | 'ghost';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A link from content: a route, `#`, `https://…`, `mailto:` or `tel:`. */
  readonly to: string;
  readonly children: ReactNode;
  /** Styles the link as a button. */
  readonly variant?: ButtonVariant;
  /** Opens an external address in a new tab; external `https://` links do so by default. */
  readonly newTab?: boolean;
}

/**
 * One link component for every link in content: routes go through the router, external
 * addresses open in a new tab with `rel="noopener noreferrer"` and say so to assistive technology.
 */
export function SmartLink({ to, children, variant, newTab, className, ...rest }: SmartLinkProps) {
  const classes = [variant ? `${styles.button} ${styles[variant]}` : undefined, className].filter(Boolean).join(' ') || undefined;
  const external = /^https?:\/\//.test(to);
  if (to.startsWith('/') && !newTab) {
    return (
      <Link to={to} className={classes} {...rest}>
        {children}
      </Link>
    );
  }
  const opensTab = newTab ?? external;
  return (
    <a href={to} className={classes} {...(opensTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
      {opensTab && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}
