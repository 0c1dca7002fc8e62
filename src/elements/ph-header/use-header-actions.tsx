import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import {
  authDeps,
  badgeText,
  changeLanguage,
  clientDownloads,
  downloadActionShown,
  getLocation,
  hasChildSelector,
  LANGUAGE_NAMES,
  type Language,
  languageMenuShown,
  logoutShown,
  type PhConfig,
  requireConfig,
  type SessionState,
  splitBilingual,
  switchRole,
  type Translate,
  type UnhandledCount,
} from '../../core';
import {
  BellIcon,
  ChildIcon,
  DesktopIcon,
  DownloadIcon,
  FullscreenIcon,
  LanguageIcon,
  LogoutIcon,
  RoleIcon,
  ThemeIcon,
  TodoIcon,
} from './icons';
import type { MenuItem } from './Menu';
import type { LatestProps } from './props';
import type { HeaderState } from './use-header';
import type { HeaderDialog } from './use-header-dialogs';

// The bar's actions (§2), in their order, each shown where core's rule says this user and page have it. A new
// action, a new condition or a new label changes this file; where the actions show (icons or the More menu) is the
// bar's.

export interface HeaderAction {
  id: string;
  label: string;
  icon: ReactNode;
  badge?: string;
  onSelect?: () => void;
  /** A menu button: its items (in the overflow menu they are listed under the action). */
  items?: MenuItem[];
}

export interface HeaderActionsInput {
  translate: Translate;
  language: Language;
  session: SessionState;
  config: PhConfig | null;
  header: HeaderState;
  counts: UnhandledCount | null;
  latest: LatestProps;
  leaving: RefObject<boolean>;
  desktopClient: boolean;
  noLanguage: boolean;
  openDialog: (dialog: HeaderDialog) => void;
  toDesktop: () => void;
}

function useFullscreen(): boolean {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const update = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return fullscreen;
}

/** The actions this user has on this page, in the bar's order; full screen's name follows the document's state. */
export function useHeaderActions(input: HeaderActionsInput): HeaderAction[] {
  const fullscreen = useFullscreen();
  const { translate, session, header, openDialog } = input;
  const languages = input.config?.languages ?? [];
  const actions: HeaderAction[] = [
    ...countedActions(input),
    {
      id: 'desktop',
      label: translate('header.desktop'),
      icon: <DesktopIcon />,
      onSelect: input.toDesktop,
    },
  ];
  if (hasChildSelector(session))
    actions.push({
      id: 'child',
      label: translate('header.child'),
      icon: <ChildIcon />,
      onSelect: () => openDialog('children'),
    });
  actions.push(
    { id: 'theme', label: translate('header.theme'), icon: <ThemeIcon />, onSelect: () => openDialog('theme') },
    {
      id: 'fullscreen',
      label: translate(fullscreen ? 'header.exitFullscreen' : 'header.fullscreen'),
      icon: <FullscreenIcon />,
      onSelect: () =>
        void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()),
    },
  );
  if (header.candidates.length > 0) actions.push(roleAction(input));
  if (languageMenuShown(languages, input.noLanguage)) actions.push(languageAction(input, languages));
  return actions.concat(leavingActions(input));
}

/** The bell and the to-do reminders, with their unread counts in their names and badges. */
function countedActions({ translate, header, counts, openDialog }: HeaderActionsInput): HeaderAction[] {
  const unread = counts?.message ?? 0;
  const badge = badgeText(unread, header.messageConfig);
  // Where the unit shows only a dot (§2, pcOpen 1), the button's name still says how many are unread.
  const messagesLabel =
    badge === '' ? translate('header.messages') : translate('header.messagesCount', { count: badgeText(unread) });
  const todoBadge = badgeText(counts?.todo ?? 0);
  return [
    { id: 'messages', label: messagesLabel, icon: <BellIcon />, badge, onSelect: () => openDialog('messages') },
    {
      id: 'reminders',
      label: todoBadge ? translate('header.remindersCount', { count: todoBadge }) : translate('header.reminders'),
      icon: <TodoIcon />,
      badge: todoBadge,
      onSelect: () => void header.model.reminders.toggle(),
    },
  ];
}

/**
 * §6: the linked accounts, a menu; choosing one leaves the page (unless the switch fails). Their names come as the
 * server stores them, in Simplified: zh-HK shows them in Hong Kong forms (issue 69: 王老师（家长）).
 */
function roleAction({ translate, language, header, latest, leaving }: HeaderActionsInput): HeaderAction {
  return {
    id: 'role',
    label: translate('header.role'),
    icon: <RoleIcon />,
    items: header.candidates.map((candidate) => ({
      id: candidate.id,
      label: splitBilingual(candidate.name, language),
      onSelect: async () => {
        leaving.current = true;
        latest.current.onRoleChange?.(candidate.id);
        if (!(await switchRole(candidate.id, authDeps()))) leaving.current = false;
      },
    })),
  };
}

/** The page's languages, a menu of choices, each named in itself. */
function languageAction({ translate, language, latest }: HeaderActionsInput, languages: Language[]): HeaderAction {
  return {
    id: 'language',
    label: translate('header.language'),
    icon: <LanguageIcon />,
    items: languages.map((value) => ({
      id: value,
      label: LANGUAGE_NAMES[value],
      checked: value === language,
      onSelect: async () => {
        const chosen = await changeLanguage(value, { href: getLocation().href(), config: requireConfig() });
        latest.current.onLanguageChange?.(chosen);
      },
    })),
  };
}

/** Last, the dialogs that lead away: the client's installers (not inside the client) and sign out. */
function leavingActions({ translate, config, desktopClient, openDialog }: HeaderActionsInput) {
  const actions: HeaderAction[] = [];
  if (downloadActionShown(clientDownloads(config?.clientDownloads), desktopClient))
    actions.push({
      id: 'download',
      label: translate('header.download'),
      icon: <DownloadIcon />,
      onSelect: () => openDialog('download'),
    });
  if (logoutShown({ desktopClient, userAgent: navigator.userAgent }))
    actions.push({
      id: 'logout',
      label: translate('header.logout'),
      icon: <LogoutIcon />,
      onSelect: () => openDialog('logout'),
    });
  return actions;
}
