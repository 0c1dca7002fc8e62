import type { RefObject } from 'react';
import {
  authDeps,
  getLocation,
  LOGIN_PAGE_PATH,
  landingUrl,
  leaveForLogin,
  loginPageUrl,
  logout,
  type PhConfig,
  pageSite,
  type SessionState,
  siteUrl,
} from '../../core';
import type { PhHeaderProps } from './props';

// The header's two ways off the page, each offered by the bar and by the access block: back to the desktop, and
// signing out. They change with the landing and login pages of §2, not with the buttons that offer them.

/** The desktop button: the page's listener may keep the page (false), else the landing page of §2 opens. */
export function goToDesktop(props: PhHeaderProps, config: PhConfig | null, session: SessionState): void {
  if (props.onDesktop?.() === false || !config) return;
  getLocation().assign(
    landingUrl({
      ...config,
      site: pageSite(),
      unitId: session.unitId,
      unitType: session.unitType,
      faceTerminal: session.faceTerminal,
    }),
  );
}

/**
 * Signs out and goes to the login page (with this page to come back to), or to the bare login page to sign in as
 * someone else. `leaving` keeps the header from redirecting by itself once the session ends.
 */
export async function signOut(leaving: RefObject<boolean>, toLoginOnly: boolean): Promise<void> {
  leaving.current = true;
  await logout(authDeps());
  const location = getLocation();
  const site = pageSite();
  leaveForLogin(location, toLoginOnly ? siteUrl(site, LOGIN_PAGE_PATH) : loginPageUrl(location.href(), { site }));
}
