import type { Envelope, LoginData } from '../api/types';
import { ENDPOINTS, endpointPath } from '../api/wire';
import { notify } from '../notify';
import { outboundUrl } from '../routes/site';
import { $autoLogin, $autoLoginCount, $loggedOut, LOGGED_OUT } from '../session/prefs';
import { $loginStatus, $session } from '../session/state';
import { hasRememberedCredentials } from './credentials';
import { type AuthDeps, authSite, userAgentOf } from './deps';
import {
  type AutoLoginOutcome,
  afterSignIn,
  autoLogin,
  type LoginOutcome,
  leaveAfterSignIn,
  login,
  loginCall,
  nextUrl,
} from './login';
import { type ChatProvider, type LoginMode, type LoginModeContext, resolveLoginMode, withoutSecrets } from './mode';
import type { AfterSignIn } from './redirect';
import { type SocialStart, startSocialSignIn } from './social';

/** The inputs of resolveLoginMode from the page, the configuration and the stored preferences. */
export function loginModeContext(deps: AuthDeps, userAgent?: string): LoginModeContext {
  return {
    href: deps.location.href(),
    userAgent: userAgent ?? userAgentOf(deps),
    device: deps.config.device,
    userClientId: deps.config.userClientId,
    ticketApiPath: deps.config.loginTickitConifg?.apipath,
    loggedIn: $loginStatus.get() === 'in',
    loggedOut: $loggedOut.get() === LOGGED_OUT,
    autoLogin: $autoLogin.get(),
    hasRememberedCredentials: hasRememberedCredentials(),
    autoLoginCount: $autoLoginCount.get(),
  };
}

/** A session found on load (§4 "already logged in"): not a sign-in. */
export type RestoredOutcome = {
  status: 'restored';
  redirect: string | null;
  next: AfterSignIn;
  data: Partial<LoginData>;
};

export type ModeOutcome =
  | LoginOutcome
  | RestoredOutcome
  | AutoLoginOutcome
  | SocialStart
  | { status: 'form' }
  | { status: 'authorized'; url: string | null };

const unitHost = (href: string) => new URL(href).host;

async function authorize(mode: Extract<LoginMode, { mode: 'authorize' }>, deps: AuthDeps): Promise<ModeOutcome> {
  const href = deps.location.href();
  try {
    const answer: Envelope<unknown> = await deps.http.request({
      url: ENDPOINTS.authorize,
      method: 'post',
      data: {
        response_type: mode.responseType,
        client_id: mode.clientId,
        redirect_uri: mode.redirectUri,
        state: mode.state,
        unitHost: unitHost(href),
        scope: mode.scope,
      },
    });
    // The server validated redirect_uri against the client's registration; it answers where to go next,
    // as `{ redirect }` (the reference server) or as a bare URL string: the client's own site, read like every URL
    // from data (outboundUrl: http(s), resolved once, its own href).
    const said =
      typeof answer.data === 'string' ? answer.data : ((answer.data as { redirect?: string } | null)?.redirect ?? null);
    const url = outboundUrl(said, authSite(deps));
    if (url) deps.location.assign(url);
    return { status: 'authorized', url };
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Inside work-chat or the chat app: off to the provider's authorisation page. A unit without an app of that
 * provider signs in as outside the chat app — auto-login with the remembered password, else the form.
 */
async function chatSignIn(provider: ChatProvider, deps: AuthDeps): Promise<ModeOutcome> {
  const started = await startSocialSignIn(provider, deps);
  if (started) return started;
  return runLoginMode(resolveLoginMode({ ...loginModeContext(deps), skipChat: true }), deps);
}

/** §4's "already logged in": a session found on load. It is told apart from a sign-in, and follows the same rule. */
async function alreadyLoggedIn(deps: AuthDeps): Promise<ModeOutcome> {
  const { unitType, unitId, userType, userId } = $session.get();
  const data = { unitType, unitId, userType, userId };
  const next = afterSignIn(deps, true);
  await leaveAfterSignIn({ data, next, restored: true }, deps);
  return { status: 'restored', redirect: nextUrl(next), next, data };
}

/** Carries out one mode of §4. */
export function runLoginMode(mode: LoginMode, deps: AuthDeps): Promise<ModeOutcome> {
  const href = deps.location.href();
  const clean = withoutSecrets(href);
  if (clean) deps.location.replace(clean);
  switch (mode.mode) {
    case 'error':
      notify('error', mode.message);
      return Promise.resolve({ status: 'failed', message: mode.message });
    case 'authorize':
      return authorize(mode, deps);
    case 'deviceClient':
      return loginCall(ENDPOINTS.deviceClientLogin, { userClientId: mode.userClientId }, deps);
    case 'password':
      return login(mode, deps);
    case 'ticket':
      return loginCall(mode.apipath, { ticket: mode.ticket }, deps);
    case 'relogin':
      return loginCall(ENDPOINTS.relogin, { accessToken: mode.accessToken }, deps);
    case 'social':
      return loginCall(
        endpointPath(ENDPOINTS.social, { provider: mode.provider }),
        { code: mode.code, token: mode.token, deviceId: mode.deviceId, unitHost: unitHost(href) },
        deps,
      );
    case 'loggedIn':
      return alreadyLoggedIn(deps);
    case 'chatSocial':
      return chatSignIn(mode.provider, deps);
    case 'auto':
      return autoLogin(deps);
    case 'autoExhausted':
      $loggedOut.set(LOGGED_OUT);
      return Promise.resolve({ status: 'exhausted' });
    case 'form':
      return Promise.resolve({ status: 'form' });
  }
}

/** The login page's entry: decide the mode from the page and the stored state, then carry it out. */
export function startLogin(deps: AuthDeps, userAgent?: string): Promise<ModeOutcome> {
  const browser = userAgent === undefined ? deps : { ...deps, userAgent };
  return runLoginMode(resolveLoginMode(loginModeContext(browser)), browser);
}
