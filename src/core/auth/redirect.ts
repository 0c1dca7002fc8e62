import { urlQuery } from './mode';

/** Settings pages stay where they are after a login (§2). */
const SETTINGS_PAGE = /(?:^|[/#])(?:desktop|areaDesktop)\/setting(?:[/?#.]|$)/;

/**
 * The redirect_uri of a login, accepted on the page's own origin and on the configured origins only: anything else
 * (another host, a scheme like `javascript:`, a protocol-relative `//host`) is refused so the login page is not an
 * open redirect. `allowedOrigins` are exact origins (`https://library.school.example`), never patterns.
 */
export function sameOriginTarget(
  target: string,
  currentHref: string,
  allowedOrigins: readonly string[] = [],
): string | null {
  try {
    const origin = new URL(currentHref).origin;
    const url = new URL(target, currentHref);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === origin || allowedOrigins.includes(url.origin) ? url.href : null;
  } catch {
    return null;
  }
}

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
  jumpPage?: string;
  /** Default home for device and environment (routes' landingPath). */
  landing: string;
  /** Other origins a redirect_uri may lead to (cross-subdomain deployments). */
  allowedOrigins?: readonly string[];
}

/** §4 after a successful login: null means stay (reload); else redirect_uri, jump page, default home in that order. */
export function decideRedirect(ctx: RedirectDecisionContext): string | null {
  const { path, query } = urlQuery(ctx.href);
  if (SETTINGS_PAGE.test(path)) return null;
  const redirect = query.get('redirect_uri');
  const safe = redirect ? sameOriginTarget(redirect, ctx.href, ctx.allowedOrigins) : null;
  return safe ?? (ctx.jumpPage || ctx.landing);
}
