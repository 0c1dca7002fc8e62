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
