import { Suspense, use, useEffect, useMemo } from 'react';
import type { PageModule } from '../../content/module-types.ts';
import type { Section, SectionType } from '../../generated/schema-types.ts';
import type { AnySectionComponent } from '../../sections/registry.ts';
import { AssetsContext, useAssets } from '../../components/assets-context.ts';
import { SharedContext } from './shared-context.ts';
import { deferredSection, useHydrating } from '../page-loader.ts';
import { documentTitle } from '../head.ts';
import site from 'virtual:content/site';

export interface PageViewProps {
  readonly module: PageModule;
  readonly components: Partial<Record<SectionType, AnySectionComponent>>;
}

/** A section whose code is still on its way: suspends until it arrives (see `deferredSection`). */
function DeferredSection({ section, index }: { readonly section: Section; readonly index: number }) {
  const Component = use(deferredSection(section.type, index, useHydrating()));
  // The component comes from a cached promise, so it is the same one on every render, as a static one is.
  // eslint-disable-next-line react-hooks/static-components
  return <Component section={section as never} index={index} />;
}

/**
 * Renders a page's sections in order, with the page's icons, logos and shared blocks in context.
 * Each section below the first is its own Suspense boundary, so it can hydrate on its own later.
 */
export function PageView({ module, components }: PageViewProps) {
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
        {page.sections.map((section, index) => {
          const Component = components[section.type];
          const body = Component ? (
            <Component section={section as never} index={index} />
          ) : (
            <DeferredSection section={section} index={index} />
          );
          return index === 0 ? (
            <Suspense key={index}>{body}</Suspense>
          ) : (
            <Suspense key={index} fallback={null}>
              {body}
            </Suspense>
          );
        })}
      </SharedContext.Provider>
    </AssetsContext.Provider>
  );
}
