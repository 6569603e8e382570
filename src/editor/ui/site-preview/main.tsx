/**
 * The site as a change set would publish it, page by page, drawn by the site's own sections: the
 * preview link of a change set (`/site-preview?cs=<id>&route=/contact`), the live branch for comparison
 * (`?live=1`), and a link shared with someone outside (`/shared/<token>?route=…`). A link to another
 * page of the site opens that page here, in the same preview.
 */
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../styles/fonts.css';
import '../../../styles/global.css';
import './site-preview.css';
import { PreviewPage } from '../preview/PreviewPage.tsx';
import type { SitePreview } from '../../api/site-preview.ts';

const params = () => new URLSearchParams(window.location.search);
const shared = /^\/shared\/([^/]+)$/.exec(window.location.pathname)?.[1];
const changeSet = params().get('cs');
/** A published version from a page's history. */
const version = params().get('at');
/** Inside the review's side-by-side comparison: no bar, the page alone. */
const bare = params().has('bare');

function source(route: string): string {
  const query = new URLSearchParams({ route });
  if (shared) return `/shared/${shared}/page?${query}`;
  if (changeSet) return `/api/change-sets/${encodeURIComponent(changeSet)}/page?${query}`;
  if (version) return `/api/versions/${encodeURIComponent(version)}/page?${query}`;
  return `/api/live/page?${query}`;
}

function SitePreviewApp() {
  const [route, setRoute] = useState(() => params().get('route') ?? '/');
  const [shown, setShown] = useState<SitePreview>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setError(undefined);
    fetch(source(route))
      .then(async (response) => {
        const body = (await response.json()) as SitePreview & { message?: string };
        if (!response.ok) throw new Error(body.message ?? `The preview answered ${response.status}.`);
        setShown(body);
        document.title = `Preview: ${body.title}`;
      })
      .catch((e: Error) => setError(e.message));
  }, [route]);
  const go = useCallback((next: string) => {
    const query = params();
    query.set('route', next);
    window.history.pushState(null, '', `${window.location.pathname}?${query}`);
    setRoute(next);
    window.scrollTo(0, 0);
  }, []);
  useEffect(() => {
    const back = () => setRoute(params().get('route') ?? '/');
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);
  // A click on a link to a page of the site stays in the preview; anything else (a form, another site) does nothing.
  const onClick = (event: React.MouseEvent) => {
    const link = (event.target as Element).closest('a');
    if (!link) return;
    event.preventDefault();
    const href = link.getAttribute('href') ?? '';
    const page = href.startsWith('/') ? href.replace(/[#?].*$/, '') || '/' : undefined;
    if (page && shown?.pages.some((p) => p.route === page)) go(page);
  };
  return (
    <>
      {!bare && (
        <div className="site-preview-bar" role="region" aria-label="Preview">
          <strong>
            {shared || changeSet
              ? 'Preview: the site as it will be after publishing'
              : version
                ? `The site as it was at version ${version.slice(0, 12)}`
                : 'The site as it is now'}
          </strong>
          <label>
            Page{' '}
            <select value={route} onChange={(event) => go(event.target.value)}>
              {(shown?.pages ?? [{ route, title: route }]).map((p) => (
                <option key={p.route} value={p.route}>
                  {p.title} ({p.route})
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {error && (
        <p className="site-preview-error" role="alert">
          {error}
        </p>
      )}
      <div onClickCapture={onClick} onSubmitCapture={(event) => event.preventDefault()}>
        {shown && <PreviewPage preview={shown.preview} />}
      </div>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SitePreviewApp />
  </StrictMode>,
);
