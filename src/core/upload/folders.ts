import { isTouchBrowser } from '../util/zoom';

// §3 directory picking needs a browser that opens a folder dialog. Phones do not: iOS has no `webkitdirectory`,
// and Android's Chrome takes the attribute and then opens its file dialog anyway (issue 35: "Choose a folder" was
// offered on phones, and picked single files).

/** What the choice is read from: the browser's agent and pointer, and whether file inputs know `webkitdirectory`. */
export interface FolderPickingBrowser {
  userAgent: string;
  coarsePointer: boolean;
  webkitdirectory: boolean;
}

/** Whether a folder picker is worth offering: a desktop browser whose file input takes `webkitdirectory`. */
export function canPickFolders(browser: FolderPickingBrowser): boolean {
  return browser.webkitdirectory && !isTouchBrowser(browser);
}

/** This page's browser, read once; a server rendering (no window) assumes a desktop browser. */
export function currentFolderPickingBrowser(win: Window | undefined = globalThis.window): FolderPickingBrowser {
  if (!win) return { userAgent: '', coarsePointer: false, webkitdirectory: true };
  return {
    userAgent: win.navigator.userAgent,
    coarsePointer: win.matchMedia?.('(pointer: coarse)').matches ?? false,
    webkitdirectory: 'webkitdirectory' in win.document.createElement('input'),
  };
}
