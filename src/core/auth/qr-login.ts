import type { Language } from '../i18n/language';
import { withoutSecrets } from './mode';

// §2's QR container and §7's chat-login script: WeCom's web QR sign-in (企业微信扫码登录). The script a setting names
// (WeCom's is https://wwcdn.weixin.qq.com/node/wework/wwopen/js/wwLogin-1.2.7.js) defines `WwLogin`, which renders
// the code into the element whose id it is given. After a scan the provider sends the page back to `redirect_uri`
// with `code` and `state=qy`, which §4's social mode turns into a sign-in (POST social/qy), as for the work-chat icon.

/** phinit's `qrLogin`: which script renders the QR code, and for which of the unit's WeCom apps. */
export interface QrLoginSetting {
  /** The chat-login script's URL (third-party host, or a stand-in). Without one the QR box says it is unavailable. */
  script?: string;
  /** The WeCom app (`agentid`) the code signs in to. */
  agentId?: string;
  /** A stylesheet URL for the provider's QR frame (WwLogin's `href`). */
  style?: string;
}

/** What `WwLogin` takes; the corp id is the unit's `qy` app id (GET social/qy_info). */
export interface WwLoginOptions {
  id: string;
  appid: string;
  agentid: string;
  redirect_uri: string;
  state: 'qy';
  href: string;
  lang: 'zh' | 'en';
}

/** The provider's options: back to this page (credentials and an old `state` left out), in its language (zh or en). */
export function wwLoginOptions(
  id: string,
  corpId: string,
  setting: QrLoginSetting,
  href: string,
  language: Language,
): WwLoginOptions {
  const back = new URL(withoutSecrets(href) ?? href);
  back.searchParams.delete('state');
  back.searchParams.delete('code');
  return {
    id,
    appid: corpId,
    agentid: setting.agentId ?? '',
    // WeCom's guide passes redirect_uri encoded: the script puts it into its frame's query as it is.
    redirect_uri: encodeURIComponent(back.href),
    state: 'qy',
    href: setting.style ?? '',
    lang: language === 'en' ? 'en' : 'zh',
  };
}

export interface QrLoginDeps {
  /** The unit's WeCom corp id (GET social/qy_info), null when it has none. */
  corpId(): Promise<string | null>;
  loadScript(url: string): Promise<void>;
  /** Where the script defines `WwLogin` (the window). */
  scope: { WwLogin?: unknown };
  href: string;
  language: Language;
}

/**
 * Renders the QR code into the box `place` puts into the document once the script has loaded (the script finds it
 * by its id): true once the script has drawn it, false when it cannot be (no script set, no WeCom app for the unit,
 * the script did not load or defines no `WwLogin`), and the QR container then says so.
 */
export async function showQrLogin(
  setting: QrLoginSetting | undefined,
  deps: QrLoginDeps,
  place: () => HTMLElement | null,
): Promise<boolean> {
  if (!setting?.script) return false;
  const corpId = await deps.corpId();
  if (!corpId) return false;
  try {
    await deps.loadScript(setting.script);
  } catch {
    return false;
  }
  const WwLogin = deps.scope.WwLogin;
  const box = typeof WwLogin === 'function' ? place() : null;
  if (!box) return false;
  new (WwLogin as new (options: WwLoginOptions) => unknown)(
    wwLoginOptions(box.id, corpId, setting, deps.href, deps.language),
  );
  return true;
}
