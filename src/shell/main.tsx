import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { addStrings, initLanguage, keepAnswersOfPage, PAGE_STRINGS, phinit, watchHongKong } from '../core';
import { ensureToastHost } from '../elements/common/toast-host';
import { installGlobals } from '../elements/global';
import { App } from './App';
import { readShellPage } from './page';
import { SHELL_STRINGS } from './strings';

// The shell page: the landing pages of §2 and dist/shell/index.html load this module. The page's options are data-*
// attributes of #root (see page.ts).
addStrings(PAGE_STRINGS);
addStrings(SHELL_STRINGS);
// window.PH, as on every page with an element: sub-apps and page scripts call PH.request, PH.t, PH.stores.
installGlobals();
// Server text reads in Hong Kong forms for zh-HK (issue 56).
watchHongKong();

async function start(root: HTMLElement): Promise<void> {
  // The first screen's answers, where the server sent them with the page (issue 70): its calls then wait for nothing.
  keepAnswersOfPage(document);
  const page = readShellPage(root.dataset, window.location.pathname);
  const config = phinit(page.phinit);
  try {
    await initLanguage({ href: window.location.href, config });
  } finally {
    // A transition: React renders the shell in slices, yielding to the page between them (issue 36: one task of
    // 1.2 s at 4x CPU blocked a phone's taps).
    const shell = createRoot(root);
    startTransition(() => shell.render(<App page={page} />));
    ensureToastHost();
  }
}

const root = document.getElementById('root');
if (root) start(root);
