/**
 * The one list of what a visitor can do to a page before its code answers, and what start-up does
 * with each (src/app/startup/boot.ts). Kept free of imports: the boot script carries it, and the boot
 * script must stay a few kilobytes.
 */

/**
 * The visitor is reaching for the page: the app starts at once, and the section under the pointer
 * or the focus loads its code first. Nothing is held: these only say where the visitor is going.
 * `click` is here for screen readers and scripts, whose `element.click()` comes with no pointer or key.
 */
export const reachEvents = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click'] as const;

/**
 * Events that activate a control. One that arrives before the control's code can answer is held
 * (default prevented, not passed on) and replayed, in order, once it can.
 */
export const activationEvents = ['click', 'keydown'] as const;

/**
 * The other events of a press. React answers each of these on a part of the page it has not
 * hydrated by hydrating the part in that event's own task (150 to 300 ms on a phone), which delays
 * the frame that shows the press; so until the part has hydrated, a visitor's own ones are kept from
 * React. Nothing is lost: what they do by default (focus, the click that follows) still happens, and
 * the click or key is held and replayed. Typing (`input`, `change`) always reaches React: React
 * replays a value typed before hydration as a change event of its own, and that must arrive.
 */
export const pressEvents = [
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'keydown',
  'keyup',
] as const;

/**
 * Controls whose click is held. Links are not: a link works without the app, as a link. A careers tab is
 * a link to its panel, which the tabs choose once they answer (src/components/Tabs).
 */
const clickable = 'button, [role="button"], input[type="submit"], input[type="button"], summary';
/**
 * Controls that work as HTML (a button that opens a popover, a disclosure, the submit button of a form
 * that posts to the API): the browser answers them at once, with or without the app, so their click is
 * never held.
 */
const native = '[popovertarget], summary, form[action] [type="submit"]';

/** Widgets that answer keys themselves (tabs: arrows, Home, End; carousels: arrows). */
const keyboardWidgets = '[role="tablist"], [aria-roledescription="carousel"]';
const widgetKeys = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
/** Where keys edit text or move a caret: never held, so typing before hydration is never slowed or lost. */
const textEntry = 'input, textarea, select, [contenteditable]';

/** An activation that was held, with what it takes to replay it. */
export type HeldActivation =
  | { readonly kind: 'click'; readonly target: Element }
  | { readonly kind: 'keydown'; readonly target: Element; readonly init: KeyboardEventInit };

/**
 * What to hold of an event inside the app's markup (`root`), or undefined for an event that needs
 * no app: a link, typing, scrolling keys, a click on plain text.
 */
export function activationOf(event: Event, root: Element): HeldActivation | undefined {
  const target = event.target instanceof Element ? event.target : undefined;
  if (!target || !root.contains(target)) return undefined;
  if (event.type === 'click') {
    const control = target.closest(clickable);
    if (!control || !root.contains(control) || (control as HTMLButtonElement).disabled || control.matches(native))
      return undefined;
    return { kind: 'click', target: control };
  }
  if (event.type === 'keydown') {
    const key = event as KeyboardEvent;
    if (!widgetKeys.has(key.key) || key.altKey || key.ctrlKey || key.metaKey || target.closest(textEntry)) return undefined;
    if (!target.closest(keyboardWidgets)) return undefined;
    const { key: name, code, shiftKey } = key;
    return { kind: 'keydown', target, init: { key: name, code, shiftKey, bubbles: true, cancelable: true } };
  }
  return undefined;
}

/**
 * Presses the page answers as HTML while the part holding them waits for its code, so none of them is
 * held: a carousel's arrows, bullets and arrow keys scroll its row (a native scroll-snap row until the
 * app's carousel takes over, which starts where the row was left: src/components/Carousel), and an arrow
 * key, Home or End on a tab moves to that tab's link and follows it (the tabs choose the tab the address
 * names once they answer). True when the press was answered here; it is then not held.
 */
export function answerAsHtml(activation: HeldActivation): boolean {
  const { target } = activation;
  const key = activation.kind === 'keydown' ? activation.init.key : undefined;
  const map = target.closest('[data-slot="map-show"]')?.closest('[data-slot="map"]');
  if (map) return showMap(map);
  const tab = target.closest('[role="tab"]');
  if (tab && key !== undefined) return followTab(tab, key);
  const carousel = target.closest('[aria-roledescription="carousel"]');
  if (!carousel) return false;
  const control = target.closest('[data-slot]')?.getAttribute('data-slot');
  if (control === 'next' || key === 'ArrowRight') return stepRow(carousel, 'next');
  if (control === 'prev' || key === 'ArrowLeft') return stepRow(carousel, 'prev');
  if (control === 'bullet')
    return stepRow(
      carousel,
      [...carousel.querySelectorAll('[data-slot="bullet"]')].indexOf(target.closest('[data-slot="bullet"]')!),
    );
  return false;
}

/**
 * Steps a carousel's row while it is still the native scroll-snap row (before the app's carousel is ready):
 * to the slide before or after the one in view, or to slide `to`. Start-up answers the carousel's controls
 * with it before the carousel's code has come, and the carousel itself once it has hydrated but is not
 * ready yet (src/components/Carousel), so no press waits for the carousel's library. False when the row is
 * no longer native, or has no slides.
 */
export function stepRow(carousel: Element, to: 'prev' | 'next' | number): boolean {
  const viewport = carousel.querySelector<HTMLElement>('[data-slot="viewport"]');
  if (!viewport || viewport.hasAttribute('data-ready')) return false;
  const slides = [...viewport.querySelectorAll<HTMLElement>('[data-slot="slide"]')];
  if (slides.length === 0) return false;
  const at = slideAt(slides, viewport.scrollLeft);
  const index = to === 'next' ? at + 1 : to === 'prev' ? at - 1 : to;
  const slide = slides[Math.min(Math.max(index, 0), slides.length - 1)]!;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  viewport.scrollTo({ left: slide.offsetLeft - slides[0]!.offsetLeft, behavior: still ? 'instant' : 'smooth' });
  return true;
}

/**
 * Loads a click-to-load map in place (src/sections/locations/MapEmbed.tsx): its frame is made in the slot
 * the section leaves to it, with the address and title the slot carries, and takes the focus; CSS then puts
 * the placeholder away. Start-up answers *Show map* with it before the section's code has come, and the
 * section's own button afterwards, so a map shown before the app stays, and loads once.
 */
export function showMap(map: Element): boolean {
  const slot = map.querySelector<HTMLElement>('[data-slot="map-frame"]');
  const { embed, title } = slot?.dataset ?? {};
  // The schema allows only https addresses; read back from the page, the address is checked again, so that
  // nothing else (a javascript: address) is ever loaded into the page's frame.
  if (!slot || !embed || !embed.startsWith('https://')) return false;
  let frame = slot.querySelector('iframe');
  if (!frame) {
    frame = document.createElement('iframe');
    frame.title = title ?? '';
    frame.loading = 'lazy';
    frame.referrerPolicy = 'no-referrer-when-downgrade';
    frame.src = embed;
    slot.append(frame);
  }
  frame.focus();
  return true;
}

/**
 * The slide of a natively scrolled carousel row nearest its scroll position: where an arrow answered as HTML
 * steps from, and where the app's carousel starts once it takes the row over (src/components/Carousel).
 */
export function slideAt(slides: readonly HTMLElement[], scrollLeft: number): number {
  const offset = (slide: HTMLElement) => slide.offsetLeft - slides[0]!.offsetLeft;
  let at = 0;
  slides.forEach((slide, i) => {
    if (Math.abs(offset(slide) - scrollLeft) < Math.abs(offset(slides[at]!) - scrollLeft)) at = i;
  });
  return at;
}

/** Moves to the tab an arrow key, Home or End names, as the tabs do once they answer, by following its link. */
function followTab(tab: Element, key: string): boolean {
  const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const index = tabs.indexOf(tab as HTMLElement);
  const last = tabs.length - 1;
  const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[key];
  const next = to === undefined ? undefined : tabs[to];
  if (!next || !(next instanceof HTMLAnchorElement)) return false;
  // Following the link brings its panel into view and focuses it, as a fragment's target. The key moved along
  // the tabs, so focus goes back to the tab, as the tabs keep it once they answer, and the panel stays in view
  // (until the tabs hide the other panels, the chosen one may be a screen below its tab).
  next.click();
  next.focus({ preventScroll: true });
  // While the page is still loading, the browser gives the focus to a followed link's target only once the
  // load has completed (Chromium), which would take it from the tab: it is given back, unless it has moved on.
  if (document.readyState !== 'complete') {
    const panel = document.getElementById(next.hash.slice(1));
    addEventListener(
      'load',
      () =>
        setTimeout(() => {
          if (panel && document.activeElement === panel) next.focus({ preventScroll: true });
        }),
      { once: true },
    );
  }
  return true;
}

/** Where an element is in the app's markup (`root`): the position of each element from `root` down to it. */
export function pathOf(element: Element, root: Element): number[] {
  const path: number[] = [];
  for (let node: Element = element; node !== root && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

/**
 * The element at `path` in `root` now, if it is the control `was` (same tag, slot, name and text):
 * when React gives up hydrating a part of the page and renders it afresh, a press held for a control
 * of the old markup is made on its counterpart in the new. Anything else there is not pressed.
 */
export function counterpartOf(was: Element, path: readonly number[], root: Element): Element | undefined {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  const same = (name: string) => node?.getAttribute(name) === was.getAttribute(name);
  return node && node.tagName === was.tagName && same('data-slot') && same('aria-label') && node.textContent === was.textContent
    ? node
    : undefined;
}

/** Does again what the visitor did, now that the app can answer it. */
export function replay(activation: HeldActivation): void {
  if (activation.kind === 'click') (activation.target as HTMLElement).click();
  else activation.target.dispatchEvent(new KeyboardEvent('keydown', activation.init));
}
