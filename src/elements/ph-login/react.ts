// <PhLogin> for React apps (ph-widgets/react): the element's component in a shadow root of its own.
import { inShadowRoot } from '../common/shadow-host';
import { PhLogin as LoginForm } from './PhLogin';

export type { LoginPlatform, PhLoginProps } from './PhLogin';
export type { LoginErrorDetail } from './sign-in';

/**
 * The login form or dialog of `<ph-login>` (spec §2, §4), with the element's behaviour; its outcomes are callbacks:
 * `onSuccess(data)` (the login data of §3), `onError({ status, code, message, fieldErrors })`, `onLogout()`,
 * `onPlatform(platform)`, `onRequestClose()` (dialog mode). `className` and `style` go to the host `<div>`.
 */
export const PhLogin = inShadowRoot('ph-login', LoginForm);
