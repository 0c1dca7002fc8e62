import { outboundUrl, type Site } from '../routes/site';

/** Relative links are resolved against a site that is nobody's: only their shape is judged here. */
const NOWHERE: Site = { origin: 'http://site.invalid', prefix: '', api: 'http://site.invalid' };

/**
 * Whether a configured link to another site (a client download, the unit's footer links) may be offered as it is
 * written: an http(s) address or a same-site path, judged by routes/site.ts's rules for URLs from data (outboundUrl:
 * no `javascript:` or `data:`, no user name, no backslash, tab or other control character the parser would drop or
 * read as `/`), and never a protocol-relative `//host`. Links from data that must stay on the page's site go through
 * `safeUrl` instead.
 */
export function isOpenableUrl(url: string): boolean {
  const shaped = /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'));
  return shaped && outboundUrl(url, NOWHERE) !== null;
}
