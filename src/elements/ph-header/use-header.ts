import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useState } from 'react';
import {
  $config,
  $loginStatus,
  $session,
  applyStoredTheme,
  appTargetOf,
  authDeps,
  createInbox,
  createReminderPanel,
  createUnreadCounter,
  defaultClient,
  fetchMe,
  getLocation,
  isDesktopClient,
  isPopupSuppressed,
  leaveForLogin,
  loginPageUrl,
  type MessageConfig,
  type MessageUrlContext,
  messageCalls,
  ownPageRefusal,
  pageApp,
  pageSite,
  type Refusal,
  type RoleSwitchCandidate,
  roleCandidates,
  roleSwitchAllowed,
  signInRecorded,
  themeCalls,
  watchZoom,
} from '../../core';

// Wires core's header rules to one mounted header: the session (`me` once, the login page when signed out), the
// live unread counts, the inbox, the reminder panel, the licence, the theme and the role candidates. No rule here:
// each lives in src/core; this only starts and stops them with the element.

export interface HeaderModel {
  counter: ReturnType<typeof createUnreadCounter>;
  inbox: ReturnType<typeof createInbox>;
  reminders: ReturnType<typeof createReminderPanel>;
  calls: ReturnType<typeof messageCalls>;
  urlContext: () => MessageUrlContext;
}

function createModel(): HeaderModel {
  const http = defaultClient();
  const calls = messageCalls(http);
  const counter = createUnreadCounter({ load: () => calls.unhandledCount() });
  const urlContext = (): MessageUrlContext => {
    const config = $config.get();
    return {
      site: pageSite(),
      device: config?.device ?? 'pc',
      userType: $session.get().userType,
      rootPath: config?.rootPath,
    };
  };
  const inbox = createInbox({ calls, changed: () => counter.refresh(), urlContext });
  const reminders = createReminderPanel({ loadPage: (page) => calls.reminderPage(page) });
  return { counter, inbox, reminders, calls, urlContext };
}

/** §6: the linked accounts to offer, where this page allows both types (a desktop, or an app for both). */
async function switchCandidates(userId: string, userType: number, http: ReturnType<typeof defaultClient>) {
  const target = appTargetOf(getLocation().href());
  const [candidates, app] = await Promise.all([
    roleCandidates({ userId, userType }, http),
    target ? pageApp(target) : null,
  ]);
  return roleSwitchAllowed(target !== null, app) ? candidates : [];
}

export interface HeaderState {
  model: HeaderModel;
  signedIn: boolean;
  /** Signed out, or signed in: the header has the height it keeps. */
  settled: boolean;
  messageConfig: MessageConfig | null;
  /** Why this page may not be used (src/core/access): the block that cannot be closed; null when it may. */
  refusal: Refusal | null;
  /** Whether the gate has answered for this page yet. */
  accessChecked: boolean;
  candidates: RoleSwitchCandidate[];
  /**
   * Whether the linked accounts are known: the icon row shows from then on, all its icons at once, so that the role
   * switch arriving later does not push the icons before it sideways (issue 69: 36 px at +0.9 s).
   */
  actionsKnown: boolean;
  isAdmin: boolean;
}

/**
 * Starts the header's live parts while signed in. Signed out, the page goes to the login page (the re-login page in a
 * desktop client) unless `redirect` is false or the header is already `leaving` (a logout or role switch navigates
 * by itself).
 */
export function useHeader(redirect: boolean, leaving: RefObject<boolean>, desktopClient: boolean): HeaderState {
  const [model] = useState(createModel);
  const status = useStore($loginStatus);
  const config = useStore($config);
  const session = useStore($session);
  const [messageConfig, setMessageConfig] = useState<MessageConfig | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [accessChecked, setAccessChecked] = useState(false);
  const [candidates, setCandidates] = useState<RoleSwitchCandidate[] | null>(null);
  const [isAdmin, setIsAdmin] = useState(false);
  const signedIn = status === 'in';

  useEffect(() => {
    if (!config || $loginStatus.get() !== 'unknown') return;
    void fetchMe(authDeps());
    // The reminders' first page is asked for beside `me`, not after: the panel pops up as the page shows.
    if (signInRecorded() && !isPopupSuppressed(getLocation().href())) model.reminders.prefetch();
  }, [config, model]);

  useEffect(() => {
    if (status !== 'out' || !redirect || !config || leaving.current) return;
    const location = getLocation();
    const desktop = isDesktopClient({
      desktopClient: desktopClient || config.desktopClient,
      userAgent: navigator.userAgent,
    });
    leaveForLogin(location, loginPageUrl(location.href(), { site: pageSite(), desktopClient: desktop }));
  }, [status, redirect, config, leaving, desktopClient]);

  useEffect(() => watchZoom(), []);

  const { userId, userType } = session;
  useEffect(() => {
    if (!signedIn || !config) return;
    const http = defaultClient();
    const stop = model.counter.start();
    let live = true;
    void model.calls.messageConfig().then(
      (value) => live && setMessageConfig(value),
      () => undefined,
    );
    setAccessChecked(false);
    void ownPageRefusal(getLocation().href(), config.serverId).then((value) => {
      if (!live) return;
      setRefusal(value);
      setAccessChecked(true);
    });
    setCandidates(null);
    void switchCandidates(userId, userType, http).then(
      (value) => live && setCandidates(value),
      () => live && setCandidates([]),
    );
    const theme = themeCalls(http);
    void theme.isAdmin(userId).then((value) => live && setIsAdmin(value));
    void applyStoredTheme({ calls: theme, userId });
    if (!isPopupSuppressed(getLocation().href())) void model.reminders.autoOpen();
    return () => {
      live = false;
      stop();
      model.reminders.dispose();
    };
  }, [signedIn, config, userId, userType, model]);

  // The reminder panel floats over the page's end (issue 56), so the header's height is known once `me` answered: the
  // page no longer waits for the reminders (it waited up to 3 s for a strip that pushed the page down).
  const settled = status === 'out' || signedIn;
  return {
    model,
    signedIn,
    settled,
    messageConfig,
    refusal,
    accessChecked,
    candidates: candidates ?? [],
    actionsKnown: candidates !== null,
    isAdmin,
  };
}
