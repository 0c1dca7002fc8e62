import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isChatProvider, SOCIAL_AUTHORIZE_DEFAULTS, socialAuthorizeUrl } from '../../../src/core/auth';

// Issue 8 §12: the provider authorisation URL of sign-in inside work-chat and the chat app.

// fast-check builds its URL grammar when a webUrl is first generated: about a second of CPU, several on a busy
// machine. Paid here, while the file loads, so the property below is timed for its own runs only.
const webUrls = fc.webUrl();
fc.sample(webUrls, 1);

describe('socialAuthorizeUrl', () => {
  it('builds the providers’ documented URL with the app id, the page to come back to and state = provider', () => {
    expect(socialAuthorizeUrl('mp', 'wx123', 'https://school.test/login?redirect_uri=%2Fa')).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123' +
        '&redirect_uri=https%3A%2F%2Fschool.test%2Flogin%3Fredirect_uri%3D%252Fa' +
        '&response_type=code&scope=snsapi_base&state=mp#wechat_redirect',
    );
    expect(SOCIAL_AUTHORIZE_DEFAULTS.qy.url).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
  });

  it('comes back without credentials or the state of an earlier round trip', () => {
    const url = new URL(
      socialAuthorizeUrl('qy', 'ww1', 'https://school.test/login?code=old&state=qy&password=p&language=en#/x'),
    );
    expect(url.searchParams.get('redirect_uri')).toBe('https://school.test/login?language=en#/x');
  });

  it('takes a configured page, relative to the current one, and scope', () => {
    const url = new URL(
      socialAuthorizeUrl('qy', 'ww1', 'http://127.0.0.1:8080/login', {
        qy: { url: '/sso/social/authorize?ignored=1', scope: 'snsapi_privateinfo' },
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:8080/sso/social/authorize');
    expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(url.searchParams.get('scope')).toBe('snsapi_privateinfo');
  });

  it('always carries the app id and the provider through, whatever the page', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('qy', 'mp' as const),
        fc.string({ minLength: 1 }),
        webUrls,
        (provider, appId, href) => {
          const url = new URL(socialAuthorizeUrl(provider, appId, href));
          expect(url.searchParams.get('appid')).toBe(appId);
          expect(url.searchParams.get('state')).toBe(provider);
          expect(new URL(url.searchParams.get('redirect_uri')!).origin).toBe(new URL(href).origin);
        },
      ),
    );
  });

  it('knows the two chat providers only', () => {
    expect(isChatProvider('qy')).toBe(true);
    expect(isChatProvider('mp')).toBe(true);
    expect(isChatProvider('wxqr')).toBe(false);
    expect(isChatProvider('toString')).toBe(false);
  });
});
