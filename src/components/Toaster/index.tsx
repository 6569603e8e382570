/**
 * Toasts for the pages that have forms. sonner and the toast styles are loaded only when a form section
 * mounts a <ToasterHost>, so pages without forms never download them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

export type ToastKind = 'success' | 'error';

const SonnerToaster = lazy(() => import('./Toaster.tsx'));

// Two form sections on one page must not render two toasters (every toast would show twice).
let hostTaken = false;

/** Mounts the page's toaster once, after hydration; render it from every section that can notify. */
export function ToasterHost() {
  const [isHost, setIsHost] = useState(false);
  useEffect(() => {
    if (hostTaken) return;
    hostTaken = true;
    setIsHost(true);
    return () => {
      hostTaken = false;
    };
  }, []);
  if (!isHost) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}

/** Shows a toast: top-right, 5 seconds, paused on hover, focus and while the window is in the background. */
export function notify(kind: ToastKind, title: string): void {
  void import('./Toaster.tsx').then((module) => module.show(kind, title));
}
