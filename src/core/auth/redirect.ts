import { type Site, safeUrl } from '../routes/site';
import { urlQuery } from './mode';

/** Settings pages stay where they are after a login (§2). */
const SETTINGS_PAGE = /(?:^|[/#])(?:desktop|areaDesktop)\/setting(?:[/?#.]|$)/;

/**
 * The configured redirect origins that are exact http(s) origins; a trailing `/` is tolerated. Anything else — a
 * wildcard, a path, a query, credentials — is dropped with one console warning naming it.
 */
export function redirectOrigins(entries: unknown): string[] {
  if (entries === undefined) return [];
  const list: unknown[] = Array.isArray(entries) ? entries : [entries];
  const valid: string[] = [];
  const refused: string[] = [];
  for (const entry of list) {
    const origin = exactOrigin(entry);
    if (origin) valid.push(origin);
    else refused.push(String(entry));
  }
  if (refused.length > 0) {
    console.warn(`allowedRedirectOrigins: not exact http(s) origins, ignored: ${refused.join(', ')}`);
  }
  return [...new Set(valid)];
}

function exactOrigin(entry: unknown): string | null {
  if (typeof entry !== 'string' || entry.includes('*')) return null;
  try {
    const url = new URL(entry);
    const bare = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
    const text = entry.endsWith('/') ? entry.slice(0, -1) : entry;
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare && text === url.origin ? url.origin : null;
  } catch {
    return null;
  }
}

export interface RedirectDecisionContext {
  href: string;
  /** The page's site: redirect_uri and the jump page resolve against it. */
  site: Site;
  jumpPage?: string;
  /** Default home for device and environment (routes' landingUrl). */
  landing: string;
  /** Other origins a redirect_uri may lead to (cross-subdomain deployments). */
  allowedOrigins?: readonly string[];
}

/**
 * §4 after a successful login: null means stay (reload); else redirect_uri, jump page, default home in that order.
 * redirect_uri is accepted on the page's own origin and the configured origins only, so the login page is not an open
 * redirect; the jump page on the page's origin only. Each as the one resolver of routes/site.ts answers it.
 */
export function decideRedirect(ctx: RedirectDecisionContext): string | null {
  const { path, query } = urlQuery(ctx.href);
  if (SETTINGS_PAGE.test(path)) return null;
  const back = safeUrl(query.get('redirect_uri'), ctx.site, ctx.allowedOrigins);
  return back ?? safeUrl(ctx.jumpPage, ctx.site) ?? ctx.landing;
}

/**
 * Two URLs name the same page: the same origin and path (`/x/index.html` is `/x/`), the same query values in any
 * order and spelling (`?stay` is `?stay=`), and the same hash route with its query read the same way; an empty hash
 * is no hash. Anything unparsable is only the same as itself.
 */
export function sameUrl(a: string, b: string, base?: string): boolean {
  const key = (text: string) => {
    try {
      const url = new URL(text, base);
      const query = (search: string) => {
        const params = new URLSearchParams(search);
        params.sort();
        return params.toString();
      };
      const [hashPath = '', hashQuery = ''] = url.hash.slice(1).split('?');
      const path = url.pathname.replace(/\/index\.html?$/i, '/');
      return `${url.origin}${path}?${query(url.search)}#${hashPath}?${query(hashQuery)}`;
    } catch {
      return text;
    }
  };
  return key(a) === key(b);
}

/**
 * What a page does once signed in: `go` to a URL, `reload` itself (§4, where there is nowhere to go), or `stay` as it
 * is, signed in, with why: `none` (asked not to move), `current` (it would go where it is), `loop` (this document was
 * loaded there and sent back here: a router without that page), `once` (this page load has navigated already).
 */
export type AfterSignIn =
  | { action: 'go'; url: string }
  | { action: 'reload' }
  | { action: 'stay'; reason: 'none' | 'current' | 'loop' | 'once'; url: string | null };

/** `auto`: §4's order (redirect_uri, jump page, landing page). `none`: never leave after signing in. */
export type RedirectChoice = 'auto' | 'none';
export const REDIRECT_CHOICES: readonly RedirectChoice[] = ['auto', 'none'];

/** A navigation made after a sign-in, remembered for the next page load of the tab (navigation.ts). */
export interface PastNavigation {
  url: string;
  /** Epoch milliseconds. */
  at: number;
}

/**
 * How soon after a navigation made after a sign-in a document a redirect brought back is taken as sent back by it:
 * a server's redirect takes a second or two.
 */
export const NAVIGATION_LOOP_MS = 60_000;

export interface AfterSignInContext {
  href: string;
  /** Where §4 would go (decideRedirect), null for the settings pages that stay. */
  target: string | null;
  redirect: RedirectChoice;
  /** A session found on load rather than a sign-in: nothing to reload for. */
  restored: boolean;
  /** In the re-login dialog the user stays where they were: the page reloads in place. */
  place: 'page' | 'dialog';
  /** This page load has already navigated after a sign-in. */
  navigatedThisLoad: boolean;
  /** Where this document was loaded (before a router replaced its address), and whether a redirect led there. */
  loadedAt: { url: string; redirected: boolean } | null;
  /** The tab's last navigation after a sign-in, if any. */
  last: PastNavigation | null;
  now: number;
}

/**
 * A restored session on a document that `target` sent back here: loaded at the target and moved away by a router
 * (vue-router's catch-all), or brought by a redirect just after the tab navigated to the target (a server that
 * redirects unknown paths home). A person who opens the login page again is neither.
 */
function sentBack(ctx: AfterSignInContext, target: string): boolean {
  const { loadedAt, last } = ctx;
  if (!loadedAt || sameUrl(ctx.href, target)) return false;
  if (sameUrl(loadedAt.url, target, ctx.href)) return true;
  return loadedAt.redirected && last !== null && ctx.now - last.at < NAVIGATION_LOOP_MS && sameUrl(last.url, target);
}

/**
 * The one rule of what follows a sign-in or a restored session: at most one navigation a page load, never to the page
 * itself (normalised), never back to a target that sent this document back here, never with `none`.
 */
export function decideAfterSignIn(ctx: AfterSignInContext): AfterSignIn {
  const stay = (reason: Extract<AfterSignIn, { action: 'stay' }>['reason']): AfterSignIn => ({
    action: 'stay',
    reason,
    url: ctx.target,
  });
  if (ctx.redirect === 'none') return stay('none');
  if (ctx.place === 'dialog') return ctx.restored ? stay('current') : { action: 'reload' };
  if (ctx.target === null || sameUrl(ctx.target, ctx.href)) {
    return ctx.restored || ctx.target !== null ? stay('current') : { action: 'reload' };
  }
  if (ctx.navigatedThisLoad) return stay('once');
  return ctx.restored && sentBack(ctx, ctx.target) ? stay('loop') : { action: 'go', url: ctx.target };
}
