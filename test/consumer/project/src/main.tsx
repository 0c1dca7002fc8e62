// A React 19 app built with Vite from the installed tarball: the React components (one React, the app's), an
// element module beside them, and core, all over one set of page-wide stores.
import { $language, $session, phinit } from 'ph-widgets/core';
import 'ph-widgets/elements/ph-modal';
import { PhLogin, PhModal } from 'ph-widgets/react';
import { createElement, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

phinit({ code: 'login', appCode: 'base', env: 'production', device: 'pc', languagePack: {} });

// What the test reads: whether the element module's window.PH holds the very stores this app imported.
const page = window as typeof window & { PH?: { stores: Record<string, unknown> } };
Object.assign(window, {
  consumer: { sharesStores: () => page.PH?.stores.language === $language && page.PH?.stores.session === $session },
});

function App() {
  const [helpOpen, setHelpOpen] = useState(false);
  const [elementOpen, setElementOpen] = useState(false);
  return (
    <main>
      <h1>Consumer app</h1>
      <button type="button" onClick={() => $language.set('en')}>
        English
      </button>
      <button type="button" onClick={() => setHelpOpen(true)}>
        Help
      </button>
      <button type="button" onClick={() => setElementOpen(true)}>
        Element dialog
      </button>
      <PhLogin
        className="login"
        onSuccess={(data) => sessionStorage.setItem('consumer.signedIn', data.userId ?? '')}
        onError={(error) => sessionStorage.setItem('consumer.error', error.code)}
      />
      <PhModal open={helpOpen} heading="Help" onRequestClose={() => setHelpOpen(false)}>
        <p>React dialog</p>
      </PhModal>
      {createElement('ph-modal', { id: 'element-modal', heading: 'Element', open: elementOpen })}
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
