import { persistentAtom, persistentJSON } from '@nanostores/persistent';

/** JSON records whose absence removes the key instead of storing the text `null`. */
const jsonRecord = {
  encode: (value: unknown) => (value === null || value === undefined ? undefined : JSON.stringify(value)),
  decode: (text: string) => {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  },
};

import { computed } from 'nanostores';
import { pageSingleton } from '../shared';

// Local preferences of §3, each under its storage key. Legacy keys (`user`, `IS_LOGOUTED`, `lange_`, `lang`)
// keep their legacy spelling and plain-string values so pages built on the old scripts read the same data.

export const PREF_KEYS = {
  user: 'user',
  loggedOut: 'IS_LOGOUTED',
  language: 'lange_',
  lang: 'lang',
  autoLoginCount: 'autoLoginCount',
  autoLogin: 'autoLogin',
  remembered: 'rememberedCredentials',
  menuLock: 'leftMenuLock',
  unitStyle: 'unitStyleModel',
  recentApps: 'recentApps',
  productCode: 'productCode',
} as const;

/** Value of IS_LOGOUTED after a logout (§4). */
export const LOGGED_OUT = 'logout';
/** §9 recent apps per user. */
export const RECENT_APPS_MAX = 10;

/** Remembered credentials: the password only ever stored encrypted (AES-GCM), as base64 iv and ciphertext. */
export interface RememberedRecord {
  username: string;
  iv: string;
  data: string;
}

export interface RecentApp {
  code: string;
  name?: string;
}

export const $storedUser = /* @__PURE__ */ pageSingleton('pref.storedUser', () =>
  persistentAtom<Record<string, unknown> | null>(PREF_KEYS.user, null, jsonRecord),
);
export const $loggedOut = /* @__PURE__ */ pageSingleton('pref.loggedOut', () =>
  persistentAtom<string | undefined>(PREF_KEYS.loggedOut, undefined),
);
export const $storedLanguage = /* @__PURE__ */ pageSingleton('pref.storedLanguage', () =>
  persistentAtom<string | undefined>(PREF_KEYS.language, undefined),
);
export const $storedLang = /* @__PURE__ */ pageSingleton('pref.storedLang', () =>
  persistentAtom<string | undefined>(PREF_KEYS.lang, undefined),
);
export const $autoLoginCount = /* @__PURE__ */ pageSingleton('pref.autoLoginCount', () =>
  persistentAtom<number>(PREF_KEYS.autoLoginCount, 0, {
    encode: (value) => (value ? String(value) : undefined),
    decode: (value) => Number.parseInt(value, 10) || 0,
  }),
);
export const $autoLogin = /* @__PURE__ */ pageSingleton('pref.autoLogin', () =>
  persistentAtom<boolean>(PREF_KEYS.autoLogin, false, {
    encode: (value) => (value ? 'true' : undefined),
    decode: (value) => value === 'true',
  }),
);
export const $rememberedRecord = /* @__PURE__ */ pageSingleton('pref.rememberedRecord', () =>
  persistentAtom<RememberedRecord | null>(PREF_KEYS.remembered, null, jsonRecord),
);
export const $menuLock = /* @__PURE__ */ pageSingleton('pref.menuLock', () =>
  persistentJSON<Record<string, boolean>>(PREF_KEYS.menuLock, {}),
);
export const $unitStyle = /* @__PURE__ */ pageSingleton('pref.unitStyle', () =>
  persistentAtom<string | undefined>(PREF_KEYS.unitStyle, undefined),
);
export const $recentApps = /* @__PURE__ */ pageSingleton('pref.recentApps', () =>
  persistentJSON<Record<string, RecentApp[]>>(PREF_KEYS.recentApps, {}),
);
export const $productCode = /* @__PURE__ */ pageSingleton('pref.productCode', () =>
  persistentAtom<string | undefined>(PREF_KEYS.productCode, undefined),
);

/** One read-only view of every stored preference, for components that show several at once. */
export const $prefs = /* @__PURE__ */ pageSingleton('prefs', () =>
  computed(
    [
      $storedUser,
      $loggedOut,
      $storedLanguage,
      $storedLang,
      $autoLoginCount,
      $autoLogin,
      $rememberedRecord,
      $menuLock,
      $unitStyle,
      $recentApps,
      $productCode,
    ],
    (
      user,
      loggedOut,
      language,
      lang,
      autoLoginCount,
      autoLogin,
      remembered,
      menuLock,
      unitStyle,
      recentApps,
      productCode,
    ) => ({
      user,
      loggedOut: loggedOut === LOGGED_OUT,
      language,
      lang,
      autoLoginCount,
      autoLogin,
      remembered,
      menuLock,
      unitStyle,
      recentApps,
      productCode,
    }),
  ),
);

/** Pure: newest first, no duplicate code, at most 10. */
export function withRecentApp(list: readonly RecentApp[], app: RecentApp): RecentApp[] {
  return [app, ...list.filter((item) => item.code !== app.code)].slice(0, RECENT_APPS_MAX);
}

export function addRecentApp(userId: string, app: RecentApp): RecentApp[] {
  const all = $recentApps.get();
  const next = withRecentApp(all[userId] ?? [], app);
  $recentApps.set({ ...all, [userId]: next });
  return next;
}

export function recentAppsOf(userId: string): RecentApp[] {
  return $recentApps.get()[userId] ?? [];
}

export function setMenuLock(userId: string, locked: boolean): void {
  $menuLock.set({ ...$menuLock.get(), [userId]: locked });
}

export function isMenuLocked(userId: string): boolean {
  return $menuLock.get()[userId] === true;
}
