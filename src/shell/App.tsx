import { useStore } from '@nanostores/react';
import { type ReactElement, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import {
  $hongKong,
  $language,
  $permittedCodes,
  $session,
  $translate,
  type AppItem,
  authDeps,
  type DesktopData,
  decideEntry,
  defaultClient,
  fetchesPermissionTree,
  fetchMe,
  getLocation,
  hashFor,
  isContentMode,
  isElectronShell,
  isHomeRoute,
  landingUrl,
  leaveForLogin,
  linkRefusal,
  loadDesktop,
  loadPermissionTree,
  loginPageUrl,
  type MenuRoute,
  menuRouteName,
  NOT_FOUND_ROUTE,
  openApp,
  pageSite,
  permittedCodes,
  type Refusal,
  redirectAppUrl,
  requestMessageList,
  requireConfig,
  routesFromPermissionTree,
  SHELL_ROUTES,
  splitBilingual,
} from '../core';
import { Desktop } from './desktop/Desktop';
import { RefusalDialog } from './desktop/RefusalDialog';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import type { ShellPage } from './page';
import { RefusedPage } from './RefusedPage';
import { UnitSettings } from './UnitSettings';
import { useHashLocation } from './use-hash';
import { useLayoutKind } from './use-layout';
import { SubAppViewport } from './viewport/SubAppViewport';

type Phase = 'checking' | 'leaving' | 'ready';

const samePage = (a: string, b: string) => a.replace(/index\.html$/, '') === b.replace(/index\.html$/, '');

/** After `me`: the user's own landing page (§2) when this is another one, else null. */
function landingElsewhere(): string | null {
  const config = requireConfig();
  const session = $session.get();
  const target = landingUrl({ ...config, site: pageSite(), unitType: session.unitType, unitId: session.unitId });
  return samePage(new URL(target).pathname, window.location.pathname) ? null : target;
}

/** The shell: who is signed in, the menu routes of the permission tree, then what the hash route decides. */
export function App({ page }: { page: ShellPage }) {
  const translate = useStore($translate);
  const language = useStore($language);
  const session = useStore($session);
  const location = useHashLocation(page.routerBase);
  const layoutKind = useLayoutKind();
  const [phase, setPhase] = useState<Phase>('checking');
  const [menu, setMenu] = useState<MenuRoute[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // The desktop's icons, asked for as soon as `me` answers when the entry route is the desktop; taken once.
  const desktopAhead = useRef<Promise<DesktopData> | null>(null);
  const entryPath = useRef(location.path);
  const takeDesktopAhead = useCallback(() => {
    const ahead = desktopAhead.current;
    desktopAhead.current = null;
    return ahead;
  }, []);
  const title = translate(page.phinit.code === 'areaDesktop' ? 'page.landing.areaDesktop' : 'page.landing.desktop');

  useEffect(() => {
    (async () => {
      const me = await fetchMe(authDeps());
      if (!me) {
        // §8: a failed login outside the login page goes to /login (the re-login page in a desktop client, §2).
        setPhase('leaving');
        const desktopClient = requireConfig().desktopClient || isElectronShell(navigator.userAgent);
        const here = getLocation();
        leaveForLogin(here, loginPageUrl(here.href(), { site: pageSite(), desktopClient }));
        return;
      }
      const elsewhere = page.isLanding ? landingElsewhere() : null;
      if (elsewhere) {
        setPhase('leaving');
        window.location.replace(elsewhere + window.location.hash);
        return;
      }
      if (isHomeRoute(entryPath.current)) {
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

  // The unit's name in Hong Kong forms for zh-HK, once the converter has loaded (issue 56).
  useStore($hongKong);
  const unit =
    language === 'en' && session.unitEnName ? session.unitEnName : splitBilingual(session.unitName, language);
  useEffect(() => {
    document.title = session.unitName ? `${title} · ${unit}` : title;
    document.documentElement.lang = language;
  }, [title, language, session.unitName, unit]);

  useEffect(() => {
    document.body.dataset.loginStatus = phase === 'ready' ? 'in' : 'unknown';
  }, [phase]);

  const decision =
    phase === 'ready'
      ? decideEntry(location, {
          userType: session.userType,
          menuRoutes: menu.map((route) => route.path),
          exempt: page.exempt,
        })
      : null;

  const redirectApp = decision?.kind === 'redirect' ? decision.app : '';
  const [redirectRefusal, setRedirectRefusal] = useState<Refusal | null>(null);
  useEffect(() => {
    setRedirectRefusal(null);
    if (!redirectApp) return;
    const config = requireConfig();
    const target = { device: config.device, userType: session.userType, rootPath: config.rootPath, site: pageSite() };
    const url = redirectAppUrl(redirectApp, target);
    let live = true;
    // §2 /redirect/{app} is a door like the others: the one gate answers before the page is left.
    void linkRefusal(url, window.location.href).then((refused) => {
      if (!live) return;
      if (refused) setRedirectRefusal(refused);
      else window.location.assign(url);
    });
    return () => {
      live = false;
    };
  }, [redirectApp, session.userType]);

  const home = hashFor('/desktop/home', page.routerBase);
  const wantsMessages = decision?.kind === 'messages';
  useEffect(() => {
    if (!wantsMessages) return;
    // The message list is the header's dialog: it opens over the desktop, which the route becomes.
    requestMessageList();
    window.location.replace(home);
  }, [wantsMessages, home]);

  const open = async (app: AppItem) => {
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
    if (outcome.kind === 'refused') setRefusal(outcome.refusal);
    else window.location.assign(outcome.url);
  };

  let content: ReactElement;
  if (phase !== 'ready' || !decision || decision.kind === 'messages') {
    content = (
      <p className="shell-status" role="status">
        {translate(phase === 'leaving' ? 'page.landing.leaving' : 'page.landing.checking')}
      </p>
    );
  } else if (decision.kind === 'home') {
    content = <Desktop short={layoutKind === 'mobile'} onOpen={open} preloaded={takeDesktopAhead} />;
  } else if (decision.kind === 'subapp') {
    content = <SubAppViewport app={decision.app} fileId={decision.fileId} keepAlive={page.keepAlive} />;
  } else if (decision.kind === 'notFound') {
    content = <NotFound homeHref={home} />;
  } else if (decision.kind === 'redirect') {
    content = redirectRefusal ? (
      <RefusedPage refusal={redirectRefusal} homeHref={home} />
    ) : (
      <p className="shell-status">{translate('shell.loading')}</p>
    );
  } else if (decision.kind === 'unitSettings') {
    // The menu names it (in Chinese only in the tree, translated by menuRouteName); the page reads the rest itself.
    const route = menu.find((item) => item.path === SHELL_ROUTES.unitSettings);
    content = <UnitSettings title={route ? menuRouteName(route, translate) : SHELL_ROUTES.unitSettings} />;
  } else {
    const route = menu.find((item) => item.path === decision.path);
    content = (
      <section className="route-page" aria-labelledby="route-title">
        <h1 id="route-title">{route ? menuRouteName(route, translate) : decision.path}</h1>
      </section>
    );
  }

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
        {content}
      </Layout>
      <RefusalDialog refusal={refusal} onClose={() => setRefusal(null)} />
    </>
  );
}
