/**
 * Whether a configured link to another site (a client download) may be offered: a same-site path or an http(s)
 * address, never a `javascript:` or `data:` URL, never a protocol-relative `//host`. Links from data that must stay on
 * the page's site go through routes/site.ts's `safeUrl` instead.
 */
export function isOpenableUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
