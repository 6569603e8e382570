/**
 * Loading of pages and section code, shared by the server render, the first hydration and
 * navigations. Promises are cached and carry React's `status`/`value` fields, so `use()` reads an
 * already-loaded page synchronously: the prerender and the hydration render without suspending.
 */
import { useSyncExternalStore } from 'react';
import pages from 'virtual:content/pages';
import type { PageEntry, PageModule } from '../content/module-types.ts';
import type { SectionType } from '../generated/schema-types.ts';
import { registry, type AnySectionComponent } from '../sections/registry.ts';
import { matchPath } from './route-match.ts';

/** A page's content and the components of the sections loaded so far. */
export interface LoadedPage {
  readonly module: PageModule;
  readonly components: Partial<Record<SectionType, AnySectionComponent>>;
}

/** A promise that remembers its outcome in the fields React's `use()` reads (`status`, `value`). */
export type Tracked<T> = Promise<T>;

export function track<T>(promise: Promise<T>): Tracked<T> {
  const fields = promise as Promise<T> & Record<string, unknown>;
  fields.status = 'pending';
  promise.then(
    (value) => Object.assign(fields, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(fields, { status: 'rejected', reason }),
  );
  return promise;
}

const routes = new Set(pages.map((p) => p.route));

/** The page entry of a path as the server matches it (`matchPath`), or undefined for any other path. */
export function entryFor(pathname: string): PageEntry | undefined {
  const match = matchPath(pathname, routes);
  return match.kind === 'page' ? pages.find((p) => p.route === match.route) : undefined;
}

const cache = new Map<string, Tracked<LoadedPage>>();

/**
 * Loads a page's content and section components. `above-the-fold` loads only the first section's
 * component: the first hydration uses it, and the sections below hydrate when they come into view.
 */
export function loadPage(entry: PageEntry, scope: 'all' | 'above-the-fold' = 'all'): Tracked<LoadedPage> {
  // Render the most complete version already loaded: the prerender has loaded everything; a page
  // hydrated with its top section only renders again from that, its other sections arriving
  // through `DeferredSection`, so a re-render never falls back to a loading state.
  const done = (s: string) => cache.get(`${entry.route}|${s}`) as (Tracked<LoadedPage> & { status?: string }) | undefined;
  for (const ready of [done('all'), done('above-the-fold')]) if (ready?.status === 'fulfilled') return ready;
  const key = `${entry.route}|${scope}`;
  let loaded = cache.get(key);
  if (!loaded) {
    loaded = track(
      entry.load().then(async ({ default: module }) => {
        const sections = scope === 'all' ? module.page.sections : module.page.sections.slice(0, 1);
        const types = [...new Set(sections.map((s) => s.type))];
        const components = await Promise.all(types.map((type) => registry[type]()));
        return {
          module,
          components: Object.fromEntries(types.map((type, i) => [type, components[i]!.default as AnySectionComponent])),
        };
      }),
    );
    cache.set(key, loaded);
  }
  return loaded;
}

const noSubscription = () => () => undefined;
/**
 * True while the calling component hydrates server HTML, including a Suspense boundary that React
 * hydrates after the rest of the page; false for components rendered in the browser. React returns
 * the server snapshot exactly while hydrating, which a flag cleared in an effect cannot tell.
 */
export const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

const deferred = new Map<string, Tracked<AnySectionComponent>>();

/**
 * The component of a section that was prerendered but whose code is not loaded yet. While the
 * page hydrates, it loads when the section comes near the viewport, so the code of sections below
 * the fold is not downloaded before the visitor scrolls; React keeps their server HTML meanwhile.
 */
export function deferredSection(type: SectionType, index: number, hydrating: boolean): Tracked<AnySectionComponent> {
  // The first call decides how the code loads; a later render (after hydration) reuses it, so a
  // section that has hydrated never suspends again.
  const key = `${type}|${index}`;
  let loading = deferred.get(key);
  if (!loading) {
    const load = () => registry[type]().then((m) => m.default as AnySectionComponent);
    loading = track(hydrating && typeof IntersectionObserver !== 'undefined' ? nearViewport(index).then(load) : load());
    deferred.set(key, loading);
  }
  return loading;
}

/**
 * Waiting sections start loading at the visitor's first interaction, whatever is on screen. An
 * interaction can reach a section that has not hydrated: a click inside it, or a navigation, whose
 * new location flows into every link on the page. React then has to hydrate that section before it
 * can go on, and one that waits for visibility (a section jumped over) would hold the page forever.
 */
const gates = new Set<() => void>();
let released = false;
function releaseAll() {
  released = true;
  for (const open of gates) open();
  gates.clear();
}
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown', 'touchstart', 'popstate']) {
    window.addEventListener(type, releaseAll, { capture: true, passive: true, once: true });
  }
}

function nearViewport(index: number): Promise<void> {
  const element = document.querySelectorAll('#main > [data-section]')[index];
  if (!element || released) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) open();
      },
      // Start a little ahead, so the code is there by the time the section is seen, without
      // loading sections the visitor may never reach while the page is still loading.
      { rootMargin: '0px 0px 200px 0px' },
    );
    const open = () => {
      observer.disconnect();
      gates.delete(open);
      resolve();
    };
    gates.add(open);
    observer.observe(element);
  });
}
