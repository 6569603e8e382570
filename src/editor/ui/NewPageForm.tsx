/**
 * A new page from one of the page templates, or a new entry of a collection (a job opening, a
 * success story), as `npm run new:page` makes them: the route is checked against every other
 * page, nothing is overwritten, and a page can start as a draft, which the build leaves out until
 * it is ready. An entry's address comes from its title.
 */
import { useRef, useState } from 'react';
import { api, type OpenedFile } from './api.ts';

/** What each page template is for, in a marketer's words. */
const templateNames: Record<string, string> = {
  technology: 'Technology page (such as React)',
  service: 'Service page (such as Web Development)',
  page: 'Plain page',
};

export function NewPageForm({
  templates,
  collections,
  onCreated,
}: {
  readonly templates: readonly string[];
  readonly collections: readonly { readonly collection: string; readonly name: string }[];
  readonly onCreated: (file: OpenedFile) => void;
}) {
  const [route, setRoute] = useState('/');
  // A page template's name, or `entry:<collection>`.
  const [template, setTemplate] = useState(templates[0] ?? 'page');
  const collection = template.startsWith('entry:') ? template.slice('entry:'.length) : undefined;
  const [label, setLabel] = useState('');
  const [draft, setDraft] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details className="new-page" ref={details}>
      <summary>New page or job opening…</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(undefined);
          api
            .createPage(collection ? { collection, label } : { route, template, label, draft })
            .then(
              (created) => {
                // Done: the form folds away, ready for the next one.
                if (details.current) details.current.open = false;
                setLabel('');
                onCreated(created);
              },
              (e: Error) => setError(e.message),
            )
            .finally(() => setBusy(false));
        }}
      >
        <label htmlFor="new-template">What to make</label>
        <select id="new-template" value={template} onChange={(event) => setTemplate(event.target.value)}>
          <optgroup label="A page">
            {templates.map((t) => (
              <option key={t} value={t}>
                {templateNames[t] ?? t}
              </option>
            ))}
          </optgroup>
          <optgroup label="An entry with its own page">
            {collections.map((c) => (
              <option key={c.collection} value={`entry:${c.collection}`}>
                {c.name}
              </option>
            ))}
          </optgroup>
        </select>
        {!collection && (
          <>
            <label htmlFor="new-route">Address of the new page</label>
            <input
              id="new-route"
              value={route}
              onChange={(event) => setRoute(event.target.value)}
              aria-describedby="new-route-help"
              required
            />
            <p id="new-route-help" className="hint">
              Such as /kubernetes: lowercase words joined by hyphens.
            </p>
          </>
        )}
        <label htmlFor="new-label">
          {collection
            ? `Title of the new ${collections.find((c) => c.collection === collection)?.name.toLowerCase() ?? 'entry'}`
            : 'Name used in its texts (optional)'}
        </label>
        <input
          id="new-label"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          placeholder={collection === 'roles' ? 'Data Engineer' : collection ? 'Clinic booking app' : 'Kubernetes'}
          required={Boolean(collection)}
          aria-describedby={collection ? 'new-label-help' : undefined}
        />
        {collection && (
          <p id="new-label-help" className="hint">
            Its page's address is made from the title.
          </p>
        )}
        {!collection && (
          <label className="check">
            <input type="checkbox" checked={draft} onChange={(event) => setDraft(event.target.checked)} /> Start as a draft (left
            out of the published site)
          </label>
        )}
        {error && (
          <p className="status status-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {collection
            ? `Create the ${collections.find((c) => c.collection === collection)?.name.toLowerCase() ?? 'entry'}`
            : 'Create the page'}
        </button>
      </form>
    </details>
  );
}
