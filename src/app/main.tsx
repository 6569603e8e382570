import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '../styles/fonts.css';
import '../styles/global.css';
import { App } from './App.tsx';
import { entryFor, loadPage } from './page-loader.ts';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/**
 * Prerendered pages are hydrated. The page's content and its first section's code load first, so
 * the first render matches the markup; sections below the fold keep their server HTML and hydrate
 * as they come into view. No hydration data is inlined, which keeps the CSP free of inline scripts.
 */
async function start() {
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  const entry = entryFor(window.location.pathname);
  if (entry) await loadPage(entry, 'above-the-fold');
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser handle
  // input in between, instead of in one task that blocks a slow phone's main thread.
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

void start();
