/**
 * People, for an administrator of the shared service: everyone with an account, an invitation link
 * for a new colleague (or a forgotten password), roles, signing someone out everywhere, removing them.
 * What `npm run editor:users` does, without a terminal.
 */
import { useCallback, useEffect, useState } from 'react';
import { api, type SignedInAccount } from './api.ts';
import { AccountMenu } from './ChangeSets.tsx';

type Role = SignedInAccount['role'];
const roles: readonly Role[] = ['writer', 'publisher', 'admin', 'sales', 'hr'];

/** What each role may do, as the role list says it. */
const roleWords: Readonly<Record<Role, string>> = {
  writer: 'Writer: edits pages',
  publisher: 'Publisher: edits and publishes',
  admin: 'Admin: everything, people included',
  sales: 'Sales: answers enquiries',
  hr: 'HR: answers applications',
};

export function PeoplePage({ account }: { readonly account: SignedInAccount }) {
  const [people, setPeople] = useState<(SignedInAccount & { hasPassword: boolean })[]>();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string; link?: string }>();
  const [form, setForm] = useState({ email: '', name: '', role: 'writer' as Role });
  const reload = useCallback(() => {
    api.people.list().then(setPeople, (e: Error) => setMessage({ kind: 'error', text: e.message }));
  }, []);
  useEffect(reload, [reload]);
  const act = (work: () => Promise<{ text: string; link?: string }>) =>
    work().then(
      (done) => {
        setMessage({ kind: 'success', ...done });
        reload();
      },
      (e: Error) => setMessage({ kind: 'error', text: e.message }),
    );
  return (
    <main className="change-sets">
      <header className="editor-bar">
        <h1>Content editor: people</h1>
        <AccountMenu account={account} />
      </header>
      <div className="change-sets-body">
        <p>
          <a href="/">Back to the change sets</a>
        </p>
        {message && (
          <div className={`status status-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
            <p>{message.text}</p>
            {message.link && (
              <p>
                <label>
                  Send them this link (it works once):{' '}
                  <input readOnly value={message.link} size={60} onFocus={(event) => event.target.select()} />
                </label>
              </p>
            )}
          </div>
        )}
        <form
          className="change-set-new"
          onSubmit={(event) => {
            event.preventDefault();
            void act(async () => {
              const added = await api.people.add(form.email, form.role, form.name);
              setForm({ email: '', name: '', role: 'writer' });
              return { text: `Added ${added.account.email} as ${added.account.role}.`, link: added.link };
            });
          }}
        >
          <label htmlFor="person-email">Invite a colleague: e-mail address</label>
          <input
            id="person-email"
            type="email"
            required
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
          <input
            aria-label="Name (optional)"
            placeholder="Name (optional)"
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
          <select
            aria-label="Role"
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.target.value as Role })}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleWords[r]}
              </option>
            ))}
          </select>
          <button type="submit" className="primary">
            Invite
          </button>
        </form>
        <table className="people">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Role</th>
              <th scope="col">Password</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(people ?? []).map((person) => (
              <tr key={person.email}>
                <td>
                  {person.name || person.email}
                  {person.name && <span className="change-set-meta"> {person.email}</span>}
                </td>
                <td>
                  <select
                    aria-label={`Role of ${person.email}`}
                    value={person.role}
                    onChange={(event) =>
                      void act(async () => {
                        const changed = await api.people.role(person.email, event.target.value as Role);
                        return { text: `${changed.email} is now ${changed.role}.` };
                      })
                    }
                  >
                    {roles.map((r) => (
                      <option key={r} value={r}>
                        {roleWords[r]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{person.hasPassword ? 'set' : 'invited'}</td>
                <td className="people-actions">
                  <button
                    type="button"
                    onClick={() =>
                      void act(async () => {
                        const invited = await api.people.invite(person.email);
                        return { text: `A new link for ${person.email}; earlier links stop working.`, link: invited.link };
                      })
                    }
                  >
                    New link
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      void act(async () => {
                        const { sessions } = await api.people.signOut(person.email);
                        return { text: `Signed ${person.email} out of ${sessions} session${sessions === 1 ? '' : 's'}.` };
                      })
                    }
                  >
                    Sign out everywhere
                  </button>
                  {person.email !== account.email && (
                    <button
                      type="button"
                      onClick={() => {
                        if (!window.confirm(`Remove ${person.email}? They can no longer sign in; their change sets stay.`))
                          return;
                        void act(async () => {
                          await api.people.remove(person.email);
                          return { text: `Removed ${person.email}.` };
                        });
                      }}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
