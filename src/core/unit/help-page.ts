// The reference site's help page (/help/, issue 56 item 11), opened from the footer's help-center link with §2's
// `redUrl`, `accessToken` and `unitId`. The page needs no token: it only reads how to get help. So it offers the way
// back only to a page of its own site (never a link to wherever a crafted `redUrl` points) and takes the token out of
// its address, so that it is neither shown, kept in history nor passed on in a copied link.

import { type Site, safeUrl, siteOf } from '../routes/site';

export interface HelpPageAddress {
  /** Where "back" goes: `redUrl` resolved by safeUrl, an absolute URL of this site; '' when there is none or it is elsewhere. */
  back: string;
  /** The page's own address without `accessToken`, for `history.replaceState`. */
  clean: string;
}

/**
 * What the help page takes from its address `href` (location.href). `redUrl` goes through safeUrl like every URL from
 * data (issue 67): its own parsed `href`, never a path rebuilt from its parts, where `/.//evil.example/phish` became
 * the protocol-relative `//evil.example/phish` and the button left the site.
 */
export function helpPageAddress(href: string, site: Site = siteOf(href, {})): HelpPageAddress {
  const here = new URL(href);
  const redUrl = here.searchParams.get('redUrl') ?? '';
  // Rewritten only when there is a token to drop: deleting re-encodes the whole query.
  if (here.searchParams.has('accessToken')) here.searchParams.delete('accessToken');
  return { back: redUrl ? (safeUrl(redUrl, site) ?? '') : '', clean: here.href };
}
