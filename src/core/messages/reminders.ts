// §4/§9 to-do reminder panel: 3 a page, closes itself after 15 s, and stays away for the rest of the browser
// session once the user closes it by its icon.

export const REMINDER_PAGE_SIZE = 3;
export const REMINDER_AUTO_CLOSE_MS = 15_000;
/** sessionStorage key of the suppression flag. */
export const REMINDER_SUPPRESS_KEY = 'ph_reminder_suppressed';

/** The list cut into pages of `size` (the last one may be shorter); no pages for an empty list. */
export function reminderPages<T>(list: readonly T[], size = REMINDER_PAGE_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('page size must be a whole number ≥ 1');
  const pages: T[][] = [];
  for (let start = 0; start < list.length; start += size) pages.push(list.slice(start, start + size));
  return pages;
}

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): FlagStorage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage access throws when cookies are blocked; the panel then simply shows again.
    return undefined;
  }
}

export function suppressReminders(storage: FlagStorage | undefined = sessionStore()): void {
  storage?.setItem(REMINDER_SUPPRESS_KEY, '1');
}

export function areRemindersSuppressed(storage: FlagStorage | undefined = sessionStore()): boolean {
  return storage?.getItem(REMINDER_SUPPRESS_KEY) === '1';
}

/**
 * §2: on the desktop home route the messages popup stays away (the desktop shows them itself). The area landing
 * page's home is an area user's desktop home, the same screen for them (issue 56: it popped up there).
 */
export const POPUP_SUPPRESSED_ROUTES: readonly string[] = ['/desktop/home', '/areaDesktop/home'];

/** §2 landing pages (production and development forms); the shell shows their desktop's home at their bare URL. */
const LANDING_PAGE = /\/(?:pc|mobile)_(desktop|areaDesktop)_all(?:\/(?:index\.html)?|\.html)?$/;

const trimRoute = (route: string) => route.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');

/**
 * The route of a hash-mode URL (`…#/desktop/home?x` → `/desktop/home`), or its path without a hash route. A landing
 * page with no hash route (or `#/`) shows its desktop's home, so that is its route: the bare landing URL, where
 * everyone arrives after sign-in, is `/desktop/home` as much as its hash form (issue 34).
 */
export function routeOf(href: string): string {
  const url = new URL(href);
  const hash = url.hash.replace(/^#/, '');
  const hashRoute = hash.startsWith('/') ? trimRoute(hash) : '';
  const landing = LANDING_PAGE.exec(url.pathname)?.[1];
  if (landing && (hashRoute === '' || hashRoute === '/')) return `/${landing}/home`;
  return hashRoute || trimRoute(url.pathname);
}

/** Whether the reminder panel may open by itself on this page. */
export function isPopupSuppressed(href: string): boolean {
  return POPUP_SUPPRESSED_ROUTES.includes(routeOf(href));
}
