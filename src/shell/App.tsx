import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $language, $translate, addStrings, LANGUAGES, type Language, notify } from '../core';
import { PhModal } from '../elements/ph-modal/PhModal';
import { SHELL_STRINGS } from './strings';

addStrings(SHELL_STRINGS);

/**
 * The shell page. For now it composes the elements that exist as React components; the permission-tree router,
 * layouts and desktop arrive with the shell issue.
 */
export function App() {
  const translate = useStore($translate);
  const language = useStore($language);
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);

  return (
    <main style={{ padding: 24 }}>
      <h1 style={{ fontSize: 20 }}>{translate('shell.title')}</h1>
      <p>
        <label>
          {translate('shell.language')}{' '}
          <select value={language} onChange={(event) => $language.set(event.target.value as Language)}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {translate(`language.${code}`)}
              </option>
            ))}
          </select>
        </label>
      </p>
      <button type="button" onClick={() => setFirst(true)}>
        {translate('shell.openDialog')}
      </button>
      <PhModal open={first} heading={translate('shell.firstDialog')} onRequestClose={() => setFirst(false)}>
        <p>{translate('shell.firstBody')}</p>
        <button type="button" onClick={() => setSecond(true)}>
          {translate('shell.openSecond')}
        </button>
      </PhModal>
      <PhModal
        open={second}
        width="420px"
        heading={translate('shell.secondDialog')}
        onRequestClose={() => setSecond(false)}
        footer={
          <button
            type="button"
            onClick={() => {
              setSecond(false);
              notify('success', translate('shell.saved'));
            }}
          >
            {translate('shell.ok')}
          </button>
        }
      >
        <p>{translate('shell.secondBody')}</p>
      </PhModal>
    </main>
  );
}
