/**
 * The app's entry, started by the boot script (boot.ts, step 4 of its timeline) on a prerendered page,
 * and by index.html on the dev server.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../../styles/fonts.css';
import '../../styles/global.css';
import { App } from '../App.tsx';
import { PostedFormContext } from '../../forms/posted-context.ts';
import { readPostedForm } from '../../forms/posted.ts';
import { connect } from './boot.ts';
import { SiteRouter } from './SiteRouter.tsx';
import { entryFor, loadPage, prefetchSections, startedApp } from './loader.ts';

const container = document.getElementById('root')!;
// A form the server sent back with its problems (src/forms/posted.ts) hydrates as it was rendered, on the
// page it was drawn on, whose route replaces the API's address the browser posted to.
const posted = readPostedForm(document);
if (posted && window.location.pathname !== posted.route) {
  window.history.replaceState(window.history.state, '', posted.route + window.location.hash);
}
const app = (
  <StrictMode>
    <PostedFormContext value={posted}>
      <SiteRouter>
        <App />
      </SiteRouter>
    </PostedFormContext>
  </StrictMode>
);

/**
 * React recovers from an error while hydrating by rendering that part afresh, and by default reports
 * only its own wrapper ("error while hydrating this Suspense boundary"); the error that caused it,
 * and where, is what a developer needs to fix it. One message, cause first: tools that keep only a
 * console message's text (a test runner, a monitoring service) keep the cause too.
 */
function reportRecovered(error: unknown, info: { readonly componentStack?: string }) {
  const cause = error instanceof Error ? error.cause : undefined;
  const what = (value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));
  const stack = cause instanceof Error && cause.stack ? `\n${cause.stack}` : '';
  const wrapper = cause === undefined ? '' : ` (${what(error)})`;
  console.error(`Hydration recovered from: ${what(cause ?? error)}${wrapper}${stack}${info.componentStack ?? ''}`);
}

/**
 * Prerendered pages are hydrated. The page's content and its first section's code load first, so
 * the first render matches the markup; sections below keep their server HTML and hydrate as they
 * come into view or the visitor reaches for them. No hydration data is inlined, which keeps the CSP
 * free of inline scripts.
 */
async function start() {
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    connect(startedApp);
    return;
  }
  const entry = entryFor(window.location.pathname);
  if (entry) await loadPage(entry, 'above-the-fold');
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser handle
  // input in between, instead of in one task that blocks a slow phone's main thread.
  startTransition(() => {
    hydrateRoot(container, app, { onRecoverableError: reportRecovered });
  });
  // React listens on the root from here on, and hydrates what an event needs in the event's own task.
  connect(startedApp);
  prefetchSections();
}

void start();
