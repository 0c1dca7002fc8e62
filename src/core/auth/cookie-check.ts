import type { Envelope } from '../api/types';
import { ENDPOINTS } from '../api/wire';
import { HttpError } from '../http/errors';
import { t } from '../i18n/translate';
import { notify } from '../notify';
import { type AuthDeps, authSite } from './deps';

// A page whose API is on another site (the page on localhost, the API on 127.0.0.1, issue 68): the server accepts the
// password and sets its session cookie, but the browser keeps SameSite=Lax cookies away from another site's requests,
// so the next call is a 401 and the session is gone after it. Right after such a sign-in, one `me` with the cookies
// alone (no bearer token) says whether they come back; if not, the sign-in fails with a message naming the cause,
// instead of a success that lasts until the next page.

/** The envelope code of that failure (ph-login-error's `code`). */
export const CROSS_SITE_COOKIE = 'cross_site_cookie';

/** The API is on another origin than the page: its cookies travel only where SameSite and CORS let them. */
export function apiOnAnotherOrigin(deps: Pick<AuthDeps, 'location' | 'config'>): boolean {
  const site = authSite(deps);
  return new URL(site.api).origin !== site.origin;
}

/** After a 200 sign-in: null when the session cookie comes back (or cannot matter), else the failure to report. */
export async function cookieRefused(
  deps: AuthDeps,
): Promise<{ status: 'failed'; message: string; envelope: Envelope } | null> {
  if (!apiOnAnotherOrigin(deps)) return null;
  try {
    const answer: Envelope<unknown> = await deps.http.request({
      url: ENDPOINTS.me,
      params: { noIntercept: true },
      noIntercept: true,
      skipAuthRecovery: true,
      withoutToken: true,
    });
    if (answer.status === 200 && answer.data) return null;
  } catch (error) {
    // Only a 401 says the cookie did not come back; any other failure is not this one's to name.
    if (!(error instanceof HttpError && error.status === 401)) return null;
  }
  const site = authSite(deps);
  const message = t('core.auth.crossSiteCookie', { page: site.origin, api: new URL(site.api).origin });
  notify('error', message);
  return { status: 'failed', message, envelope: { status: 401, code: CROSS_SITE_COOKIE, message, data: null } };
}
