/**
 * Toasts. One <ToasterHost> in the frame of every page (src/app/Layout.tsx) mounts sonner and the toast
 * styles once a form has asked for them (`useToaster`) or a toast is raised, so a page without a form never
 * downloads them; a page with one has the toasts' live region before any toast (so each is announced),
 * and a toast raised just before the app moves on to a form's confirmation page still shows there.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

export type ToastKind = 'success' | 'error';

const SonnerToaster = lazy(() => import('./Toaster.tsx'));

// Set by the first toast; the host, mounted or mounting, then draws the toaster.
let wanted = false;
let wake: (() => void) | undefined;

/** The site's toaster: nothing until the first toast, then sonner's, in a portal on <body>. */
export function ToasterHost() {
  const [isOn, setIsOn] = useState(false);
  useEffect(() => {
    wake = () => setIsOn(true);
    if (wanted) setIsOn(true);
    return () => {
      wake = undefined;
    };
  }, []);
  if (!isOn) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}

/** Asks for the toaster while the calling component is on the page: forms call it, to have it ready. */
export function useToaster(): void {
  useEffect(() => {
    wanted = true;
    wake?.();
  }, []);
}

/** Shows a toast: top-right, 5 seconds, paused on hover, focus and while the window is in the background. */
export function notify(kind: ToastKind, title: string): void {
  wanted = true;
  wake?.();
  void import('./Toaster.tsx').then((module) => module.show(kind, title));
}
