import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import {
  $permittedCodes,
  $session,
  authDeps,
  type DesktopData,
  defaultClient,
  fetchesPermissionTree,
  fetchMe,
  getLocation,
  isElectronShell,
  isHomeRoute,
  landingUrl,
  leaveForLogin,
  loadDesktop,
  loadPermissionTree,
  loginPageUrl,
  type MenuRoute,
  NOT_FOUND_ROUTE,
  pageSite,
  permittedCodes,
  requireConfig,
  routesFromPermissionTree,
} from '../core';
import type { ShellPage } from './page';

// Who is signed in, and what the shell needs before it decides a route: `me` (else off to the login page), the user's
// own landing page (else off there), the permission tree's menu routes, and the desktop's icons asked for early.

export type ShellPhase = 'checking' | 'leaving' | 'ready';

const samePage = (a: string, b: string) => a.replace(/index\.html$/, '') === b.replace(/index\.html$/, '');

/** After `me`: the user's own landing page (§2) when this is another one, else null. */
function landingElsewhere(): string | null {
  const config = requireConfig();
  const session = $session.get();
  const target = landingUrl({
    ...config,
    site: pageSite(),
    unitType: session.unitType,
    unitId: session.unitId,
    faceTerminal: session.faceTerminal,
  });
  return samePage(new URL(target).pathname, window.location.pathname) ? null : target;
}

/** §8: a failed login outside the login page goes to /login (the re-login page in a desktop client, §2). */
function leaveSignedOut(): void {
  const desktopClient = requireConfig().desktopClient || isElectronShell(navigator.userAgent);
  const here = getLocation();
  leaveForLogin(here, loginPageUrl(here.href(), { site: pageSite(), desktopClient }));
}

export function useShellSession(page: ShellPage, entryPath: string) {
  const [phase, setPhase] = useState<ShellPhase>('checking');
  const [menu, setMenu] = useState<MenuRoute[]>([]);
  // The desktop's icons, asked for as soon as `me` answers when the entry route is the desktop; taken once.
  const desktopAhead = useRef<Promise<DesktopData> | null>(null);
  const entry = useRef(entryPath);
  const takeDesktopAhead = useCallback(() => {
    const ahead = desktopAhead.current;
    desktopAhead.current = null;
    return ahead;
  }, []);

  useEffect(() => {
    (async () => {
      const me = await fetchMe(authDeps());
      if (!me) {
        setPhase('leaving');
        leaveSignedOut();
        return;
      }
      const elsewhere = page.isLanding ? landingElsewhere() : null;
      if (elsewhere) {
        setPhase('leaving');
        window.location.replace(elsewhere + window.location.hash);
        return;
      }
      if (isHomeRoute(entry.current)) {
        const { userId, unitId } = $session.get();
        desktopAhead.current = loadDesktop(defaultClient(), { userId, unitId });
        desktopAhead.current.catch(() => undefined);
      }
      if (fetchesPermissionTree(me.userType)) {
        const tree = await loadPermissionTree(defaultClient(), page.treeCode).catch(() => []);
        const codes = permittedCodes(tree);
        $permittedCodes.set(codes);
        startTransition(() =>
          setMenu(routesFromPermissionTree(tree, codes).filter((route) => route !== NOT_FOUND_ROUTE)),
        );
      }
      startTransition(() => setPhase('ready'));
    })();
  }, [page.treeCode, page.isLanding]);

  return { phase, menu, takeDesktopAhead };
}
