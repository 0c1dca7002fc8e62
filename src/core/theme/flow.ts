import type { Layout } from '../session/state';
import { themeApplications } from './applications';
import { type AppliedTheme, applyTheme, type FontChoice } from './apply';
import type { ThemeCalls } from './calls';
import type { Theme } from './model';
import { displayPrefsOf, setDisplayPrefs } from './prefs';
import { planThemeSave, type ThemeConfirmChoice } from './save';

// §4 Layout and theme, carried out: the user's stored theme applied when a page starts, and a choice from the theme
// dialog saved (an admin's `sync` for the whole unit) and applied at once. What is decided — admin or not, which
// request, which layout — is in save.ts and apply.ts.

export interface ThemeSelection {
  theme: Theme | string;
  font: FontChoice;
  layout: Layout;
}

export interface ThemeFlowDeps {
  calls: Pick<ThemeCalls, 'load' | 'save'>;
  userId: string;
  doc?: Document;
}

/**
 * Page start: the stored theme (default when none) with this browser's font and layout for the user. Null when a
 * theme was applied while it loaded (the user saved one in the theme dialog): that choice is newer and stays.
 */
export async function applyStoredTheme(deps: ThemeFlowDeps): Promise<AppliedTheme | null> {
  const before = themeApplications.count;
  const stored = await deps.calls.load();
  if (themeApplications.count !== before) return null;
  const { layout, ...font } = displayPrefsOf(deps.userId);
  return applyTheme({ theme: stored?.theme ?? 'default', font, layout }, deps.doc);
}

/**
 * Saves a selection with the confirm-dialog choice (`save` for non-admins) and applies it; null when cancelled.
 * A failed save rejects (the request client has shown its message) and applies nothing.
 */
export async function saveTheme(
  selection: ThemeSelection,
  choice: ThemeConfirmChoice,
  deps: ThemeFlowDeps,
): Promise<AppliedTheme | null> {
  const request = planThemeSave(selection.theme, choice);
  if (!request) return null;
  await deps.calls.save(request);
  const applied = await applyTheme(selection, deps.doc);
  setDisplayPrefs(deps.userId, { ...applied.font, layout: applied.layout });
  return applied;
}
