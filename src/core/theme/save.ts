import type { ThemeSetting } from '../api/types';
import { parseTheme, type Theme, themeValue } from './model';

// §4/§6/§7 saving a theme: an admin first chooses between cancel, syncing the theme to all users and saving it
// for themselves; everyone else saves directly with POST /api/base/desktop/settheme.

export const SET_THEME_URL = '/api/base/desktop/settheme';
export const THEME_CONFIRM_CHOICES = ['cancel', 'sync', 'save'] as const;
export type ThemeConfirmChoice = (typeof THEME_CONFIRM_CHOICES)[number];

/** What happens when a user applies a theme: admins see the confirm dialog, others save at once. */
export function themeSaveStep(isAdmin: boolean): 'confirm' | 'save' {
  return isAdmin ? 'confirm' : 'save';
}

/**
 * The settheme payload: colour themes (named or custom hex) are sent with type `color`, the default colour and
 * the picture themes with type `default_color`.
 */
export function themePayload(theme: Theme | string): ThemeSetting {
  const value = typeof theme === 'string' ? parseTheme(theme) : theme;
  const type = value.kind === 'color' || value.kind === 'custom' ? 'color' : 'default_color';
  return { type, theme: themeValue(value) };
}

export interface ThemeSavePlan {
  payload: ThemeSetting;
  /** True when an admin chose to apply the theme to every user of the unit. */
  syncAll: boolean;
}

/** The save to perform for a confirm-dialog choice; null when the admin cancelled. */
export function planThemeSave(theme: Theme | string, choice: ThemeConfirmChoice): ThemeSavePlan | null {
  if (choice === 'cancel') return null;
  return { payload: themePayload(theme), syncAll: choice === 'sync' };
}
