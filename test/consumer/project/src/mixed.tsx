// An app that mixes a React component of ph-widgets/react with an element module: both over one set of page-wide
// stores (the element brings its own React, so this page has two).
import { $language, $session, phinit } from 'ph-widgets/core';
import 'ph-widgets/elements/ph-modal';
import { PhModal } from 'ph-widgets/react';
import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';

phinit({ code: 'login', appCode: 'base', env: 'production', device: 'pc', languagePack: {} });

// What the test reads: whether the element module's window.PH holds the very stores this app imported.
const page = window as typeof window & { PH?: { stores: Record<string, unknown> } };
Object.assign(window, {
  consumer: { sharesStores: () => page.PH?.stores.language === $language && page.PH?.stores.session === $session },
});

function Mixed() {
  const [helpOpen, setHelpOpen] = useState(false);
  const [elementOpen, setElementOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => $language.set('en')}>
        English
      </button>
      <button type="button" onClick={() => setHelpOpen(true)}>
        Help
      </button>
      <button type="button" onClick={() => setElementOpen(true)}>
        Element dialog
      </button>
      <PhModal open={helpOpen} heading="Help" onRequestClose={() => setHelpOpen(false)}>
        <p>React dialog</p>
      </PhModal>
      {createElement('ph-modal', { id: 'element-modal', heading: 'Element', open: elementOpen })}
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Mixed />);
