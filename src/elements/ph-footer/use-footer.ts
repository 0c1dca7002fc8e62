import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $config,
  $loginStatus,
  $session,
  authDeps,
  checkVersions,
  defaultClient,
  type FooterContent,
  fetchMe,
  footerContent,
  getLocation,
  helpCenterLink,
  loadUnitConfig,
  versionReader,
} from '../../core';

// What the footer shows and does on its own: the unit's footer (copyright, link, filings, help centre) for the unit
// given or the signed-in one, `me` asked where no header asks it, and §4's version check of the page's service.

/** The unit's footer once it answered (null before; a failure reads as none) and the help centre's address. */
export function useFooterContent(unitIdProp: string | undefined, noVersionCheck: boolean | undefined) {
  const config = useStore($config);
  const session = useStore($session);
  const unitId = unitIdProp || session.unitId;
  const [content, setContent] = useState<FooterContent | null>(null);

  // The unit and the token come from the session: a page with a footer but no header asks `me` too (one shared call).
  useEffect(() => {
    if (config && $loginStatus.get() === 'unknown') void fetchMe(authDeps());
  }, [config]);

  useEffect(() => {
    if (!config) return;
    let live = true;
    void loadUnitConfig(unitId || undefined, defaultClient()).then((unit) => live && setContent(footerContent(unit)));
    return () => {
      live = false;
    };
  }, [config, unitId]);

  useEffect(() => {
    if (!config || noVersionCheck) return;
    void checkVersions({
      get: versionReader(defaultClient()),
      code: config.appCode,
      root: config.rootPath,
      env: config.env,
    });
  }, [config, noVersionCheck]);

  const help = content
    ? helpCenterLink(content.helpCenter || config?.helpCenterUrl || '', {
        href: getLocation().href(),
        accessToken: session.accessToken,
        unitId,
      })
    : '';
  return { content, help };
}
