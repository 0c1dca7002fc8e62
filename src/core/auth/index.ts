export {
  $rememberedChildren,
  childSelectorOpensItself,
  chooseChild,
  hasChildSelector,
  rememberChild,
} from './children';
export type { CredentialDeps, Credentials, KeyStore, RememberResult } from './credentials';
export {
  forgetCredentials,
  hasRememberedCredentials,
  indexedDbKeyStore,
  memoryKeyStore,
  readRememberedCredentials,
  rememberCredentials,
} from './credentials';
export type { AuthConfig, AuthDeps } from './deps';
export { authDeps } from './deps';
export type { ModeOutcome } from './flows';
export { loginModeContext, runLoginMode, startLogin } from './flows';
export type { AutoLoginOutcome, LoginOutcome } from './login';
export { autoLogin, handleLoginResult, login, loginCall } from './login';
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
export type { RedirectDecisionContext } from './redirect';
export { decideRedirect, redirectOrigins } from './redirect';
export type { SignInWait, SignInWaitReason, SignInWaitView } from './sign-in-wait';
export { countdownClock, nextTick, SIGN_IN_WAIT_CODES, signInWaitOf, signInWaitView } from './sign-in-wait';
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
