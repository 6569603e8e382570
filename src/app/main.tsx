import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@fontsource-variable/inter';
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
  hydrateRoot(container, app);
}

void start();
