/**
 * What exists but will not be published: a page or entry marked `draft: true`, an entry whose
 * `publishedAt` is still to come, one whose `validThrough` is past. None of it is a mistake, but a
 * marketer who sees "Content is valid: 44 pages" and no role page must be told why and until when,
 * so each is a note (severity `info`) at the line that decides it.
 */
import { explain } from '../catalog.ts';
import type { Collections } from './collections.ts';
import type { CheckRun, SourceFile } from './run.ts';

/** `the page /about`, `the entry content/roles/x.yaml`: how a note names what it is about. */
const named = (source: SourceFile, route: unknown) =>
  typeof route === 'string' ? `The page ${route}` : `The entry ${source.file}`;

export function reportUnpublished(run: CheckRun, pages: readonly SourceFile[], collections: Collections): void {
  for (const page of pages) {
    // Pages made from entries are reported at their entry, below.
    if (collections.made.has(page.file)) continue;
    const data = page.data as { draft?: unknown; route?: unknown } | null;
    if (data?.draft === true) run.report(page, { code: 'NotPublished', path: ['draft'], ...explain.NotPublishedDraft(named(page, data.route)) }, 'info');
  }
  for (const collection of collections.byName.values()) {
    for (const entry of collection.entries) {
      const what = `The entry ${entry.source.file} (its page ${entry.route})`;
      if (entry.unpublished === 'draft') {
        run.report(entry.source, { code: 'NotPublished', path: ['draft'], ...explain.NotPublishedDraft(what) }, 'info');
      } else if (entry.unpublished === 'scheduled') {
        const day = String(entry.data.publishedAt);
        run.report(entry.source, { code: 'NotPublished', path: ['publishedAt'], ...explain.NotPublishedScheduled(what, day) }, 'info');
      } else if (entry.unpublished === 'expired') {
        const day = String(entry.data.validThrough);
        run.report(entry.source, { code: 'NotPublished', path: ['validThrough'], ...explain.NotPublishedExpired(what, day) }, 'info');
      }
    }
  }
}
