/**
 * The visual editor's browser entry. In the single-user editor (`npm run edit`) it opens the editor at
 * once; in the shared service it first knows who is signed in, and without a change set in the address
 * it shows the change sets to start or pick one.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { api, currentChangeSet, type SignedInAccount } from './api.ts';
import { ChangeSetsPage } from './ChangeSets.tsx';
import { EditorApp } from './EditorApp.tsx';
import { PeoplePage } from './People.tsx';
import { InboxPage } from './Inbox.tsx';
import './editor.css';

function Root() {
  const [who, setWho] = useState<{ account: SignedInAccount | undefined }>();
  useEffect(() => {
    api.me().then(
      (account) => setWho({ account }),
      () => setWho({ account: undefined }),
    );
  }, []);
  if (!who) return <p className="editor-loading">Loading the editor…</p>;
  const address = new URLSearchParams(window.location.search);
  if (who.account?.role === 'admin' && address.has('people')) return <PeoplePage account={who.account} />;
  // Sales and hr answer leads and edit no content: the inbox is their editor.
  if (
    who.account &&
    (who.account.role === 'sales' || who.account.role === 'hr' || (who.account.role === 'admin' && address.has('inbox')))
  )
    return <InboxPage account={who.account} />;
  if (who.account && !currentChangeSet()) return <ChangeSetsPage account={who.account} />;
  return <EditorApp account={who.account} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
