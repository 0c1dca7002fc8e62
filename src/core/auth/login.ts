import type { Envelope, LoginData } from '../api/types';
import { ENDPOINTS, INVALID_GRANT } from '../api/wire';
import { envelopeMessage, HttpError, isEnvelope } from '../http/errors';
import { $language, t } from '../i18n/translate';
import { notify } from '../notify';
import { bindPageUrl, landingUrl } from '../routes/paths';
import { $autoLoginCount, $loggedOut, $storedUser, LOGGED_OUT } from '../session/prefs';
import { $loginStatus, $session, beginSession, storeLoginInfo } from '../session/state';
import { cookieRefused } from './cookie-check';
import { type Credentials, readRememberedCredentials } from './credentials';
import { type AuthDeps, authSite, type SignedIn, userAgentOf } from './deps';
import { AUTO_LOGIN_MAX, urlQuery } from './mode';
import { followAfterSignIn, navigatedThisLoad } from './navigation';
import { type AfterSignIn, decideAfterSignIn, decideRedirect } from './redirect';
import { signInWaitOf } from './sign-in-wait';

export type LoginOutcome =
  | { status: 'ok'; redirect: string | null; next: AfterSignIn; data: Partial<LoginData> }
  | { status: 'bind'; url: string }
  | { status: 'failed'; message: string; envelope?: Envelope };

/** The stored `user` record: who is logged in, never the token. */
function userRecord(data: Partial<LoginData>): Record<string, unknown> {
  const { accessToken: _token, expiresIn: _expires, ...rest } = data;
  return rest;
}

/** §4 after a sign-in or a restored session: where it would go, and what the page does (redirect.ts decides). */
export function afterSignIn(deps: AuthDeps, restored: boolean): AfterSignIn {
  const { config } = deps;
  const href = deps.location.href();
  const session = $session.get();
  const site = authSite(deps);
  const landing = landingUrl({
    ...config,
    site,
    unitType: session.unitType,
    unitId: session.unitId,
    faceTerminal: session.faceTerminal,
    userAgent: userAgentOf(deps),
  });
  const target = decideRedirect({
    href,
    site,
    jumpPage: config.jumpPage,
    landing,
    allowedOrigins: config.allowedRedirectOrigins,
  });
  return decideAfterSignIn({
    href,
    target,
    redirect: deps.redirect ?? 'auto',
    restored,
    place: deps.place ?? 'page',
    navigatedThisLoad: navigatedThisLoad(deps.location),
    loadedAt: deps.location.loaded?.() ?? null,
    last: deps.navigation.last(),
    now: Date.now(),
  });
}

/** Where `next` leads, for the page to know: the URL it goes to, or the one it would have gone to while it stays. */
export function nextUrl(next: AfterSignIn): string | null {
  return next.action === 'reload' ? null : next.url;
}

/** Tells the caller (deps.beforeLeave), then carries `next` out unless the caller kept the page. */
export async function leaveAfterSignIn(signedIn: SignedIn, deps: AuthDeps): Promise<void> {
  const proceed = (await deps.beforeLeave?.(signedIn)) ?? true;
  if (proceed) followAfterSignIn(signedIn.next, deps);
}

/** A 200 login answer taken in: the session begins, 'login success' shows, and what follows is decided. */
function acceptLogin(data: Partial<LoginData>, deps: AuthDeps): LoginOutcome & { status: 'ok' } {
  beginSession();
  storeLoginInfo(data);
  $storedUser.set(userRecord(data));
  $loggedOut.set(undefined);
  $autoLoginCount.set(0);
  $loginStatus.set('in');
  notify('success', t('core.auth.loginSuccess'));
  const next = afterSignIn(deps, false);
  return { status: 'ok', redirect: nextUrl(next), next, data };
}

/** §4 status handling shared by every login mode; a success is carried out at once (see loginCall for the wait). */
export function handleLoginResult(answer: Envelope<Partial<LoginData> | null>, deps: AuthDeps): LoginOutcome {
  const outcome = decideLoginResult(answer, deps);
  if (outcome.status === 'ok') followAfterSignIn(outcome.next, deps);
  return outcome;
}

/** §4 status handling without the navigation of a success: the session is in and `next` is decided. */
function decideLoginResult(answer: Envelope<Partial<LoginData> | null>, deps: AuthDeps): LoginOutcome {
  const href = deps.location.href();
  if (answer.status === 200) return acceptLogin(answer.data ?? {}, deps);
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
  if (!(deps.showsWaits && signInWaitOf(answer, 0))) notify(notice, message);
  return { status: 'failed', message, envelope: answer as Envelope };
}

/**
 * A login answer carried through: a 200 whose session cookie the browser will not send back (cookie-check.ts) is a
 * failure that says so; a success waits for deps.beforeLeave before the page follows it.
 */
async function settleLogin(answer: Envelope<Partial<LoginData> | null>, deps: AuthDeps): Promise<LoginOutcome> {
  if (answer.status === 200) {
    const refused = await cookieRefused(deps);
    if (refused) return refused;
  }
  const outcome = decideLoginResult(answer, deps);
  if (outcome.status === 'ok')
    await leaveAfterSignIn({ data: outcome.data, next: outcome.next, restored: false }, deps);
  return outcome;
}

/** Posts a login-like call and handles its answer; a non-200 envelope in an HTTP error still goes through §4. */
export async function loginCall(url: string, data: Record<string, unknown>, deps: AuthDeps): Promise<LoginOutcome> {
  let answer: Envelope<Partial<LoginData> | null>;
  try {
    answer = await deps.http.request<Partial<LoginData>>({
      url,
      method: 'post',
      data: { ...data, noIntercept: true },
      noIntercept: true,
      skipAuthRecovery: true,
    });
  } catch (error) {
    if (!(error instanceof HttpError && isEnvelope(error.envelope))) {
      const message = error instanceof Error ? error.message : String(error);
      notify('error', message);
      return { status: 'failed', message };
    }
    answer = error.envelope as Envelope<Partial<LoginData>>;
  }
  return settleLogin(answer, deps);
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
