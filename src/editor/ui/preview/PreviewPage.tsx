/**
 * What the editor's preview draws for a draft: the site's header, the page's sections and the footer,
 * as the site draws them (the sections by `<Sections>`, as src/app/PageView does). Apart from
 * src/editor/ui/preview/main.tsx, which talks to the editor, so a test can draw it as the site is drawn.
 */
import { memo, useMemo } from 'react';
import { MemoryRouter } from 'react-router';
import { AssetsContext } from '../../../components/assets-context.ts';
import type { InlineAssets } from '../../../content/build/module-types.ts';
import type { Page, SharedContent, Site } from '../../../generated/schema-types.ts';
import { Header } from '../../../app/Header/index.tsx';
import { Footer } from '../../../app/Footer/index.tsx';
import { LoaderProvider } from '../../../app/Loader/index.tsx';
import { DrawFailure } from '../../../components/DrawFailure/index.tsx';
import { registryLoader, Sections } from '../../../sections/Sections.tsx';
import { closingOf } from '../../../sections/closing.ts';
import type { PreviewData } from '../../api/api.ts';

// Drawn again only when the site settings change, like the sections.
const FrameHeader = memo(Header);
const FrameFooter = memo(Footer);

export interface PreviewPageProps {
  /** The draft as the editor's server prepared it, with the parts unchanged since the last draw kept. */
  readonly preview: PreviewData;
}

/**
 * A draft's page. Each section sits in a `data-preview-section="<index>"` holder, by which a click
 * names the section and the editor's choice of section is scrolled to, inside an error boundary, so
 * a section that cannot be drawn yet leaves the rest of the page on screen.
 */
export function PreviewPage({ preview: { site, page } }: PreviewPageProps) {
  // Stable while the icons and logos are, so a text edit does not draw every section again through the context.
  const siteAssets = useMemo(() => ({ icons: site.icons, logos: site.logos }) as InlineAssets, [site.icons, site.logos]);
  const written = (page?.page as Partial<Page> | undefined)?.sections ?? [];
  // As the build ends the page (src/sections/closing.ts): the site's closing banner after its own sections.
  const closing = page ? closingOf(page.page as Partial<Page>, site.site as Site) : undefined;
  const sections = closing ? [...written, closing] : written;
  const route = (page?.page as Partial<Page> | undefined)?.route ?? '/';
  const accent = (page?.page as Partial<Page> | undefined)?.accent;
  return (
    <MemoryRouter initialEntries={[route]}>
      <LoaderProvider>
        <AssetsContext.Provider value={siteAssets}>
          <FrameHeader site={site.site as Site} />
          <main id="main" data-accent={accent}>
            <Sections
              sections={sections}
              loader={registryLoader}
              assets={(page ? { icons: page.icons, logos: page.logos } : noAssets) as InlineAssets}
              shared={(page?.shared ?? noShared) as Partial<SharedContent>}
              fallback={<div style={{ minHeight: '40vh' }} />}
              frame={(drawn, section, index) => (
                // The closing banner is the site settings' (`closing`), not one of the page's sections to pick.
                <div {...(index < written.length ? { 'data-preview-section': index } : { 'data-preview-closing': '' })}>
                  <DrawFailure label={`Section ${index + 1} (${section.type})`} className="draw-failure">
                    {drawn}
                  </DrawFailure>
                </div>
              )}
            />
          </main>
          <FrameFooter site={site.site as Site} />
        </AssetsContext.Provider>
      </LoaderProvider>
    </MemoryRouter>
  );
}

// The same objects on every draw, so that a page without them does not draw every section again.
const noAssets: InlineAssets = { icons: {}, logos: {} };
const noShared: Partial<SharedContent> = {};
