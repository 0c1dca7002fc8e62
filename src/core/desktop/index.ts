export type { AccessUser, DesktopData, DesktopHttp } from './calls';
export {
  loadDesktop,
  loadDesktopGroups,
  loadIconGroups,
  loadManifest,
  loadPermissionTree,
  loadUnitModules,
  loadUnreadCounts,
  logAppAccess,
} from './calls';
export type { IconOrderKept, IconOrderOutcome } from './icon-order';
export { $browserIconOrders, keepIconOrder, withBrowserIconOrders } from './icon-order';
export type { KeepAliveState } from './keep-alive';
export { DEFAULT_KEEP_ALIVE, visitKeepAlive } from './keep-alive';
export type { LauncherGroup, LauncherUser } from './launcher';
export {
  ALL_APPS_GROUP,
  appIcon,
  appName,
  arrangesDesktop,
  COMMON_GROUP,
  isVisibleApp,
  launcherGroups,
  moveApp,
  orderApps,
  withUnreadCounts,
} from './launcher';
export type { OpenAppDeps, OpenAppOutcome } from './open-app';
export { openApp } from './open-app';
export { permittedCodes } from './permitted';
