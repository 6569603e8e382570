/**
 * A page of the site as a change set (or the live branch) would publish it, for the preview link a
 * publisher reads before publishing and may share: the page at `route`, prepared as the build would,
 * drawn in the browser by the site's own sections (src/editor/ui/site-preview/).
 */
import { EditorError } from '../shared/errors.ts';
import { catalog, checkDraft, openFile, type EditorProject, type PreviewData } from './api.ts';

export interface SitePreview {
  readonly route: string;
  readonly title: string;
  readonly preview: PreviewData;
  /** Every page the published site would have (drafts left out, as the build leaves them out), to move between. */
  readonly pages: readonly { readonly route: string; readonly title: string; readonly file: string }[];
}

export async function sitePreview(project: EditorProject, route: unknown): Promise<SitePreview> {
  const wanted = typeof route === 'string' && route.startsWith('/') ? route.replace(/#.*$/, '') : '/';
  const { files } = await catalog(project);
  const pages = files
    .filter((f): f is typeof f & { route: string } => typeof f.route === 'string' && !f.draft)
    .map((f) => ({ route: f.route, title: f.title, file: f.file }));
  const page = pages.find((p) => p.route === wanted);
  if (!page)
    throw new EditorError(
      'EditorFileMissing',
      `The site would have no page at ${wanted.slice(0, 200)}: it is a draft, or no page has that address. Pick a page from the list.`,
    );
  const opened = openFile(project, page.file);
  const draft = await checkDraft(project, page.file, opened.version, opened.data);
  if (!draft.preview)
    throw new EditorError(
      'EditorYamlUnreadable',
      `${page.file} has errors, so it cannot be drawn; the check lists them at its fields.`,
    );
  return { route: page.route, title: page.title, preview: draft.preview, pages };
}
