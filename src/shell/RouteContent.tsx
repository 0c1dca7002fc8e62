import { useStore } from '@nanostores/react';
import {
  $hongKong,
  $language,
  $translate,
  type AppItem,
  type DesktopData,
  type EntryDecision,
  type MenuRoute,
  menuRouteName,
  type Refusal,
  SHELL_ROUTES,
} from '../core';
import { Desktop } from './desktop/Desktop';
import { NotFound } from './NotFound';
import { RefusedPage } from './RefusedPage';
import { UnitSettings } from './UnitSettings';
import type { ShellPhase } from './use-shell-session';
import { SubAppViewport } from './viewport/SubAppViewport';

export interface RouteContentProps {
  phase: ShellPhase;
  decision: EntryDecision | null;
  /** The phone's short app names. */
  short: boolean;
  home: string;
  menu: readonly MenuRoute[];
  keepAlive: number;
  onOpen: (app: AppItem) => Promise<void>;
  preloaded: () => Promise<DesktopData> | null;
  redirectRefusal: Refusal | null;
}

/** What the hash route decided (core's decideEntry), as the shell's main content. */
export function RouteContent(props: RouteContentProps) {
  const translate = useStore($translate);
  const language = useStore($language);
  useStore($hongKong);
  const { phase, decision, home, menu } = props;
  if (phase !== 'ready' || !decision || decision.kind === 'messages') {
    return (
      <p className="shell-status" role="status">
        {translate(phase === 'leaving' ? 'page.landing.leaving' : 'page.landing.checking')}
      </p>
    );
  }
  switch (decision.kind) {
    case 'home':
      return <Desktop short={props.short} onOpen={props.onOpen} preloaded={props.preloaded} />;
    case 'subapp':
      return <SubAppViewport app={decision.app} fileId={decision.fileId} keepAlive={props.keepAlive} />;
    case 'notFound':
      return <NotFound homeHref={home} />;
    case 'redirect':
      return props.redirectRefusal ? (
        <RefusedPage refusal={props.redirectRefusal} homeHref={home} />
      ) : (
        <p className="shell-status">{translate('shell.loading')}</p>
      );
    case 'unitSettings': {
      // The menu names it (menuRouteName); the page reads the rest itself.
      const route = menu.find((item) => item.path === SHELL_ROUTES.unitSettings);
      return <UnitSettings title={route ? menuRouteName(route, translate, language) : SHELL_ROUTES.unitSettings} />;
    }
    default: {
      const route = menu.find((item) => item.path === decision.path);
      return (
        <section className="route-page" aria-labelledby="route-title">
          <h1 id="route-title">{route ? menuRouteName(route, translate, language) : decision.path}</h1>
        </section>
      );
    }
  }
}
