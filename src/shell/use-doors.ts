import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $language,
  $session,
  type AppItem,
  defaultClient,
  linkRefusal,
  openApp,
  pageSite,
  type Refusal,
  redirectAppUrl,
  requestMessageList,
  requireConfig,
} from '../core';

// The shell's doors out of a route: §2's /redirect/{app}, the messages route, and an app opened from the desktop.
// Each goes through the one gate (access, licence) before the page is left.

/** §2 /redirect/{app}: the app's page once the gate lets it open, else why not. */
export function useRedirectDoor(redirectApp: string): Refusal | null {
  const session = useStore($session);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  useEffect(() => {
    setRefusal(null);
    if (!redirectApp) return;
    const config = requireConfig();
    const target = { device: config.device, userType: session.userType, rootPath: config.rootPath, site: pageSite() };
    const url = redirectAppUrl(redirectApp, target);
    let live = true;
    void linkRefusal(url, window.location.href).then((refused) => {
      if (!live) return;
      if (refused) setRefusal(refused);
      else window.location.assign(url);
    });
    return () => {
      live = false;
    };
  }, [redirectApp, session.userType]);
  return refusal;
}

/** The messages route: the message list is the header's dialog; it opens over the desktop, which the route becomes. */
export function useMessagesRoute(wanted: boolean, home: string): void {
  useEffect(() => {
    if (!wanted) return;
    requestMessageList();
    window.location.replace(home);
  }, [wanted, home]);
}

/** Opens an app of the desktop, or hands its refusal to `refused`. */
export function useOpenApp(refused: (refusal: Refusal) => void): (app: AppItem) => Promise<void> {
  const session = useStore($session);
  const language = useStore($language);
  return async (app) => {
    const config = requireConfig();
    const outcome = await openApp(app, {
      http: defaultClient(),
      user: { userId: session.userId, userType: session.userType, unitId: session.unitId },
      language,
      modules: {
        env: config.env,
        userType: session.userType,
        rootPath: config.rootPath,
        serverId: config.serverId,
        site: pageSite(),
        ...(config.pre ? { pre: config.pre } : {}),
      },
    });
    if (outcome.kind === 'refused') refused(outcome.refusal);
    else window.location.assign(outcome.url);
  };
}
