import { type Site, siteOf } from '../routes/site';
import { getLocation } from './location';
import { $config } from './phinit';

/**
 * This page's site: its own origin, read from the location (never `document.baseURI`, which a `<base href>` moves),
 * and the platform's prefix of the phinit configuration.
 */
export function pageSite(): Site {
  return siteOf(getLocation().href(), $config.get() ?? {});
}
