/**
 * The editor: the content files on the left, the open file's sections and form in the middle, the
 * live preview on the right. Every change is checked by the server as the build would check it
 * and drawn in the preview; it is kept in the browser until it is saved, and a file is saved only
 * when it passes the check and nobody changed it on disk meanwhile.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { api, type EditorCatalog, type Problem, type SignedInAccount } from './api.ts';
import { AccountMenu, ChangeSetBar, HistoryDialog } from './ChangeSets.tsx';
import type { Fix } from '../../content/catalog.ts';
import { drafts } from './drafts.ts';
import { errorsAt, SchemaForm, SuggestionLists, type FormContext } from './SchemaForm.tsx';
import { parsePath, valueAt } from '../../content/paths.ts';
import { MergePanel } from './MergePanel.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { itemName, placeOf, plainWords } from './words.ts';
import { schemaOfFile } from '../shared/word-diff.ts';
import { withValue } from '../shared/merge.ts';
import { SectionList } from './SectionList.tsx';
import { PreviewFrame } from './PreviewFrame.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { NewPageForm } from './NewPageForm.tsx';
import { same } from './same.ts';
import { settle } from './form-model.ts';
import { useEditedFile, type Data, type Status } from './useEditedFile.ts';
import { previewWithTexts } from './text-patch.ts';

type Selection = number | 'page';

const fileFromHash = () => new URLSearchParams(window.location.hash.slice(1)).get('file') ?? undefined;
/** The field to open in the file, when a link to a problem elsewhere named one. */
const fieldFromHash = () => new URLSearchParams(window.location.hash.slice(1)).get('at') ?? undefined;

const count = (n: number, thing: string) => `${n === 0 ? 'no' : n} ${thing}${n === 1 ? '' : 's'}`;

/** What a section is called in the list: its heading or title, without the bold marks. */
function labelOf(section: Record<string, unknown>): string {
  const text = [
    section.heading,
    section.title,
    section.label,
    (section.slides as { heading?: string }[] | undefined)?.[0]?.heading,
  ].find((v) => typeof v === 'string');
  return typeof text === 'string' ? text.replace(/\*\*/g, '') : '';
}

/** A day in words, as the list shows it: `2026-12-03` → "3 December" (the year when it is not this one). */
function dayInWords(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  const sameYear = date.getUTCFullYear() === new Date().getUTCFullYear();
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/**
 * When a dated entry is on the site, in words: "shows from 3 December" while its day is to come, "ends on
 * 31 January" while it is live, "ended on 31 January" once it is over (days as the build counts them, UTC).
 */
function scheduleOf(entry: { readonly showsFrom?: string; readonly endsOn?: string }): string | undefined {
  const today = new Date().toISOString().slice(0, 10);
  if (entry.showsFrom && entry.showsFrom > today) return `shows from ${dayInWords(entry.showsFrom)}`;
  if (entry.endsOn) return `${entry.endsOn < today ? 'ended' : 'ends'} on ${dayInWords(entry.endsOn)}`;
  return undefined;
}

/** Beside a file's route: "draft", or when a dated entry is on the site; nothing for a page that is simply live. */
function FileTag({
  entry,
}: {
  readonly entry: { readonly draft?: boolean; readonly showsFrom?: string; readonly endsOn?: string };
}) {
  const tag = entry.draft ? 'draft' : scheduleOf(entry);
  return tag ? <span className="draft-tag"> {tag}</span> : null;
}

export function EditorApp({ account }: { readonly account?: SignedInAccount | undefined } = {}) {
  const [catalog, setCatalog] = useState<EditorCatalog>();
  /** How many enquiries each page brought this month, beside it in the list (the shared service only). */
  const [enquiries, setEnquiries] = useState<Record<string, number>>({});
  useEffect(() => {
    if (!account) return;
    // A count that cannot be had (the inbox not connected) leaves the list as it is: it is a hint, not the work.
    api.inbox.pageEnquiries().then(
      (answer) => setEnquiries(answer.counts),
      () => undefined,
    );
  }, [account]);
  const [file, setFile] = useState(fileFromHash);
  const [selected, setSelected] = useState<Selection>('page');
  const [status, setStatus] = useState<Status>();
  const [focusPath, setFocusPath] = useState<readonly (string | number)[]>();
  const [publishing, setPublishing] = useState(false);
  const [history, setHistory] = useState(false);

  const [deleting, setDeleting] = useState(false);
  const {
    opened,
    data,
    dirty,
    result,
    checked,
    saving,
    save,
    change,
    changeLatest,
    undoing,
    redoing,
    undoLast,
    redoLast,
    conflicts,
    resolve,
  } = useEditedFile(
    file,
    setStatus,
    () => api.catalog().then(setCatalog, () => undefined),
    (name) => (catalog ? schemaOfFile(name, catalog.schemas) : undefined),
  );
  // A newly opened file starts at its page settings.
  useEffect(() => setSelected('page'), [file]);

  useEffect(() => {
    api.catalog().then(setCatalog, (error: Error) => setStatus({ kind: 'error', text: error.message }));
  }, []);
  // Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) outside a text box, where they undo the typing itself.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undoLast();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redoLast();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undoLast, redoLast]);

  useEffect(() => {
    const onHash = () => setFile(fileFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  /** Where a form field is in the file's data: `s3_cards_0_image_src` is sections › 3 › cards › 0 › image › src. */
  const pathOfField = (field: string) => {
    const [prefix, ...inForm] = field.split('_');
    return [
      ...(prefix?.startsWith('s') ? ['sections', Number(prefix.slice(1))] : []),
      ...inForm.map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
    ];
  };
  const altOf = useCallback(
    (field: string) => {
      const alt = valueAt(data, [...pathOfField(field).slice(0, -1), 'alt']);
      return typeof alt === 'string' && alt.trim() ? alt : undefined;
    },
    [data],
  );
  const upload = useCallback(
    async (picture: File, field: string, given?: string) => {
      // What the picture shows names the file (given with the upload, or the alt text already written);
      // a decoration is named from the page.
      const path = pathOfField(field);
      const altPath = [...path.slice(0, -1), 'alt'];
      const alt = given ?? altOf(field);
      const page = (file ?? 'content').replace(/^content\/(pages\/)?|\.ya?ml$/g, '').replace(/\//g, '-');
      setStatus({ kind: 'info', text: `Uploading ${picture.name}…` });
      try {
        const stored = await api.upload(picture, { page, ...(alt ? { alt } : {}) });
        setCatalog((c) => (c ? { ...c, media: [...new Set([...c.media, stored.path])].sort() } : c));
        // Into the data as it is now: the marketer may have typed on while it uploaded.
        changeLatest((current) => {
          const withPicture = withValue(current, path, stored.path);
          return (given ? withValue(withPicture, altPath, given) : withPicture) as Data;
        }, `uploading ${picture.name}`);
        setStatus({
          kind: 'success',
          text: `Stored ${picture.name}${stored.resized ? `, scaled to ${stored.width} pixels wide` : ''}${
            alt ? '.' : '. It is marked as decoration: if it shows something, say what in its alt text before saving.'
          }`,
        });
        return stored.path;
      } catch (error) {
        setStatus({ kind: 'error', text: (error as Error).message });
        throw error;
      }
    },
    [file, altOf, changeLatest],
  );

  // Recomputed only when the data or the checked preview changes, so the frame draws only then.
  const shownPreview = useMemo(
    () => (opened && data !== undefined ? previewWithTexts(opened.kind, checked, data) : undefined) ?? checked?.preview,
    [opened, checked, data],
  );

  const context = useMemo<FormContext | undefined>(
    () => (catalog ? { catalog, upload, altOf } : undefined),
    [catalog, upload, altOf],
  );
  const problems = useMemo(() => result?.problems ?? [], [result]);
  // The forms' error trees change only with the check's answer, not at each keystroke.
  const errorTrees = useMemo(
    () => ({
      page: errorsAt(
        problems.filter((p) => !p.path.startsWith('sections[')),
        [],
      ),
      section:
        typeof selected === 'number'
          ? errorsAt(
              problems.filter((p) => p.path.startsWith(`sections[${selected}]`)),
              ['sections', selected],
            )
          : {},
      whole: errorsAt(problems, []),
    }),
    [problems, selected],
  );

  // A click in the preview, or on a problem, opens the field and puts the cursor in it.
  useEffect(() => {
    if (!focusPath) return;
    const id = [selected === 'page' ? 'page' : `s${selected}`, ...focusPath].join('_');
    const field = document.getElementById(id) ?? document.getElementById(`${selected === 'page' ? 'page' : `s${selected}`}`);
    if (field) {
      field.scrollIntoView({ block: 'center' });
      field.focus();
    }
    setFocusPath(undefined);
  }, [focusPath, selected]);

  /** Opens the form that holds `path` (a section's, or the page settings') and puts the cursor in its field. */
  const goTo = (path: readonly (string | number)[]) => {
    const inSection = opened?.kind === 'page' && path[0] === 'sections' && typeof path[1] === 'number';
    setSelected(inSection ? (path[1] as number) : 'page');
    setFocusPath(inSection ? path.slice(2) : path);
  };

  // A link to a problem in another file opens that file at the problem's field.
  const openedFile = opened?.file;
  useEffect(() => {
    const at = fieldFromHash();
    if (!openedFile || !at) return;
    goTo(parsePath(at));
    window.history.replaceState(null, '', `#file=${encodeURIComponent(openedFile)}`);
    // Only when a file has just been opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openedFile]);

  /** Applies one of the check's fixes as an ordinary change: shown at once, checked again, undoable. */
  const applyFix = async (fix: Fix) => {
    if (!opened || !data) return;
    try {
      const fixed = await api.fix(opened.file, opened.version, data, fix);
      change(fixed.data as Data, plainWords(fix.label).toLowerCase());
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message });
    }
  };

  /** A section as the review and Undo name it: its kind and its heading, Cards “Built around your roadmap”. */
  const sectionName = (section: Record<string, unknown>) =>
    itemName(catalog?.schemas.sections[String(section.type)]?.name ?? 'Section', section);
  const titleOfFile = (name: string) =>
    catalog?.files.find((f) => f.file === name)?.title ?? name.replace(/^content\/|\.ya?ml$/g, '');

  if (!catalog || !context) {
    return (
      <main className="editor-loading">
        <p role={status?.kind === 'error' ? 'alert' : 'status'}>{status?.text ?? 'Loading the editor…'}</p>
      </main>
    );
  }

  const unsaved = new Set(drafts.files());
  const sections = opened?.kind === 'page' ? (data?.sections ?? []) : undefined;
  const sectionProblems = (i: number) => problems.filter((p) => p.path.startsWith(`sections[${i}]`));
  const pageProblems = problems.filter((p) => !p.path.startsWith('sections['));
  const section = typeof selected === 'number' ? sections?.[selected] : undefined;
  const sectionType = typeof section?.type === 'string' ? section.type : undefined;
  const sectionSchema = sectionType ? catalog.schemas.sections[sectionType] : undefined;
  const wholeSchema =
    opened?.kind === 'site'
      ? catalog.schemas.site
      : opened?.kind === 'shared'
        ? catalog.schemas.shared[opened.file.replace(/^content\/shared\/|\.ya?ml$/g, '')]
        : opened?.kind === 'entry'
          ? catalog.schemas.collections[opened.file.split('/')[1]!]
          : undefined;

  return (
    <div className="editor">
      <SuggestionLists catalog={catalog} />
      <PublishDialog
        open={publishing}
        unsaved={unsaved.size > 0}
        onClose={() => setPublishing(false)}
        onPublished={(text) => {
          setPublishing(false);
          setStatus({ kind: 'success', text });
        }}
      />
      <DeleteDialog
        target={deleting && opened ? { file: opened.file, version: opened.version, title: titleOfFile(opened.file) } : undefined}
        onClose={() => setDeleting(false)}
        onDeleted={(text) => {
          setDeleting(false);
          if (opened) drafts.forget(opened.file);
          api.catalog().then(setCatalog, () => undefined);
          window.location.hash = '';
          setStatus({ kind: 'success', text });
        }}
      />
      {account && opened && (
        <HistoryDialog
          open={history}
          file={opened.file}
          name={titleOfFile(opened.file)}
          route={
            opened.kind === 'page' && typeof (opened.data as { route?: unknown }).route === 'string'
              ? (opened.data as { route: string }).route
              : undefined
          }
          onClose={() => setHistory(false)}
        />
      )}
      <header className="editor-bar">
        <h1>Content editor</h1>
        {opened && (
          <p className="editor-file">
            <span className="file-name">{titleOfFile(opened.file)}</span>{' '}
            {dirty ? <span className="unsaved">unsaved changes</span> : <span className="clean">saved</span>}
          </p>
        )}
        <div className="editor-actions">
          <button type="button" onClick={undoLast} disabled={!undoing} aria-keyshortcuts="Control+Z" title="Ctrl+Z">
            {undoing ? `Undo ${undoing}` : 'Undo'}
          </button>
          <button type="button" onClick={redoLast} disabled={!redoing} aria-keyshortcuts="Control+Shift+Z" title="Ctrl+Shift+Z">
            {redoing ? `Redo ${redoing}` : 'Redo'}
          </button>
          <button
            type="button"
            className="primary"
            disabled={!dirty || saving || Boolean(result?.conflict) || conflicts.length > 0}
            onClick={() => void save()}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
          {(opened?.kind === 'page' || opened?.kind === 'entry') && (
            <button type="button" onClick={() => setDeleting(true)}>
              Delete…
            </button>
          )}
          {account && opened && (
            <button
              type="button"
              onClick={() => {
                if (
                  !window.confirm(
                    `Put “${titleOfFile(opened.file)}” back as it is on the live site? Your changes to it in this change set are replaced; Undo brings them back, and nothing is saved until you press Save.`,
                  )
                )
                  return;
                api.liveFile(opened.file).then(
                  (live) => {
                    change(live.data as Data, 'putting the page back as it is live');
                    setStatus({ kind: 'info', text: 'The page is as it is live. Save to keep it so, or Undo.' });
                  },
                  (error: Error) => setStatus({ kind: 'error', text: error.message }),
                );
              }}
            >
              Put back as live…
            </button>
          )}
          {account && opened && (
            <button type="button" onClick={() => setHistory(true)}>
              History…
            </button>
          )}
          {/* The shared service publishes a change set after review instead (ChangeSetBar). */}
          {!account && (
            <button type="button" onClick={() => setPublishing(true)}>
              Publish…
            </button>
          )}
        </div>
        {account && (
          <ChangeSetBar account={account} unsaved={unsaved.size > 0} onStatus={(text) => setStatus({ kind: 'success', text })} />
        )}
        {account && <AccountMenu account={account} />}
      </header>
      <nav className="editor-files" aria-label="Content files">
        <h2>Pages</h2>
        <NewPageForm
          templates={catalog.templates}
          collections={catalog.collections}
          onCreated={(created) => {
            api.catalog().then(setCatalog, () => undefined);
            window.location.hash = `file=${encodeURIComponent(created.file)}`;
          }}
        />
        <ul>
          {catalog.files.map((entry) => (
            <li key={entry.file}>
              <a href={`#file=${encodeURIComponent(entry.file)}`} aria-current={entry.file === file ? 'page' : undefined}>
                <span className="file-title">{entry.title}</span>
                {entry.route && (
                  <span className="file-route">
                    {entry.route}
                    <FileTag entry={entry} />
                  </span>
                )}
                {entry.route && enquiries[entry.route] !== undefined && (
                  <span className="file-enquiries">
                    {enquiries[entry.route]} {enquiries[entry.route] === 1 ? 'enquiry' : 'enquiries'} this month
                  </span>
                )}
                {unsaved.has(entry.file) && <span className="unsaved-dot" aria-label="unsaved changes" />}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="editor-main" id="editor-main">
        {status && (
          <div className={`status status-${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
            <span>{status.text}</span>
            {status.action && (
              <button type="button" onClick={status.action.run}>
                {status.action.label}
              </button>
            )}
          </div>
        )}
        {/* What the change set asks of its writer (the values both they and the live site changed): ChangeSetBar. */}
        <div id="change-set-notices" />
        {!file && <p className="hint">Pick a page on the left to edit it.</p>}
        {file && (!opened || !data) && <p role="status">Opening {file}…</p>}
        {problems.length > 0 && (
          <section className="problems" aria-label="Problems the build would report">
            <h2>
              {count(problems.filter((p) => p.severity === 'error').length, 'error')},{' '}
              {count(problems.filter((p) => p.severity === 'warning').length, 'warning')}
              {problems.some((p) => p.severity === 'info') &&
                `, ${count(problems.filter((p) => p.severity === 'info').length, 'note')}`}
            </h2>
            <ul>
              {problems.map((p, i) => (
                <li key={i} className={`problem problem-${p.severity}`}>
                  <button type="button" onClick={() => goTo(parsePath(p.path))}>
                    <span className="problem-where">{placeOf(parsePath(p.path))}</span> {plainWords(p.message)}
                  </button>
                  {p.hint && <p className="problem-hint">{plainWords(p.hint)}</p>}
                  {p.fix && (
                    <button type="button" className="problem-fix" onClick={() => void applyFix(p.fix!)}>
                      Apply: {p.fix.label.replace(/`/g, '')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {(result?.errorsElsewhere ?? 0) > 0 && (
          <section className="status status-error" role="alert" aria-label="Problems in other files">
            <p>
              {result!.errorsElsewhere === 1
                ? 'Another file has a problem'
                : `Other files have ${result!.errorsElsewhere} problems`}{' '}
              that would stop the site from being published, so nothing can be saved until{' '}
              {result!.errorsElsewhere === 1 ? 'it is' : 'they are'} fixed:
            </p>
            <ul>
              {result!.elsewhere.map((p, i) => (
                <li key={i}>
                  <a href={`#file=${encodeURIComponent(p.file)}&at=${encodeURIComponent(p.path)}`}>
                    {titleOfFile(p.file)}: {placeOf(parsePath(p.path))}
                  </a>{' '}
                  {plainWords(p.message)}
                </li>
              ))}
            </ul>
          </section>
        )}
        {(result?.relinks?.length ?? 0) > 0 && (
          <section className="status status-info" aria-label="Links that follow the new address">
            <p>
              The page has a new address. Saving also moves {count(result!.relinks!.length, 'link')} to it, so none leads nowhere:
            </p>
            <ul>
              {result!.relinks!.map((link, i) => (
                <li key={i}>
                  {link.where}: {placeOf(link.path)}
                </li>
              ))}
            </ul>
          </section>
        )}
        <MergePanel conflicts={conflicts} onChoose={resolve} />
        {opened && data && sections && (
          <div className="page-editor">
            <SectionList
              sections={sections.map((s, i) => ({
                type: String(s.type ?? '?'),
                label: labelOf(s),
                errors: sectionProblems(i).length,
              }))}
              selected={selected}
              types={Object.entries(catalog.schemas.sections).map(([type, { name, description }]) => ({
                type,
                name,
                description,
              }))}
              pageErrors={pageProblems.length}
              onSelect={setSelected}
              onMove={(from, to) => {
                const next = [...sections];
                next.splice(to, 0, ...next.splice(from, 1));
                change({ ...data, sections: next }, `moving ${sectionName(sections[from]!)}`);
                setSelected(to);
              }}
              onDuplicate={(i) => {
                const next = [...sections];
                next.splice(i + 1, 0, structuredClone(sections[i]!));
                change({ ...data, sections: next }, `duplicating ${sectionName(sections[i]!)}`);
                setSelected(i + 1);
              }}
              onDelete={(i) => {
                change({ ...data, sections: sections.toSpliced(i, 1) }, `deleting ${sectionName(sections[i]!)}`);
                setSelected('page');
                setStatus({ kind: 'info', text: `${sectionName(sections[i]!)} deleted. Use Undo to bring it back.` });
              }}
              onAdd={(type, at) => {
                const example = structuredClone(catalog.schemas.sections[type]!.example) as Record<string, unknown>;
                change(
                  { ...data, sections: sections.toSpliced(at, 0, example) },
                  `adding a ${catalog.schemas.sections[type]!.name.toLowerCase()} section`,
                );
                setSelected(at);
              }}
            />
            <div className="form-pane">
              {selected === 'page' ? (
                <SchemaForm
                  key={`${opened.file}-page`}
                  schema={catalog.schemas.page as RJSFSchema}
                  data={Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'sections'))}
                  errors={errorTrees.page}
                  context={context}
                  idPrefix="page"
                  onChange={(next) => {
                    const merged = settle({ ...(next as Data), sections: data.sections }, data, catalog.schemas.page) as Data;
                    if (!same(merged, data)) change(merged);
                  }}
                />
              ) : sectionSchema && section ? (
                <>
                  <SchemaForm
                    key={`${opened.file}-${selected}-${sectionType}`}
                    schema={sectionSchema.schema as RJSFSchema}
                    data={section}
                    errors={errorTrees.section}
                    context={context}
                    idPrefix={`s${selected}`}
                    onChange={(next) => {
                      const cleaned = settle(next, section, sectionSchema.schema) as Record<string, unknown>;
                      if (same(cleaned, section)) return;
                      change({ ...data, sections: sections.toSpliced(selected as number, 1, cleaned) });
                    }}
                  />
                </>
              ) : (
                <p role="alert">
                  This section's type, {String(section?.type)}, has no schema: pick a type from the list when adding a section.
                </p>
              )}
            </div>
          </div>
        )}
        {opened && data && wholeSchema && (
          <SchemaForm
            key={opened.file}
            schema={wholeSchema as RJSFSchema}
            data={data}
            errors={errorTrees.whole}
            context={context}
            idPrefix="page"
            onChange={(next) => {
              const cleaned = settle(next, data, wholeSchema) as Data;
              if (!same(cleaned, data)) change(cleaned);
            }}
          />
        )}
      </main>
      <PreviewFrame
        preview={shownPreview}
        focus={typeof selected === 'number' ? selected : undefined}
        onPick={(section, path) => {
          if (section === undefined) return;
          setSelected(section);
          if (path) setFocusPath(path);
        }}
      />
    </div>
  );
}

export type { Problem };
