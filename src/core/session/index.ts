export { leaveForLogin } from './leave';
export type { RecentApp, RememberedRecord } from './prefs';
export {
  $autoLogin,
  $autoLoginCount,
  $loggedOut,
  $menuLock,
  $prefs,
  $productCode,
  $recentApps,
  $rememberedRecord,
  $storedLang,
  $storedLanguage,
  $storedUser,
  $unitStyle,
  addRecentApp,
  isMenuLocked,
  LOGGED_OUT,
  PREF_KEYS,
  RECENT_APPS_MAX,
  recentAppsOf,
  setMenuLock,
  withRecentApp,
} from './prefs';
export type { Layout, LoginStatus, SessionState } from './state';
export {
  $loginStatus,
  $session,
  applyMe,
  emptySession,
  parseCampusUnits,
  resetSession,
  selectChild,
  setChildren,
  storeLoginInfo,
} from './state';
export { unitNameIn } from './unit-name';
