/**
 * Which code loads when: a page's content and section components, for the server render, the first
 * hydration and navigations. What has loaded is kept in plain maps that components read synchronously,
 * so the prerender and the hydration of loaded code never suspend; `use()` is given a cached promise
 * only for what is still on its way (conditional `use` is part of React's documented API).
 */
import { useSyncExternalStore } from 'react';
import pages from 'virtual:content/pages';
import type { PageEntry, PageModule } from '../../content/build/module-types.ts';
import type { SectionType } from '../../generated/schema-types.ts';
import { registry, type AnySectionComponent } from '../../sections/registry.ts';
import { matchPath } from '../route-match.ts';
import type { StartedApp } from './boot.ts';

/** Every page by route: the prerender looks up each of a thousand pages, so not by a search of the list. */
const pagesByRoute = new Map<string, PageEntry>(pages.map((p) => [p.route, p]));

/** Every page's route: what `matchPath` matches a path against, in the app as on the server. */
export const pageRoutes: ReadonlySet<string> = new Set(pagesByRoute.keys());

/** The page entry of a path as the server matches it (`matchPath`), or undefined for any other path. */
export function entryFor(pathname: string): PageEntry | undefined {
  const match = matchPath(pathname, pageRoutes);
  return match.kind === 'page' ? pagesByRoute.get(match.route) : undefined;
}

const components = new Map<SectionType, AnySectionComponent>();
const componentLoads = new Map<SectionType, Promise<AnySectionComponent>>();

/** The code of a section type, loaded once. */
function loadComponent(type: SectionType): Promise<AnySectionComponent> {
  let loading = componentLoads.get(type);
  if (!loading) {
    loading = registry[type]().then(({ default: component }) => {
      components.set(type, component as AnySectionComponent);
      return component as AnySectionComponent;
    });
    componentLoads.set(type, loading);
  }
  return loading;
}

const loadedPages = new Map<string, PageModule>();
const pageLoads = new Map<string, Promise<PageModule>>();
/** A page's loads are kept by route and by how much of its code they wait for. */
const loadKey = (route: string, scope: 'all' | 'above-the-fold') => `${route}|${scope}`;

/** A page's content when it has loaded with the code it was asked for; undefined while on its way. */
export const loadedPage = (entry: PageEntry): PageModule | undefined => loadedPages.get(entry.route);

/**
 * Runs a synchronous render with `module` as the content of its page, then puts the loaded one back: the
 * build's rendered-page check draws a page from content whose texts carry their origin
 * (src/content/rendered/trace.ts). The page must have loaded with all its code.
 */
export function withPageModule<T>(module: PageModule, render: () => T): T {
  const loaded = loadedPages.get(module.page.route);
  if (!loaded) throw new Error(`withPageModule: the page ${module.page.route} has not loaded; load it with loadPage first.`);
  loadedPages.set(module.page.route, module);
  try {
    return render();
  } finally {
    loadedPages.set(module.page.route, loaded);
  }
}

/**
 * The dev server sends a page's new content when its file is saved (src/content/build/plugin.ts): it is
 * swapped in once the code of its sections is there, and the page on screen renders again, keeping
 * the scroll position and the state of its sections. Builds leave this out.
 */
let contentVersion = 0;
const contentListeners = new Set<() => void>();
if (import.meta.hot) {
  import.meta.hot.on('content:page', (module: PageModule) => {
    void Promise.all([...new Set(module.page.sections.map((s) => s.type))].map(loadComponent)).then(() => {
      loadedPages.set(module.page.route, module);
      for (const scope of ['all', 'above-the-fold'] as const)
        pageLoads.set(loadKey(module.page.route, scope), Promise.resolve(module));
      contentVersion++;
      for (const listener of contentListeners) listener();
    });
  });
}

/** Renders the caller again when the dev server swaps in new content; a constant in builds. */
export function useContentVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      contentListeners.add(listener);
      return () => contentListeners.delete(listener);
    },
    () => contentVersion,
    () => 0,
  );
}

/**
 * Loads a page's content and section components. `above-the-fold` loads only the first section's
 * code, which is what the first hydration needs: the sections below hydrate as they come into view.
 */
export function loadPage(entry: PageEntry, scope: 'all' | 'above-the-fold' = 'all'): Promise<PageModule> {
  const key = loadKey(entry.route, scope);
  let loading = pageLoads.get(key);
  if (!loading) {
    loading = entry.load().then(async ({ default: module }) => {
      const sections = scope === 'all' ? module.page.sections : module.page.sections.slice(0, 1);
      await Promise.all([...new Set(sections.map((s) => s.type))].map(loadComponent));
      // The first section never waits: it is on screen, and its code is part of loading the page.
      gate(0).open();
      loadedPages.set(entry.route, module);
      return module;
    });
    pageLoads.set(key, loading);
  }
  return loading;
}

/**
 * Puts other pages in place of the route table the build made, forgetting every page loaded so far:
 * the editor service draws a change set's pages with the site's own code (src/app/entry-draw.tsx),
 * one site after another in one process. Nothing else changes the table.
 */
export function replacePages(entries: readonly PageEntry[]): void {
  pagesByRoute.clear();
  for (const entry of entries) pagesByRoute.set(entry.route, entry);
  const routes = pageRoutes as Set<string>;
  routes.clear();
  for (const route of pagesByRoute.keys()) routes.add(route);
  loadedPages.clear();
  pageLoads.clear();
}

/**
 * Sections waiting to hydrate, by position on the page. Sections further down keep their server
 * HTML until they near the viewport, so their code is not downloaded and run before the visitor
 * gets there; a section rendered in the browser (after a navigation) never waits.
 */
const waiting = new Map<number, { readonly open: () => void; readonly opened: Promise<void> }>();
const openPositions = new Set<number>();
// On the server everything renders at once, into the prerendered HTML.
let allOpen = typeof window === 'undefined';

function gate(index: number) {
  let found = waiting.get(index);
  if (!found) {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    found = {
      opened,
      open: () => {
        openPositions.add(index);
        open();
      },
    };
    waiting.set(index, found);
    if (allOpen) found.open();
  }
  return found;
}

/**
 * Every waiting section loads its code: after the visitor's first interaction (an interaction may
 * reach any of them, and a navigation's new location flows into every link on the page, which React
 * can only update in a section once it has hydrated), and on a back or forward navigation.
 */
function openAll() {
  allOpen = true;
  for (const waiter of waiting.values()) waiter.open();
}
if (typeof window !== 'undefined') window.addEventListener('popstate', openAll, { once: true });

const isOpen = (index: number) => allOpen || openPositions.has(index);

/**
 * The component of the section at `index`, when it may render now: its code has loaded, and it is not
 * waiting to hydrate. A section rendered in the browser rather than hydrated never waits.
 */
export function readySection(type: SectionType, index: number, hydrating: boolean): AnySectionComponent | undefined {
  if (!hydrating) gate(index).open();
  return isOpen(index) ? components.get(type) : undefined;
}

const sectionLoads = new Map<string, Promise<AnySectionComponent>>();

/**
 * The component of a section whose code is not ready, for `use()`: one cached promise per section. While
 * the page hydrates, it waits until the section nears the viewport or the visitor reaches for it.
 */
export function sectionComponent(type: SectionType, index: number, hydrating: boolean): Promise<AnySectionComponent> {
  if (!hydrating || typeof IntersectionObserver === 'undefined') gate(index).open();
  else watchViewport(index);
  const key = `${type}|${index}`;
  let loading = sectionLoads.get(key);
  if (!loading) {
    loading = gate(index).opened.then(() => loadComponent(type));
    sectionLoads.set(key, loading);
  }
  return loading;
}

const watched = new Set<number>();
function watchViewport(index: number) {
  if (watched.has(index) || isOpen(index)) return;
  const element = sectionElements()[index];
  if (!element) return;
  watched.add(index);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      gate(index).open();
    },
    // Start a little ahead, so the code is there by the time the section is seen, without
    // loading sections the visitor may never reach while the page is still loading.
    { rootMargin: '0px 0px 200px 0px' },
  );
  observer.observe(element);
}

/**
 * Once the page is interactive and the browser idle, the modules of the page's other sections are
 * evaluated, one per idle moment (not rendered: they still hydrate near the viewport), so that a
 * press on one of them waits for hydration only. On a prerendered page the boot script has already
 * asked for their files (boot.ts, step 3), so this mostly reads them from the preload cache; on the
 * dev server it fetches them.
 */
export function prefetchSections(): void {
  const types = new Set(sectionElements().map((element) => element.dataset.section as SectionType));
  const next = [...types].filter((type) => type in registry);
  const idle = (then: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(then, { timeout: 4000 }) : setTimeout(then, 200);
  const fetchOne = () => {
    const type = next.shift();
    if (type)
      void loadComponent(type).then(
        () => idle(fetchOne),
        () => idle(fetchOne),
      );
  };
  idle(fetchOne);
}

const sectionElements = () => [...document.querySelectorAll<HTMLElement>('#main > [data-section]')];

/** The position and type of the section holding an element, or undefined outside the page's sections. */
function sectionOf(element: Element): { readonly index: number; readonly type: SectionType } | undefined {
  const section = element.closest<HTMLElement>('#main > [data-section]');
  if (!section) return undefined;
  return { index: sectionElements().indexOf(section), type: section.dataset.section as SectionType };
}

/** A part of the page that hydrates on its own: the frame (header, footer) or a section by position. */
export type PagePart = 'frame' | number;

const hydration = new Map<PagePart, { done: boolean; readonly hydrated: Promise<void>; readonly resolve: () => void }>();
function hydrationOf(part: PagePart) {
  let found = hydration.get(part);
  if (!found) {
    let resolve = () => {};
    const hydrated = new Promise<void>((r) => (resolve = r));
    found = { done: false, hydrated, resolve };
    hydration.set(part, found);
  }
  return found;
}

/**
 * Called by a part's component once React has committed it: hydrated, or rendered fresh after a
 * navigation. From then on React answers events on it directly (see `startedApp.canAnswer`).
 */
export function markHydrated(part: PagePart): void {
  const found = hydrationOf(part);
  found.done = true;
  found.resolve();
}

/**
 * Settles once the frame and every section of the page at `pathname` have committed (hydrated, or drawn
 * afresh), after which start-up redraws nothing. Counted from the page's content, not from the markup:
 * a section React is drawing afresh is missing from the markup meanwhile.
 */
export function pageSettled(pathname: string): Promise<void> {
  const entry = entryFor(pathname);
  const module = entry && loadedPage(entry);
  const count = module ? module.page.sections.length : sectionElements().length;
  const parts: PagePart[] = ['frame', ...Array.from({ length: count }, (_, index) => index)];
  return Promise.all(parts.map((part) => hydrationOf(part).hydrated)).then(() => {});
}

/**
 * What start-up needs from the loader once React has the page (src/app/startup/boot.ts): whether a
 * part can answer an event, and its code first when the visitor reaches for it.
 */
export const startedApp: StartedApp = {
  /**
   * Only a part React has hydrated answers at once. React could hydrate a part in the event's own
   * task (selective hydration), but with a section's carousel or form that one task takes 150 to
   * 300 ms on a phone, and the press and any other made meanwhile wait for it: held instead, the
   * press shows at the next frame, the part hydrates in React's short slices, and the press is
   * replayed on a part that answers it at once.
   */
  canAnswer(element) {
    const section = sectionOf(element);
    return hydrationOf(section ? section.index : 'frame').done;
  },
  prepare(element) {
    const section = sectionOf(element);
    if (!section || !(section.type in registry)) {
      openAll();
      return hydrationOf('frame').hydrated;
    }
    gate(section.index).open();
    const hydrated = loadComponent(section.type).then(() => hydrationOf(section.index).hydrated);
    // The rest once the section the visitor is using has hydrated, so they do not compete with it.
    void hydrated.then(openAll, openAll);
    return hydrated;
  },
};
