/**
 * The media library: every picture of the site, uploads first, each with the places that show it.
 * A picture that nothing uses can be deleted once the marketer confirms; opened from a picture
 * field, any picture can be put in that field.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useModal } from './useModal.ts';
import { api } from './api.ts';
import type { LibraryPicture } from '../api/library.ts';

export interface MediaLibraryProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Puts the chosen picture in the field the library was opened from. */
  readonly onPick?: (path: string) => void;
  /** The field's picture now: an unsaved change may be all that uses it, so it is not offered for deletion. */
  readonly current?: string;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

function sizeOf(picture: LibraryPicture): string {
  const kb = picture.bytes / 1024;
  const size = kb < 1000 ? `${Math.max(1, Math.round(kb))} KB` : `${(kb / 1024).toFixed(1)} MB`;
  return picture.width && picture.height ? `${size} · ${picture.width} × ${picture.height}` : size;
}

export function MediaLibrary({ open, onClose, onPick, current }: MediaLibraryProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
  const id = useId();
  const [pictures, setPictures] = useState<LibraryPicture[]>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [confirming, setConfirming] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The picture whose Delete button takes the keyboard back once the marketer keeps it.
  const [kept, setKept] = useState<string>();

  // Each time it opens: what it showed last time goes, and it loads afresh.
  const dialog = useModal(open, () => {
    setPictures(undefined);
    setError(undefined);
    setNotice(undefined);
    setConfirming(undefined);
    api.pictures().then(setPictures, (e: Error) => setError(e.message));
  });

  // The Delete button gives way to the question; the keyboard goes with it, to the safe answer.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (kept) deleteButtons.current.get(kept)?.focus();
  }, [kept]);

  const remove = async (path: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await api.deletePicture(path);
      setPictures((list) => list?.filter((p) => p.path !== path));
      setConfirming(undefined);
      setNotice(`Deleted ${nameOf(path)}.`);
      // Its card is gone; the keyboard starts again from the top rather than from nowhere.
      heading.current?.focus();
    } catch (e) {
      setConfirming(undefined);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const pick = (path: string) => {
    onPick?.(path);
    onClose();
  };

  return (
    <dialog ref={dialog} className="publish media-library" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Pictures
      </h2>
      <p className="hint">
        Uploads come first. Only saved pages count as uses: save your changes before deleting a picture you just took out. An
        upload that nothing uses is not published.
      </p>
      {!pictures && !error && <p role="status">Looking for pictures…</p>}
      <p role="status" className="media-library-notice">
        {notice}
      </p>
      {error && (
        <p className="status status-error" role="alert">
          {error}
        </p>
      )}
      {pictures && pictures.length === 0 && <p>There are no pictures yet. Upload one from a picture field.</p>}
      {pictures && pictures.length > 0 && (
        <ul className="media-library-grid">
          {pictures.map((picture, i) => {
            const name = nameOf(picture.path);
            const nameId = `${id}-name-${i}`;
            const here = picture.path === current;
            return (
              <li key={picture.path} className="media-library-item">
                <img src={picture.path} alt="" loading="lazy" decoding="async" width={160} height={160} />
                <p id={nameId} className="media-library-name" title={name}>
                  {name}
                </p>
                <p className="media-library-size">{sizeOf(picture)}</p>
                {here && <p className="media-library-here">In this field now</p>}
                {picture.uses.length > 0 ? (
                  <div className="media-library-uses">
                    Used on:
                    <ul>
                      {picture.uses.map((use, n) => (
                        <li key={n}>
                          {use.title}: {use.where}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : (
                  <p className="media-library-unused">Not used anywhere</p>
                )}
                <div className="media-library-actions">
                  {onPick && !here && (
                    <button type="button" className="primary" aria-describedby={nameId} onClick={() => pick(picture.path)}>
                      Use this picture
                    </button>
                  )}
                  {picture.uses.length === 0 &&
                    !here &&
                    (confirming === picture.path ? (
                      <div className="media-library-confirm" role="group" aria-labelledby={`${nameId}-ask`}>
                        <p id={`${nameId}-ask`}>Delete {name}? Undo cannot bring it back.</p>
                        <button
                          type="button"
                          ref={keep}
                          onClick={() => {
                            setConfirming(undefined);
                            setKept(picture.path);
                          }}
                        >
                          Keep it
                        </button>
                        <button
                          type="button"
                          className="danger"
                          disabled={busy}
                          aria-describedby={nameId}
                          onClick={() => void remove(picture.path)}
                        >
                          {busy ? 'Deleting…' : 'Delete it'}
                        </button>
                      </div>
                    ) : (
                      <button
                        type="button"
                        aria-describedby={nameId}
                        ref={(button) => {
                          if (button) deleteButtons.current.set(picture.path, button);
                          else deleteButtons.current.delete(picture.path);
                        }}
                        onClick={() => {
                          setKept(undefined);
                          setConfirming(picture.path);
                        }}
                      >
                        Delete
                      </button>
                    ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="publish-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
