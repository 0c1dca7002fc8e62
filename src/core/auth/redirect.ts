import { urlQuery } from './mode';

/** Settings pages stay where they are after a login (§2). */
const SETTINGS_PAGE = /(?:^|[/#])(?:desktop|areaDesktop)\/setting(?:[/?#.]|$)/;

/**
 * The redirect_uri of a login, accepted only on the page's own origin: anything else (another host, a scheme
 * like `javascript:`, a protocol-relative `//host`) is refused so the login page is not an open redirect.
 */
export function sameOriginTarget(target: string, currentHref: string): string | null {
  try {
    const origin = new URL(currentHref).origin;
    const url = new URL(target, currentHref);
    return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
  } catch {
    return null;
  }
}

export interface RedirectDecisionContext {
  href: string;
  jumpPage?: string;
  /** Default home for device and environment (routes' landingPath). */
  landing: string;
}

/** §4 after a successful login: null means stay (reload); else redirect_uri, jump page, default home in that order. */
export function decideRedirect(ctx: RedirectDecisionContext): string | null {
  const { path, query } = urlQuery(ctx.href);
  if (SETTINGS_PAGE.test(path)) return null;
  const redirect = query.get('redirect_uri');
  const safe = redirect ? sameOriginTarget(redirect, ctx.href) : null;
  return safe ?? (ctx.jumpPage || ctx.landing);
}
