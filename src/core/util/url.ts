/**
 * Whether a URL that came from the server (a message's url, a voice skill's url) may be opened: a same-site path
 * or an http(s) address, never a `javascript:` or `data:` URL, never a protocol-relative `//host`.
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
