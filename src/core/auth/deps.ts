import type { LoginData } from '../api/types';
import { getLocation, type LocationAdapter } from '../config/location';
import { requireConfig } from '../config/phinit';
import type { PhConfig } from '../config/resolve';
import type { HttpClient } from '../http/client-types';
import { defaultClient } from '../http/request';
import { type Site, siteOf } from '../routes/site';
import type { CredentialDeps } from './credentials';
import { type NavigationLog, sessionNavigationLog } from './navigation';
import type { AfterSignIn, RedirectChoice } from './redirect';

export type AuthConfig = Pick<
  PhConfig,
  | 'env'
  | 'device'
  | 'rootPath'
  | 'base'
  | 'areaBase'
  | 'jumpPage'
  | 'oneProxy'
  | 'specialUnitId'
  | 'loginTickitConifg'
  | 'userClientId'
> &
  Partial<Pick<PhConfig, 'allowedRedirectOrigins' | 'socialAuthorize' | 'apiBase' | 'basePath'>>;

/** Signed in (or found signed in): the data, and what the page is about to do (redirect.ts). */
export interface SignedIn {
  data: Partial<LoginData>;
  next: AfterSignIn;
  /** A session found on load, not a sign-in. */
  restored: boolean;
}

/** Everything the effectful auth functions touch, injectable so tests observe calls and navigation. */
export interface AuthDeps {
  http: Pick<HttpClient, 'request'>;
  location: LocationAdapter;
  config: AuthConfig;
  /** Session storage to clear on logout; null where there is none. */
  sessionStorage: { clear(): void } | null;
  credentials: CredentialDeps;
  /** The browser's user agent (a phone lands on the mobile desktop); the navigator's when left out. */
  userAgent?: string;
  /** `none`: stay after signing in (an app that routes by itself); default `auto`, §4's order. */
  redirect?: RedirectChoice;
  /** `dialog`: the re-login dialog, after which the page reloads in place. Default `page`. */
  place?: 'page' | 'dialog';
  /** The tab's last navigation after a sign-in (the loop guard); session storage by default. */
  navigation: NavigationLog;
  /**
   * Told once the session is in, before the page follows `next`: what the caller must do first (remember a password,
   * tell the page). Answers false to keep the page where it is (an event's preventDefault()).
   */
  beforeLeave?: (signedIn: SignedIn) => boolean | Promise<boolean>;
  /**
   * The caller says a sign-in's wait in its own form (`<ph-login>`: why, and a countdown), so no toast says it too
   * (issue 69: the lock was said three times).
   */
  showsWaits?: boolean;
}

/** The user agent the auth functions decide by: the injected one, else the navigator's. */
export function userAgentOf(deps: Pick<AuthDeps, 'userAgent'>): string {
  return deps.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
}

/** The site the auth functions navigate on: the location's origin, the configuration's prefix. */
export function authSite(deps: Pick<AuthDeps, 'location' | 'config'>): Site {
  return siteOf(deps.location.href(), deps.config);
}

export function authDeps(overrides: Partial<AuthDeps> = {}): AuthDeps {
  return {
    http: overrides.http ?? defaultClient(),
    location: overrides.location ?? getLocation(),
    config: overrides.config ?? requireConfig(),
    sessionStorage:
      overrides.sessionStorage !== undefined
        ? overrides.sessionStorage
        : typeof sessionStorage === 'undefined'
          ? null
          : sessionStorage,
    credentials: overrides.credentials ?? {},
    userAgent: overrides.userAgent,
    redirect: overrides.redirect,
    place: overrides.place,
    navigation: overrides.navigation ?? sessionNavigationLog(),
    beforeLeave: overrides.beforeLeave,
    showsWaits: overrides.showsWaits,
  };
}
