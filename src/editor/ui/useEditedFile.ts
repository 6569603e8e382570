/**
 * One file as the editor holds it: opened from the server, with the unsaved draft of an earlier
 * visit restored; every change kept in the browser, checked by the server as the build would check
 * it, and prepared for the preview; saved only when valid and unchanged on disk. A navigation away
 * with unsaved work asks first.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type ApiError, type DraftResult, type OpenedFile } from './api.ts';
import { drafts } from './drafts.ts';
import { same } from './same.ts';
import { emptyHistory, record, redo, undo, type History } from './history.ts';
import type { PreviewData } from '../server/api.ts';

export type Data = Record<string, unknown> & { sections?: Record<string, unknown>[] };

export interface Status {
  readonly kind: 'info' | 'error' | 'success';
  readonly text: string;
  readonly action?: { readonly label: string; readonly run: () => void };
}

export function useEditedFile(file: string | undefined, setStatus: (status: Status | undefined) => void, onSaved: () => void) {
  const [opened, setOpened] = useState<OpenedFile>();
  const [data, setShownData] = useState<Data>();
  const [history, setHistory] = useState<History<Data>>(emptyHistory);
  // The data on screen, for a change to record what it replaces.
  const shown = useRef<Data>(undefined);
  const setData = useCallback((next: Data | undefined) => {
    shown.current = next;
    setShownData(next);
  }, []);
  const [result, setResult] = useState<DraftResult>();
  // The data of the last draft the server checked and prepared, and what it drew: typed texts are
  // drawn over it at once, before the next check answers.
  const [checked, setChecked] = useState<{ data: unknown; preview: PreviewData }>();
  const [saving, setSaving] = useState(false);
  const sequence = useRef(0);

  const discard = useCallback(
    (o: OpenedFile) => {
      drafts.forget(o.file);
      setData(o.data as Data);
      setStatus({ kind: 'info', text: 'Your unsaved changes were discarded.' });
    },
    [setStatus, setData],
  );

  // Opening a file: its unsaved draft from an earlier visit comes back with it.
  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    setOpened(undefined);
    setData(undefined);
    setResult(undefined);
    setChecked(undefined);
    setHistory(emptyHistory());
    setStatus(undefined);
    api.open(file).then(
      (o) => {
        if (cancelled) return;
        setOpened(o);
        const stored = drafts.read(file);
        if (stored && !same(stored.data, o.data)) {
          const when = new Date(stored.at).toLocaleString();
          if (stored.version === o.version) {
            setData(stored.data as Data);
            setStatus({
              kind: 'info',
              text: `Your unsaved changes from ${when} are back.`,
              action: { label: 'Discard them', run: () => discard(o) },
            });
          } else {
            setData(o.data as Data);
            setStatus({
              kind: 'error',
              text: `${file} was changed outside the editor after your unsaved changes of ${when}. They are kept; the form shows the file as it is now.`,
              action: {
                label: 'Put my changes over the new version',
                run: () => {
                  setData(stored.data as Data);
                  setStatus({
                    kind: 'info',
                    text: 'Your changes are on the new version; check them in the preview before saving.',
                  });
                },
              },
            });
          }
        } else {
          if (stored) drafts.forget(file);
          setData(o.data as Data);
        }
      },
      (error: Error) => !cancelled && setStatus({ kind: 'error', text: error.message }),
    );
    return () => {
      cancelled = true;
    };
    // Only a new file reopens (`discard`, `setStatus` and `setData` never change).
  }, [file, discard, setStatus, setData]);

  const dirty = opened !== undefined && data !== undefined && !same(data, opened.data);

  // Every change: kept in the browser, then checked and prepared by the server for the preview.
  useEffect(() => {
    if (!opened || data === undefined) return;
    if (dirty) drafts.write(opened.file, opened.version, data);
    else drafts.forget(opened.file);
    const mine = ++sequence.current;
    api.draft(opened.file, opened.version, data).then(
      (r) => {
        if (mine !== sequence.current) return;
        setResult(r);
        if (r.preview) setChecked({ data, preview: r.preview });
        if (r.conflict) {
          setStatus({
            kind: 'error',
            text: `${opened.file} was changed on disk after you opened it. Saving is refused so that change is not lost; your edits are kept here.`,
          });
        }
      },
      (error: Error) => mine === sequence.current && setStatus({ kind: 'error', text: error.message }),
    );
  }, [opened, data, dirty, setStatus]);

  // A navigation away with unsaved work asks first (the draft is kept in any case).
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  /** Every change of the file's data goes through here, and can be undone. */
  const change = useCallback(
    (next: Data, what?: string) => {
      const current = shown.current;
      if (current) setHistory((h) => record(h, current, next, what));
      setData(next);
    },
    [setData],
  );

  const save = async () => {
    if (!opened || !data) return;
    setSaving(true);
    try {
      const saved = await api.save(opened.file, opened.version, data);
      drafts.forget(opened.file);
      setOpened(saved);
      setData(saved.data as Data);
      setStatus({ kind: 'success', text: `Saved ${saved.file}.` });
      onSaved();
    } catch (error) {
      const e = error as ApiError;
      setStatus({ kind: 'error', text: e.message });
    } finally {
      setSaving(false);
    }
  };

  const step = (direction: typeof undo) => {
    if (!data) return;
    const done = direction(history, data);
    if (!done) return;
    setHistory(done.history);
    setData(done.data);
    setStatus({ kind: 'info', text: `${direction === undo ? 'Undone' : 'Done again'}: ${done.what}.` });
  };

  return {
    opened,
    data,
    dirty,
    result,
    checked,
    saving,
    save,
    change,
    undoing: history.undo[history.undo.length - 1]?.what,
    redoing: history.redo[history.redo.length - 1]?.what,
    undoLast: () => step(undo),
    redoLast: () => step(redo),
  };
}
