/**
 * The site and the editor's preview draw a page's sections with one component (src/sections/Sections.tsx):
 * for every page of the real content, the preview's sections are the site's, element for element. The
 * site is rendered as the prerender renders it (src/app/entry-server.tsx), the preview from the same
 * page data, both by the project's own Vite config in a dev server without HTTP.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Window } from 'happy-dom';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSsrServer } from '../helpers/ssr-server.ts';
import type { PageEntry, PageModule, SiteModule } from '../../src/content/build/module-types.ts';
import type { RenderedRoute } from '../../src/app/entry-server.tsx';
import type { PreviewPageProps } from '../../src/editor/ui/preview/PreviewPage.tsx';
import type { SectionLoader } from '../../src/sections/Sections.tsx';
import type { Page } from '../../src/generated/schema-types.ts';
import { projectRoot } from './content-fixtures.ts';

let server: ViteDevServer;
let render: (path: string) => Promise<RenderedRoute>;
let PreviewPage: ComponentType<PreviewPageProps>;
let registryLoader: SectionLoader;
let site: SiteModule;
let pages: readonly PageEntry[];

beforeAll(async () => {
  server = await startSsrServer(projectRoot);
  ({ render } = (await server.ssrLoadModule('/src/app/entry-server.tsx')) as { render: typeof render });
  ({ PreviewPage } = (await server.ssrLoadModule('/src/editor/ui/preview/PreviewPage.tsx')) as {
    PreviewPage: typeof PreviewPage;
  });
  // The preview's own copy of the module, whose cache of loaded code the preview reads.
  ({ registryLoader } = (await server.ssrLoadModule('/src/sections/Sections.tsx')) as { registryLoader: SectionLoader });
  site = ((await server.ssrLoadModule('virtual:content/site')) as { default: SiteModule }).default;
  pages = ((await server.ssrLoadModule('virtual:content/pages')) as { default: readonly PageEntry[] }).default;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await parser.happyDOM.close();
});

const parser = new Window();

/** The element children of the page's `<main>` in `html`. */
function mainChildren(html: string): Element[] {
  const root = parser.document.createElement('div');
  root.innerHTML = html;
  const main = root.querySelector('#main');
  if (!main) throw new Error(`The markup has no <main id="main">:\n${html.slice(0, 500)}`);
  return [...main.children] as unknown as Element[];
}

/**
 * React names the ids of `useId` after the component's place in the tree, which differs between the
 * site's layout and the preview's frame: each id is renamed by its first appearance in the section.
 */
function withPlainIds(html: string): string {
  const names = new Map<string, string>();
  return html.replace(/_R_[0-9a-zA-Z]+_/g, (id) => {
    if (!names.has(id)) names.set(id, `id-${names.size + 1}`);
    return names.get(id)!;
  });
}

/**
 * The preview as a browser ends up drawing it: every section's code loaded first (the site's
 * prerender loads it first too), so that no section shows its loading placeholder.
 */
async function drawPreview(props: PreviewPageProps): Promise<string> {
  const sections = (props.preview.page?.page as Page).sections;
  await Promise.all(sections.map((s, i) => registryLoader.load(s.type, i, false)));
  return renderToString(createElement(PreviewPage, props));
}

describe('one renderer for the site and the editor', () => {
  it('draws every page of the content with the same sections in the preview as on the site', async () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const entry of pages) {
      const { default: module } = (await entry.load()) as { default: PageModule };
      const siteSections = mainChildren((await render(entry.route)).html);
      const holders = mainChildren(
        await drawPreview({
          preview: {
            site: { site: site.site, icons: site.icons, logos: site.logos },
            page: { page: module.page, shared: module.shared, icons: module.icons, logos: module.logos },
          },
        }),
      );

      expect(siteSections.map((s) => s.getAttribute('data-section'))).toEqual(module.page.sections.map((s) => s.type));
      // In the preview, each section sits alone in the holder that a click and the editor's scrolling find it by.
      expect(holders.map((h) => h.getAttribute('data-preview-section'))).toEqual(module.page.sections.map((_, i) => String(i)));
      expect(holders.map((h) => h.children.length)).toEqual(module.page.sections.map(() => 1));
      for (const [i, holder] of holders.entries()) {
        expect(withPlainIds(holder.children[0]!.outerHTML), `${entry.route}, section ${i + 1}`).toBe(
          withPlainIds(siteSections[i]!.outerHTML),
        );
      }
    }
  }, 120_000);

  // The W3C checker found figcaptions nested in a div of the team cards: a figcaption counts only as
  // the first or last child of its figure, and the misplaced one hid further errors in those cards.
  it('gives every figure of every page its caption as its first or last child, and no caption outside one', async () => {
    const misplaced: string[] = [];
    for (const entry of pages) {
      for (const section of mainChildren((await render(entry.route)).html)) {
        for (const caption of section.querySelectorAll('figcaption')) {
          const figure = caption.parentElement;
          const children = figure ? [...figure.children] : [];
          if (figure?.tagName !== 'FIGURE' || (children[0] !== caption && children.at(-1) !== caption)) {
            misplaced.push(
              `${entry.route} [data-section="${section.getAttribute('data-section')}"]: ${caption.outerHTML.slice(0, 80)}`,
            );
          }
        }
      }
    }
    expect(misplaced).toEqual([]);
  }, 120_000);
});
