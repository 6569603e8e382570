/**
 * The only script a prerendered page loads before its first screen has painted. The page is complete
 * HTML without JavaScript, so the app's code (React, the router, the page's first section) waits until
 * the page has loaded and painted: fetching and running it earlier competes with the hero image for
 * the network and the main thread, and delays the largest paint on a slow phone. A visitor who reaches
 * for the page first (a tap, a key) starts it at once.
 *
 * The prerenderer writes this script's tag with the entry module, the modules to preload and the web
 * app manifest as data attributes, which keeps the Content-Security-Policy free of inline scripts.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-boot]');
const entry = tag?.dataset.entry;
const preloads = tag?.dataset.preload?.split(' ').filter(Boolean) ?? [];
const webManifest = tag?.dataset.manifest;
const interactions = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

let started = false;
function start() {
  if (started || !entry) return;
  started = true;
  for (const type of interactions) removeEventListener(type, start, { capture: true });
  // Fetched in parallel with the entry, instead of one after another as its imports are discovered.
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // Linked now rather than in the HTML: a browser fetches the manifest and an icon from it as soon
  // as it sees the link, which on a slow phone competes with the first screen.
  if (webManifest && !document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = webManifest;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry).then(layOutSections);
}

/**
 * Lays out the sections the first paint skipped (global.css), one per idle moment: all at once, a
 * long page would block a slow phone's main thread for a tenth of a second.
 */
function layOutSections() {
  const pending = [...document.querySelectorAll<HTMLElement>('main > [data-section]:not([data-laid-out])')];
  const idle = (then: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(then, { timeout: 2000 }) : setTimeout(then, 50);
  const next = () => {
    const section = pending.shift();
    if (!section) return;
    section.dataset.laidOut = '';
    idle(next);
  };
  idle(next);
}

/** Two frames on: the first frame after the one that painted, when nothing competes with it any more. */
function nextFrames(then: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
}

/**
 * Starts the app once the hero image (the page's largest paint) is on screen: browsers that report
 * paints say when; otherwise, or on a page without a hero image, a couple of frames after the load
 * event. The hero image is the one the page marked `fetchpriority="high"`.
 */
function afterLoad() {
  const hero = document.querySelector('img[fetchpriority="high"]');
  if (!hero || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    nextFrames(start);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element }).element === hero)) return;
    observer.disconnect();
    nextFrames(start);
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  // A hero image that never becomes the largest paint (a bigger text block, a hidden tab) must not
  // keep the page inert.
  setTimeout(start, 1500);
}

for (const type of interactions) addEventListener(type, start, { capture: true, passive: true, once: true });
if (document.readyState === 'complete') afterLoad();
else addEventListener('load', afterLoad, { once: true });
