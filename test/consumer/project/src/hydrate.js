// Hydrates the markup react-dom/server made of every component (all-components.js): React tells of any difference
// between that markup and its first render in the browser through onRecoverableError, which the test reads.
import { phinit } from 'ph-widgets/core';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AllComponents } from './all-components.js';

phinit({ code: 'login', appCode: 'base', env: 'production', device: 'pc', languagePack: {} });
const recoverable = [];
Object.assign(window, { hydration: { recoverable, done: false } });
hydrateRoot(document.getElementById('root'), createElement(AllComponents), {
  onRecoverableError: (error) => recoverable.push(String(error?.message ?? error)),
});
requestAnimationFrame(() => {
  window.hydration.done = true;
});
