import { useStore } from '@nanostores/react';
import { startTransition, useCallback, useEffect, useState } from 'react';
import {
  $language,
  $session,
  $translate,
  type AppItem,
  appName,
  type DesktopData,
  defaultClient,
  type ExpiryModule,
  keepIconOrder,
  type LauncherGroup,
  loadDesktop,
  type MenuGroup,
  moveApp,
  notify,
  orderApps,
} from '../../core';

// The desktop's data and its arranging: the groups and licences loaded once per user (or taken from the shell's early
// request), and a teacher's moves, shown at once, announced, and saved on the server (undone when the save fails).

export interface DesktopState {
  groups: MenuGroup[] | null;
  modules: ExpiryModule[] | null;
  unitExpired: boolean;
  setGroups: (groups: MenuGroup[]) => void;
}

export function useDesktopData(preloaded?: () => Promise<DesktopData> | null): DesktopState {
  const session = useStore($session);
  const [groups, setGroups] = useState<MenuGroup[] | null>(null);
  const [modules, setModules] = useState<ExpiryModule[] | null>(null);
  const [unitExpired, setUnitExpired] = useState(false);
  useEffect(() => {
    let live = true;
    const loading = preloaded?.() ?? loadDesktop(defaultClient(), { userId: session.userId, unitId: session.unitId });
    loading.then(
      (loaded) => {
        if (!live) return;
        // Rendered in slices (a transition): hundreds of icons are no single long task.
        startTransition(() => {
          setGroups(loaded.groups);
          setModules(loaded.modules);
          setUnitExpired(loaded.unitExpired);
        });
      },
      () => live && setGroups([]),
    );
    return () => {
      live = false;
    };
  }, [session.userId, session.unitId, preloaded]);
  return { groups, modules, unitExpired, setGroups };
}

/** A teacher's moves within a group (keys or drag and drop); the announcement of the last move. */
export function useArrange({ groups, setGroups }: Pick<DesktopState, 'groups' | 'setGroups'>) {
  const translate = useStore($translate);
  const language = useStore($language);
  const [announcement, setAnnouncement] = useState('');
  const move = useCallback(
    (group: LauncherGroup, app: AppItem, delta: number) => {
      const codes = moveApp(
        group.apps.map((item) => item.code),
        app.code,
        delta,
      );
      if (!codes || !groups) return;
      const previous = groups;
      const all = previous.find((g) => g.code === group.code);
      if (!all) return;
      // The server wants every app of the group (hidden ones too): they keep their places after the visible ones.
      const full = [...codes, ...all.iconVMs.map((item) => item.code).filter((code) => !codes.includes(code))];
      setGroups(previous.map((g) => (g.code === group.code ? { ...g, iconVMs: orderApps(g.iconVMs, full) } : g)));
      setAnnouncement(
        translate('shell.moved', { name: appName(app, language), position: codes.indexOf(app.code) + 1 }),
      );
      void keepIconOrder(defaultClient(), $session.get().userId, group.code, full).then(({ kept, tell }) => {
        // Undone when it could not be kept; kept in this browser where the server has no such call, said once.
        if (kept === 'failed') {
          setGroups(previous);
          notify('error', translate('shell.orderNotSaved'));
        }
        if (tell) notify('info', translate('shell.orderKeptHere'));
      });
    },
    [groups, setGroups, translate, language],
  );
  const [dragged, setDragged] = useState<AppItem | null>(null);
  /** An icon's ways to move: Alt+←/→ (onMove) and drag and drop within its group. */
  const handlers = (group: LauncherGroup) => ({
    onMove: (item: AppItem, delta: number) => move(group, item, delta),
    onDragStart: setDragged,
    onDrop: (target: AppItem) => {
      if (!dragged || dragged.code === target.code) return;
      const from = group.apps.findIndex((item) => item.code === dragged.code);
      const to = group.apps.findIndex((item) => item.code === target.code);
      if (from >= 0 && to >= 0) move(group, dragged, to - from);
      setDragged(null);
    },
  });
  return { handlers, announcement };
}
