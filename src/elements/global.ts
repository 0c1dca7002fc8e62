// window.PH: the page API of legacy pages (and of ES-module pages, which load an element first). Installed by the
// first bundle on the page; later bundles find it and leave it alone.
import {
  $hongKong,
  $language,
  $loginStatus,
  $permittedCodes,
  $session,
  applyPermissionDirective,
  authDeps,
  changeLanguage,
  createGlobalPhinit,
  fetchMe,
  initLanguage,
  isElectronShell,
  type Language,
  loginPageUrl,
  logout,
  notify,
  pageSite,
  phinit,
  request,
  requireConfig,
  t,
  toHongKong,
} from '../core';
import { WIDGETS_VERSION } from './define';

const languageContext = () => ({ href: location.href, config: requireConfig() });

const api = {
  version: WIDGETS_VERSION,
  phinit,
  notify,
  t,
  request,
  /** §9 order (query `language`, phinit's `language`, stored `lange_`, `lang`, zh-CN), then its language pack. */
  initLanguage: async (): Promise<Language> => initLanguage(languageContext()),
  /** The user's choice: stored under `lange_` for the next page, pack loaded. */
  setLanguage: async (language: string): Promise<Language> => changeLanguage(language, languageContext()),
  // async: a page that forgot phinit gets a rejected promise, not an exception thrown at the call.
  fetchMe: async () => fetchMe(authDeps()),
  logout: async () => logout(authDeps()),
  /** Where this page signs in again: /login, or /needtologinpagerelogin in a desktop client (§2), with the way back. */
  loginPageUrl: (): string =>
    loginPageUrl(location.href, {
      site: pageSite(),
      desktopClient: requireConfig().desktopClient || isElectronShell(navigator.userAgent),
    }),
  /** §6 permission directive for legacy pages: removes `[data-permission]` elements whose code is not in `codes`. */
  applyPermissions: (codes: Iterable<string>, root: ParentNode = document): number => {
    const permitted = new Set(codes);
    $permittedCodes.set(permitted);
    return applyPermissionDirective(root, permitted);
  },
  /**
   * Chinese the server or the page holds in Simplified (a unit's name), in Hong Kong forms once zh-HK's converter has
   * loaded (`stores.hongKong` changes then); as it is before (issue 69: the sign-in pages' school name).
   */
  toHongKong,
  stores: { session: $session, loginStatus: $loginStatus, language: $language, hongKong: $hongKong },
};

export type PhGlobal = typeof api;

declare global {
  interface Window {
    PH?: PhGlobal;
    phinit?: ReturnType<typeof createGlobalPhinit>;
  }
}

export function installGlobals(): void {
  if (typeof window === 'undefined' || window.PH) return;
  window.PH = api;
  window.phinit = createGlobalPhinit(window);
}
