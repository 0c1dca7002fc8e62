import type { Device } from '../api/wire';
import type { LocationAdapter } from '../config/location';
import type { Env } from '../config/options';
import { DESKTOP_RELOGIN_PATH, isElectronShell, LOGIN_PAGE_PATH, loginPageUrl } from '../routes/paths';
import { siteOf, sitePath } from '../routes/site';
import { leaveForLogin } from '../session/leave';
import { $loginDialogReady, $loginFormShown, $loginPrompt } from './login-prompt';

// §4/§8: a session that no refresh brings back. The app shell logs in again with its device client id; everyone
// else signs in again — on the login page, on /needtologinpagerelogin in a desktop client or electron shell (§2),
// or in the page's login dialog in development.

export interface LostSessionConfig {
  /** Where the platform is (routes/site.ts): the login page is under its prefix. */
  apiBase?: string;
  basePath?: string;
  env?: Env;
  device?: Device;
  userClientId?: string;
  /** The page runs in the desktop client (an electron shell is also recognised by its user agent). */
  desktopClient?: boolean;
  onDeviceLoginFailed?: (reason: string) => void;
}

export interface LostSessionDeps {
  location: () => LocationAdapter;
  userAgent: () => string;
  /** POST login_user_client; true when it logged in. */
  deviceLogin: (userClientId: string) => Promise<boolean>;
}

function sendToLogin(config: LostSessionConfig, deps: LostSessionDeps): void {
  const here = deps.location();
  const href = here.href();
  const site = siteOf(href, config);
  const path = sitePath(site, href);
  // Already on a page with the login form: it shows the form itself; leaving again would loop (§8).
  if ($loginFormShown.get() || path === LOGIN_PAGE_PATH || path === DESKTOP_RELOGIN_PATH) return;
  // Development asks the page's login dialog; a page without one leaves for the login page all the same.
  if (config.env !== 'production' && $loginDialogReady.get()) {
    $loginPrompt.set({ redirectUri: href });
    return;
  }
  const desktopClient = config.desktopClient === true || isElectronShell(deps.userAgent());
  leaveForLogin(here, loginPageUrl(href, { site, desktopClient }));
}

/** The re-login step of the recovery: resolves true only when the device client logged in again. */
export function createRelogin(config: LostSessionConfig, deps: LostSessionDeps): () => Promise<boolean> {
  return async () => {
    if (config.device === 'app' && config.userClientId) {
      if (await deps.deviceLogin(config.userClientId)) return true;
      config.onDeviceLoginFailed?.('device login failed');
      return false;
    }
    sendToLogin(config, deps);
    return false;
  };
}
