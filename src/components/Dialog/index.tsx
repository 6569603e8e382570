/**
 * An accessible modal dialog (WAI-ARIA dialog pattern): focus moves in and stays in, Escape and the
 * dialog's own buttons close it, focus returns to the element that opened it, the page behind is inert
 * and does not scroll. Rendered in a portal on <body>; toasts (also on <body>) stay usable above it.
 *
 * Not the native <dialog>: its top layer would cover the toasts and make them inert.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { lockScroll } from './scroll-lock.ts';
import styles from './styles.module.css';

export interface DialogProps {
  readonly open: boolean;
  /** Called for Escape and a click on the backdrop; the dialog's own buttons call it too. */
  readonly onClose: () => void;
  /** Id of the dialog's heading, its accessible name. */
  readonly labelledBy: string;
  readonly describedBy?: string;
  /** Where focus goes back to on close; the element focused when the dialog opened by default. */
  readonly returnFocus?: HTMLElement | null;
  readonly children: ReactNode;
}

/** The dialog; it renders nothing while closed. Mark the element to focus first with `data-autofocus`. */
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

function OpenDialog({ onClose, labelledBy, describedBy, returnFocus, children }: DialogProps) {
  const backdropRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocus);
  const pressStartedOnBackdrop = useRef(false);

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const backdrop = backdropRef.current!;
    const opener = returnFocusRef.current ?? (document.activeElement as HTMLElement | null);
    const releaseScroll = lockScroll();

    // Everything else on <body> leaves the tab order and the accessibility tree, except the toasts.
    const madeInert: HTMLElement[] = [];
    for (const element of document.body.children) {
      if (!(element instanceof HTMLElement) || element === backdrop || element.inert) continue;
      if (element.hasAttribute('data-toaster-root') || element.tagName === 'SCRIPT') continue;
      element.inert = true;
      madeInert.push(element);
    }

    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0] ?? dialog;
    first.focus();

    return () => {
      for (const element of madeInert) element.inert = false;
      releaseScroll();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const dialog = dialogRef.current;
      if (!dialog) return;
      const items = focusables(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return createPortal(
    <div
      ref={backdropRef}
      className={styles.backdrop}
      data-slot="dialog-backdrop"
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a click that both starts and ends outside the panel closes it (not a text selection
        // that ends over the backdrop).
        if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onCloseRef.current();
        pressStartedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-slot="dialog"
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
