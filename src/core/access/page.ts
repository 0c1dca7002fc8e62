import type { AppItem, ExpiryModule } from '../api/types';
import { getLocation } from '../config/location';
import { $config } from '../config/phinit';
import { loadIconGroups, loadUnitModules } from '../desktop/calls';
import { defaultClient } from '../http/request';
import { $language, t } from '../i18n/translate';
import { notify } from '../notify';
import { redirectAppPath } from '../routes/paths';
import { redirectRouteApp } from '../routes/router';
import { siteOf, sitePath } from '../routes/site';
import { $session, currentSessionEpoch } from '../session/state';
import { pageSingleton } from '../shared';
import { decideAccess } from './decide';
import { licenceFacts } from './gate';
import { type Refusal, refusalOf, refusalText } from './refusal';
import { type AppTarget, appTargetOf } from './target';

// The gate as the widgets of one page use it (the header on a module page, a message's link, a voice command, the
// shell's /redirect/{app}): the signed-in user of the session, the page's request client, and the user's apps and
// the unit's modules asked at most once per user.

interface Memo {
  /** The session the answers belong to: a new sign-in or role switch asks again. */
  key: string;
  apps: Promise<readonly AppItem[] | null> | null;
  modules: Promise<readonly ExpiryModule[]> | null;
}

const memo = /* @__PURE__ */ pageSingleton('access-memo', (): Memo => ({ key: '', apps: null, modules: null }));

function remembered(userId: string): Memo {
  const key = `${currentSessionEpoch()}:${userId}`;
  if (memo.key !== key) Object.assign(memo, { key, apps: null, modules: null });
  return memo;
}

/** The signed-in user's apps (my_app_icon), asked once per sign-in; null when they could not be had. */
export function signedInApps(): Promise<readonly AppItem[] | null> {
  const { userId, unitId } = $session.get();
  const kept = remembered(userId);
  kept.apps ??= loadIconGroups(defaultClient(), { userId, unitId }).then(
    (groups) => groups.flatMap((group) => group.iconVMs ?? []),
    () => null,
  );
  return kept.apps;
}

/** Why the signed-in user may not open `target`, or null when they may. */
export function pageRefusal(target: AppTarget): Promise<Refusal | null> {
  const http = defaultClient();
  const { userId, userType, unitId } = $session.get();
  const kept = remembered(userId);
  const modules = () => {
    kept.modules ??= loadUnitModules(http).catch(() => []);
    return kept.modules;
  };
  return refusalOf(target, { http, user: { userId, userType, unitId }, apps: signedInApps, modules });
}

/**
 * The page's own door (`<ph-header>` asks it): a module page, however it was reached, passes the whole gate; any other
 * page (a desktop) only its own server's licence, by the same licence rule.
 */
export async function ownPageRefusal(href: string, serverId: string): Promise<Refusal | null> {
  const target = appTargetOf(href);
  if (target) return pageRefusal(target);
  const { userType, unitId } = $session.get();
  const access = decideAccess({ userType, ...(await licenceFacts(unitId, serverId, defaultClient())) });
  return access.kind === 'open' ? null : { reason: access.reason, names: null };
}

/** The signed-in user's own app that `target` opens; null when it is none of theirs or their apps are unknown. */
export async function pageApp(target: AppTarget): Promise<AppItem | null> {
  return (await signedInApps())?.find((app) => app.code === target.code) ?? null;
}

/**
 * The app a link opens; `/redirect/{app}` (a voice skill's usual answer) opens the app's page for this user (§2). The
 * route is read below the platform's prefix, as the page's site has it.
 */
function linkTarget(url: string, base: string): AppTarget | null {
  const config = $config.get();
  const path = sitePath(siteOf(base, config ?? {}), url);
  const app = path === null ? null : redirectRouteApp(path);
  if (!app) return appTargetOf(url, base);
  const ctx = { device: config?.device ?? 'pc', userType: $session.get().userType, rootPath: config?.rootPath };
  return appTargetOf(redirectAppPath(app, ctx));
}

/** For a link or a voice result about to be followed: null when it opens no app or one the user may open. */
export async function linkRefusal(url: string, base: string): Promise<Refusal | null> {
  const target = linkTarget(url, base);
  return target ? pageRefusal(target) : null;
}

/** Long enough to read a sentence naming the app and why (the default 2 s toast is gone before it is read). */
export const REFUSAL_NOTICE_MS = 6000;

/**
 * Follows a message's link or a voice command's result through the gate: the page goes there, or stays and the
 * user is told why not, the app named. Answers the refusal (null when it went).
 */
export async function followThroughGate(url: string): Promise<Refusal | null> {
  const location = getLocation();
  const refusal = await linkRefusal(url, location.href());
  if (refusal) notify('warning', refusalText(refusal, t, $language.get()), REFUSAL_NOTICE_MS);
  else location.assign(url);
  return refusal;
}
