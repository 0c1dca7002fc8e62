import { addStrings, LOGIN_SHELL_STRINGS, type LoginData } from '../../core';
import { ensureToastHost } from '../common/toast-host';
import { defineElement } from '../define';
import { installGlobals } from '../global';
import { LOGIN_ELEMENT_OPTIONS, LoginElement, type LoginElementProps } from './element';
import type { LoginPlatform } from './OtherWays';
import type { LoginErrorDetail } from './sign-in';

/**
 * The login data of §3 without the token (events reach every script on the page), and `redirect`: where §4 sends
 * the page after signing in (redirect_uri, the jump page or the landing page), followed unless the page stays; null
 * where it reloads instead.
 */
export type PhLoginSuccessDetail = Omit<Partial<LoginData>, 'accessToken' | 'expiresIn'> & { redirect: string | null };
export type PhLoginErrorDetail = Pick<LoginErrorDetail, 'status' | 'code' | 'message'>;

/** The events of <ph-login>. */
export interface PhLoginEventMap {
  /**
   * Signed in: the login data of §3, never the token (any script on the page can listen), and `redirect`, where §4
   * sends the page next. Cancelable: `preventDefault()` keeps the page where it is, with no reload.
   */
  'ph-login-success': CustomEvent<PhLoginSuccessDetail>;
  /**
   * A session was found when the element started (§4 "already logged in"), not a sign-in: the same detail.
   * Cancelable like `ph-login-success`.
   */
  'ph-login-restored': CustomEvent<PhLoginSuccessDetail>;
  /** Signing in failed: the server's status, code and message (in the current language). */
  'ph-login-error': CustomEvent<PhLoginErrorDetail>;
  /** The page's session ended after it had begun: a logout, or a session lost on the server. */
  'ph-login-logout': CustomEvent<Record<string, never>>;
  /** A third-party sign-in without a `url` was clicked: its entry (`qy` and `mp` then go to their provider). */
  'ph-login-platform': CustomEvent<LoginPlatform>;
}

/**
 * Login form and dialog (spec §2 "Login form/dialog", §4 Login, §5, §8). Mounted inline after `phinit`, it checks
 * the session (`me`) and runs the §4 mode order: authorize (`client_id` required), device client id, `username` +
 * `password` in the query, SSO `ticket` (needs `loginTickitConifg.apipath`), `accessToken` relogin, `code`/`token`
 * with `state` (social), already signed in, inside work-chat or the chat app (off to the provider's authorisation
 * page with the app id from `{qy|mp}_info`, back with `code` and `state`; a unit without such an app, or a user who
 * refused there, goes on to the next mode), then auto-login with the remembered password (at most 4 attempts, never
 * after a chosen logout). Account and password are trimmed and required,
 * checked on change and on blur, with the message under the field (the server's field errors too). Enter submits
 * only when both fields are filled and no error shows, otherwise it moves to the empty field. While signing in the
 * button is busy and a second submit is ignored. After success: 'login success', then `redirect_uri` (same origin,
 * or an origin of `allowedRedirectOrigins`), the configured jump page, or the landing page of §2 — at most once a page
 * load, never to the page itself (URLs compared normalised), and not again to a page that sent it back here a moment
 * ago (a router's catch-all); `redirect="none"` or `preventDefault()` on `ph-login-success` keeps the page, with no
 * reload. Where it stays signed in it shows 已登录：… / Signed in as … with 继续 / Continue (when there is somewhere to
 * go) and 使用其他账号 / Use another account, never a busy form. A session found on start is `ph-login-restored`, not a
 * sign-in. With the API on another site than the page, a sign-in whose session cookie the browser will not send
 * back fails with an error naming the cause (`code` `cross_site_cookie`); a status 400 with a code other than `invalid_grant`
 * goes to the bind page. "Remember password" stores the password encrypted (AES-GCM, key in IndexedDB through
 * idb-keyval) and turns
 * auto-login on. Labels are 账号 / Account / 賬號, 密码 / Password / 密碼 and 登录 / Sign in / 登入. In dialog mode it
 * also has the `ph-modal` parts. While it checks the session the fields already take typing; the button waits. A
 * server can send the inline form's first render inside the element (`prerender` of `ph-widgets/server`, a declarative
 * shadow root): the form then shows, and takes typing, before the script runs; the script hydrates it and keeps what
 * was typed. A sign-in the server refuses for a while (HTTP 429 `account_locked` or `address_throttled` with
 * `data.retryAfter`, issue 55) is said inside the form until the wait is over: why, a countdown (mm:ss), then that
 * the user may try again, with the forgot-password link; the button stays usable, and editing the account of a locked
 * one takes it away.
 *
 * @summary Login form and dialog
 * @slot qr - Where the chat-login script phinit's `qrLogin` names (WeCom's wwLogin) draws its QR code, in a box the
 *   element adds; a page may put its own content here instead.
 * @csspart card - The inline form's card.
 * @csspart title - The heading.
 * @csspart form - The form.
 * @csspart field - Each field: label, input and error.
 * @csspart field-username - The account field.
 * @csspart field-password - The password field.
 * @csspart input - Each input.
 * @csspart error - The error under a field.
 * @csspart reveal - The show/hide password button.
 * @csspart forgot - The forgot-password link.
 * @csspart wait - A sign-in refused for a while: why, the countdown, the end and the forgot-password link.
 * @csspart wait-clock - The countdown of the wait.
 * @csspart wait-over - The line that says the wait is over.
 * @csspart wait-forgot - The forgot-password link of the wait.
 * @csspart submit - The sign-in button.
 * @csspart signed-in - Signed in where the page stays: who, and what next.
 * @csspart signed-in-name - 已登录：… / Signed in as … .
 * @csspart continue - 继续 / Continue: on to where the sign-in would have gone (when that is another page).
 * @csspart another-account - 使用其他账号 / Use another account: signs out and shows the form.
 * @csspart others - The other ways to sign in.
 * @csspart platform - Each third-party sign-in.
 * @csspart qr - The QR container.
 * @csspart qr-placeholder - What the QR container shows until the QR code is drawn (loading), or where none will be
 *   (no `qrLogin` script, or it failed): that QR sign-in is not offered here.
 */
export const PhLoginElement = defineElement('ph-login', LoginElement, LOGIN_ELEMENT_OPTIONS);
ensureToastHost();
installGlobals();
// The login and re-login pages load this module: their texts come with it (PH.t).
addStrings(LOGIN_SHELL_STRINGS);

declare global {
  interface GlobalEventHandlersEventMap extends PhLoginEventMap {}
  interface HTMLElementTagNameMap {
    'ph-login': HTMLElement & Omit<LoginElementProps, 'container'>;
  }
}
