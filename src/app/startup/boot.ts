/**
 * Start-up of a prerendered page, from the first byte to a page that answers everything. This folder
 * holds all of it: `early-script.ts` (the page's one inline script), this script (the only one the
 * page loads itself), `interactions.ts` (the one list of events and what is done with each),
 * `client.tsx` (the app's entry: hydration) and `loader.ts` (which code loads when).
 * docs/sections.md describes the design.
 *
 * The timeline, on a phone:
 *  1. The HTML arrives with its CSS inlined and a preload for the hero image: the first screen paints
 *     with no JavaScript at all. Sections below it are not laid out yet (global.css).
 *  2. No activation is lost from the first paint on. An inline script at the top of the head
 *     (early-script.ts) keeps every click and key press until this script has arrived and run, at the
 *     end of parsing; this script then takes them over and listens itself. What works as HTML needs no
 *     app and is left alone: links (a careers tab is one, to its panel, and the tabs choose it once
 *     they answer), native controls (the menu's popover, a form's post), typing and scrolling. A
 *     carousel's arrows and bullets, the arrow keys on tabs and the map's *Show map* are answered here as
 *     HTML (`answerAsHtml`: the row scrolls, the next tab's link is followed, the map's frame is made). A
 *     click on any other control the app cannot answer yet is held (its default prevented) and replayed
 *     once it can; the control shows `data-held` meanwhile. A press the inline script kept is answered
 *     as HTML the same way when this script takes it over, and only the rest is held.
 *  3. Once the hero image has painted (or at the visitor's first pointer, touch, key or focus, if that
 *     comes first), the app's entry loads, with its imports and the page's modules preloaded, and the
 *     code of the sections below behind them at low priority. The code of a section the visitor
 *     reaches for is asked for at once, at high priority, even before the entry.
 *  4. `client.tsx` loads the page's content and its first section's code, then calls React's
 *     `hydrateRoot` in a transition: React hydrates in slices and answers input in between. It calls
 *     `connect` here. The page hydrates in parts: the frame (header, footer, first section) and each
 *     section below. React answers an event on a part itself only once that part has hydrated
 *     (`StartedApp.canAnswer`); until then its activations stay held here, and the other events
 *     of a press (pointer, touch, keys, input: `pressEvents`) are kept from React, which would
 *     otherwise hydrate the part in that event's own task, a few hundred milliseconds on a phone
 *     before the press shows.
 *  5. Each section below the first keeps its server HTML and runs its code when it nears the
 *     viewport, when the visitor reaches for it (then ahead of everything else), or after the first
 *     interaction; React then hydrates it in slices. Held activations on it are replayed in the
 *     order they were made as soon as it has (the section's commit says so: `markHydrated`).
 *  6. In idle moments the skipped sections are laid out, one per moment.
 *
 * The prerenderer writes this script's tag with the entry module, the modules to preload, each
 * section's code and the web app manifest as data attributes, which keeps the Content-Security-Policy free of inline scripts.
 */
import {
  activationEvents,
  activationOf,
  answerAsHtml,
  counterpartOf,
  pathOf,
  pressEvents,
  reachEvents,
  replay,
  type HeldActivation,
} from './interactions.ts';

/** What the app tells start-up once React has the page (src/app/startup/client.tsx). */
export interface StartedApp {
  /** Whether React can answer an event on this element now: the part of the page holding it has hydrated. */
  canAnswer(element: Element): boolean;
  /** Loads the code of the section holding the element ahead of any other; settles once it has hydrated. */
  prepare(element: Element): Promise<void>;
}

const tag = document.querySelector<HTMLScriptElement>('script[data-boot]');
const entry = tag?.dataset.entry;
const preloads = tag?.dataset.preload?.split(' ').filter(Boolean) ?? [];
const webManifest = tag?.dataset.manifest;
/** The code each section below the first needs, by section type: `type:/a.js,/b.js type2:…`. */
const sectionCode = new Map(
  (tag?.dataset.sections?.split(' ').filter(Boolean) ?? []).map((entry) => {
    const [type = '', files = ''] = entry.split(':');
    return [type, files.split(',').filter(Boolean)] as const;
  }),
);
const root = document.getElementById('root');

let app: StartedApp | undefined;
/** Activations waiting for the app, oldest first. */
const held: HeldActivation[] = [];
/** Elements the visitor reached for before the app ran: their sections load first once it does. */
const reached: Element[] = [];

/**
 * Called by the app once React has the page. Held activations are replayed as soon as their
 * sections can answer, in the order the visitor made them.
 */
export function connect(started: StartedApp): void {
  app = started;
  for (const element of new Set([...held.map((a) => a.target), ...reached])) prepare(element);
  reached.length = 0;
  drain();
}

function prepare(element: Element) {
  app?.prepare(element).then(drain, () => {
    // The section's code did not load (the network went away): nothing can answer these, so they
    // stop showing as pending. React shows its own error for the section.
    for (const activation of held.filter((a) => a.target === element)) release(activation);
  });
}

/** Where each held activation's control was, in case React replaces the markup. */
const places = new WeakMap<HeldActivation, number[]>();

/**
 * The activation as it can be made now: on its own control, or on the control now in its place after
 * React rendered the part afresh (it does when hydrating the part failed); undefined if there is none.
 */
function current(activation: HeldActivation): HeldActivation | undefined {
  if (activation.target.isConnected || !root) return activation;
  const place = places.get(activation);
  const target = place && counterpartOf(activation.target, place, root);
  return target ? { ...activation, target } : undefined;
}

function drain() {
  for (const activation of [...held]) {
    const now = current(activation);
    if (now && !app?.canAnswer(now.target)) continue;
    release(activation);
    if (now) replay(now);
  }
}

function release(activation: HeldActivation) {
  held.splice(held.indexOf(activation), 1);
  if (!held.some((a) => a.target === activation.target)) delete (activation.target as HTMLElement).dataset.held;
}

function onActivation(event: Event) {
  if (!root) return;
  const activation = activationOf(event, root);
  if (!activation || app?.canAnswer(activation.target)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  // Answered as HTML (onReach has already asked for its section's code first), or held for the app.
  if (!answerAsHtml(activation)) hold(activation);
}

/** Keeps a press on a part React has not hydrated from React (see `pressEvents`). */
function onPress(event: Event) {
  // Only the visitor's own: an event React or a replay dispatches is meant for React.
  if (!event.isTrusted || !app || !root || !(event.target instanceof Element) || !root.contains(event.target)) return;
  if (!app.canAnswer(event.target)) event.stopImmediatePropagation();
}

/**
 * An activation the inline script kept. Its moment has passed, so its default cannot be prevented any more,
 * but what HTML can answer is answered now (the row scrolls, the tab's link is followed, the map is made),
 * not an app's start later; the rest is held.
 */
function takeOver(event: Event) {
  const activation = root && activationOf(event, root);
  if (activation && !answerAsHtml(activation)) hold(activation);
}

/** Modules already asked for, so each is requested once. */
const requested = new Set<string>();
function preloadModule(href: string, priority: 'high' | 'low') {
  if (requested.has(href)) return;
  requested.add(href);
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  link.fetchPriority = priority;
  document.head.append(link);
}

/**
 * Asks for the code of the section the visitor reached for, ahead of the rest: it travels alongside
 * the app's entry instead of one round trip after it.
 */
function preloadSectionOf(element: Element) {
  const type = element.closest<HTMLElement>('main > [data-section]')?.dataset.section;
  for (const href of (type && sectionCode.get(type)) || []) preloadModule(href, 'high');
}

function hold(activation: HeldActivation) {
  // A second click on a control that has not answered yet is the visitor asking again, not a toggle back.
  if (activation.kind !== 'click' || !held.some((a) => a.kind === 'click' && a.target === activation.target)) {
    held.push(activation);
    if (root) places.set(activation, pathOf(activation.target, root));
  }
  // Shown at the next paint, so the visitor sees the press was taken (global.css).
  (activation.target as HTMLElement).dataset.held = '';
  preloadSectionOf(activation.target);
  start();
  if (app) prepare(activation.target);
}

function onReach(event: Event) {
  if (event.target instanceof Element) preloadSectionOf(event.target);
  start();
  if (!(event.target instanceof Element)) return;
  if (app) prepare(event.target);
  else reached.push(event.target);
}

let started = false;
function start() {
  if (started || !entry) return;
  started = true;
  // Fetched in parallel with the entry, instead of one after another as its imports are discovered.
  for (const href of preloads) preloadModule(href, 'high');
  // Linked now rather than in the HTML: a browser fetches the manifest and an icon from it as soon
  // as it sees the link, which on a slow phone competes with the first screen.
  if (webManifest && !document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = webManifest;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry).then(layOutSections);
  // The other sections' code too, behind the entry: a press on one of them then waits for hydration
  // only. Asked for here rather than once the app has run, which on a slow phone is a second later;
  // one file per task, since adding a preload costs a few milliseconds on a phone and a dozen at
  // once made a long task just as the app started.
  const later = [...new Set([...sectionCode.values()].flat())];
  const next = () => {
    const href = later.shift();
    if (href === undefined) return;
    preloadModule(href, 'low');
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
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
 * Starts the app once the first screen has painted: on a page with a hero image (the one the page
 * marked `fetchpriority="high"`), once that image is the largest paint; on any other page, at its
 * first largest paint. Not at the load event: on a slow phone that came a second or more after the
 * first screen, and a press made meanwhile waited for code that had not been asked for. Not before
 * the paint either: the code would share the network with the hero image.
 */
function afterFirstScreen() {
  const hero = document.querySelector('img[fetchpriority="high"]');
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    if (document.readyState === 'complete') nextFrames(start);
    else addEventListener('load', () => nextFrames(start), { once: true });
    return;
  }
  const observer = new PerformanceObserver((list) => {
    const painted = (list.getEntries() as (PerformanceEntry & { element?: Element })[]).some(
      (entry) => !hero || entry.element === hero,
    );
    if (!painted) return;
    observer.disconnect();
    nextFrames(start);
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  // A hero image that never becomes the largest paint (a bigger text block, a hidden tab) must not
  // keep the page inert.
  setTimeout(start, 1500);
}

/** What the page's inline script kept before this one ran (early-script.ts). */
interface Early {
  readonly events: Event[];
  readonly keep: (event: Event) => void;
}

// Capture on the window: these run before React's own listeners on the root, so a held event never
// reaches React half-handled.
for (const type of reachEvents) addEventListener(type, onReach, { capture: true, passive: true });
for (const type of activationEvents) addEventListener(type, onActivation, { capture: true });
// After the two above, which must still see these events.
for (const type of pressEvents) addEventListener(type, onPress, { capture: true, passive: true });
// From here on this script listens itself; what came before is taken over from the inline script.
const early = (window as { __early?: Early }).__early;
if (early) {
  removeEventListener('click', early.keep, true);
  removeEventListener('keydown', early.keep, true);
  for (const event of early.events) {
    onReach(event);
    if (event.type === 'click' || event.type === 'keydown') takeOver(event);
  }
}
afterFirstScreen();
