import type { Envelope, LoginData } from '../api/types';
import { ENDPOINTS, INVALID_GRANT } from '../api/wire';
import { envelopeMessage, HttpError, isEnvelope } from '../http/errors';
import { $language, t } from '../i18n/translate';
import { notify } from '../notify';
import { bindPageUrl, landingUrl } from '../routes/paths';
import { $autoLoginCount, $loggedOut, $storedUser, LOGGED_OUT } from '../session/prefs';
import { $loginStatus, $session, beginSession, storeLoginInfo } from '../session/state';
import { type Credentials, readRememberedCredentials } from './credentials';
import { type AuthDeps, authSite, userAgentOf } from './deps';
import { AUTO_LOGIN_MAX, urlQuery } from './mode';
import { decideRedirect } from './redirect';

export type LoginOutcome =
  | { status: 'ok'; redirect: string | null; data: Partial<LoginData> }
  | { status: 'bind'; url: string }
  | { status: 'failed'; message: string; envelope?: Envelope };

/** The stored `user` record: who is logged in, never the token. */
function userRecord(data: Partial<LoginData>): Record<string, unknown> {
  const { accessToken: _token, expiresIn: _expires, ...rest } = data;
  return rest;
}

/** §4 status handling shared by every login mode. */
export function handleLoginResult(answer: Envelope<Partial<LoginData> | null>, deps: AuthDeps): LoginOutcome {
  const href = deps.location.href();
  if (answer.status === 200) {
    const data = answer.data ?? {};
    beginSession();
    storeLoginInfo(data);
    $storedUser.set(userRecord(data));
    $loggedOut.set(undefined);
    $autoLoginCount.set(0);
    $loginStatus.set('in');
    notify('success', t('core.auth.loginSuccess'));
    const { config } = deps;
    const session = $session.get();
    const site = authSite(deps);
    const landing = landingUrl({
      ...config,
      site,
      unitType: session.unitType,
      unitId: session.unitId,
      userAgent: userAgentOf(deps),
    });
    const redirect = decideRedirect({
      href,
      site,
      jumpPage: config.jumpPage,
      landing,
      allowedOrigins: config.allowedRedirectOrigins,
    });
    if (redirect) deps.location.assign(redirect);
    else deps.location.reload();
    return { status: 'ok', redirect, data };
  }
  const identity: Partial<LoginData> & { id?: string } = answer.data ?? {};
  // §4: 400 with a code other than invalid_grant goes to the bind page — when the answer names an identity to
  // bind (`id` is the server's pending binding). A 400 about malformed input has none: it is shown, not bound.
  if (answer.status === 400 && answer.code !== INVALID_GRANT && (identity.id || identity.openid)) {
    const data = identity;
    const url = bindPageUrl(
      {
        id: data.id,
        openid: data.openid,
        unionid: data.unionid,
        deviceId: urlQuery(href).query.get('deviceId') ?? undefined,
      },
      { ...deps.config, site: authSite(deps) },
    );
    deps.location.assign(url);
    return { status: 'bind', url };
  }
  const { message, notice } = envelopeMessage(answer as Envelope, $language.get());
  notify(notice, message);
  return { status: 'failed', message, envelope: answer as Envelope };
}

/** Posts a login-like call and handles its answer; a non-200 envelope in an HTTP error still goes through §4. */
export async function loginCall(url: string, data: Record<string, unknown>, deps: AuthDeps): Promise<LoginOutcome> {
  try {
    const answer = await deps.http.request<Partial<LoginData>>({
      url,
      method: 'post',
      data: { ...data, noIntercept: true },
      noIntercept: true,
      skipAuthRecovery: true,
    });
    return handleLoginResult(answer, deps);
  } catch (error) {
    if (error instanceof HttpError && isEnvelope(error.envelope)) {
      return handleLoginResult(error.envelope as Envelope<Partial<LoginData>>, deps);
    }
    const message = error instanceof Error ? error.message : String(error);
    notify('error', message);
    return { status: 'failed', message };
  }
}

/** POST /api/uaa/oauth/login with username and password (§3 payload, noIntercept in the form). */
export function login(credentials: Credentials, deps: AuthDeps): Promise<LoginOutcome> {
  return loginCall(ENDPOINTS.login, { username: credentials.username, password: credentials.password }, deps);
}

export type AutoLoginOutcome = LoginOutcome | { status: 'exhausted' } | { status: 'skipped' };

/** §4 automatic login with the remembered credentials: at most 4 attempts, then the logout flag is set. */
export async function autoLogin(deps: AuthDeps): Promise<AutoLoginOutcome> {
  const count = $autoLoginCount.get();
  if (count >= AUTO_LOGIN_MAX) {
    $loggedOut.set(LOGGED_OUT);
    return { status: 'exhausted' };
  }
  const credentials = await readRememberedCredentials(deps.credentials);
  if (!credentials) return { status: 'skipped' };
  $autoLoginCount.set(count + 1);
  return login(credentials, deps);
}
