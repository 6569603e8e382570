import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { toast, Toaster } from 'sonner';
import type { ToastKind } from './index.tsx';
import { ToastCard, TOAST_DURATION } from './ToastCard.tsx';

let markReady: () => void = () => {};
// sonner drops toasts raised before a <Toaster> subscribes; a submission can finish that early.
const ready = new Promise<void>((resolve) => (markReady = resolve));

/**
 * The toaster itself. It lives in a portal on <body>, outside the page, so an open modal dialog (which makes
 * the page inert) leaves it visible, clickable and announced.
 */
export default function SonnerToaster() {
  useEffect(() => markReady(), []);
  return createPortal(
    <div data-toaster-root="">
      <Toaster
        position="top-right"
        theme="light"
        duration={TOAST_DURATION}
        gap={12}
        offset={{ top: 'calc(var(--header-top) + 12px)', right: 'var(--gutter)' }}
        mobileOffset={{ top: 'calc(var(--header-scrolled) + 8px)', left: '12px', right: '12px' }}
        containerAriaLabel="Notifications"
      />
    </div>,
    document.body,
  );
}

/** Raises a toast with our own card: sonner has no progress bar, no pause on window blur and a fixed swipe distance. */
export function show(kind: ToastKind, title: string): void {
  void ready.then(() => {
    // Our card runs its own timer and drag; sonner only stacks, animates and announces it.
    toast.custom((id) => <ToastCard id={id} kind={kind} title={title} duration={TOAST_DURATION} />, {
      duration: Infinity,
      dismissible: false,
    });
  });
}
