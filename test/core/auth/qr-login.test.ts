import { describe, expect, it } from 'vitest';
import { type QrLoginDeps, showQrLogin, type WwLoginOptions, wwLoginOptions } from '../../../src/core/auth';

// §2 QR container, §7 chat-login script: what WeCom's WwLogin is given, and when the box can show a code at all.

describe('wwLoginOptions', () => {
  it('leads back to this page without credentials or an old code and state, encoded, in zh or en', () => {
    const options = wwLoginOptions(
      'box',
      'ww-corp',
      { agentId: '1000002', style: '/qr.css' },
      'https://school.example/login?redirect_uri=%2Fdesktop&code=old&state=qy&password=secret',
      'zh-HK',
    );
    expect(options).toEqual({
      id: 'box',
      appid: 'ww-corp',
      agentid: '1000002',
      redirect_uri: encodeURIComponent('https://school.example/login?redirect_uri=%2Fdesktop'),
      state: 'qy',
      href: '/qr.css',
      lang: 'zh',
    });
    expect(wwLoginOptions('box', 'ww-corp', {}, 'https://school.example/', 'en').lang).toBe('en');
  });
});

describe('showQrLogin', () => {
  /** A page's deps: the script defines WwLogin when it loads; what WwLogin was given is kept. */
  function page(corpId: string | null, loads = true) {
    const drawn: WwLoginOptions[] = [];
    const loaded: string[] = [];
    const scope: QrLoginDeps['scope'] = {};
    const deps: QrLoginDeps = {
      corpId: async () => corpId,
      loadScript: async (url) => {
        loaded.push(url);
        if (!loads) throw new Error('404');
        scope.WwLogin = function WwLoginStandIn(this: unknown, options: WwLoginOptions) {
          drawn.push(options);
        };
      },
      scope,
      href: 'https://school.example/login',
      language: 'zh-CN',
    };
    return { deps, drawn, loaded };
  }
  const box = () => ({ id: 'qr-1' }) as HTMLElement;

  it("loads the script, then places the box and has the script draw the unit's code into it", async () => {
    const { deps, drawn, loaded } = page('ww-corp');
    expect(await showQrLogin({ script: '/wwLogin.js', agentId: '7' }, deps, box)).toBe(true);
    expect(loaded).toEqual(['/wwLogin.js']);
    expect(drawn.map(({ id, appid, agentid }) => [id, appid, agentid])).toEqual([['qr-1', 'ww-corp', '7']]);
  });

  it('shows none, placing no box, without a script, a WeCom app, a loaded script, or its WwLogin', async () => {
    const placed: string[] = [];
    const place = () => {
      placed.push('box');
      return box();
    };
    expect(await showQrLogin(undefined, page('ww-corp').deps, place)).toBe(false);
    expect(await showQrLogin({ agentId: '7' }, page('ww-corp').deps, place)).toBe(false);
    const noApp = page(null);
    expect(await showQrLogin({ script: '/wwLogin.js' }, noApp.deps, place)).toBe(false);
    expect(noApp.loaded).toEqual([]);
    expect(await showQrLogin({ script: '/wwLogin.js' }, page('ww-corp', false).deps, place)).toBe(false);
    const noWwLogin = page('ww-corp');
    noWwLogin.deps.loadScript = async () => undefined;
    expect(await showQrLogin({ script: '/other.js' }, noWwLogin.deps, place)).toBe(false);
    expect(placed).toEqual([]);
  });

  it('draws nothing when the box is gone by the time the script loads (the element left the page)', async () => {
    const { deps, drawn } = page('ww-corp');
    expect(await showQrLogin({ script: '/wwLogin.js' }, deps, () => null)).toBe(false);
    expect(drawn).toEqual([]);
  });
});
