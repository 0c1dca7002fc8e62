import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appModuleUrl,
  bindPageUrl,
  deployPathFor,
  helpCenterUrl,
  LOGIN_PAGE_PATH,
  landingPath,
  landingUrl,
  layoutForWidth,
  loginPageUrl,
  mobileAppPath,
  pathIdFor,
  redirectAppPath,
  redirectAppUrl,
  siteOf,
} from '../../../src/core/routes';

const site = siteOf('http://school.test/pages/base/pc_desktop_all/index.html', {});

const code = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,11}$/);
const device = fc.constantFrom('app' as const, 'h5' as const, 'pc' as const);
const userType = fc.integer({ min: 0, max: 9 });

describe('tm/spm and area/pages (§1)', () => {
  it('teachers and type 4 use tm, everyone else spm, for numbers and strings', () => {
    expect([1, 2, 3, 4, 5].map(pathIdFor)).toEqual(['spm', 'tm', 'spm', 'tm', 'spm']);
    expect(pathIdFor('2')).toBe('tm');
    expect(pathIdFor('x')).toBe('spm');
  });

  it('unitType 1 deploys under area, anything else under pages', () => {
    expect(deployPathFor('1')).toBe('area');
    expect(deployPathFor(1)).toBe('area');
    expect(deployPathFor('2')).toBe('pages');
    fc.assert(
      fc.property(
        fc.string().filter((value) => value !== '1'),
        (value) => deployPathFor(value) === 'pages',
      ),
    );
  });
});

describe('redirectAppPath', () => {
  it('builds /pages/{app}/{pc|mobile}_{app}_{tm|spm}/index.html', () => {
    expect(redirectAppPath('grade', { device: 'pc', userType: 2 })).toBe('/pages/grade/pc_grade_tm/index.html');
    expect(redirectAppPath('grade', { device: 'app', userType: 3 })).toBe('/pages/grade/mobile_grade_spm/index.html');
    expect(redirectAppPath('grade', { device: 'h5', userType: 4 })).toBe('/pages/grade/mobile_grade_tm/index.html');
  });

  it('for any app, device and user type', () => {
    fc.assert(
      fc.property(code, device, userType, (app, dev, type) => {
        const path = redirectAppPath(app, { device: dev, userType: type });
        const prefix = dev === 'pc' ? 'pc' : 'mobile';
        const id = type === 2 || type === 4 ? 'tm' : 'spm';
        expect(path).toBe(`/pages/${app}/${prefix}_${app}_${id}/index.html`);
      }),
    );
  });
});

describe('landingPath (§2)', () => {
  const base = { rootPath: 'pages', base: 'base', areaBase: 'areaBase', unitType: '2' };
  it('development forms', () => {
    expect(landingPath({ ...base, env: 'development', device: 'pc' })).toBe('/pc_desktop_all.html');
    expect(landingPath({ ...base, env: 'development', device: 'h5' })).toBe('/mobile_desktop_all.html');
    expect(landingPath({ ...base, env: 'development', device: 'pc', unitType: '1' })).toBe('/pc_areaDesktop_all.html');
    expect(landingPath({ ...base, env: 'development', device: 'app', unitType: '1' })).toBe(
      '/mobile_areaDesktop_all.html',
    );
  });

  it('production forms', () => {
    expect(landingPath({ ...base, env: 'production', device: 'pc' })).toBe('/pages/base/pc_desktop_all/index.html');
    expect(landingPath({ ...base, env: 'production', device: 'app' })).toBe(
      '/pages/base/mobile_desktop_all/index.html',
    );
    expect(landingPath({ ...base, env: 'production', device: 'pc', unitType: '1' })).toBe(
      '/area/areaBase/pc_areaDesktop_all/index.html',
    );
    expect(landingPath({ ...base, env: 'production', device: 'h5', unitType: 1 })).toBe(
      '/area/areaBase/mobile_areaDesktop_all/index.html',
    );
  });

  it("a clock-in terminal's account lands on the clock-in page, on any device and unit (issue 69)", () => {
    const terminal = { ...base, faceTerminal: true };
    expect(landingPath({ ...terminal, env: 'production', device: 'pc' })).toBe('/pages/base/pc_clockIn_all/index.html');
    expect(landingPath({ ...terminal, env: 'production', device: 'app', unitType: '1' })).toBe(
      '/pages/base/pc_clockIn_all/index.html',
    );
    expect(landingPath({ ...terminal, env: 'development', device: 'h5' })).toBe('/pc_clockIn_all.html');
    expect(landingPath({ ...base, faceTerminal: false, env: 'production', device: 'pc' })).toBe(
      '/pages/base/pc_desktop_all/index.html',
    );
  });

  it('a pc page opened on a phone lands on the mobile desktop; tablets and computers keep the pc one', () => {
    const pc = { ...base, env: 'production' as const, device: 'pc' as const };
    const phones = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 wxwork/4.1.22',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 Chrome/99.0 Mobile Safari/537.36',
    ];
    for (const userAgent of phones) {
      expect(landingPath({ ...pc, userAgent })).toBe('/pages/base/mobile_desktop_all/index.html');
    }
    const others = [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 wxwork/4.1.22 Chrome/126.0',
      '',
    ];
    for (const userAgent of others) {
      expect(landingPath({ ...pc, userAgent })).toBe('/pages/base/pc_desktop_all/index.html');
    }
    expect(landingPath({ ...pc, unitType: '1', userAgent: phones[0] })).toBe(
      '/area/areaBase/mobile_areaDesktop_all/index.html',
    );
  });

  it('the special unit lands on the app page', () => {
    const ctx = { ...base, env: 'production' as const, device: 'pc' as const, specialUnitId: 'U1' };
    expect(landingPath({ ...ctx, unitId: 'U1' })).toBe('/pages/base/pc_app_tm/index.html');
    expect(landingPath({ ...ctx, unitId: 'U2' })).toBe('/pages/base/pc_desktop_all/index.html');
    expect(landingPath({ ...ctx, specialUnitId: undefined, unitId: undefined })).toBe(
      '/pages/base/pc_desktop_all/index.html',
    );
  });

  it('always one of the four page kinds, under area only for area units', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('development' as const, 'production' as const),
        device,
        fc.constantFrom('1', '2', '3'),
        (env, dev, unitType) => {
          const path = landingPath({ ...base, env, device: dev, unitType });
          expect(path).toMatch(/^\/.*(pc|mobile)_(desktop|areaDesktop)_all(\.html|\/index\.html)$/);
          expect(path.includes('areaDesktop')).toBe(unitType === '1');
          expect(path.startsWith(dev === 'pc' ? '/pc_' : '/mobile_') || env === 'production').toBe(true);
        },
      ),
    );
  });
});

describe('appModuleUrl (§2)', () => {
  const ctx = { rootPath: 'pages', serverId: 'base', userType: 2, site };
  it('production: deploy root, server id, pc_{code}_{idPath}/index.html', () => {
    expect(appModuleUrl({ code: 'score', serverId: 'edu' }, { ...ctx, env: 'production' })).toBe(
      'http://school.test/pages/edu/pc_score_tm/index.html',
    );
    expect(appModuleUrl({ code: 'score', deployPath: 'area' }, { ...ctx, env: 'production', userType: 1 })).toBe(
      'http://school.test/area/base/pc_score_spm/index.html',
    );
    expect(appModuleUrl({ code: 'score' }, { ...ctx, env: 'production', pre: 'xx' })).toBe(
      'http://school.test/pages/base/pc_score_xx/index.html',
    );
  });

  it('development: /pc_{code}_{idPath}.html', () => {
    expect(appModuleUrl({ code: 'score', serverId: 'edu' }, { ...ctx, env: 'development', pre: 'xx' })).toBe(
      'http://school.test/pc_score_tm.html',
    );
  });

  it('always ends with the code and a path id', () => {
    fc.assert(
      fc.property(code, userType, (app, type) => {
        const url = appModuleUrl({ code: app }, { ...ctx, env: 'production', userType: type });
        expect(url).toBe(`http://school.test/pages/base/pc_${app}_${pathIdFor(type)}/index.html`);
      }),
    );
  });
});

describe('bind, help center, mobile pages, layout', () => {
  it('bind page plain and one-proxy, with the four query values', () => {
    const plain = { oneProxy: false, rootPath: 'pages', site };
    expect(bindPageUrl({ id: 'u1', openid: 'o', unionid: 'n', deviceId: 'd' }, plain)).toBe(
      'http://school.test/bind/?id=u1&openid=o&unionid=n&deviceId=d',
    );
    expect(bindPageUrl({ openid: 'o&x' }, { ...plain, oneProxy: true })).toBe(
      'http://school.test/pages/login/pc_bind_all/index.html?openid=o%26x',
    );
    expect(bindPageUrl({}, plain)).toBe('http://school.test/bind/');
  });

  it('bind query round-trips for any values', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (openid, deviceId) => {
        const url = new URL(bindPageUrl({ openid, deviceId }, { oneProxy: false, rootPath: 'pages', site }));
        expect(url.pathname).toBe('/bind/');
        expect(url.searchParams.get('openid')).toBe(openid);
        expect(url.searchParams.get('deviceId')).toBe(deviceId);
      }),
    );
  });

  it('help center carries redUrl, accessToken and unitId; nothing without a configured address', () => {
    const url = helpCenterUrl({
      helpCenterUrl: 'https://help.test/?from=ph',
      redUrl: 'http://school.test/a?b=1',
      accessToken: 'tok',
      unitId: 'U1',
    });
    const parsed = new URL(url);
    expect(parsed.searchParams.get('from')).toBe('ph');
    expect(parsed.searchParams.get('redUrl')).toBe('http://school.test/a?b=1');
    expect(parsed.searchParams.get('accessToken')).toBe('tok');
    expect(parsed.searchParams.get('unitId')).toBe('U1');
    expect(helpCenterUrl({ redUrl: 'x' })).toBe('');
  });

  it('mobile app-code pages', () => {
    expect(mobileAppPath('score')).toBe('/score-mobile/');
    expect(mobileAppPath()).toBe('/home-mobile/');
    expect(mobileAppPath('')).toBe('/home-mobile/');
  });

  it('layout breakpoints are exclusive at 1024 and 400', () => {
    expect(layoutForWidth(1025)).toBe('pc');
    expect(layoutForWidth(1024)).toBe('ipad');
    expect(layoutForWidth(401)).toBe('ipad');
    expect(layoutForWidth(400)).toBe('mobile');
    expect(layoutForWidth(0)).toBe('mobile');
  });

  it('layout is monotonic in width', () => {
    const rank = { mobile: 0, ipad: 1, pc: 2 };
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return rank[layoutForWidth(low)] <= rank[layoutForWidth(high)];
      }),
    );
  });
});

describe('navigation URLs under the platform prefix (issue 53)', () => {
  const prefixed = siteOf('https://school.test/platform/login?x=1', { apiBase: '/platform' });
  const landing = { rootPath: 'pages', base: 'base', areaBase: 'areaBase', unitType: '2', device: 'pc' as const };

  it('apiBase "/platform" alone puts the landing page, the login page and /redirect/{app} under /platform/', () => {
    expect(landingUrl({ ...landing, env: 'production', site: prefixed })).toBe(
      'https://school.test/platform/pages/base/pc_desktop_all/index.html',
    );
    expect(landingUrl({ ...landing, env: 'development', site: prefixed })).toBe(
      'https://school.test/platform/pc_desktop_all.html',
    );
    const back = 'https://school.test/platform/pages/x/index.html#/a';
    const login = new URL(loginPageUrl(back, { site: prefixed }));
    expect(`${login.origin}${login.pathname}`).toBe(`https://school.test/platform${LOGIN_PAGE_PATH}`);
    expect(login.searchParams.get('redirect_uri')).toBe(back);
    expect(new URL(loginPageUrl(back, { site: prefixed, desktopClient: true })).pathname).toBe(
      '/platform/needtologinpagerelogin',
    );
    expect(redirectAppUrl('grade', { device: 'pc', userType: 2, site: prefixed })).toBe(
      'https://school.test/platform/pages/grade/pc_grade_tm/index.html',
    );
  });

  it('basePath places the pages when apiBase is another host, which alone implies no prefix', () => {
    const apart = siteOf('https://school.test/x', { apiBase: 'https://api.test', basePath: '/platform/' });
    expect(landingUrl({ ...landing, env: 'production', site: apart })).toBe(
      'https://school.test/platform/pages/base/pc_desktop_all/index.html',
    );
    const noPrefix = siteOf('https://school.test/x', { apiBase: 'https://api.test' });
    expect(landingUrl({ ...landing, env: 'production', site: noPrefix })).toBe(
      'https://school.test/pages/base/pc_desktop_all/index.html',
    );
  });

  it('navigation URLs are absolute on the page origin, so a <base href> elsewhere cannot move them', () => {
    const baseURI = 'https://static.elsewhere.test/assets/';
    for (const url of [
      landingUrl({ ...landing, env: 'production', site: prefixed }),
      loginPageUrl('https://school.test/platform/a', { site: prefixed }),
      redirectAppUrl('grade', { device: 'h5', userType: 3, site: prefixed }),
      bindPageUrl({ openid: 'o' }, { oneProxy: false, rootPath: 'pages', site: prefixed }),
    ]) {
      expect(new URL(url, baseURI).origin, url).toBe('https://school.test');
      expect(new URL(url).pathname.startsWith('/platform/'), url).toBe(true);
    }
  });
});
