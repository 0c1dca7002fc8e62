import { CHROME_PATHS } from '../api/chrome-paths';
import type { AppItem, ExpiryModule, Manifest, MenuGroup, MenuNode, UnreadCodeCount } from '../api/types';
import { endpointPath } from '../api/wire';
import type { HttpClient } from '../http/client-types';
import { loadUnitLicence } from '../licence';
import { withBrowserIconOrders } from './icon-order';
import { withUnreadCounts } from './launcher';

// The desktop's calls of §7, each through core's request client (never fetch): the shell passes the client in. Their
// paths come from CHROME_PATHS: the access gate (chrome chunk) reads the user's apps through these calls.

export type DesktopHttp = Pick<HttpClient, 'request'>;

const list = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/** GET my_app_icon (appType 1): the icon groups of §3. */
export async function loadIconGroups(
  http: DesktopHttp,
  user: { userId: string; unitId: string },
): Promise<MenuGroup[]> {
  const answer = await http.request<MenuGroup[]>({
    url: CHROME_PATHS.appIcons,
    params: { userId: user.userId, unitId: user.unitId, appType: 1 },
  });
  return list<MenuGroup>(answer.data);
}

/** GET unReadCodeCount: `{code, num}` per app. Quiet: a failed count leaves the icons' own counts. */
export async function loadUnreadCounts(http: DesktopHttp): Promise<UnreadCodeCount[]> {
  const answer = await http.request<UnreadCodeCount[]>({ url: CHROME_PATHS.unreadCodeCount, noIntercept: true });
  return list<UnreadCodeCount>(answer.data);
}

/**
 * The desktop's groups with the unread counts of §3 applied, both asked at once. The shell starts this as soon as
 * `me` answers, beside the permission tree: waiting for the tree first cost a round-trip and a render on every entry.
 */
export async function loadDesktopGroups(
  http: DesktopHttp,
  user: { userId: string; unitId: string },
): Promise<MenuGroup[]> {
  const [groups, counts] = await Promise.all([loadIconGroups(http, user), loadUnreadCounts(http).catch(() => null)]);
  return counts ? withUnreadCounts(groups, counts) : groups;
}

/** GET resource/inside/module (§7): the unit's modules with their licence's end, expired ones included. */
export async function loadUnitModules(http: DesktopHttp): Promise<ExpiryModule[]> {
  const answer = await http.request<ExpiryModule[]>({ url: CHROME_PATHS.insideModules, noIntercept: true });
  return Array.isArray(answer.data) ? answer.data : [];
}

export interface DesktopData {
  groups: MenuGroup[];
  /** The unit's modules and their licences, to mark icons by (null when they could not be had). */
  modules: ExpiryModule[] | null;
  /** The unit's own licence has ended (license/unit_oam): every tile reads expired, as the page's block says. */
  unitExpired: boolean;
}

/** The groups, the unit's modules and its own licence at once: an icon and its mark arrive together. */
export async function loadDesktop(http: DesktopHttp, user: { userId: string; unitId: string }): Promise<DesktopData> {
  const [groups, modules, unit] = await Promise.all([
    loadDesktopGroups(http, user),
    loadUnitModules(http).catch(() => null),
    loadUnitLicence(user.unitId, http),
  ]);
  // The orders this browser keeps where the server keeps none (icon-order.ts) come over the server's.
  return { groups: withBrowserIconOrders(groups, user.userId), modules, unitExpired: unit?.expired === true };
}

/** GET the permission tree of an app code (§6: callers ask only for types 2 and 4). */
export async function loadPermissionTree(http: DesktopHttp, appCode: string): Promise<MenuNode[]> {
  const answer = await http.request<MenuNode[]>({ url: CHROME_PATHS.permissionTree, params: { code: appCode } });
  return list<MenuNode>(answer.data);
}

export interface AccessUser {
  userId: string;
  userType: number | string;
  unitId: string;
}

/** POST user_access_detail (type 1) for an opened app. Quiet: a lost log line must not stop the user. */
export async function logAppAccess(http: DesktopHttp, user: AccessUser, app: AppItem, name: string): Promise<void> {
  await http.request({
    url: CHROME_PATHS.accessLog,
    method: 'post',
    data: {
      userId: user.userId,
      userType: user.userType,
      unitId: user.unitId,
      resId: app.code,
      resName: name,
      type: 1,
    },
    noIntercept: true,
  });
}

/** GET /{app}/manifest.json: `{fileId}.js` (and `.css`) → asset URL. */
export async function loadManifest(http: DesktopHttp, app: string): Promise<Manifest> {
  const manifest = await http.request<Manifest>({
    url: endpointPath(CHROME_PATHS.manifest, { app }),
    raw: true,
    noIntercept: true,
  });
  if (!manifest || typeof manifest !== 'object') throw new Error(`manifest of ${app} is not a map`);
  return manifest;
}
