import { Suspense, memo, use, useEffect, useMemo } from 'react';
import type { PageModule } from '../../content/module-types.ts';
import type { Section } from '../../generated/schema-types.ts';
import { AssetsContext, useAssets } from '../../components/assets-context.ts';
import { SharedContext } from '../../sections/shared.ts';
import { markHydrated, readySection, sectionComponent } from '../startup/loader.ts';
import type { AnySectionComponent } from '../../sections/registry.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { documentTitle } from '../head.ts';
import site from 'virtual:content/site';

export interface PageViewProps {
  readonly module: PageModule;
}

/**
 * One section: its component when its code has loaded and it may render, otherwise suspended until
 * then, which keeps its server HTML on screen while it waits to hydrate (src/app/startup/loader.ts).
 * Always this one component at each position, so a section never remounts when its code arrives.
 */
function SectionSlot({ section, index }: { readonly section: Section; readonly index: number }) {
  // React uses the server snapshot exactly while it hydrates, this boundary included.
  const hydrating = !useHydrated();
  // Once the section has hydrated, with its effects run (an effect that sets state must not undo a
  // replayed press), the presses held for it are replayed (startup/boot.ts).
  useEffect(() => markHydrated(index), [index]);
  // `use` comes after every hook of this component. When it suspends and the code arrives before React
  // moves on, React replays this render with the hooks it has kept; the code is then ready and `use` is
  // not called, and a hook after it would be one React never saw: React error #467 ("Update hook called
  // on initial render"), which made React give up hydrating the section (#422) and draw it afresh.
  return (
    <SectionBody
      Component={readySection(section.type, index, hydrating) ?? use(sectionComponent(section.type, index, hydrating))}
      section={section}
      index={index}
    />
  );
}

/**
 * A section's component, rendered again only when what it shows changes. When the slot renders again as
 * hydration ends (`useHydrated` turns true), React leaves the section alone: rendered again then, a form
 * would put its state's empty values over what the visitor typed before hydration, before its own effect
 * has read them from the page (src/forms/useForm.ts).
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

/**
 * Renders a page's sections in order, with the page's icons, logos and shared blocks in context.
 * Each section is its own Suspense boundary, so it can hydrate on its own.
 */
export function PageView({ module }: PageViewProps) {
  const siteAssets = useAssets();
  const { page } = module;
  useEffect(() => {
    document.title = documentTitle(site.site, page.title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
  }, [page.title, page.description]);
  // A stable value: a context change reaching a section that is still waiting to hydrate would
  // make React drop its server HTML and render it from scratch.
  const assets = useMemo(
    () => ({ icons: { ...siteAssets.icons, ...module.icons }, logos: { ...siteAssets.logos, ...module.logos } }),
    [siteAssets, module],
  );
  return (
    <AssetsContext.Provider value={assets}>
      <SharedContext.Provider value={module.shared}>
        {page.sections.map((section, index) => (
          <Suspense key={index} fallback={null}>
            <SectionSlot section={section} index={index} />
          </Suspense>
        ))}
      </SharedContext.Provider>
    </AssetsContext.Provider>
  );
}
