import { chatProvider } from '../auth/mode';
import { isElectronShell, type LayoutKind } from '../routes/paths';

// §2/§9 header rules: which actions show, and how many icons fit before the rest go into an overflow menu.

/** §9: at most 10 visible header icons. */
export const HEADER_ICON_MAX = 10;

/** Icons shown in a row by layout (§2 breakpoints): the §9 maximum on a desktop, fewer where the bar is narrow. */
export const HEADER_ICON_LIMITS: Readonly<Record<LayoutKind, number>> = { pc: HEADER_ICON_MAX, ipad: 6, mobile: 3 };

/**
 * The actions shown as icons and those moved into the overflow menu. The overflow button is an icon too, so when
 * anything overflows only `limit - 1` actions stay in the row: never more than `limit` icons in all.
 */
export function splitHeaderActions<T>(actions: readonly T[], limit = HEADER_ICON_MAX): { shown: T[]; overflow: T[] } {
  const max = Math.max(1, Math.min(Math.floor(limit), HEADER_ICON_MAX));
  if (actions.length <= max) return { shown: [...actions], overflow: [] };
  return { shown: actions.slice(0, max - 1), overflow: actions.slice(max - 1) };
}

/** A desktop client: configured so (`phinit({desktopClient})`, the element's attribute) or an electron shell. */
export function isDesktopClient(client: { desktopClient: boolean; userAgent: string }): boolean {
  return client.desktopClient || isElectronShell(client.userAgent);
}

/**
 * §2: no logout button in a desktop client (it signs the device in) nor inside work-chat (the chat app owns the
 * session).
 */
export function logoutShown(client: { desktopClient: boolean; userAgent: string }): boolean {
  return !isDesktopClient(client) && chatProvider(client.userAgent) !== 'qy';
}

/** §2: the language control shows when the page offers more than one language and does not turn it off. */
export function languageMenuShown(languages: readonly string[], disabled: boolean): boolean {
  return !disabled && languages.length > 1;
}
