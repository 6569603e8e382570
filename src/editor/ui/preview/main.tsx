/**
 * The editor's preview: the page drawn by the site's own section components, header and footer,
 * with the site's styles, from the draft the editor sends (already checked and prepared by the
 * server as the build would). A click never follows a link or sends a form here: it tells the
 * editor which section, and which text, the marketer meant, and the editor opens that field.
 */
import { memo, StrictMode, Suspense, use, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import '../../../styles/fonts.css';
import '../../../styles/global.css';
import './preview.css';
import { AssetsContext } from '../../../components/assets-context.ts';
import type { InlineAssets } from '../../../content/module-types.ts';
import type { Section, SectionType, Site } from '../../../generated/schema-types.ts';
import { Header } from '../../../app/Header/index.tsx';
import { Footer } from '../../../app/Footer/index.tsx';
import { LoaderProvider } from '../../../app/Loader/index.tsx';
import { SharedContext } from '../../../sections/shared.ts';
import { DrawFailure } from '../../../components/DrawFailure/index.tsx';
import { registry, type AnySectionComponent } from '../../../sections/registry.ts';
import type { FromPreview, ToPreview } from './protocol.ts';

// Drawn again only when the site settings change, like the sections.
const FrameHeader = memo(Header);
const FrameFooter = memo(Footer);

const tell = (message: FromPreview) => window.parent.postMessage(message, window.location.origin);

const loaded = new Map<string, Promise<AnySectionComponent>>();
function componentOf(type: SectionType): Promise<AnySectionComponent> {
  let found = loaded.get(type);
  if (!found) {
    const load = (registry as Record<string, (() => Promise<{ default: unknown }>) | undefined>)[type];
    found = load
      ? load().then((m) => m.default as AnySectionComponent)
      : Promise.reject(new Error(`No component is registered for \`${type}\`.`));
    loaded.set(type, found);
  }
  return found;
}

/** A section is drawn again only when its own data changed (see `keepUnchanged`). */
const SectionView = memo(function SectionView({ section, index }: { readonly section: Section; readonly index: number }) {
  const Drawn = use(componentOf(section.type));
  // A module's export, loaded once per type and the same on every render, as a static import is.
  // eslint-disable-next-line react-hooks/static-components
  return <Drawn section={section as never} index={index} />;
});

/**
 * A message arrives as a fresh copy of everything; the parts equal to what is on screen are swapped
 * back for the objects on screen, so a keystroke redraws only the section it changed.
 */
function keepUnchanged<T>(previous: T | undefined, next: T): T {
  if (previous === undefined) return next;
  if (JSON.stringify(previous) === JSON.stringify(next)) return previous;
  if (Array.isArray(previous) && Array.isArray(next)) return next.map((item, i) => keepUnchanged(previous[i], item)) as T;
  if (previous && next && typeof previous === 'object' && typeof next === 'object' && !Array.isArray(next)) {
    return Object.fromEntries(
      Object.entries(next).map(([k, v]) => [k, keepUnchanged((previous as Record<string, unknown>)[k], v)]),
    ) as T;
  }
  return next;
}

/**
 * The path of the value whose text is `text` in `data`, searched depth first; `**` marks are not
 * shown on the page, so they are ignored in the comparison.
 */
export function pathOfText(data: unknown, text: string, path: (string | number)[] = []): (string | number)[] | undefined {
  const plain = (s: string) => s.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
  if (typeof data === 'string') return plain(data) === text ? path : undefined;
  if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      const found = pathOfText(value, text, [...path, Array.isArray(data) ? Number(key) : key]);
      if (found) return found;
    }
  }
  return undefined;
}

function Preview() {
  const [message, setMessage] = useState<ToPreview>();
  useEffect(() => {
    const onMessage = (event: MessageEvent<ToPreview>) => {
      if (event.origin !== window.location.origin || event.data?.kind !== 'draw') return;
      const next = event.data;
      setMessage((shown) => ({ ...next, preview: keepUnchanged(shown?.preview, next.preview) }));
    };
    window.addEventListener('message', onMessage);
    tell({ kind: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    if (!message) return;
    tell({ kind: 'drawn', sequence: message.sequence });
    if (message.focus !== undefined) {
      document.querySelector(`[data-preview-section="${message.focus}"]`)?.scrollIntoView({ block: 'start' });
    }
  }, [message]);
  useEffect(() => {
    // Capture: the site's own handlers (links, buttons, forms) never see the click.
    const onClick = (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
      const target = event.target as HTMLElement;
      const holder = target.closest<HTMLElement>('[data-preview-section]');
      const section = holder ? Number(holder.dataset.previewSection) : undefined;
      const pages = message?.preview.page?.page as { sections?: unknown[] } | undefined;
      const text = (target.innerText ?? '').replace(/\s+/g, ' ').trim();
      const data = section === undefined ? undefined : pages?.sections?.[section];
      const path = text && data ? pathOfText(data, text) : undefined;
      tell({ kind: 'pick', ...(section === undefined ? {} : { section }), ...(path ? { path } : {}) });
    };
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', stop, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', stop, true);
    };
  }, [message]);

  const site = message?.preview.site;
  const page = message?.preview.page;
  // Stable while the icons and logos are, so a text edit does not redraw every section through the context.
  const siteAssets = useMemo(
    () => ({ icons: site?.icons ?? {}, logos: site?.logos ?? {} }) as InlineAssets,
    [site?.icons, site?.logos],
  );
  const pageIcons = page?.icons;
  const pageLogos = page?.logos;
  const pageAssets = useMemo(
    () =>
      ({
        icons: { ...siteAssets.icons, ...(pageIcons as object) },
        logos: { ...siteAssets.logos, ...pageLogos },
      }) as InlineAssets,
    [siteAssets, pageIcons, pageLogos],
  );
  if (!message || !site) return <p style={{ padding: '2rem' }}>Waiting for the editor…</p>;
  const sections = ((page?.page as { sections?: Section[] } | undefined)?.sections ?? []) as Section[];
  const route = (page?.page as { route?: string } | undefined)?.route ?? '/';
  const accent = (page?.page as { accent?: string } | undefined)?.accent;
  return (
    <MemoryRouter initialEntries={[route]}>
      <LoaderProvider>
        <AssetsContext.Provider value={siteAssets}>
          <FrameHeader site={site.site as Site} />
          <main id="main" data-accent={accent}>
            <AssetsContext.Provider value={pageAssets}>
              <SharedContext.Provider value={(page?.shared ?? {}) as never}>
                {sections.map((section, index) => (
                  <div key={index} data-preview-section={index}>
                    <DrawFailure label={`Section ${index + 1} (${section.type})`} className="draw-failure">
                      <Suspense fallback={<div style={{ minHeight: '40vh' }} />}>
                        <SectionView section={section} index={index} />
                      </Suspense>
                    </DrawFailure>
                  </div>
                ))}
              </SharedContext.Provider>
            </AssetsContext.Provider>
          </main>
          <FrameFooter site={site.site as Site} />
        </AssetsContext.Provider>
      </LoaderProvider>
    </MemoryRouter>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Preview />
  </StrictMode>,
);
