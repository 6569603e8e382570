/**
 * The editor service's drawing of the site (built with it by scripts/build-editor.ts): a change set's
 * pages drawn by the site's own code, as published and with their texts marked, for the rendered-page
 * check before a publish (src/content/rendered/). The service has no build of the change set, so the
 * content modules of this bundle are empty slots (src/content/build/draw-slots.ts) that each drawing
 * fills with the content it was given.
 */
import site from 'virtual:content/site';
import type { PageModule, SiteModule } from '../content/build/module-types.ts';
import type { DrawnPage } from '../content/rendered/index.ts';
import { render, renderTraced } from './entry-server.tsx';
import { replacePages } from './startup/loader.ts';

/** What a drawing is made from: the site settings and every page's data, as a build's modules hold them. */
export interface DrawContent {
  readonly site: SiteModule;
  readonly pages: readonly PageModule[];
}

export type DrawSite = (content: DrawContent) => Promise<DrawnPage[]>;

// One site at a time: the slots, and the loader's table of pages, belong to the drawing under way.
let queue: Promise<unknown> = Promise.resolve();

/** Every page of `content`, drawn as published and with its texts marked. */
export const drawSite: DrawSite = (content) => {
  const drawing = queue.then(() => drawNow(content));
  queue = drawing.catch(() => undefined);
  return drawing;
};

async function drawNow(content: DrawContent): Promise<DrawnPage[]> {
  Object.assign(site as { -readonly [K in keyof SiteModule]: SiteModule[K] }, content.site);
  replacePages(content.pages.map((module) => ({ route: module.page.route, load: () => Promise.resolve({ default: module }) })));
  const drawn: DrawnPage[] = [];
  for (const { page } of content.pages) {
    const published = await render(page.route);
    const traced = await renderTraced(page.route);
    if (traced) drawn.push({ route: page.route, html: published.html, head: published.head, traced });
  }
  return drawn;
}
