// A React 19 app built with Vite from the installed tarball, through ph-widgets/react only (one React, the app's):
// a sign-in that keeps the page, a dialog opened by a prop, an upload whose MD5 the page is told, core's stores.
import { $language, initLanguage, phinit } from 'ph-widgets/core';
import { PhLogin, PhModal, PhUploader } from 'ph-widgets/react';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

phinit({ code: 'login', appCode: 'base', env: 'production', device: 'pc', languagePack: {} });
void initLanguage();

function App() {
  const [helpOpen, setHelpOpen] = useState(false);
  const [signedIn, setSignedIn] = useState('');
  const [md5, setMd5] = useState('');
  return (
    <main>
      <h1>Consumer app</h1>
      <button type="button" onClick={() => $language.set('en')}>
        English
      </button>
      <button type="button" onClick={() => setHelpOpen(true)}>
        Help
      </button>
      <PhLogin
        className="login"
        redirect="none"
        onSuccess={(data) => setSignedIn(data.userId ?? '')}
        onError={(error) => sessionStorage.setItem('consumer.error', error.code)}
      />
      <output id="signed-in">{signedIn}</output>
      <PhModal open={helpOpen} heading="Help" onRequestClose={() => setHelpOpen(false)}>
        <p>React dialog</p>
      </PhModal>
      <PhUploader autoStart onSuccess={(detail) => setMd5(detail.md5)} />
      <output id="md5">{md5}</output>
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
