import { useEffect } from 'react';
import type { PageModule } from '../../content/build/module-types.ts';
import { Sections, type SectionLoader } from '../../sections/Sections.tsx';
import { markHydrated, readySection, sectionComponent } from '../startup/loader.ts';
import { documentTitle } from '../head.ts';
import site from 'virtual:content/site';

export interface PageViewProps {
  readonly module: PageModule;
}

/**
 * The site's sections load as the page's start-up decides (src/app/startup/loader.ts): at once on the
 * server, near the viewport while the page hydrates, at once after a navigation.
 */
const siteLoader: SectionLoader = { ready: readySection, load: sectionComponent };

/**
 * A page of the site: its sections, with the page's icons, logos and shared blocks, and its title and
 * description in the document's head after a navigation.
 */
export function PageView({ module }: PageViewProps) {
  const { page } = module;
  useEffect(() => {
    document.title = documentTitle(site.site, page.title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
  }, [page.title, page.description]);
  return <Sections sections={page.sections} assets={module} shared={module.shared} loader={siteLoader} onCommit={markHydrated} />;
}
