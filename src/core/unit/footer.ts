import { CHROME_PATHS } from '../api/chrome-paths';
import type { FilingEntry, UnitLoginConfig } from '../api/types';
import type { HttpClient } from '../http/client-types';
import { helpCenterUrl } from '../routes/paths';
import { outboundUrl, siteOf } from '../routes/site';
import { isOpenableUrl } from '../util/url';

// §2 Footer and §3 unit login-page config: copyright, an optional link, optional filing entries and the help
// center, from `footer`, `link` and `decorationSet` (a JSON string). The string comes from a unit's settings, so it
// is read defensively: anything malformed gives the plain footer (copyright and link) and one warning.

export interface FooterContent {
  copyright: string;
  /** The unit's optional link (http(s) only). */
  link: string;
  /** Filing entries to show (`showBaMsg`); entries without text are dropped. */
  filings: FilingEntry[];
  /** The help center address from decorationSet, '' when none. */
  helpCenter: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A link of the unit's settings, kept as written when it may be offered (util/url.ts), else ''. */
const webUrl = (value: unknown) => {
  const url = text(value);
  return url && isOpenableUrl(url) ? url : '';
};

function filingEntry(value: unknown): FilingEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  const baContent = text(entry.baContent);
  if (!baContent) return null;
  return { baContent, baUrl: webUrl(entry.baUrl), baImg: webUrl(entry.baImg), showImg: entry.showImg === true };
}

/**
 * The footer's content. `warn` hears once why decorationSet was not used (a page log line, console.warn by default);
 * an empty decorationSet is simply absent and says nothing.
 */
export function footerContent(
  config: Partial<UnitLoginConfig> | null | undefined,
  warn: (message: string) => void = (message) => console.warn(message),
): FooterContent {
  const plain: FooterContent = {
    copyright: text(config?.footer),
    link: webUrl(config?.link),
    filings: [],
    helpCenter: '',
  };
  const raw = text(config?.decorationSet);
  if (!raw) return plain;
  let footerMsg: unknown;
  try {
    footerMsg = (JSON.parse(raw) as { footerMsg?: unknown } | null)?.footerMsg;
  } catch (error) {
    warn(`ph-footer: the unit's decorationSet is not JSON (${(error as Error).message}); showing the plain footer`);
    return plain;
  }
  if (typeof footerMsg !== 'object' || footerMsg === null || Array.isArray(footerMsg)) {
    warn("ph-footer: the unit's decorationSet has no footerMsg object; showing the plain footer");
    return plain;
  }
  const message = footerMsg as Record<string, unknown>;
  if (message.show === false) return plain;
  const list = Array.isArray(message.baList) ? message.baList : [];
  return {
    copyright: text(message.copyright) || plain.copyright,
    link: plain.link,
    filings: message.showBaMsg === true ? list.map(filingEntry).filter((entry) => entry !== null) : [],
    helpCenter: webUrl(message.helpCenter),
  };
}

/** GET unit_config for a unit (public: the footer shows before sign-in); null when it cannot be read. */
export async function loadUnitConfig(
  unitId: string | undefined,
  http: Pick<HttpClient, 'request'>,
): Promise<UnitLoginConfig | null> {
  try {
    const answer = await http.request<UnitLoginConfig>({
      url: CHROME_PATHS.unitConfig,
      params: unitId ? { unitId } : {},
      noIntercept: true,
    });
    return answer.data ?? null;
  } catch {
    return null;
  }
}

/**
 * The help-center link of §2 with `redUrl`, `accessToken` and `unitId`. The help center signs the user in with the
 * token, so the token goes only to an https address or this page's own origin (never over plain http to another
 * host, where anyone on the way could read it); otherwise the link goes without it and the help center asks the
 * user to sign in.
 */
export function helpCenterLink(base: string, ctx: { href: string; accessToken?: string; unitId?: string }): string {
  // Read like every link from data that may lead elsewhere (issue 67): http(s), resolved once, its own href.
  const resolved = outboundUrl(base, siteOf(ctx.href, {}));
  if (!resolved) return '';
  const target = new URL(resolved);
  const here = new URL(ctx.href);
  const safe = target.protocol === 'https:' || target.origin === here.origin;
  return helpCenterUrl({
    helpCenterUrl: target.href,
    redUrl: ctx.href,
    accessToken: safe ? ctx.accessToken : undefined,
    unitId: ctx.unitId,
  });
}
