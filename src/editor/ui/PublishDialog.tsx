/**
 * Publish: the changed files and their diff, a one-line description, and a commit of exactly those
 * files, pushed to the project's remote when it has one. Refused while the content check fails.
 */
import { useState } from 'react';
import { useModal } from './useModal.ts';
import { api, type Changes } from './api.ts';
import { Refusal } from './Refusal.tsx';

export interface PublishDialogProps {
  readonly open: boolean;
  /** A file has unsaved changes: they would not be part of what is published. */
  readonly unsaved: boolean;
  readonly onClose: () => void;
  readonly onPublished: (text: string) => void;
}

const noteLabel = { live: 'Goes live:', draft: 'Stays a draft:', 'left-out': 'Left out:', removed: 'Removed:' } as const;

export function PublishDialog({ open, unsaved, onClose, onPublished }: PublishDialogProps) {
  const [changes, setChanges] = useState<Changes>();
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<Error>();
  const [busy, setBusy] = useState(false);

  // Each time it opens: what it showed last time goes, and it loads afresh.
  const dialog = useModal(open, () => {
    setChanges(undefined);
    setFailure(undefined);
    api.changes().then(setChanges, setFailure);
  });

  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const done = await api.publish(message);
      setMessage('');
      onPublished(
        `Published ${done.files} file${done.files === 1 ? '' : 's'}${done.pushed ? ": it is in the site's repository, and the site is rebuilt from there" : ': they are saved as a version on this computer (this project has no shared repository to send them to)'}.`,
      );
    } catch (e) {
      setFailure(e as Error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="publish" aria-labelledby="publish-title" onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id="publish-title">Publish your changes</h2>
        {unsaved && (
          <p className="status status-error">A file has unsaved changes; save it first, or they stay out of this publication.</p>
        )}
        {!changes && !failure && <p role="status">Looking for changes…</p>}
        {changes && !changes.git && (
          <p className="status status-error">This project is not a git repository, so it cannot be published from here.</p>
        )}
        {changes?.git && changes.files.length === 0 && (
          <p role="status">Nothing to publish: every change is published already.</p>
        )}
        {changes?.git && changes.files.length > 0 && (
          <>
            {changes.report.length > 0 && (
              <>
                <h3>What the site will show</h3>
                <ul className="publish-report">
                  {changes.report.map((note, i) => (
                    <li key={i} className={`publish-note publish-${note.kind}`}>
                      <strong>{noteLabel[note.kind]}</strong> {note.what}
                      {note.why && <span className="publish-why"> {note.why}</span>}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <h3>Changed files</h3>
            <ul className="publish-files">
              {changes.files.map((f) => (
                <li key={f.file}>
                  <code>{f.file}</code> <span className="publish-state">{f.state}</span>
                </li>
              ))}
            </ul>
            <details open>
              <summary>What changed, line by line</summary>
              <pre className="publish-diff" tabIndex={0} aria-label="Changes line by line">
                {changes.diff.split('\n').map((line, i) => (
                  <span
                    key={i}
                    className={
                      line.startsWith('+') && !line.startsWith('+++')
                        ? 'added'
                        : line.startsWith('-') && !line.startsWith('---')
                          ? 'removed'
                          : undefined
                    }
                  >
                    {line}
                    {'\n'}
                  </span>
                ))}
              </pre>
            </details>
            <label htmlFor="publish-message">What changed, and why (one line)</label>
            <input
              id="publish-message"
              type="text"
              required
              maxLength={200}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder="Contact page: new opening hours"
            />
            <p className="hint">
              {changes.remote
                ? `The commit is sent to ${changes.remote}; the site is rebuilt from there.`
                : 'This project has no remote; the commit stays on this computer.'}
            </p>
          </>
        )}
        <Refusal failure={failure} />
        <div className="publish-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button
            type="submit"
            className="primary"
            disabled={busy || !changes?.git || changes.files.length === 0 || message.trim() === ''}
          >
            {busy ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
