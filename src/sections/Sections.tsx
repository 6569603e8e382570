/**
 * A page's sections, drawn by one component wherever a page is shown: the site (src/app/PageView,
 * prerendered, then hydrated section by section), the editor's preview (src/editor/ui/preview) and the
 * dev server's section gallery (src/app/SectionGallery). Each of them used to draw the sections its own
 * way, so the preview and the gallery could show a section otherwise than a visitor sees it; now they
 * differ only by what they put around each section (`frame`), where its code comes from (`loader`)
 * and what shows while it loads (`fallback`).
 */
import { Fragment, Suspense, memo, use, useEffect, useMemo, type ReactNode } from 'react';
import type { InlineAssets } from '../content/build/module-types.ts';
import type { Section, SectionType, SharedContent } from '../generated/schema-types.ts';
import { AssetsContext, useAssets } from '../components/assets-context.ts';
import { useHydrated } from '../hooks/useHydrated.ts';
import { registry, type AnySectionComponent } from './registry.ts';
import { SharedContext } from './shared.ts';

/**
 * Where the code of the section at `index` comes from. `hydrating` is true while React hydrates
 * server HTML, when the site may keep a section waiting (src/app/startup/loader.ts).
 */
export interface SectionLoader {
  /** The component, when it may render now without suspending. */
  ready(type: SectionType, index: number, hydrating: boolean): AnySectionComponent | undefined;
  /** Otherwise a promise of it for `use()`: the same promise on every call for the same section. */
  load(type: SectionType, index: number, hydrating: boolean): Promise<AnySectionComponent>;
}

const loadedTypes = new Map<string, AnySectionComponent>();
const typeLoads = new Map<string, Promise<AnySectionComponent>>();

/**
 * Each type's code from the registry, loaded once, at once. For the tools, which draw content still
 * being written: a type without a component fails that section only, with a message that says so.
 */
export const registryLoader: SectionLoader = {
  ready: (type) => loadedTypes.get(type),
  load(type) {
    let loading = typeLoads.get(type);
    if (!loading) {
      const load = (registry as Partial<Record<string, () => Promise<{ default: unknown }>>>)[type];
      loading = load
        ? load().then(({ default: component }) => {
            loadedTypes.set(type, component as AnySectionComponent);
            return component as AnySectionComponent;
          })
        : Promise.reject(
            new Error(
              `SectionComponentMissing: no component is registered for the section type \`${type}\`. ` +
                'Add it to src/sections/registry.ts (`npm run new:section` does; see docs/sections.md).',
            ),
          );
      typeLoads.set(type, loading);
    }
    return loading;
  },
};

export interface SectionsProps {
  readonly sections: readonly Section[];
  /** The icons and logos these sections use, added to those of the context (the site's). */
  readonly assets: InlineAssets;
  /** The shared content (content/shared/) these sections draw on. */
  readonly shared: Partial<SharedContent>;
  /** Where each section's code comes from: the site's start-up decides, the tools use `registryLoader`. */
  readonly loader: SectionLoader;
  /**
   * Position on its page of the first of `sections`: 0, the top of the page, draws the page's h1 and
   * loads its pictures first; the gallery draws each example as a section further down.
   */
  readonly firstIndex?: number;
  /** Called with a section's index once React has committed it (hydrated, or rendered afresh). */
  readonly onCommit?: (index: number) => void;
  /**
   * What goes around each section, given its order in `sections` (from 0): the tools' anchors, labels
   * and error boundaries. The site has none, so that each section's root is a child of `<main>`.
   */
  readonly frame?: (drawn: ReactNode, section: Section, order: number) => ReactNode;
  /** Shown while a section's code loads. The site shows nothing, which keeps a section's server HTML. */
  readonly fallback?: ReactNode;
}

/**
 * Draws sections in order, with their icons, logos and shared blocks in context. Each section is its
 * own Suspense boundary, so that it can load and hydrate on its own.
 */
export function Sections({ sections, assets, shared, loader, firstIndex = 0, onCommit, frame, fallback = null }: SectionsProps) {
  const outer = useAssets();
  const { icons, logos } = assets;
  // A stable value: a context change reaching a section that is still waiting to hydrate would make
  // React drop its server HTML and draw it afresh, and in the editor a keystroke would draw every section.
  const merged = useMemo(
    () => ({ icons: { ...outer.icons, ...icons }, logos: { ...outer.logos, ...logos } }),
    [outer, icons, logos],
  );
  return (
    <AssetsContext.Provider value={merged}>
      <SharedContext.Provider value={shared}>
        {sections.map((section, order) => {
          const drawn = (
            <Suspense fallback={fallback}>
              <SectionSlot section={section} index={firstIndex + order} loader={loader} onCommit={onCommit} />
            </Suspense>
          );
          return <Fragment key={order}>{frame ? frame(drawn, section, order) : drawn}</Fragment>;
        })}
      </SharedContext.Provider>
    </AssetsContext.Provider>
  );
}

interface SlotProps {
  readonly section: Section;
  readonly index: number;
  readonly loader: SectionLoader;
  readonly onCommit: ((index: number) => void) | undefined;
}

/**
 * One section: its component once its code has loaded and it may render, suspended until then, which
 * keeps its server HTML on screen while it waits to hydrate. Always this one component at each
 * position, so a section never remounts when its code arrives.
 */
function SectionSlot({ section, index, loader, onCommit }: SlotProps) {
  // React uses the server snapshot exactly while it hydrates, this boundary included.
  const hydrating = !useHydrated();
  // On the site, once the section has hydrated, with its effects run (an effect that sets state must
  // not undo a replayed press), the presses held for it are replayed (src/app/startup/boot.ts).
  useEffect(() => onCommit?.(index), [onCommit, index]);
  // `use` comes after every hook of this component. When it suspends and the code arrives before React
  // moves on, React replays this render with the hooks it has kept; the code is then ready and `use` is
  // not called, and a hook after it would be one React never saw: React error #467 ("Update hook called
  // on initial render"), which made React give up hydrating the section (#422) and draw it afresh.
  return (
    <SectionBody
      Component={loader.ready(section.type, index, hydrating) ?? use(loader.load(section.type, index, hydrating))}
      section={section}
      index={index}
    />
  );
}

/**
 * A section's component, rendered again only when what it shows changes: in the editor a keystroke
 * draws again only the section it changed. When the slot renders again as hydration ends
 * (`useHydrated` turns true), React leaves the section alone: rendered again then, a form would put its
 * state's empty values over what the visitor typed before hydration, before its own effect has read
 * them from the page (src/forms/useForm.ts).
 */
const SectionBody = memo(function SectionBody({
  Component,
  section,
  index,
}: {
  readonly Component: AnySectionComponent;
  readonly section: Section;
  readonly index: number;
}) {
  return <Component section={section as never} index={index} />;
});
