import { useStore } from '@nanostores/react';
import { useId, useRef } from 'react';
import {
  $language,
  $recentApps,
  $session,
  $translate,
  type AppItem,
  arrangesDesktop,
  type DesktopData,
  type LauncherGroup,
  launcherGroups,
  parseTheme,
  tileMark,
} from '../../core';
import { Card } from '../../elements/common/Card';
import { NoData } from '../../elements/common/NoData';
import { AppIcon } from './AppIcon';
import { useArrange, useDesktopData } from './use-desktop';
import { useGroupPlaceholders } from './use-group-placeholders';

/** A group of more apps than this takes a row of its own on a wide desktop. */
const WIDE_GROUP_APPS = 6;
/** Groups this small pair up on a phone: two of them fill a row of four. */
const PHONE_HALF_ROW_APPS = 2;
/**
 * The icons a first screen holds at most (a phone's 4 × 6, a wide window's first rows): their pictures are asked for
 * at once and first; the rest load as the window comes near them.
 */
const FIRST_SCREEN_ICONS = 24;
/** A desktop of more apps than this has most of its groups off screen: those are skipped until scrolled to (shell.css). */
const LARGE_DESKTOP_APPS = 60;

export interface DesktopProps {
  short: boolean;
  onOpen: (app: AppItem) => void;
  /** The groups the shell already asked for (once: a later mount asks again, so counts are fresh). */
  preloaded?: () => Promise<DesktopData> | null;
}

/**
 * A group of many apps, or the only group (a parent's or a student's desktop: one narrow card in a wide window
 * otherwise), takes a row of its own; on a phone two groups of two share a row (four icons a row).
 */
function groupSize(apps: number, only: boolean): Record<string, string> | undefined {
  if (apps > WIDE_GROUP_APPS || only) return { 'data-wide': '' };
  return apps <= PHONE_HALF_ROW_APPS ? { 'data-few': '' } : undefined;
}

/**
 * The desktop launcher (§2, §3, §6): icons grouped for school teachers (common apps first), one flat list for others;
 * teachers reorder by drag or Alt+←/→, saved on the server; the user's recent apps (10) on top.
 */
export function Desktop({ short, onOpen, preloaded }: DesktopProps) {
  const translate = useStore($translate);
  const language = useStore($language);
  const session = useStore($session);
  const recent = useStore($recentApps)[session.userId] ?? [];
  const { groups, modules, unitExpired, setGroups } = useDesktopData(preloaded);
  const { handlers, announcement } = useArrange({ groups, setGroups });
  const hintId = useId();
  const arranges = arrangesDesktop(session);
  const theme = parseTheme(session.theme);
  const desktop = useRef<HTMLDivElement>(null);
  const shown = groups === null ? [] : launcherGroups(groups, session);
  const byCode = new Map(shown.flatMap((group) => group.apps.map((app) => [app.code, app] as const)));
  const large = byCode.size > LARGE_DESKTOP_APPS;
  const placeholder = useGroupPlaceholders(desktop, large);

  if (groups === null) return <p className="shell-status">{translate('shell.loading')}</p>;
  const recentApps = recent.map((entry) => byCode.get(entry.code)).filter((app): app is AppItem => Boolean(app));
  // In the order they are shown: the recent apps, then each group's.
  let shownIcons = 0;
  const icon = (app: AppItem, group?: LauncherGroup) => (
    <AppIcon
      eager={shownIcons++ < FIRST_SCREEN_ICONS}
      key={app.code}
      app={app}
      language={language}
      theme={theme}
      short={short}
      unreadLabel={(count) => translate('shell.unread', { count })}
      mark={tileMark(app, modules, { userType: session.userType, unitExpired })}
      markLabel={(mark) => translate(`shell.mark.${mark.kind}`, mark.kind === 'expiring' ? { days: mark.days } : {})}
      onOpen={onOpen}
      describedBy={hintId}
      {...(group && arranges ? handlers(group) : {})}
    />
  );

  return (
    <div className="desktop" ref={desktop} data-large={large ? '' : undefined}>
      <h1 className="visually-hidden">{translate('shell.desktop')}</h1>
      {arranges ? (
        <p id={hintId} className="shell-muted desktop-hint">
          {translate('shell.arrangeHint')}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {recentApps.length > 0 ? (
        <Card
          className="desktop-group"
          heading={translate('shell.recent')}
          headingId={`${hintId}-recent`}
          data={{ 'data-wide': '' }}
        >
          <ul className="app-grid" data-group="recent">
            {recentApps.map((app) => icon(app))}
          </ul>
        </Card>
      ) : null}
      {shown.length === 0 ? <NoData text={translate('shell.noApps')} /> : null}
      {shown.map((group) => (
        <Card
          key={group.code}
          className="desktop-group"
          heading={group.code === 'all' ? translate('shell.desktop') : translate(`shell.group.${group.code}`)}
          headingId={`${hintId}-${group.code}`}
          data={groupSize(group.apps.length, shown.length === 1)}
          style={large && group.apps.length > WIDE_GROUP_APPS ? placeholder(group.apps.length) : undefined}
        >
          <ul className="app-grid" data-group={group.code}>
            {group.apps.map((app) => icon(app, group))}
          </ul>
        </Card>
      ))}
    </div>
  );
}
