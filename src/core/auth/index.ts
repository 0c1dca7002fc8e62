export {
  $rememberedChildren,
  childSelectorOpensItself,
  chooseChild,
  hasChildSelector,
  rememberChild,
} from './children';
export { apiOnAnotherOrigin, CROSS_SITE_COOKIE, cookieRefused } from './cookie-check';
export type { CredentialDeps, Credentials, KeyStore, RememberResult } from './credentials';
export {
  forgetCredentials,
  hasRememberedCredentials,
  indexedDbKeyStore,
  memoryKeyStore,
  readRememberedCredentials,
  rememberCredentials,
} from './credentials';
export type { AuthConfig, AuthDeps, SignedIn } from './deps';
export { authDeps } from './deps';
export type { ModeOutcome, RestoredOutcome } from './flows';
export { loginModeContext, runLoginMode, startLogin } from './flows';
export type { AutoLoginOutcome, LoginOutcome } from './login';
export { afterSignIn, autoLogin, handleLoginResult, leaveAfterSignIn, login, loginCall, nextUrl } from './login';
export { clearLocalSession, logout } from './logout';
export { fetchMe, loadChildren, probeSignedIn, randomSignature, signInRecorded } from './me';
export type { ChatProvider, LoginMode, LoginModeContext } from './mode';
export {
  AUTO_LOGIN_MAX,
  chatProvider,
  MISSING_CLIENT_ID,
  MISSING_TICKET_CONFIG,
  resolveLoginMode,
  urlQuery,
  withoutSecrets,
} from './mode';
export type { NavigationLog } from './navigation';
export { followAfterSignIn, navigatedThisLoad, sessionNavigationLog } from './navigation';
export type { QrLoginDeps, QrLoginSetting, WwLoginOptions } from './qr-login';
export { showQrLogin, wwLoginOptions } from './qr-login';
export type {
  AfterSignIn,
  AfterSignInContext,
  PastNavigation,
  RedirectChoice,
  RedirectDecisionContext,
} from './redirect';
export {
  decideAfterSignIn,
  decideRedirect,
  NAVIGATION_LOOP_MS,
  REDIRECT_CHOICES,
  redirectOrigins,
  sameUrl,
} from './redirect';
export type { CountdownParts, SignInWait, SignInWaitReason, SignInWaitView } from './sign-in-wait';
export { countdownParts, nextTick, SIGN_IN_WAIT_CODES, signInWaitOf, signInWaitView } from './sign-in-wait';
export type { SocialAuthorizeSetting, SocialAuthorizeSettings, SocialStart } from './social';
export {
  isChatProvider,
  providerAppId,
  SOCIAL_AUTHORIZE_DEFAULTS,
  signInWithProvider,
  socialAuthorizeUrl,
  startSocialSignIn,
} from './social';
export type { RoleSwitchCandidate } from './switch-role';
export { firstUrl, firstUrlFor, roleCandidates, roleSwitchAllowed, switchRole } from './switch-role';
