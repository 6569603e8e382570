/**
 * The inbox, for the people who answer leads: sales reads the enquiries, hr the applications, an admin
 * both. A list with filters and a search, a page at a time; one submission in full, with the page it
 * came from, its CV, who answers it, its state and its history; and, for an admin, a person's data found,
 * downloaded or erased. Addresses are kept in the page's own address (`?inbox=applications&id=…`), so
 * Back and a shared link work.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { declarations } from '../../forms/declared.ts';
import {
  api,
  type InboxDetail,
  type InboxItem,
  type InboxList,
  type InboxStatus,
  type SignedInAccount,
  type Submission,
} from './api.ts';
import { AccountMenu } from './ChangeSets.tsx';

const lists: Readonly<Record<InboxList, { title: string; one: string; role: 'sales' | 'hr'; form: keyof typeof declarations }>> =
  {
    enquiries: { title: 'Enquiries', one: 'enquiry', role: 'sales', form: 'contact' },
    applications: { title: 'Applications', one: 'application', role: 'hr', form: 'application' },
  };

const statusWords: Readonly<Record<InboxStatus, string>> = { new: 'New', 'in-progress': 'In progress', closed: 'Closed' };

/** The lists this person may read. */
export const inboxListsOf = (account: SignedInAccount): InboxList[] =>
  (Object.keys(lists) as InboxList[]).filter((list) => account.role === 'admin' || account.role === lists[list].role);

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** The person's name and the line that says what it is about, by the form's declared fields. */
function headline(item: InboxItem): { name: string; about: string } {
  const fields = item.fields;
  if (item.type === 'application') return { name: fields.name ?? '', about: fields.domain ?? '' };
  return { name: fields.username ?? '', about: fields.company ?? (fields.projectDetails ?? '').slice(0, 80) };
}

function useAddress(): [URLSearchParams, (change: Record<string, string | undefined>) => void] {
  const [search, setSearch] = useState(() => new URLSearchParams(window.location.search));
  useEffect(() => {
    const onPop = () => setSearch(new URLSearchParams(window.location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = useCallback((change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    window.history.pushState(null, '', `?${next}`);
    setSearch(next);
  }, []);
  return [search, go];
}

const filterKeys = ['status', 'role', 'page', 'from', 'to', 'q', 'offset'] as const;

export function InboxPage({ account }: { readonly account: SignedInAccount }) {
  const allowed = inboxListsOf(account);
  const [address, go] = useAddress();
  const asked = address.get('inbox') as InboxList | null;
  const list: InboxList = asked && allowed.includes(asked) ? asked : allowed[0]!;
  const filters = Object.fromEntries(filterKeys.flatMap((key) => (address.get(key) ? [[key, address.get(key)!]] : [])));
  const selected = address.get('id') ?? undefined;
  const content = account.role === 'admin' || account.role === 'writer' || account.role === 'publisher';

  return (
    <main className="change-sets inbox">
      <header className="editor-bar">
        <h1>Inbox</h1>
        <AccountMenu account={account} />
      </header>
      <div className="change-sets-body">
        <nav className="inbox-nav" aria-label="Inbox">
          {allowed.map((each) => (
            <a
              key={each}
              href={`?inbox=${each}`}
              aria-current={each === list ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                go({ inbox: each, id: undefined, ...Object.fromEntries(filterKeys.map((k) => [k, undefined])) });
              }}
            >
              {lists[each].title}
            </a>
          ))}
          {content && <a href="/">Change sets</a>}
          {account.role === 'admin' && <a href="/?people=1">People</a>}
        </nav>
        {selected ? (
          <InboxDetailView account={account} list={list} id={selected} onBack={() => go({ id: undefined })} />
        ) : (
          <InboxListView list={list} filters={filters} go={go} />
        )}
        {account.role === 'admin' && !selected && <PeopleData />}
      </div>
    </main>
  );
}

function InboxListView({
  list,
  filters,
  go,
}: {
  readonly list: InboxList;
  readonly filters: Record<string, string>;
  readonly go: (change: Record<string, string | undefined>) => void;
}) {
  const [page, setPage] = useState<Awaited<ReturnType<typeof api.inbox.list>>>();
  const [error, setError] = useState<string>();
  const [search, setSearch] = useState(filters.q ?? '');
  const key = JSON.stringify([list, filters]);
  useEffect(() => {
    let current = true;
    setError(undefined);
    api.inbox.list(list, filters).then(
      (answer) => current && setPage(answer),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
    // `key` stands for list and filters, which are new objects on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const filter = (change: Record<string, string | undefined>) => go({ ...change, offset: undefined });
  const exportFilters = Object.fromEntries(Object.entries(filters).filter(([k]) => k !== 'offset'));
  const { title, one } = lists[list];

  return (
    <section aria-labelledby="inbox-list-title">
      <h2 id="inbox-list-title">{title}</h2>
      <form
        className="inbox-filters"
        role="search"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          filter({ q: search.trim() || undefined });
        }}
      >
        <label>
          Find
          <input
            type="search"
            value={search}
            placeholder="A name, an address, words of the message"
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <button type="submit">Find</button>
        <label>
          State
          <select value={filters.status ?? ''} onChange={(event) => filter({ status: event.target.value || undefined })}>
            <option value="">Any</option>
            {Object.entries(statusWords).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
        {list === 'applications' && (
          <Choice
            label="Role applied for"
            value={filters.role}
            choices={page?.choices.roles ?? []}
            onChange={(role) => filter({ role })}
          />
        )}
        <Choice
          label="Sent from the page"
          value={filters.page}
          choices={page?.choices.pages ?? []}
          onChange={(path) => filter({ page: path })}
        />
        <label>
          From
          <input type="date" value={filters.from ?? ''} onChange={(event) => filter({ from: event.target.value || undefined })} />
        </label>
        <label>
          To
          <input type="date" value={filters.to ?? ''} onChange={(event) => filter({ to: event.target.value || undefined })} />
        </label>
        <a className="button" href={api.inbox.exportUrl(list, exportFilters)} download>
          Download as CSV
        </a>
      </form>
      {error && (
        <p className="status status-error" role="alert">
          {error}
        </p>
      )}
      {page && (
        <>
          <p role="status" className="inbox-count">
            {page.total === 0
              ? `No ${title.toLowerCase()} match.`
              : `${page.offset + 1}–${page.offset + page.items.length} of ${page.total.toLocaleString('en-IN')} ${page.total === 1 ? one : title.toLowerCase()}`}
          </p>
          <ul className="inbox-list" hidden={page.items.length === 0}>
            {page.items.map((item) => {
              const { name, about } = headline(item);
              return (
                <li key={item.id} className={`inbox-item inbox-${item.status}`}>
                  <a
                    href={`?inbox=${list}&id=${encodeURIComponent(item.id)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      go({ id: item.id });
                    }}
                  >
                    <span className="inbox-name">{name}</span>
                    <span className="inbox-about">{about}</span>
                  </a>
                  <span className="inbox-meta">
                    <span className={`inbox-state inbox-state-${item.status}`}>{statusWords[item.status]}</span>
                    <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
                    {item.page && <span>from {item.page}</span>}
                    {item.assignee && <span>with {item.assignee}</span>}
                  </span>
                </li>
              );
            })}
          </ul>
          {page.total > page.limit && (
            <nav className="inbox-pages" aria-label="Pages of the list">
              <button
                type="button"
                disabled={page.offset === 0}
                onClick={() => go({ offset: String(Math.max(0, page.offset - page.limit)) || undefined })}
              >
                Newer
              </button>
              <button
                type="button"
                disabled={page.offset + page.limit >= page.total}
                onClick={() => go({ offset: String(page.offset + page.limit) })}
              >
                Older
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/** What the last action came to: a success said politely, a failure announced at once. */
function Told({ message }: { readonly message: { kind: 'success' | 'error'; text: string } | undefined }) {
  if (!message) return null;
  return (
    <p className={`status status-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}

/** A filter that picks one of the values stored, or any. */
function Choice(props: {
  readonly label: string;
  readonly value: string | undefined;
  readonly choices: readonly string[];
  readonly onChange: (value: string | undefined) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value ?? ''} onChange={(event) => props.onChange(event.target.value || undefined)}>
        <option value="">Any</option>
        {props.choices.map((choice) => (
          <option key={choice}>{choice}</option>
        ))}
      </select>
    </label>
  );
}

function InboxDetailView({
  account,
  list,
  id,
  onBack,
}: {
  readonly account: SignedInAccount;
  readonly list: InboxList;
  readonly id: string;
  readonly onBack: () => void;
}) {
  const [item, setItem] = useState<InboxDetail>();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.inbox.get(list, id).then(setItem, (e: Error) => setMessage({ kind: 'error', text: e.message }));
  }, [list, id]);
  const change = (what: Parameters<typeof api.inbox.change>[2], done: string) => {
    setBusy(true);
    api.inbox.change(list, id, what).then(
      (changed) => {
        setItem(changed);
        setMessage({ kind: 'success', text: done });
        setBusy(false);
      },
      // What was typed stays in the note box: nothing is lost when a save fails.
      (e: Error) => {
        setMessage({ kind: 'error', text: e.message });
        setBusy(false);
      },
    );
  };
  const form = declarations[lists[list].form];

  return (
    <section aria-labelledby="inbox-detail-title" className="inbox-detail">
      <p>
        <a
          href={`?inbox=${list}`}
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
        >
          ← Back to the {lists[list].title.toLowerCase()}
        </a>
      </p>
      <Told message={message} />
      {item && (
        <>
          <h2 id="inbox-detail-title">
            {headline(item).name}
            <span className={`inbox-state inbox-state-${item.status}`}>{statusWords[item.status]}</span>
          </h2>
          <dl className="inbox-fields">
            <dt>Received</dt>
            <dd>
              <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
            </dd>
            <dt>Sent from</dt>
            <dd>{item.page ?? 'a page the browser did not name'}</dd>
            {form.fields.map((field) => (
              <div key={field.name}>
                <dt>{field.label}</dt>
                <dd className={field.multiline ? 'inbox-message' : undefined}>
                  {field.identifies === 'email' && item.fields[field.name] ? (
                    <a href={`mailto:${item.fields[field.name]}`}>{item.fields[field.name]}</a>
                  ) : (
                    item.fields[field.name] || '—'
                  )}
                </dd>
              </div>
            ))}
            {item.files.map((file) => (
              <div key={file.id}>
                <dt>{form.files?.[file.field]?.label ?? 'File'}</dt>
                <dd>
                  <a href={api.inbox.fileUrl(item.id, file.id)} download={file.fileName}>
                    Download {file.fileName}
                  </a>{' '}
                  ({Math.max(1, Math.round(file.size / 1024)).toLocaleString('en-IN')} KB)
                </dd>
              </div>
            ))}
          </dl>
          <form
            className="inbox-change"
            onSubmit={(event) => {
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              const status = data.get('status') as InboxStatus;
              const assignee = String(data.get('assignee') ?? '').trim();
              change(
                {
                  status,
                  assignee: assignee || null,
                  ...(note.trim() ? { note } : {}),
                },
                'Saved.',
              );
              setNote('');
            }}
          >
            <label>
              State
              <select name="status" defaultValue={item.status} key={`s${item.status}`}>
                {Object.entries(statusWords).map(([value, words]) => (
                  <option key={value} value={value}>
                    {words}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Who answers it (their e-mail address)
              <input
                name="assignee"
                type="email"
                defaultValue={item.assignee ?? ''}
                key={`a${item.assignee}`}
                placeholder={account.email}
              />
            </label>
            <label className="inbox-note">
              Note for colleagues
              <textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={5000} />
            </label>
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            {!item.assignee && (
              <button
                type="button"
                disabled={busy}
                onClick={() => change({ assignee: account.email, status: 'in-progress' }, 'It is yours now.')}
              >
                Take it
              </button>
            )}
          </form>
          <h3>History</h3>
          {item.events.length === 0 ? (
            <p>Nothing has been done with it yet.</p>
          ) : (
            <ol className="inbox-history">
              {item.events.map((event) => (
                <li key={event.id}>
                  <time dateTime={event.at}>{when(event.at)}</time> {event.actor}{' '}
                  {event.action === 'status'
                    ? `set it to ${statusWords[event.value as InboxStatus] ?? event.value}`
                    : event.action === 'assign'
                      ? event.value
                        ? `gave it to ${event.value}`
                        : 'left it to nobody'
                      : 'wrote:'}
                  {event.action === 'note' && <blockquote>{event.value}</blockquote>}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

/** A person's rights, for an admin: what is kept about them, a copy, and erasure after a confirmation. */
function PeopleData() {
  const [asked, setAsked] = useState({ by: 'email', value: '' });
  const [found, setFound] = useState<{ person: Record<string, string>; submissions: Submission[]; addresses: number }>();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const person = (): Record<string, string> => ({ [asked.by]: asked.value.trim() });
  return (
    <section aria-labelledby="people-data-title" className="people-data">
      <h2 id="people-data-title">A person’s data</h2>
      <p>
        When someone asks what we keep about them, for a copy, or to be forgotten: find them by the e-mail address or phone number
        they wrote with. Each look-up, copy and erasure is recorded in the audit log, without the address.
      </p>
      <form
        className="inbox-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setMessage(undefined);
          const query = person();
          api.peopleData.find(query).then(
            (answer) => setFound({ person: query, ...answer }),
            (e: Error) => setMessage({ kind: 'error', text: e.message }),
          );
        }}
      >
        <label>
          Find by
          <select value={asked.by} onChange={(event) => setAsked({ ...asked, by: event.target.value })}>
            <option value="email">E-mail address</option>
            <option value="phone">Phone number</option>
          </select>
        </label>
        <label>
          {asked.by === 'email' ? 'Their e-mail address' : 'Their phone number'}
          <input
            required
            type={asked.by === 'email' ? 'email' : 'tel'}
            value={asked.value}
            onChange={(event) => setAsked({ ...asked, value: event.target.value })}
          />
        </label>
        <button type="submit">Find</button>
      </form>
      <Told message={message} />
      {found && (
        <div role="status">
          {found.submissions.length === 0 ? (
            <p>
              Nothing is kept about anyone with this{' '}
              {Object.keys(found.person)[0] === 'email' ? 'e-mail address' : 'phone number'}.
            </p>
          ) : (
            <>
              <p>
                {plural(found.submissions.length, 'submission', 'submissions')}:{' '}
                {plural(found.submissions.filter((s) => s.type === 'contact').length, 'enquiry', 'enquiries')} and{' '}
                {plural(found.submissions.filter((s) => s.type === 'application').length, 'application', 'applications')}
                {found.addresses > 1 &&
                  `, with ${found.addresses} different e-mail addresses: find them by e-mail address to tell them apart`}
                .
              </p>
              <ul>
                {found.submissions.map((s) => (
                  <li key={s.id}>
                    {when(s.createdAt)}:{' '}
                    {s.type === 'contact' ? `enquiry from ${s.username}` : `application from ${s.name} for ${s.domain}`}
                  </li>
                ))}
              </ul>
              <p className="people-data-actions">
                <a className="button" href={api.peopleData.exportUrl(found.person)} download>
                  Download their data
                </a>
                <button
                  type="button"
                  className="danger"
                  disabled={found.addresses > 1}
                  onClick={() => {
                    const count = found.submissions.length;
                    if (
                      !window.confirm(
                        `Erase ${count} ${count === 1 ? 'submission' : 'submissions'}, with their files and notes, for good? This cannot be undone.`,
                      )
                    )
                      return;
                    api.peopleData.erase(found.person, count).then(
                      (result) => {
                        setFound(undefined);
                        setMessage({
                          kind: 'success',
                          text: `Erased ${plural(result.contacts, 'enquiry', 'enquiries')} and ${plural(result.applications, 'application', 'applications')}. The audit log records it.`,
                        });
                      },
                      (e: Error) => setMessage({ kind: 'error', text: e.message }),
                    );
                  }}
                >
                  Erase…
                </button>
              </p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
