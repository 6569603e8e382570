/**
 * Change sets in the shared service (src/editor/service/change-sets.ts): the list to start or pick
 * one, the bar that says which one the editor is working in, and the review, where the change is read
 * in words, discussed, sent back or published. The single-user editor has none of this.
 */
import { createPortal } from 'react-dom';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { api, currentChangeSet, type ChangeSet, type Overlap, type Review, type SignedInAccount, type Version } from './api.ts';
import { Refusal } from './Refusal.tsx';
import { useModal } from './useModal.ts';

const stateName: Record<ChangeSet['state'], string> = {
  draft: 'Draft',
  'in-review': 'Waiting for review',
  published: 'Published',
  withdrawn: 'Withdrawn',
};

const mayPublish = (account: SignedInAccount) => account.role !== 'writer';
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const open = (id: string, review = false) => window.location.assign(`/?cs=${id}${review ? '&review=1' : ''}`);

/** Where a signed-in person starts: their change sets (a publisher's: everyone's) and a new one. */
export function ChangeSetsPage({ account }: { readonly account: SignedInAccount }) {
  const [list, setList] = useState<ChangeSet[]>();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.changeSets.list().then(setList, setError);
  }, []);
  const active = (list ?? []).filter((c) => c.state === 'draft' || c.state === 'in-review');
  const waiting = active.filter((c) => c.state === 'in-review' && mayPublish(account));
  const mine = active.filter((c) => c.owner.email === account.email && !waiting.includes(c));
  const others = active.filter((c) => !mine.includes(c) && !waiting.includes(c));
  const done = (list ?? []).filter((c) => c.state === 'published' || c.state === 'withdrawn').slice(0, 10);

  const row = (c: ChangeSet) => {
    // What its owner most needs to know: it came back with a comment, or a publish of it failed, and why.
    const last = c.events.at(-1);
    const news =
      last?.kind === 'sent-back' && c.state === 'draft'
        ? `Sent back by ${last.by.name || last.by.email}: “${last.text ?? ''}”`
        : last?.kind === 'publish-failed' && c.state === 'in-review'
          ? `Not published: ${last.text ?? ''}`
          : undefined;
    return (
      <li key={c.id}>
        <a href={`/?cs=${c.id}${c.state === 'in-review' && mayPublish(account) ? '&review=1' : ''}`}>{c.title}</a>{' '}
        <span className="change-set-meta">
          {last?.kind === 'sent-back' && c.state === 'draft' ? 'Sent back' : stateName[c.state]} · {c.owner.name || c.owner.email}{' '}
          · {when(c.updatedAt)}
        </span>
        {news && <p className="change-set-news">{news}</p>}
      </li>
    );
  };
  return (
    <main className="change-sets">
      <header className="editor-bar">
        <h1>Content editor</h1>
        <AccountMenu account={account} />
      </header>
      <div className="change-sets-body">
        {account.role === 'admin' && (
          <p className="change-sets-links">
            <a href="/?people=1">People: invite colleagues, change roles…</a>
            <a href="/?inbox=enquiries">Inbox: enquiries and applications</a>
          </p>
        )}
        <p>
          Your edits go into a <strong>change set</strong> of your own: nothing reaches the site until a publisher has reviewed
          it. Start one for each piece of work, such as “Careers: two new openings”.
        </p>
        <form
          className="change-set-new"
          onSubmit={(event) => {
            event.preventDefault();
            setBusy(true);
            setError(undefined);
            api.changeSets.create(title).then(
              (created) => open(created.id),
              (e: Error) => {
                setError(e);
                setBusy(false);
              },
            );
          }}
        >
          <label htmlFor="change-set-title">What is this change for?</label>
          <input
            id="change-set-title"
            value={title}
            maxLength={120}
            required
            onChange={(event) => setTitle(event.target.value)}
            placeholder="Careers: two new openings"
          />
          <button type="submit" className="primary" disabled={busy}>
            Start a change set
          </button>
        </form>
        <Refusal failure={error} />
        {!list && !error && <p role="status">Loading change sets…</p>}
        {waiting.length > 0 && (
          <section aria-labelledby="waiting">
            <h2 id="waiting">Waiting for your review</h2>
            <ul>{waiting.map(row)}</ul>
          </section>
        )}
        {list && (
          <section aria-labelledby="mine">
            <h2 id="mine">Your change sets</h2>
            {mine.length > 0 ? <ul>{mine.map(row)}</ul> : <p>None yet: start one above.</p>}
          </section>
        )}
        {others.length > 0 && (
          <section aria-labelledby="others">
            <h2 id="others">Your colleagues’ drafts</h2>
            <ul>{others.map(row)}</ul>
          </section>
        )}
        {done.length > 0 && (
          <section aria-labelledby="done">
            <h2 id="done">Recently finished</h2>
            <ul>{done.map(row)}</ul>
          </section>
        )}
      </div>
    </main>
  );
}

/** Who is signed in, with Sign out. */
export function AccountMenu({ account }: { readonly account: SignedInAccount }) {
  return (
    <div className="editor-account">
      <span>
        {account.name || account.email} <span className="editor-role">({account.role})</span>
      </span>
      <button
        type="button"
        onClick={() => {
          void api.signOut().finally(() => window.location.assign('/sign-in'));
        }}
      >
        Sign out
      </button>
    </div>
  );
}

/**
 * A text changed in place, its removed words struck and its added words marked, and its **bold** shown bold as
 * the page will show it (the marks themselves hidden). The text before and the text after each have their own
 * bold: a removed run follows the first, an added run the second, a kept run both.
 */
export function WordRuns({ runs }: { readonly runs: NonNullable<Review['files'][number]['changes'][number]['words']> }) {
  const bold = { before: false, after: false };
  const parts: ReactNode[] = [];
  runs.forEach((run, j) => {
    run.text.split('**').forEach((piece, k) => {
      if (k > 0) {
        if (run.kind !== 'added') bold.before = !bold.before;
        if (run.kind !== 'removed') bold.after = !bold.after;
      }
      if (!piece) return;
      const strong = run.kind === 'removed' ? bold.before : bold.after;
      const text = strong ? <strong>{piece}</strong> : piece;
      const key = `${j}-${k}`;
      parts.push(
        run.kind === 'same' ? (
          <span key={key}>{text}</span>
        ) : run.kind === 'removed' ? (
          <del key={key}>{text}</del>
        ) : (
          <ins key={key}>{text}</ins>
        ),
      );
    });
  });
  return <>{parts}</>;
}

/** The change set the editor works in, and the step that comes next for this person. */
export function ChangeSetBar({
  account,
  unsaved,
  onStatus,
}: {
  readonly account: SignedInAccount;
  readonly unsaved: boolean;
  readonly onStatus: (text: string, kind?: 'success' | 'error') => void;
}) {
  const id = currentChangeSet()!;
  const [changeSet, setChangeSet] = useState<ChangeSet & { behind?: number }>();
  const [updating, setUpdating] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reviewing, setReviewing] = useState(() => new URLSearchParams(window.location.search).has('review'));
  const reload = useCallback(() => {
    api.changeSets.get(id).then(setChangeSet, () => undefined);
  }, [id]);
  useEffect(reload, [reload]);
  if (!changeSet) return null;
  const owner = changeSet.owner.email === account.email;
  // Shown above the form, where the editor says what happened, not in the header beside the buttons.
  const notices = document.getElementById('change-set-notices');
  const choose = (overlap: Overlap, choice: 'theirs' | 'mine') =>
    api.changeSets.chooseOverlap(id, overlap, choice).then(
      (chosen) => {
        setChangeSet((c) => ({ ...chosen, behind: c?.behind ?? 0 }));
        onStatus(
          choice === 'theirs'
            ? `The live site's version of ${overlap.place} is in your change set now. Reopen the page to see it.`
            : `Your version of ${overlap.place} stays.`,
          'success',
        );
      },
      (e: Error) => onStatus(e.message, 'error'),
    );
  return (
    <>
      <div className="change-set-bar">
        <a href="/">Change sets</a>
        <span className="change-set-title" title={changeSet.title}>
          {changeSet.title}
        </span>
        <span className={`change-set-state change-set-${changeSet.state}`}>{stateName[changeSet.state]}</span>
        {changeSet.state === 'draft' && (owner || mayPublish(account)) && (
          <button type="button" onClick={() => setAsking(true)}>
            Ask for review…
          </button>
        )}
        <button type="button" onClick={() => setReviewing(true)}>
          {changeSet.state === 'in-review' && mayPublish(account) ? 'Review…' : 'Changes and comments…'}
        </button>
        {Boolean(changeSet.behind) && (changeSet.state === 'draft' || changeSet.state === 'in-review') && (
          <button
            type="button"
            disabled={updating}
            title="Bring in what went live since this change set started; edits to different values are merged field by field."
            onClick={() => {
              setUpdating(true);
              api.changeSets.update(id).then(
                (done) => {
                  setUpdating(false);
                  setChangeSet({ ...done.changeSet, behind: 0 });
                  onStatus(
                    done.overlaps.length === 0
                      ? `Brought up to date with ${done.behind} published change${done.behind === 1 ? '' : 's'}; nothing overlapped. Reopen a page to see it.`
                      : `Brought up to date. You and the live site both changed ${done.overlaps.length === 1 ? 'one value' : `${done.overlaps.length} values`}: choose which version to keep for each, below.`,
                  );
                },
                (e: Error) => {
                  setUpdating(false);
                  onStatus(e.message, 'error');
                },
              );
            }}
          >
            {updating ? 'Bringing up to date…' : `Bring up to date (${changeSet.behind} new on the site)`}
          </button>
        )}
        <AskReviewDialog
          open={asking}
          changeSet={changeSet}
          unsaved={unsaved}
          onClose={() => setAsking(false)}
          onAsked={(asked) => {
            setAsking(false);
            setChangeSet(asked);
            onStatus(`Review asked: the publishers have been told. Edits you save from now on wait for the next review.`);
          }}
        />
        <ReviewDialog
          open={reviewing}
          changeSet={changeSet}
          account={account}
          onClose={() => setReviewing(false)}
          onChanged={setChangeSet}
          onPublished={(text) => {
            setReviewing(false);
            reload();
            onStatus(text);
          }}
        />
      </div>
      {(changeSet.overlaps?.length ?? 0) > 0 &&
        (owner || mayPublish(account)) &&
        notices &&
        createPortal(
          <section className="merge overlaps" aria-labelledby="overlaps-title">
            <h2 id="overlaps-title">
              {changeSet.overlaps!.length === 1 ? 'One value was' : `${changeSet.overlaps!.length} values were`} changed both in
              this change set and on the live site
            </h2>
            <p className="hint">Your version is kept until you choose. Review waits until every one is chosen.</p>
            <ul>
              {changeSet.overlaps!.map((overlap) => (
                <li key={`${overlap.file} ${JSON.stringify(overlap.path)}`} className="merge-item">
                  <h3>{overlap.place}</h3>
                  <dl>
                    <dt>On the live site</dt>
                    <dd>“{overlap.live}”</dd>
                    <dt>In this change set</dt>
                    <dd>“{overlap.kept}”</dd>
                  </dl>
                  <button
                    type="button"
                    onClick={() => void choose(overlap, 'theirs')}
                    aria-label={`Keep the live site's version of ${overlap.place}`}
                  >
                    Keep theirs
                  </button>{' '}
                  <button
                    type="button"
                    onClick={() => void choose(overlap, 'mine')}
                    aria-label={`Keep your version of ${overlap.place}`}
                  >
                    Keep yours
                  </button>
                </li>
              ))}
            </ul>
          </section>,
          notices,
        )}
    </>
  );
}

function AskReviewDialog({
  open: isOpen,
  changeSet,
  unsaved,
  onClose,
  onAsked,
}: {
  readonly open: boolean;
  readonly changeSet: ChangeSet;
  readonly unsaved: boolean;
  readonly onClose: () => void;
  readonly onAsked: (changeSet: ChangeSet) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const dialog = useModal(isOpen, () => setError(undefined));
  return (
    <dialog ref={dialog} className="publish" aria-labelledby="ask-title" onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          api.changeSets.askReview(changeSet.id, note).then(
            (asked) => {
              setBusy(false);
              setNote('');
              onAsked(asked);
            },
            (e: Error) => {
              setBusy(false);
              setError(e);
            },
          );
        }}
      >
        <h2 id="ask-title">Ask for review</h2>
        <p>
          The publishers are told that “{changeSet.title}” is ready. They read what you changed, and publish it or send it back
          with a comment.
        </p>
        {unsaved && (
          <p className="status status-error">A file has unsaved changes; save it first, or it stays out of this review.</p>
        )}
        <label htmlFor="ask-note">A note for the reviewer (optional)</label>
        <textarea id="ask-note" rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
        <Refusal failure={error} />
        <div className="publish-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Asking…' : 'Ask for review'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

const eventName: Record<ChangeSet['events'][number]['kind'], string> = {
  created: 'started it',
  comment: 'commented',
  'asked-review': 'asked for review',
  'sent-back': 'sent it back',
  published: 'published it',
  'publish-failed': 'could not publish it',
  withdrawn: 'withdrew it',
};

function ReviewDialog({
  open: isOpen,
  changeSet,
  account,
  onClose,
  onChanged,
  onPublished,
}: {
  readonly open: boolean;
  readonly changeSet: ChangeSet;
  readonly account: SignedInAccount;
  readonly onClose: () => void;
  readonly onChanged: (changeSet: ChangeSet) => void;
  readonly onPublished: (text: string) => void;
}) {
  const [review, setReview] = useState<Review>();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const dialog = useModal(isOpen, () => {
    setReview(undefined);
    setFailure(undefined);
    api.changeSets.review(changeSet.id).then(setReview, setFailure);
  });
  const act = (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(undefined);
    work()
      .catch(setFailure)
      .finally(() => setBusy(false));
  };
  const publisher = mayPublish(account) && changeSet.state === 'in-review';
  const shown = review?.changeSet ?? changeSet;
  return (
    <dialog ref={dialog} className="publish review" aria-labelledby="review-title" onClose={onClose}>
      <h2 id="review-title">
        {changeSet.title} <span className="change-set-meta">by {changeSet.owner.name || changeSet.owner.email}</span>
      </h2>
      <p className={`change-set-state change-set-${changeSet.state}`}>{stateName[changeSet.state]}</p>
      {!review && !failure && <p role="status">Reading the change…</p>}
      <p className="review-links">
        <a href={`/site-preview?cs=${changeSet.id}`} target="_blank" rel="noopener">
          Open the preview of the site as it will be
        </a>
        {mayPublish(account) && changeSet.state !== 'withdrawn' && <ShareLink changeSet={changeSet} />}
      </p>
      {review && (
        <>
          <h3>What changes{changeSet.state === 'draft' ? ' so far (saved and reviewed before)' : ''}</h3>
          {review.files.length === 0 && review.pictures.length === 0 && <p>Nothing yet.</p>}
          {review.files.map((file) => (
            <section key={file.file} className="review-file" aria-label={file.title}>
              <h4>
                {file.title}{' '}
                <span className="change-set-meta">
                  {[file.state === 'changed' ? '' : `${file.state} `, review.routes[file.file] ?? ''].join('').trim()}
                </span>
              </h4>
              {review.routes[file.file] && (
                <details className="review-compare">
                  <summary>Compare the page before and after</summary>
                  <div className="review-frames">
                    {(['before', 'after'] as const).map((side) => (
                      <figure key={side}>
                        <figcaption>{side === 'before' ? 'Live now' : 'After publishing'}</figcaption>
                        <iframe
                          title={`${file.title}, ${side === 'before' ? 'live now' : 'after publishing'}`}
                          loading="lazy"
                          src={`/site-preview?${new URLSearchParams({
                            ...(side === 'before' ? { live: '1' } : { cs: changeSet.id }),
                            route: review.routes[file.file]!,
                            bare: '1',
                          })}`}
                        />
                      </figure>
                    ))}
                  </div>
                </details>
              )}
              <ul className="review-changes">
                {file.changes.map((change, i) => (
                  <li key={i} className={`review-${change.kind}`}>
                    <span className="review-place">{change.place}</span> <span className="review-kind">{change.what}</span>
                    {change.words ? (
                      <p className="review-words">
                        <WordRuns runs={change.words} />
                      </p>
                    ) : (
                      (change.before !== undefined || change.after !== undefined) &&
                      // A move without an edit says where it went; the same text twice says nothing more.
                      !(change.kind === 'moved' && change.before === change.after) && (
                        <p className="review-words">
                          {change.before !== undefined && <del>{change.before}</del>}
                          {change.before !== undefined && change.after !== undefined && ' → '}
                          {change.after !== undefined && <ins>{change.after}</ins>}
                        </p>
                      )
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {review.pictures.length > 0 && (
            <>
              <h4>Pictures</h4>
              <ul>
                {review.pictures.map((p) => {
                  const path = p.file.replace(/^public/, '');
                  const name = path.slice(path.lastIndexOf('/') + 1);
                  return (
                    <li key={p.file} className="review-picture">
                      {/* Seen, not named by its path: a deleted picture has nothing left to show. */}
                      {p.state !== 'deleted' && <img src={path} alt="" width={96} height={64} loading="lazy" />}
                      <span>
                        {name} <span className="review-kind">{p.state}</span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {review.unreviewed.length > 0 && (
            <p className="hint">
              Saved since review was asked, and not part of it: {review.unreviewed.join(', ')}. They wait for the next review.
            </p>
          )}
        </>
      )}
      <h3>Conversation</h3>
      <ol className="review-events">
        {shown.events.map((event, i) => (
          <li key={i}>
            <strong>{event.by.name || event.by.email}</strong> {eventName[event.kind]}{' '}
            <span className="change-set-meta">{when(event.at)}</span>
            {event.text && <p>{event.text}</p>}
          </li>
        ))}
      </ol>
      <label htmlFor="review-comment">{publisher ? 'Comment, or what should change before it goes live' : 'Comment'}</label>
      <textarea id="review-comment" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
      <Refusal failure={failure} />
      <div className="publish-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          disabled={busy || !text.trim()}
          onClick={() =>
            act(async () => {
              onChanged(await api.changeSets.comment(changeSet.id, text));
              setText('');
              setReview(await api.changeSets.review(changeSet.id));
            })
          }
        >
          Comment
        </button>
        {publisher && (
          <>
            <button
              type="button"
              disabled={busy || !text.trim()}
              title={text.trim() ? undefined : 'Say what should change first'}
              onClick={() =>
                act(async () => {
                  onChanged(await api.changeSets.sendBack(changeSet.id, text));
                  setText('');
                  setReview(await api.changeSets.review(changeSet.id));
                })
              }
            >
              Send back
            </button>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() =>
                act(async () => {
                  const done = await api.changeSets.publish(changeSet.id, review?.changeSet.reviewed);
                  onPublished(
                    `Published “${changeSet.title}”: it is in the site's repository${done.pushed ? '' : ' on this computer'}, and the site is rebuilt from there.` +
                      (done.continued
                        ? ` What was saved after review was asked goes on in the draft “${done.continued.title}”.`
                        : ''),
                  );
                })
              }
            >
              {busy ? 'Working…' : 'Publish'}
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}

/** A preview link for someone without an account, that stops working after the days chosen. */
function ShareLink({ changeSet }: { readonly changeSet: ChangeSet }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string }>();
  const [error, setError] = useState<Error>();
  const [days, setDays] = useState(7);
  if (link)
    return (
      <span className="review-share">
        <label>
          Link for people outside, until {when(link.expiresAt)}:{' '}
          <input readOnly value={link.url} onFocus={(event) => event.target.select()} size={40} />
        </label>{' '}
        <button type="button" onClick={() => void navigator.clipboard?.writeText(link.url)}>
          Copy
        </button>
      </span>
    );
  return (
    <span className="review-share">
      <label>
        Share a preview for{' '}
        <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {[1, 3, 7, 14].map((d) => (
            <option key={d} value={d}>
              {d} day{d === 1 ? '' : 's'}
            </option>
          ))}
        </select>
      </label>{' '}
      <button
        type="button"
        onClick={() => {
          setError(undefined);
          api.changeSets.share(changeSet.id, days).then(setLink, setError);
        }}
      >
        Make a link
      </button>
      {error && <span role="alert"> {error.message}</span>}
    </span>
  );
}

/**
 * A content file's published history: who changed what, when, in words; each version viewable as the
 * site showed it (a page), and restorable as a change set of one's own, reviewed like any other.
 */
export function HistoryDialog({
  open: isOpen,
  file,
  name,
  route,
  onClose,
}: {
  readonly open: boolean;
  readonly file: string;
  /** The file as the marketer knows it: the page's title, "Site settings". */
  readonly name: string;
  /** The page's address, to view a version as the site showed it; undefined for an entry or settings. */
  readonly route: string | undefined;
  readonly onClose: () => void;
}) {
  const [versions, setVersions] = useState<Version[]>();
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const dialog = useModal(isOpen, () => {
    setVersions(undefined);
    setError(undefined);
    api.changeSets.history(file).then(setVersions, setError);
  });
  return (
    <dialog ref={dialog} className="publish review" aria-labelledby="history-title" onClose={onClose}>
      <h2 id="history-title">History of “{name}”</h2>
      <p className="hint">
        Every published version, latest first. Restoring one starts a change set with it, which goes live after review.
      </p>
      {!versions && !error && <p role="status">Reading the history…</p>}
      {versions?.length === 0 && <p>This file has not been published yet.</p>}
      <ol className="history">
        {(versions ?? []).map((version, i) => (
          <li key={version.commit}>
            <p>
              <strong>{version.title}</strong>{' '}
              <span className="change-set-meta">
                {version.publishedBy
                  ? `asked by ${version.askedBy}, published by ${version.publishedBy}`
                  : `by ${version.askedBy}`}{' '}
                · {when(version.at)}
                {i === 0 ? ' · live now' : ''}
              </span>
            </p>
            <ul className="review-changes">
              {version.change.changes.slice(0, 8).map((change, j) => (
                <li key={j} className={`review-${change.kind}`}>
                  <span className="review-place">{change.place}</span> <span className="review-kind">{change.what}</span>
                  {(change.before !== undefined || change.after !== undefined) && (
                    <p className="review-words">
                      {change.before !== undefined && <del>{change.before}</del>}
                      {change.before !== undefined && change.after !== undefined && ' → '}
                      {change.after !== undefined && <ins>{change.after}</ins>}
                    </p>
                  )}
                </li>
              ))}
              {version.change.changes.length > 8 && <li>and {version.change.changes.length - 8} more changes</li>}
            </ul>
            <p className="review-links">
              {route && (
                <a href={`/site-preview?${new URLSearchParams({ at: version.commit, route })}`} target="_blank" rel="noopener">
                  View this version
                </a>
              )}
              {i > 0 && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => {
                    // Restoring replaces what is live: say what, and ask first.
                    const live = versions![0]!;
                    if (
                      !window.confirm(
                        `Put “${name}” back as it was on ${when(version.at)} (“${version.title}”)?\n\n` +
                          `This starts a change set that, once a publisher has reviewed and published it, replaces the version live now (“${live.title}”, ${when(live.at)}).`,
                      )
                    )
                      return;
                    setBusy(true);
                    api.changeSets.restore(file, version.commit).then(
                      (created) => open(created.id),
                      (e: Error) => {
                        setBusy(false);
                        setError(e);
                      },
                    );
                  }}
                >
                  Restore this version…
                </button>
              )}
            </p>
          </li>
        ))}
      </ol>
      <Refusal failure={error} />
      <div className="publish-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
