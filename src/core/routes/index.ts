export {
  $permittedCodes,
  applyPermissionDirective,
  isPermitted,
  PERMISSION_ATTRIBUTE,
} from './directive';
export type {
  AppModuleContext,
  AppModuleRef,
  BindQuery,
  HelpCenterContext,
  LandingContext,
  LayoutKind,
  PathId,
  RedirectContext,
} from './paths';
export {
  appModuleUrl,
  bindPageUrl,
  clockInPath,
  DESKTOP_RELOGIN_PATH,
  deployPathFor,
  FORGET_PASSWORD_PATH,
  helpCenterUrl,
  IPAD_MAX_WIDTH_PX,
  isElectronShell,
  LOGIN_PAGE_PATH,
  landingPath,
  landingUrl,
  layoutForWidth,
  loginPageUrl,
  MOBILE_MAX_WIDTH_PX,
  mobileAppPath,
  pathIdFor,
  redirectAppPath,
  redirectAppUrl,
} from './paths';
export type { MenuRoute, RouteCheckContext } from './permissions';
export {
  isBlockedFromRoute,
  isRouteAllowed,
  isTeacherAppPath,
  menuRouteName,
  NOT_FOUND_ROUTE,
  ROUTE_RESOURCE_TYPE,
  routeMatches,
  routesFromPermissionTree,
} from './permissions';
export type { EntryContext, EntryDecision, HashLocation } from './router';
export {
  DEFAULT_EXEMPT_ROUTES,
  decideEntry,
  fetchesPermissionTree,
  hashFor,
  isContentMode,
  isHomeRoute,
  pageRouteUrl,
  parseHash,
  redirectRouteApp,
  SHELL_ROUTES,
  samePageRoute,
} from './router';
export type { Site, SiteOptions } from './site';
export {
  apiUrl,
  normalizePrefix,
  outboundUrl,
  platformPrefix,
  safeUrl,
  siteOf,
  sitePath,
  siteRoot,
  siteUrl,
} from './site';
