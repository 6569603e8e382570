/**
 * Deleting a page, a job opening or a success story: first the links that still lead to it, each
 * with a link to open it at that field; the page goes only once none is left, and only after the
 * marketer confirms.
 */
import { useState } from 'react';
import { useModal } from './useModal.ts';
import { api, type DeletePlan } from './api.ts';
import { placeOf } from './words.ts';
import { formatPath } from '../../content/paths.ts';

export interface DeleteDialogProps {
  /** The file to delete, with the version the marketer sees; none while the dialog is closed. */
  readonly target?: { readonly file: string; readonly version: string; readonly title: string };
  readonly onClose: () => void;
  readonly onDeleted: (text: string) => void;
}

export function DeleteDialog({ target, onClose, onDeleted }: DeleteDialogProps) {
  const [plan, setPlan] = useState<DeletePlan>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // Each time it opens: what it showed last time goes, and it loads afresh.
  const dialog = useModal(Boolean(target), () => {
    setPlan(undefined);
    setError(undefined);
    if (target) api.deletePlan(target.file).then(setPlan, (e: Error) => setError(e.message));
  });

  const remove = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await api.deleteFile(target.file, target.version);
      onDeleted(`Deleted “${target.title}”. Publish to take it off the site.`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="publish" aria-labelledby="delete-title" onClose={onClose}>
      <h2 id="delete-title">Delete “{target?.title}”</h2>
      {!plan && !error && <p role="status">Looking for links to it…</p>}
      {plan && plan.links.length > 0 && (
        <>
          <p className="status status-error" role="alert">
            {plan.links.length === 1 ? 'One link still leads' : `${plan.links.length} links still lead`} to this page. Change or
            remove {plan.links.length === 1 ? 'it' : 'them'} first, so that no visitor meets a missing page:
          </p>
          <ul className="delete-links">
            {plan.links.map((link, i) => (
              <li key={i}>
                <a
                  href={`#file=${encodeURIComponent(link.file)}&at=${encodeURIComponent(formatPath(link.path))}`}
                  onClick={onClose}
                >
                  {link.where}: {placeOf(link.path)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {plan && plan.links.length === 0 && (
        <p>Nothing links to it. Deleting it removes it from the site at the next publication; Undo cannot bring it back.</p>
      )}
      {error && (
        <p className="status status-error" role="alert">
          {error}
        </p>
      )}
      <div className="publish-actions">
        <button type="button" onClick={onClose}>
          {plan && plan.links.length === 0 ? 'Keep it' : 'Close'}
        </button>
        {plan && plan.links.length === 0 && (
          <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>
            {busy ? 'Deleting…' : 'Delete it'}
          </button>
        )}
      </div>
    </dialog>
  );
}
