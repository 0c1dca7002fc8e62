// Where this page's platform lives (issue 53): the page's own origin and the platform's path prefix. Every URL the
// widgets request or go to is made absolute from it, so a legacy page's `<base href>` (which root-relative URLs
// resolve against) never decides where a call or a navigation goes. Pure: the caller passes the page's href, read
// from `location`, never `document.baseURI`.

export interface Site {
  /** The page's own origin, e.g. `https://school.example`. */
  origin: string;
  /** The platform's path prefix: `''`, or e.g. `/platform` (a leading slash, no trailing one). */
  prefix: string;
  /** Where `/api/...` calls go, without a trailing slash: `https://api.example`, `https://school.example/platform`. */
  api: string;
}

/** The options that place the platform (phinit's `apiBase` and `basePath`). */
export interface SiteOptions {
  apiBase?: string;
  basePath?: string;
}

const PROBE_ORIGIN = 'http://site.invalid';

/** A configured path as a prefix: `platform/` → `/platform`; `''` and `/` → `''`; dot segments resolved. */
export function normalizePrefix(path: string): string {
  const { pathname } = new URL(`/${path.trim().replace(/^[/\\]+/, '')}`, PROBE_ORIGIN);
  // A prefix that resolves to `//x` would read as a host once put before a path: one slash is all it may start with.
  return pathname.replace(/\/+$/, '').replace(/^\/+/, '/');
}

/** `apiBase` names a host (`https://api.example`, `//api.example`) rather than a path on the page's own. */
function namesHost(apiBase: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|[/\\]{2})/i.test(apiBase);
}

/** The platform's prefix: `basePath` when given; else `apiBase` when it is a path (`/platform`); else none. */
export function platformPrefix(options: SiteOptions): string {
  if (options.basePath?.trim()) return normalizePrefix(options.basePath);
  const apiBase = options.apiBase?.trim() ?? '';
  return apiBase && !namesHost(apiBase) ? normalizePrefix(apiBase) : '';
}

/** The site of a page at `pageHref` (the page's own `location.href`) under the given options. */
export function siteOf(pageHref: string, options: SiteOptions): Site {
  const origin = new URL(pageHref).origin;
  const prefix = platformPrefix(options);
  const apiBase = options.apiBase?.trim() ?? '';
  if (namesHost(apiBase)) return { origin, prefix, api: new URL(apiBase, origin).href.replace(/\/+$/, '') };
  return { origin, prefix, api: `${origin}${apiBase ? normalizePrefix(apiBase) : prefix}` };
}

/** The site's root, prefix included, as a base to resolve against: `https://school.example/platform/`. */
export function siteRoot(site: Site): string {
  return `${site.origin}${site.prefix}/`;
}

/**
 * A platform path (`/pages/…`, `/login?…`) as an absolute URL on the page's origin under the prefix. The origin is
 * written before the path, so no path (`//host`, `/\host`) can name another host.
 */
export function siteUrl(site: Site, path: string): string {
  return new URL(`${siteRoot(site)}${path.replace(/^[/\\]+/, '')}`).href;
}

/** An `/api/...` path as the absolute URL of the call. */
export function apiUrl(site: Site, path: string): string {
  return `${site.api}${path}`;
}

/** The path of a URL below the site's prefix (`/platform/login` → `/login`); null when it is not on the site. */
export function sitePath(site: Site, url: string): string | null {
  let target: URL;
  try {
    target = new URL(url, siteRoot(site));
  } catch {
    return null;
  }
  if (target.origin !== site.origin) return null;
  if (target.pathname === site.prefix) return '/';
  return target.pathname.startsWith(`${site.prefix}/`) ? target.pathname.slice(site.prefix.length) : null;
}

/** Characters the URL parser drops (tab, newline) or reads as `/` (backslash), and other controls: refused outright. */
function hasParserTricks(text: string): boolean {
  return [...text].some((char) => char === '\\' || char <= '\u001f' || char === '\u007f');
}

/** A root-relative path from data names a platform page: it goes under the prefix unless it is there already. */
function underPrefix(text: string, prefix: string): string {
  if (!prefix || !/^\/(?!\/)/.test(text)) return text;
  const rest = text.slice(prefix.length);
  return text.startsWith(prefix) && (rest === '' || /^[/?#]/.test(rest)) ? text : `${prefix}${text}`;
}

/** Text from data resolved once against the site: an http(s) URL without user name or password, or null. */
function fromData(text: unknown, site: Site): URL | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (trimmed === '' || hasParserTricks(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(underPrefix(trimmed, site.prefix), siteRoot(site));
  } catch {
    return null;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password ? url : null;
}

/**
 * The one resolver of URLs that come from data (message and reminder links, `redirect_uri`, the jump page, voice
 * skills, the help page's way back): resolved once against the site, kept only when it is http(s) without credentials
 * on the page's origin (or one of `allowedOrigins`), and answered as the resolved URL's own `href` — never a string
 * rebuilt from its parts, where `/.//evil.example` would become the protocol-relative `//evil.example`. Null for
 * anything else.
 */
export function safeUrl(text: unknown, site: Site, allowedOrigins: readonly string[] = []): string | null {
  const url = fromData(text, site);
  return url && (url.origin === site.origin || allowedOrigins.includes(url.origin)) ? url.href : null;
}

/**
 * A link from data that is meant to lead to other sites too (a help center elsewhere, where a client's authorisation
 * sends the user back): resolved by safeUrl's rules, on any origin. Its own `href`, or null.
 */
export function outboundUrl(text: unknown, site: Site): string | null {
  return fromData(text, site)?.href ?? null;
}
