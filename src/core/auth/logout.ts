import type { Envelope } from '../api/types';
import { ENDPOINTS } from '../api/wire';
import { $autoLoginCount, $loggedOut, $productCode, $storedUser, LOGGED_OUT } from '../session/prefs';
import { $loginStatus, resetSession } from '../session/state';
import type { AuthDeps } from './deps';

/**
 * §4 Logout clears exactly: the stored user data, session storage, the auto-login counter and the product code,
 * and sets IS_LOGOUTED (`chosen`). A lost session (`me` fails) clears the same data but keeps IS_LOGOUTED and the
 * auto-login counter as they are: auto-login may bring the user back, and every page load that finds the session
 * gone must not hand it four fresh attempts.
 */
export function clearLocalSession(deps: Pick<AuthDeps, 'sessionStorage'>, chosen: boolean): void {
  $storedUser.set(null);
  deps.sessionStorage?.clear();
  $productCode.set(undefined);
  if (chosen) {
    $autoLoginCount.set(0);
    $loggedOut.set(LOGGED_OUT);
  }
  resetSession();
  $loginStatus.set('out');
}

/** POST /api/uaa/oauth/logout, then the local clearing; resolves whether the server confirmed (status 200 + data). */
export async function logout(deps: AuthDeps): Promise<boolean> {
  let confirmed = false;
  try {
    const answer: Envelope = await deps.http.request({
      url: ENDPOINTS.logout,
      method: 'post',
      noIntercept: true,
    });
    confirmed = answer.status === 200 && Boolean(answer.data);
  } catch {
    confirmed = false;
  }
  clearLocalSession(deps, true);
  return confirmed;
}
