import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  $config,
  $hongKong,
  $language,
  $messageListRequests,
  $session,
  $translate,
  addStrings,
  appTargetOf,
  authDeps,
  badgeText,
  changeLanguage,
  childSelectorOpensItself,
  chooseChild,
  clientDownloads,
  defaultClient,
  downloadActionShown,
  type ExpiryModule,
  followThroughGate,
  getLocation,
  HEADER_ICON_LIMITS,
  hasChildSelector,
  type Language,
  LOGIN_PAGE_PATH,
  landingUrl,
  languageMenuShown,
  layoutForWidth,
  leaveForLogin,
  loginPageUrl,
  logout,
  logoutShown,
  type MessageAction,
  messageUrl,
  notify,
  pageSite,
  refusalText,
  rememberChild,
  requireConfig,
  siteUrl,
  splitBilingual,
  splitHeaderActions,
  switchRole,
  unitLogoPath,
} from '../../core';
import { useSettledMark } from '../common/settled-mark';
import { sharedStyles, useStyles } from '../common/styles';
import { useLatest } from '../common/use-latest';
import { PhModal } from '../ph-modal/PhModal';
import { ChildDialog } from './ChildDialog';
import {
  BellIcon,
  ChildIcon,
  DesktopIcon,
  DownloadIcon,
  FullscreenIcon,
  LanguageIcon,
  LogoutIcon,
  MoreIcon,
  RoleIcon,
  ThemeIcon,
  TodoIcon,
} from './icons';
import { Menu, type MenuItem } from './Menu';
import { ExpiryDialog, MessageDialog } from './MessageDialog';
import type { MessageOpenDetail, PhHeaderProps } from './props';
import { ReminderPanel } from './ReminderPanel';
import { HEADER_STRINGS } from './strings';
import styles from './styles.css';
import { ThemeDialog } from './ThemeDialog';
import { useHeader } from './use-header';

export type { MessageOpenDetail, PhHeaderProps } from './props';

addStrings(HEADER_STRINGS);
const HEADER_STYLES = sharedStyles(styles);

/** Each language named in itself. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English', 'zh-HK': '繁體中文' };

type Dialog = 'messages' | 'children' | 'theme' | 'logout' | 'download' | null;

interface Action {
  id: string;
  label: string;
  icon: ReactNode;
  badge?: string;
  onSelect?: () => void;
  /** A menu button: its items (in the overflow menu they are listed under the action). */
  items?: MenuItem[];
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

/** The page header of spec §2: unit, welcome, messages, reminders and the user's controls. */
export function PhHeader(props: PhHeaderProps) {
  useStyles(HEADER_STYLES);
  const translate = useStore($translate);
  const language = useStore($language);
  // Server text re-renders in Hong Kong forms once zh-HK's converter has loaded.
  useStore($hongKong);
  const session = useStore($session);
  const config = useStore($config);
  const latest = useLatest(props);
  const leaving = useRef(false);
  const desktopClient = Boolean(props.desktopClient || config?.desktopClient);
  const header = useHeader(!props.noRedirect, leaving, desktopClient);
  const settledRef = useSettledMark(header.settled);
  const counts = useStore(header.model.counter.$counts);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [expiry, setExpiry] = useState<ExpiryModule[] | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const width = useViewportWidth();

  useEffect(() => {
    if (header.signedIn && childSelectorOpensItself(session)) setDialog((open) => open ?? 'children');
  }, [header.signedIn, session]);

  // The message list asked for from outside (the voice skill, the shell's `#/messages` route); earlier asks are not
  // this header's.
  const listRequests = useStore($messageListRequests);
  const listRequestsAtMount = useRef(listRequests);
  useEffect(() => {
    if (listRequests !== listRequestsAtMount.current) setDialog('messages');
  }, [listRequests]);

  useEffect(() => {
    const update = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  const open = (id: string, action: MessageAction) => {
    if (action.kind === 'none') return;
    if (action.kind === 'refused') {
      notify('warning', translate('header.linkRefused'));
      return;
    }
    const detail: MessageOpenDetail =
      action.kind === 'url' ? { id, kind: action.kind, url: action.url } : { id, kind: action.kind };
    if (latest.current.onMessageOpen?.(detail) === false) return;
    setDialog(null);
    if (action.kind === 'expiry-list') setExpiry(action.modules);
    // A link to an app passes the gate every door passes: refused, the page stays and says why.
    else void followThroughGate(action.url);
  };

  const signOut = async (toLoginOnly: boolean) => {
    leaving.current = true;
    await logout(authDeps());
    const location = getLocation();
    const site = pageSite();
    leaveForLogin(location, toLoginOnly ? siteUrl(site, LOGIN_PAGE_PATH) : loginPageUrl(location.href(), { site }));
  };

  if (!header.signedIn) return null;

  const unread = counts?.message ?? 0;
  const badge = badgeText(unread, header.messageConfig);
  // Where the unit shows only a dot (§2, pcOpen 1), the button's name still says how many are unread.
  const messagesLabel =
    badge === '' ? translate('header.messages') : translate('header.messagesCount', { count: badgeText(unread) });
  const todoBadge = badgeText(counts?.todo ?? 0);
  const languages = config?.languages ?? [];
  const toDesktop = () => {
    if (latest.current.onDesktop?.() === false || !config) return;
    getLocation().assign(
      landingUrl({ ...config, site: pageSite(), unitId: session.unitId, unitType: session.unitType }),
    );
  };
  // The block cannot be closed, so it carries the ways out itself: sign out wherever the bar has it, and back to the
  // desktop from a module page (the desktop may be fine where one app is not).
  const canSignOut = logoutShown({ desktopClient, userAgent: navigator.userAgent });
  const onModulePage = appTargetOf(getLocation().href()) !== null;
  const actions: Action[] = [
    { id: 'messages', label: messagesLabel, icon: <BellIcon />, badge, onSelect: () => setDialog('messages') },
    {
      id: 'reminders',
      label: todoBadge ? translate('header.remindersCount', { count: todoBadge }) : translate('header.reminders'),
      icon: <TodoIcon />,
      badge: todoBadge,
      onSelect: () => void header.model.reminders.toggle(),
    },
    {
      id: 'desktop',
      label: translate('header.desktop'),
      icon: <DesktopIcon />,
      onSelect: toDesktop,
    },
  ];
  if (hasChildSelector(session))
    actions.push({
      id: 'child',
      label: translate('header.child'),
      icon: <ChildIcon />,
      onSelect: () => setDialog('children'),
    });
  actions.push(
    { id: 'theme', label: translate('header.theme'), icon: <ThemeIcon />, onSelect: () => setDialog('theme') },
    {
      id: 'fullscreen',
      label: translate(fullscreen ? 'header.exitFullscreen' : 'header.fullscreen'),
      icon: <FullscreenIcon />,
      onSelect: () =>
        void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()),
    },
  );
  if (header.candidates.length > 0)
    actions.push({
      id: 'role',
      label: translate('header.role'),
      icon: <RoleIcon />,
      items: header.candidates.map((candidate) => ({
        id: candidate.id,
        label: candidate.name,
        onSelect: async () => {
          leaving.current = true;
          latest.current.onRoleChange?.(candidate.id);
          if (!(await switchRole(candidate.id, authDeps()))) leaving.current = false;
        },
      })),
    });
  if (languageMenuShown(languages, Boolean(props.noLanguage)))
    actions.push({
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
    });
  const downloads = clientDownloads(config?.clientDownloads);
  if (downloadActionShown(downloads, desktopClient))
    actions.push({
      id: 'download',
      label: translate('header.download'),
      icon: <DownloadIcon />,
      onSelect: () => setDialog('download'),
    });
  if (canSignOut)
    actions.push({
      id: 'logout',
      label: translate('header.logout'),
      icon: <LogoutIcon />,
      onSelect: () => setDialog('logout'),
    });

  const layout = layoutForWidth(width);
  const limit = Math.min(props.maxIcons ?? Number.POSITIVE_INFINITY, HEADER_ICON_LIMITS[layout]);
  const { shown, overflow } = splitHeaderActions(actions, limit);
  const unitName =
    language === 'en' ? session.unitEnName || session.unitName : splitBilingual(session.unitName, language);

  return (
    <>
      {/* data-access: what the gate every door passes said of this page (checking, open, refused), for page styles. */}
      <header
        ref={settledRef}
        className="bar"
        part="bar"
        data-access={header.refusal ? 'refused' : header.accessChecked ? 'open' : 'checking'}
      >
        <div className="unit" part="unit">
          {session.unitId ? (
            <img className="logo" part="logo" src={unitLogoPath(session.unitId)} alt="" width="32" height="32" />
          ) : null}
          <span className="unit-name">{unitName}</span>
        </div>
        <p className="welcome" part="welcome">
          {translate('header.welcome', { name: session.realName })}
        </p>
        {session.currentChirden ? (
          <p className="current-child" part="current-child">
            <span className="child-label">{translate('header.currentChildLabel')}</span>
            <span className="child-name">{session.currentChirden.realName}</span>
          </p>
        ) : null}
        <div className="actions" part="actions">
          {shown.map((action) => (
            <ActionControl key={action.id} action={action} />
          ))}
          {overflow.length > 0 ? (
            <Menu
              label={translate('header.more')}
              name="more"
              button={<MoreIcon />}
              items={overflow.flatMap((action) =>
                action.items
                  ? action.items.map((item) => ({
                      ...item,
                      id: `${action.id}-${item.id}`,
                      label: `${action.label}: ${item.label}`,
                      icon: action.icon,
                    }))
                  : [
                      {
                        id: action.id,
                        label: action.label,
                        icon: action.icon,
                        note: action.badge,
                        onSelect: () => action.onSelect?.(),
                      },
                    ],
              )}
            />
          ) : null}
          {props.end}
        </div>
      </header>
      {/* A page the gate refused is blocked: nothing of it, the reminders included, shows above the block. */}
      {header.refusal ? null : (
        <ReminderPanel
          panel={header.model.reminders}
          onOpen={(id, url) => {
            const target = messageUrl(url, header.model.urlContext());
            if (target) open(id, { kind: 'url', url: target });
          }}
        />
      )}
      <MessageDialog
        open={dialog === 'messages'}
        inbox={header.model.inbox}
        onClose={() => setDialog(null)}
        onViewed={open}
      />
      <ExpiryDialog modules={expiry} onClose={() => setExpiry(null)} />
      <ChildDialog
        open={dialog === 'children'}
        onClose={() => {
          if (session.currentChirden) rememberChild(session.userId, session.currentChirden.id);
          setDialog(null);
        }}
        onEnter={async (child) => {
          try {
            await chooseChild(child.id, defaultClient());
          } catch {
            return;
          }
          setDialog(null);
          latest.current.onChildChange?.(child);
        }}
      />
      <ThemeDialog
        open={dialog === 'theme'}
        isAdmin={header.isAdmin}
        onClose={() => setDialog(null)}
        onApplied={(applied) => latest.current.onThemeChange?.(applied)}
      />
      <PhModal
        inline
        open={dialog === 'logout'}
        heading={translate('header.confirmTitle')}
        width="400px"
        onRequestClose={() => setDialog(null)}
        footer={
          <>
            {config?.env === 'development' ? (
              <button type="button" className="ph-button" onClick={() => void signOut(true)}>
                {translate('header.switchAccount')}
              </button>
            ) : null}
            <button type="button" className="ph-button" onClick={() => setDialog(null)}>
              {translate('header.cancel')}
            </button>
            <button type="button" className="ph-button primary" onClick={() => void signOut(false)}>
              {translate('header.ok')}
            </button>
          </>
        }
      >
        <p>{translate('header.logoutQuestion')}</p>
      </PhModal>
      <PhModal
        inline
        open={dialog === 'download'}
        heading={translate('header.download')}
        width="400px"
        onRequestClose={() => setDialog(null)}
      >
        <p>{translate('header.downloadIntro')}</p>
        <ul className="downloads" part="downloads">
          {downloads.map((download) => (
            <li key={download.kind}>
              <a href={download.url} download rel="noopener">
                {translate(`header.download.${download.kind}`)}
              </a>
            </li>
          ))}
        </ul>
      </PhModal>
      <PhModal
        inline
        open={header.refusal !== null}
        heading={translate('header.noticeTitle')}
        width="400px"
        noEscapeClose
        noBackdropClose
        noDrag
        noCloseButton
        showFooter={canSignOut || onModulePage}
        footer={
          <>
            {onModulePage ? (
              <button type="button" className="ph-button" part="licence-desktop" onClick={toDesktop}>
                {translate('header.desktop')}
              </button>
            ) : null}
            {canSignOut ? (
              <button
                type="button"
                className="ph-button primary"
                part="licence-logout"
                onClick={() => void signOut(false)}
              >
                {translate('header.logout')}
              </button>
            ) : null}
          </>
        }
      >
        <p className="licence" part="licence" role="alert">
          {header.refusal ? refusalText(header.refusal, translate, language) : ''}
        </p>
        <p part="licence-contact">
          {translate(
            header.refusal?.reason === 'expired' || header.refusal?.reason === 'unitExpired'
              ? 'header.licenceContact'
              : 'header.refusalContact',
            {
              unit: unitName,
            },
          )}
        </p>
      </PhModal>
    </>
  );
}

function ActionControl({ action }: { action: Action }) {
  if (action.items) return <Menu label={action.label} name={action.id} button={action.icon} items={action.items} />;
  return (
    <button
      type="button"
      className="ph-icon-button action"
      part={`action-${action.id}`}
      aria-label={action.label}
      title={action.label}
      onClick={action.onSelect}
    >
      {action.icon}
      {action.badge ? (
        <span className="badge" aria-hidden="true">
          {action.badge}
        </span>
      ) : null}
    </button>
  );
}
