import { persistentJSON } from '@nanostores/persistent';
import type { Layout } from '../session/state';
import { pageSingleton } from '../shared';
import type { FontChoice } from './apply';
import { PICKER_FONT_FAMILIES, PICKER_FONT_SIZES } from './picker';

// The font and layout chosen in the theme dialog. The platform stores only the theme (settheme); font and layout are
// kept in this browser, per user, like the other local preferences of §3.

export interface DisplayPrefs extends FontChoice {
  layout?: Layout;
}

export const DISPLAY_PREFS_KEY = 'displayPrefs';

export const $displayPrefs = /* @__PURE__ */ pageSingleton('pref.displayPrefs', () =>
  persistentJSON<Record<string, DisplayPrefs>>(DISPLAY_PREFS_KEY, {}),
);

/** A user's stored choices, keeping only values the picker offers. */
export function displayPrefsOf(userId: string): DisplayPrefs {
  const stored = $displayPrefs.get()[userId] ?? {};
  const prefs: DisplayPrefs = {};
  if ((PICKER_FONT_SIZES as readonly unknown[]).includes(stored.fontSize)) prefs.fontSize = stored.fontSize;
  if ((PICKER_FONT_FAMILIES as readonly unknown[]).includes(stored.fontFamily)) prefs.fontFamily = stored.fontFamily;
  if (stored.layout === 'top' || stored.layout === 'left') prefs.layout = stored.layout;
  return prefs;
}

export function setDisplayPrefs(userId: string, prefs: DisplayPrefs): void {
  if (!userId) return;
  $displayPrefs.set({ ...$displayPrefs.get(), [userId]: prefs });
}
