import { atom } from 'nanostores';
import { pageSingleton } from '../shared';

/**
 * In development a lost session opens the login dialog instead of leaving the page (§4): the dialog element
 * watches this store and clears it when it closes.
 */
export const $loginPrompt = /* @__PURE__ */ pageSingleton('login-prompt', () =>
  atom<{ redirectUri: string } | null>(null),
);

/**
 * True while a login form is shown on the page (the login page's own `<ph-login>`): a lost session there needs
 * no redirect to the login page and no dialog, whatever the page's path (`/`, `/login`, `/authorize`).
 */
export const $loginFormShown = /* @__PURE__ */ pageSingleton('login-form-shown', () => atom(false));

/** True while a login dialog (`<ph-login mode="dialog">`) is on the page to answer $loginPrompt. */
export const $loginDialogReady = /* @__PURE__ */ pageSingleton('login-dialog-ready', () => atom(false));
