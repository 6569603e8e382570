/**
 * The content check a publish runs: the files, then the pages drawn from them as a visitor would get
 * them (the rendered-page check), each problem reported at its content value. The build does the
 * same with the pages it writes (scripts/prerender.ts); the editor service, which has no build of a
 * change set, draws them with the site's own code (src/app/entry-draw.tsx).
 */
import { checkContent, type ContentOptions, type ContentResult } from '../check.ts';
import { contentModules, LogoFiles } from '../build/modules.ts';
import type { DrawSite } from '../../app/entry-draw.tsx';
import { checkDrawnPages, type TraceChanged } from './index.ts';

export async function checkAsPublished(options: ContentOptions, draw: DrawSite): Promise<ContentResult> {
  const result = await checkContent(options);
  if (result.errors > 0 || !result.site) return result;
  const { pageData } = contentModules(new LogoFiles());
  const pages = await draw({
    site: { site: result.site.site, ...new LogoFiles().inline(result.site.assets) },
    pages: result.pages.map((page) => pageData(page, result.site)),
  });
  const { findings, changed } = checkDrawnPages(pages);
  if (changed.length > 0) throw traceChanged(changed);
  return findings.length === 0 ? result : checkContent({ ...options, rendered: findings });
}

/** The marks changed what a page draws, so the rendered check's findings cannot be trusted: a fault of the code. */
export function traceChanged(changed: readonly TraceChanged[]): Error {
  const [first] = changed;
  return new Error(
    `RenderedTraceChanged: marking the texts of ${changed.length} page(s) for the rendered-page check changed what they draw, so its findings could not be trusted. ` +
      `First on ${first!.route}, where the page has\n  ${JSON.stringify(first!.published)}\nand the marked one, marks removed,\n  ${JSON.stringify(first!.marked)}\n` +
      'A section uses one of its texts as more than text (to look something up, compare or parse it): add its key to `untracedKeys` in src/content/rendered/trace.ts.',
  );
}
