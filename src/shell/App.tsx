import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $hongKong,
  $language,
  $session,
  $translate,
  decideEntry,
  hashFor,
  isContentMode,
  type Refusal,
  unitNameIn,
} from '../core';
import { RefusalDialog } from './desktop/RefusalDialog';
import { Layout } from './Layout';
import type { ShellPage } from './page';
import { RouteContent } from './RouteContent';
import { useMessagesRoute, useOpenApp, useRedirectDoor } from './use-doors';
import { useHashLocation } from './use-hash';
import { useLayoutKind } from './use-layout';
import { type ShellPhase, useShellSession } from './use-shell-session';

/** The shell: who is signed in, the menu routes of the permission tree, then what the hash route decides. */
export function App({ page }: { page: ShellPage }) {
  const session = useStore($session);
  const location = useHashLocation(page.routerBase);
  const layoutKind = useLayoutKind();
  const { phase, menu, takeDesktopAhead } = useShellSession(page, location.path);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  useDocumentTitle(page, phase);

  const decision =
    phase === 'ready'
      ? decideEntry(location, {
          userType: session.userType,
          menuRoutes: menu.map((route) => route.path),
          exempt: page.exempt,
        })
      : null;
  const redirectRefusal = useRedirectDoor(decision?.kind === 'redirect' ? decision.app : '');
  const home = hashFor('/desktop/home', page.routerBase);
  useMessagesRoute(decision?.kind === 'messages', home);
  const open = useOpenApp(setRefusal);

  return (
    <>
      <Layout
        kind={layoutKind}
        content={phase === 'ready' && isContentMode(location.query)}
        userId={session.userId}
        homeHref={home}
        menu={menu}
        base={page.routerBase}
        current={location.path}
      >
        <RouteContent
          phase={phase}
          decision={decision}
          short={layoutKind === 'mobile'}
          home={home}
          menu={menu}
          keepAlive={page.keepAlive}
          onOpen={open}
          preloaded={takeDesktopAhead}
          redirectRefusal={redirectRefusal}
        />
      </Layout>
      <RefusalDialog refusal={refusal} onClose={() => setRefusal(null)} />
    </>
  );
}

/** The tab's title (the landing page and the unit, in Hong Kong forms for zh-HK), the page language, the sign-in mark. */
function useDocumentTitle(page: ShellPage, phase: ShellPhase): void {
  const translate = useStore($translate);
  const language = useStore($language);
  const session = useStore($session);
  const title = translate(page.phinit.code === 'areaDesktop' ? 'page.landing.areaDesktop' : 'page.landing.desktop');
  // The unit's name in Hong Kong forms for zh-HK, once the converter has loaded (issue 56).
  useStore($hongKong);
  const unit = unitNameIn(session, language);
  useEffect(() => {
    document.title = session.unitName ? `${title} · ${unit}` : title;
    document.documentElement.lang = language;
  }, [title, language, session.unitName, unit]);
  useEffect(() => {
    document.body.dataset.loginStatus = phase === 'ready' ? 'in' : 'unknown';
  }, [phase]);
}
