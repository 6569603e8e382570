/**
 * The editor's preview: the page drawn by the site's own section components, header and footer,
 * with the site's styles, from the draft the editor sends (already checked and prepared by the
 * server as the build would). A click never follows a link or sends a form here: it tells the
 * editor which section, and which text, the marketer meant, and the editor opens that field.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../styles/fonts.css';
import '../../../styles/global.css';
import './preview.css';
import { PreviewPage } from './PreviewPage.tsx';
import type { FromPreview, ToPreview } from './protocol.ts';

const tell = (message: FromPreview) => window.parent.postMessage(message, window.location.origin);

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

  if (!message) return <p style={{ padding: '2rem' }}>Waiting for the editor…</p>;
  return <PreviewPage preview={message.preview} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Preview />
  </StrictMode>,
);
