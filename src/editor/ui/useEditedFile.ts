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
import { choose, merge3, type MergeResult } from '../shared/merge.ts';
import { patchTexts } from './text-patch.ts';
import type { PreviewData } from '../api/api.ts';

/** How long typing must pause before the server checks it (a person types about five keys a second). */
const TYPING_PAUSE_MS = 250;

export type Data = Record<string, unknown> & { sections?: Record<string, unknown>[] };

export interface Status {
  readonly kind: 'info' | 'error' | 'success';
  readonly text: string;
  readonly action?: { readonly label: string; readonly run: () => void };
}

export function useEditedFile(
  file: string | undefined,
  setStatus: (status: Status | undefined) => void,
  onSaved: () => void,
  /** The file's form schema, to name each undo step as the form names its fields. */
  schemaFor: (file: string) => object | undefined = () => undefined,
) {
  const schemaOf = useRef(schemaFor);
  useEffect(() => {
    schemaOf.current = schemaFor;
  });
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

  // Overlaps of the marketer's edits with someone else's, waiting for the marketer's choice.
  const [merging, setMerging] = useState<MergeResult>();

  /**
   * The marketer's `mine` (made from `base`) merged with the file as it is now (`now`): edits to
   * different values are both kept; each value both changed is listed for the marketer to choose.
   */
  const mergeInto = useCallback(
    (now: OpenedFile, base: unknown, mine: unknown, what: string) => {
      const result = merge3(base, now.data, mine);
      setOpened(now);
      setData(result.merged as Data);
      if (result.conflicts.length === 0) {
        setMerging(undefined);
        setStatus({
          kind: 'info',
          text: `Someone else changed this file meanwhile. Their changes and ${what} are both kept; check the preview, then save.`,
        });
      } else {
        setMerging(result);
        setStatus({
          kind: 'error',
          text: `Someone else changed this file meanwhile, partly in the same places as ${what}. Choose below which to keep for each; everything else of both is kept.`,
        });
      }
    },
    [setData, setStatus],
  );

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
    // Answers still on their way for the file shown before (a check, the reload after a conflict) are
    // for that file: counting on invalidates them, so a late one cannot bring that file back.
    sequence.current += 1;
    if (!file) {
      // No file open (the one open was deleted): nothing of it stays on screen.
      setOpened(undefined);
      setData(undefined);
      setResult(undefined);
      return;
    }
    let cancelled = false;
    setOpened(undefined);
    setData(undefined);
    setResult(undefined);
    setChecked(undefined);
    setHistory(emptyHistory());
    setMerging(undefined);
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
            // The file changed since the draft was made: both people's edits are merged.
            const base = stored.base ?? (stored.version === o.version ? o.data : undefined);
            if (base === undefined) {
              setData(stored.data as Data);
              setStatus({
                kind: 'error',
                text: `This file was changed by someone else after your unsaved changes of ${when}, and the editor no longer knows what it looked like before. Your changes are shown; compare them with the published page before saving.`,
              });
            } else mergeInto(o, base, stored.data, `your unsaved changes of ${when}`);
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
    // Only a new file reopens (`discard`, `mergeInto`, `setStatus` and `setData` never change).
  }, [file, discard, mergeInto, setStatus, setData]);

  const dirty = opened !== undefined && data !== undefined && !same(data, opened.data);

  // Every change: kept in the browser, then checked and prepared by the server for the preview.
  // While the marketer types, the preview draws the typed text itself (text-patch.ts), so the
  // check waits for a pause in the typing: each answer redraws the whole form, and on a long page
  // answers landing between keys made typing stutter. Any other change is checked at once.
  const lastSeen = useRef<unknown>(undefined);
  useEffect(() => {
    if (!opened || data === undefined) return;
    if (dirty) drafts.write(opened.file, opened.version, data, opened.data);
    else drafts.forget(opened.file);
    const typing = lastSeen.current !== undefined && patchTexts(lastSeen.current, data, lastSeen.current) !== undefined;
    lastSeen.current = data;
    const mine = ++sequence.current;
    const check = () =>
      api.draft(opened.file, opened.version, data).then(
        (r) => {
          if (mine !== sequence.current) return;
          setResult(r);
          if (r.preview) setChecked({ data, preview: r.preview });
          if (r.conflict) {
            // Changed on disk while being edited: merged with the new version at once.
            api.open(opened.file).then(
              (now) => mine === sequence.current && mergeInto(now, opened.data, data, 'your edits'),
              (error: Error) => setStatus({ kind: 'error', text: error.message }),
            );
          }
        },
        (error: Error) => mine === sequence.current && setStatus({ kind: 'error', text: error.message }),
      );
    if (!typing) {
      void check();
      return;
    }
    const pause = setTimeout(() => void check(), TYPING_PAUSE_MS);
    return () => clearTimeout(pause);
  }, [opened, data, dirty, setStatus, mergeInto]);

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
      const schema = file === undefined ? undefined : schemaOf.current(file);
      if (current) setHistory((h) => record(h, current, next, what, schema));
      setData(next);
    },
    [setData, file],
  );
  /** A change made from the data as it is when it lands (an upload that ends after more typing). */
  const changeLatest = useCallback(
    (make: (current: Data) => Data, what?: string) => {
      if (shown.current) change(make(shown.current), what);
    },
    [change],
  );

  const save = async () => {
    if (!opened || !data) return;
    setSaving(true);
    try {
      const saved = await api.save(opened.file, opened.version, data);
      drafts.forget(opened.file);
      setOpened(saved);
      setData(saved.data as Data);
      setStatus({
        kind: 'success',
        // In the shared service a change goes live through review (ChangeSets.tsx), not Publish.
        text: new URLSearchParams(window.location.search).has('cs')
          ? 'Saved. It is in this change set: ask for review when it is ready.'
          : 'Saved. Publish when you want it on the site.',
      });
      onSaved();
    } catch (error) {
      const e = error as ApiError;
      if (e.code === 'EditorConflict') {
        const now = await api.open(opened.file).catch(() => undefined);
        if (now) return mergeInto(now, opened.data, data, 'your edits');
      }
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

  /** The marketer's choice for one overlap; it can be undone like any change. */
  const resolve = (path: readonly (string | number)[], choice: 'theirs' | 'mine') => {
    if (!merging) return;
    const next = choose(merging, path, choice);
    setMerging(next.conflicts.length > 0 ? next : undefined);
    change(next.merged as Data, `keeping ${choice === 'theirs' ? 'their' : 'your'} version of a value`);
    if (next.conflicts.length === 0) setStatus({ kind: 'info', text: 'Every overlap is settled; check the preview, then save.' });
  };

  return {
    opened,
    changeLatest,
    conflicts: merging?.conflicts ?? [],
    resolve,
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
