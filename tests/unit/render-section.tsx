/**
 * Server-renders a section type's schema examples, for the tests each section folder has: the
 * examples are prepared by the real content check (defaults, image sizes, icons, logos, the shared
 * hiring template), as they are for a page and for the dev gallery.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AssetsContext } from '../../src/components/assets-context.ts';
import { SharedContext } from '../../src/sections/shared.ts';
import { checkGallery, type GalleryResult } from '../../src/content/build/gallery.ts';
import { formatProblems } from '../../src/content/cli/format.ts';
import type { Section, SectionType } from '../../src/generated/schema-types.ts';
import { registry, type AnySectionComponent } from '../../src/sections/registry.ts';
import { projectRoot } from './content-fixtures.ts';

let gallery: Promise<GalleryResult> | undefined;

/** One example of the type's schema and the HTML its component renders for it. */
export interface RenderedExample {
  readonly example: Section;
  readonly html: string;
}

/**
 * Renders every example of `type` at position `index` of a page (0: the first section, which has
 * the page's h1). Fails with the content problems when an example is not valid content.
 */
export async function renderExamples(type: SectionType, index = 1): Promise<RenderedExample[]> {
  const result = await (gallery ??= checkGallery({ root: projectRoot }));
  if (result.result.errors > 0) throw new Error(formatProblems(result.result.problems));
  const entry = result.sections.find((s) => s.type === type);
  if (!entry) throw new Error(`schemas/sections/${type}.schema.json has no examples to render.`);
  const Component = (await registry[type]()).default as AnySectionComponent;
  const assets = {
    icons: result.assets.icons,
    logos: Object.fromEntries(Object.keys(result.assets.logos).map((name) => [name, `/assets/logos/${name}.svg`])),
  };
  return entry.examples.map((example) => ({
    example,
    html: renderToString(
      <StaticRouter location="/">
        <AssetsContext.Provider value={assets}>
          <SharedContext.Provider value={result.shared}>
            <Component section={example as never} index={index} />
          </SharedContext.Provider>
        </AssetsContext.Provider>
      </StaticRouter>,
    ),
  }));
}
