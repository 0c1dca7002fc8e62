// The reference site's help page (/help/, issue 56 item 11), opened from the footer's help-center link with §2's
// `redUrl`, `accessToken` and `unitId`. The page needs no token: it only reads how to get help. So it offers the way
// back only to a page of its own site (never a link to wherever a crafted `redUrl` points) and takes the token out of
// its address, so that it is neither shown, kept in history nor passed on in a copied link.

export interface HelpPageAddress {
  /** Where "back" goes: `redUrl` as a path on this site, '' when there is none or it is elsewhere. */
  back: string;
  /** The page's own address without `accessToken`, for `history.replaceState`. */
  clean: string;
}

/** What the help page takes from its address `href` (location.href). */
export function helpPageAddress(href: string): HelpPageAddress {
  const here = new URL(href);
  const redUrl = here.searchParams.get('redUrl') ?? '';
  // Rewritten only when there is a token to drop: deleting re-encodes the whole query.
  if (here.searchParams.has('accessToken')) here.searchParams.delete('accessToken');
  const clean = here.href;
  if (!redUrl) return { back: '', clean };
  let target: URL;
  try {
    target = new URL(redUrl, here);
  } catch {
    return { back: '', clean };
  }
  const sameSite = target.origin === here.origin && (target.protocol === 'https:' || target.protocol === 'http:');
  return { back: sameSite ? target.pathname + target.search + target.hash : '', clean };
}
