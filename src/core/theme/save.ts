import type { ThemeSetting } from '../api/types';
import { parseTheme, type Theme, themeValue } from './model';

// §4/§6/§7 saving a theme: an admin first chooses between cancel, syncing the theme to all users and saving it
// for themselves; everyone else saves directly with POST `ENDPOINTS.setTheme`.

export const THEME_CONFIRM_CHOICES = ['cancel', 'sync', 'save'] as const;
export type ThemeConfirmChoice = (typeof THEME_CONFIRM_CHOICES)[number];

/** What happens when a user applies a theme: admins see the confirm dialog, others save at once. */
export function themeSaveStep(isAdmin: boolean): 'confirm' | 'save' {
  return isAdmin ? 'confirm' : 'save';
}

/**
 * The settheme payload: a custom hex colour is sent with type `color`; the default, the named colour themes and
 * the picture themes are sent by name with type `default_color`.
 */
export function themePayload(theme: Theme | string): ThemeSetting {
  const value = typeof theme === 'string' ? parseTheme(theme) : theme;
  return { type: value.kind === 'custom' ? 'color' : 'default_color', theme: themeValue(value) };
}

/** The settheme body; `syncAll` (admins only, checked by the server) applies it to every user of the unit. */
export type ThemeSaveRequest = ThemeSetting & { syncAll: boolean };

/** The request for a confirm-dialog choice (non-admins use `save`); null when the admin cancelled. */
export function planThemeSave(theme: Theme | string, choice: ThemeConfirmChoice): ThemeSaveRequest | null {
  if (choice === 'cancel') return null;
  return { ...themePayload(theme), syncAll: choice === 'sync' };
}
