/**
 * A new page from one of the page templates, as `npm run new:page` makes it: the route is checked
 * against every other page, nothing is overwritten, and the page can start as a draft, which the
 * build leaves out until it is ready.
 */
import { useState } from 'react';
import { api, type OpenedFile } from './api.ts';

export function NewPageForm({
  templates,
  onCreated,
}: {
  readonly templates: readonly string[];
  readonly onCreated: (file: OpenedFile) => void;
}) {
  const [route, setRoute] = useState('/');
  const [template, setTemplate] = useState(templates[0] ?? 'page');
  const [label, setLabel] = useState('');
  const [draft, setDraft] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <details className="new-page">
      <summary>New page…</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(undefined);
          api
            .createPage({ route, template, label, draft })
            .then(onCreated, (e: Error) => setError(e.message))
            .finally(() => setBusy(false));
        }}
      >
        <label htmlFor="new-route">Address</label>
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
        <label htmlFor="new-template">Template</label>
        <select id="new-template" value={template} onChange={(event) => setTemplate(event.target.value)}>
          {templates.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <label htmlFor="new-label">Name used in its texts (optional)</label>
        <input id="new-label" value={label} onChange={(event) => setLabel(event.target.value)} placeholder="Kubernetes" />
        <label className="check">
          <input type="checkbox" checked={draft} onChange={(event) => setDraft(event.target.checked)} /> Start as a draft (left
          out of the published site)
        </label>
        {error && (
          <p className="status status-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          Create the page
        </button>
      </form>
    </details>
  );
}
