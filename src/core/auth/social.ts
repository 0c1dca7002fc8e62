import type { Envelope } from '../api/types';
import { ENDPOINTS, endpointPath } from '../api/wire';
import { t } from '../i18n/translate';
import { notify } from '../notify';
import type { AuthDeps } from './deps';
import { type ChatProvider, withoutSecrets } from './mode';

// §4 "social login inside work-chat or chat app": the platform names the provider's app for this unit
// (`{qy|mp}_info` → providerAppId); the user goes to the provider's authorisation page with it and comes back with
// `code` and `state` (= the provider), which the social mode of §4 turns into a login.

export interface SocialAuthorizeSetting {
  /** The provider's authorisation page (absolute, or relative to the page for a stand-in). */
  url?: string;
  /** OAuth scope asked for. */
  scope?: string;
}

export type SocialAuthorizeSettings = Partial<Record<ChatProvider, SocialAuthorizeSetting>>;

/**
 * The real providers: WeCom (企业微信) and WeChat (微信) official accounts both authorise in-app at
 * open.weixin.qq.com with the app id (WeCom: the CorpID), `snsapi_base` being the silent identity scope.
 */
export const SOCIAL_AUTHORIZE_DEFAULTS: Record<ChatProvider, Required<SocialAuthorizeSetting>> = {
  qy: { url: 'https://open.weixin.qq.com/connect/oauth2/authorize', scope: 'snsapi_base' },
  mp: { url: 'https://open.weixin.qq.com/connect/oauth2/authorize', scope: 'snsapi_base' },
};

export function isChatProvider(value: string): value is ChatProvider {
  return Object.hasOwn(SOCIAL_AUTHORIZE_DEFAULTS, value);
}

/** The page to come back to: without credentials, and without the `state` of an earlier round trip. */
function returnAddress(href: string): string {
  const url = new URL(withoutSecrets(href) ?? href);
  url.searchParams.delete('state');
  return url.href;
}

/**
 * The provider's authorisation URL: `appid`, `redirect_uri` (the page, credentials left out), `response_type=code`,
 * `scope`, `state` = the provider, in the order the providers document, and the `#wechat_redirect` they require.
 */
export function socialAuthorizeUrl(
  provider: ChatProvider,
  appId: string,
  returnTo: string,
  settings: SocialAuthorizeSettings = {},
): string {
  const { url, scope } = { ...SOCIAL_AUTHORIZE_DEFAULTS[provider], ...settings[provider] };
  const target = new URL(url, returnTo);
  target.search = '';
  target.searchParams.set('appid', appId);
  target.searchParams.set('redirect_uri', returnAddress(returnTo));
  target.searchParams.set('response_type', 'code');
  target.searchParams.set('scope', scope);
  target.searchParams.set('state', provider);
  target.hash = 'wechat_redirect';
  return target.href;
}

/** GET `{provider}_info`: the provider's app id for this unit, or null when it has none (or the call failed). */
export async function providerAppId(provider: ChatProvider, deps: AuthDeps): Promise<string | null> {
  try {
    const answer: Envelope<{ providerAppId?: string } | null> = await deps.http.request({
      url: endpointPath(ENDPOINTS.social, { provider: `${provider}_info` }),
      params: { unitHost: new URL(deps.location.href()).host },
      noIntercept: true,
    });
    return answer.data?.providerAppId || null;
  } catch {
    return null;
  }
}

export type SocialStart = { status: 'chat'; provider: ChatProvider; providerAppId: string; url: string };

/** Sends the user to the provider's authorisation page; null (nothing happens) when the unit has no such app. */
export async function startSocialSignIn(provider: ChatProvider, deps: AuthDeps): Promise<SocialStart | null> {
  const appId = await providerAppId(provider, deps);
  if (!appId) return null;
  const url = socialAuthorizeUrl(provider, appId, deps.location.href(), deps.config.socialAuthorize);
  deps.location.assign(url);
  return { status: 'chat', provider, providerAppId: appId, url };
}

/** A sign-in icon's click: the provider's page, or a notice that this unit has not set that provider up. */
export async function signInWithProvider(provider: ChatProvider, deps: AuthDeps): Promise<SocialStart | null> {
  const started = await startSocialSignIn(provider, deps);
  if (!started) notify('warning', t('core.auth.socialUnavailable'));
  return started;
}
