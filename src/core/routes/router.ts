import { isTeacherType } from '../api/user-types';
import { isBlockedFromRoute, isRouteAllowed } from './permissions';

// The hash router's rules (§2): where a hash points, which routes the shell itself owns, and what an entry shows.
// The shell renders what these decide; it holds no rule of its own.

/** The shell's own routes. */
export const SHELL_ROUTES = {
  home: '/desktop/home',
  areaHome: '/areaDesktop/home',
  setting: '/desktop/setting',
  areaSetting: '/areaDesktop/setting',
  /** The sub-application viewport: `?app=…&fileId=…`. */
  subapp: '/subapp',
  notFound: '/notFound',
  /** `/redirect/{app}`. */
  redirect: '/redirect/',
  /** The header's message list, opened over the desktop (the voice skill "open my messages", issue 56). */
  messages: '/messages',
  /** The unit's settings, read only (an admin's menu route; issue 56). */
  unitSettings: '/desktop/unit',
} as const;

/**
 * Routes every user may enter whatever their menu says (§2: "several named apps and routes are exempt"; the spec
 * does not list them, so this is the default of the `exemptRoutes` configuration). A trailing `*` matches a prefix.
 */
export const DEFAULT_EXEMPT_ROUTES: readonly string[] = [
  '/',
  SHELL_ROUTES.home,
  SHELL_ROUTES.areaHome,
  SHELL_ROUTES.setting,
  SHELL_ROUTES.areaSetting,
  SHELL_ROUTES.subapp,
  SHELL_ROUTES.notFound,
  SHELL_ROUTES.messages,
  `${SHELL_ROUTES.redirect}*`,
];

export interface HashLocation {
  /** Path inside the router, always starting with `/`. */
  path: string;
  query: Record<string, string>;
}

const trimSlashes = (text: string) => text.replace(/^\/+|\/+$/g, '');

/** `#/base/desktop/home?x=1` with base `/base` → `{ path: '/desktop/home', query: { x: '1' } }`. */
export function parseHash(hash: string, base = ''): HashLocation {
  const text = hash.replace(/^#/, '');
  const mark = text.indexOf('?');
  let path = `/${trimSlashes(mark < 0 ? text : text.slice(0, mark))}`;
  const prefix = trimSlashes(base);
  if (prefix && (path === `/${prefix}` || path.startsWith(`/${prefix}/`))) path = path.slice(prefix.length + 1) || '/';
  const query: Record<string, string> = {};
  if (mark >= 0) for (const [key, value] of new URLSearchParams(text.slice(mark + 1))) query[key] = value;
  return { path, query };
}

/** The hash for a router path (and query) under the base. */
export function hashFor(path: string, base = '', query: Record<string, string> = {}): string {
  const prefix = trimSlashes(base);
  const search = new URLSearchParams(query).toString();
  const inner = trimSlashes(path);
  const full = [prefix, inner].filter(Boolean).join('/');
  return `#/${full}${search ? `?${search}` : ''}`;
}

/** The app of a `/redirect/{app}` route, or null. */
export function redirectRouteApp(path: string): string | null {
  const match = /^\/redirect\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  return match ? (match[1] as string) : null;
}

export interface EntryContext {
  userType: number | string;
  /** Paths of the user's menu routes (from the permission tree). */
  menuRoutes: readonly string[];
  /** Patterns exempt from the menu check; default DEFAULT_EXEMPT_ROUTES. */
  exempt?: readonly string[];
}

export type EntryDecision =
  | { kind: 'home' }
  | { kind: 'redirect'; app: string }
  | { kind: 'messages' }
  | { kind: 'unitSettings' }
  | { kind: 'subapp'; app: string; fileId: string }
  | { kind: 'page'; path: string }
  | { kind: 'notFound'; reason: 'blocked' | 'notInMenu' };

/** `/` and the two desktop homes: the routes that show the desktop launcher. */
export function isHomeRoute(path: string): boolean {
  return path === '/' || path === SHELL_ROUTES.home || path === SHELL_ROUTES.areaHome;
}

/**
 * §2 on entry and on every hash change: types 1 and 3 never reach a tm app path, typed or not; a route outside
 * the user's menu routes is not found unless exempt; `/` and the desktop home are the desktop.
 */
export function decideEntry(location: HashLocation, ctx: EntryContext): EntryDecision {
  const { path } = location;
  if (isBlockedFromRoute(path, ctx.userType)) return { kind: 'notFound', reason: 'blocked' };
  const exempt = ctx.exempt ?? DEFAULT_EXEMPT_ROUTES;
  if (!isRouteAllowed(path, { userType: ctx.userType, menuRoutes: ctx.menuRoutes, exempt })) {
    return { kind: 'notFound', reason: 'notInMenu' };
  }
  if (isHomeRoute(path)) return { kind: 'home' };
  const app = redirectRouteApp(path);
  if (app) return { kind: 'redirect', app };
  if (path === SHELL_ROUTES.subapp) {
    const { app: subApp = '', fileId = '' } = location.query;
    if (!/^[A-Za-z0-9_-]+$/.test(subApp) || !/^[A-Za-z0-9_-]+$/.test(fileId)) {
      return { kind: 'notFound', reason: 'notInMenu' };
    }
    return { kind: 'subapp', app: subApp, fileId };
  }
  if (path === SHELL_ROUTES.notFound) return { kind: 'notFound', reason: 'notInMenu' };
  if (path === SHELL_ROUTES.messages) return { kind: 'messages' };
  if (path === SHELL_ROUTES.unitSettings) return { kind: 'unitSettings' };
  return { kind: 'page', path };
}

/**
 * A url from data that is a hash route alone (`#/messages`) names a route of whatever page the user is on, phone or
 * PC, landing or module page: that page's href with the route as its hash. Null for anything else.
 */
export function pageRouteUrl(text: unknown, pageHref: string): string | null {
  if (typeof text !== 'string' || !/^#\/[A-Za-z0-9_/-]*$/.test(text.trim())) return null;
  const url = new URL(pageHref);
  url.hash = text.trim();
  return url.href;
}

/** The hash route of `url` when it points at the page at `pageHref` itself (its hash aside), else null. */
export function samePageRoute(url: string, pageHref: string): string | null {
  const withoutHash = (href: string) => href.replace(/#.*$/, '');
  let target: URL;
  try {
    target = new URL(url, pageHref);
  } catch {
    return null;
  }
  return withoutHash(target.href) === withoutHash(new URL(pageHref).href) ? parseHash(target.hash).path : null;
}

/** §6: types 2 and 4 fetch the permission tree by app code; others get no permission routes. */
export function fetchesPermissionTree(userType: number | string): boolean {
  return isTeacherType(userType);
}

/** §2 content mode: `?mode=content` (or `content=1`) strips the layout; only the header stays. */
export function isContentMode(query: Record<string, string>): boolean {
  return query.mode === 'content' || query.content === '1';
}
