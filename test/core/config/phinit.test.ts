import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { PLATFORM_VERSION } from '../../../src/core/api/wire';
import {
  $config,
  createGlobalPhinit,
  DEFAULT_TIMEOUT,
  languageList,
  phinit,
  requireConfig,
  resolveConfig,
} from '../../../src/core/config';
import { $notices } from '../../../src/core/notify';

describe('phinit', () => {
  it('rejects a missing or blank code before looking at appCode', () => {
    expect(() => phinit({ appCode: 'base' })).toThrow(new Error('code 不能为空'));
    expect(() => phinit({ code: '  ', appCode: '' })).toThrow('code 不能为空');
  });

  it('rejects a missing appCode', () => {
    expect(() => phinit({ code: 'desktop' })).toThrow(new Error('appCode 不能为空'));
  });

  it('requireConfig tells the page to call phinit first', () => {
    $config.set(null);
    expect(() => requireConfig()).toThrow('phinit has not been called');
  });

  it('fills every default and publishes the configuration', () => {
    const config = phinit({ code: 'desktop', appCode: 'base' });
    expect(config).toMatchObject({
      code: 'desktop',
      appCode: 'base',
      apiBase: '',
      rootPath: 'pages',
      env: 'development',
      device: 'pc',
      platformVersion: PLATFORM_VERSION,
      appPath: '/pages/base',
      base: 'base',
      areaBase: 'areaBase',
      serverId: 'base',
      oneProxy: false,
      languages: ['zh-CN', 'en', 'zh-HK'],
      skipSharedLanguagePack: false,
      timeout: 1_200_000,
    });
    expect($config.get()).toBe(config);
    expect(requireConfig()).toBe(config);
  });

  it('keeps given options and only accepts known devices and envs', () => {
    const config = resolveConfig({
      code: 'c',
      appCode: 'a',
      apiBase: 'http://api',
      rootPath: 'root',
      env: 'production',
      device: 'app',
      jumpPage: '/x',
      oneProxy: true,
      loginTickitConifg: { apipath: '/sso' },
      languages: ['en', 'zh-HK', 'fr'],
      timeout: 5,
    });
    expect(config).toMatchObject({
      apiBase: 'http://api',
      rootPath: 'root',
      env: 'production',
      device: 'app',
      appPath: '/root/a',
      jumpPage: '/x',
      oneProxy: true,
      loginTickitConifg: { apipath: '/sso' },
      languages: ['en', 'zh-HK'],
      timeout: 5,
    });
    const odd = resolveConfig({ code: 'c', appCode: 'a', env: 'staging' as never, device: 'tv' as never, timeout: -1 });
    expect(odd.env).toBe('development');
    expect(odd.device).toBe('pc');
    expect(odd.timeout).toBe(DEFAULT_TIMEOUT);
  });

  it('keeps the exact redirect origins and the desktop-client flag (issue 8 §13, §17)', () => {
    expect(resolveConfig({ code: 'c', appCode: 'a' })).toMatchObject({
      allowedRedirectOrigins: [],
      desktopClient: false,
    });
    const config = resolveConfig({
      code: 'c',
      appCode: 'a',
      allowedRedirectOrigins: ['https://library.school.test/', 'https://exam.school.test'],
      desktopClient: true,
    });
    expect(config).toMatchObject({
      allowedRedirectOrigins: ['https://library.school.test', 'https://exam.school.test'],
      desktopClient: true,
    });
  });

  it('any non-blank code and appCode resolve', () => {
    const text = fc.string({ minLength: 1 }).filter((value) => value.trim() !== '');
    fc.assert(
      fc.property(text, text, (code, appCode) => {
        const config = resolveConfig({ code, appCode });
        return config.code === code && config.appCode === appCode && config.platformVersion === '1.6.0';
      }),
    );
  });
});

describe('language list (§5)', () => {
  it('notifies info and falls back when the list is not an array', () => {
    $notices.set([]);
    expect(languageList('en')).toEqual(['zh-CN', 'en', 'zh-HK']);
    expect($notices.get().map((notice) => [notice.kind, notice.message])).toEqual([
      ['info', 'data type error, language list must be an array'],
    ]);
    expect(languageList('en', ['zh-CN', 'en'])).toEqual(['zh-CN', 'en']);
  });

  it('says nothing for an absent list or an array', () => {
    $notices.set([]);
    expect(languageList(undefined)).toEqual(['zh-CN', 'en', 'zh-HK']);
    expect(languageList(['zh-HK'])).toEqual(['zh-HK']);
    expect($notices.get()).toEqual([]);
  });
});

describe('languages offered (§9, issue 8 §16, issue 55)', () => {
  it('every page offers the three, the login shell too (issue 55 supersedes §9 here)', () => {
    expect(resolveConfig({ code: 'login', appCode: 'base' }).languages).toEqual(['zh-CN', 'en', 'zh-HK']);
    expect(resolveConfig({ code: 'desktop', appCode: 'base' }).languages).toEqual(['zh-CN', 'en', 'zh-HK']);
    expect(resolveConfig({ code: 'bind', appCode: 'base' }).languages).toEqual(['zh-CN', 'en', 'zh-HK']);
  });

  it('is configurable', () => {
    expect(resolveConfig({ code: 'login', appCode: 'base', languages: ['zh-CN', 'en'] }).languages).toEqual([
      'zh-CN',
      'en',
    ]);
    expect(resolveConfig({ code: 'desktop', appCode: 'base', languages: ['zh-CN', 'en'] }).languages).toEqual([
      'zh-CN',
      'en',
    ]);
  });
});

describe('legacy global phinit', () => {
  it('fails without the PH global', () => {
    const global = createGlobalPhinit({});
    expect(() => global({ code: 'c', appCode: 'a' })).toThrow(new Error('phinit 方法未发现PH全局变量'));
  });

  it('delegates to PH.phinit once it exists', () => {
    const scope: Parameters<typeof createGlobalPhinit>[0] = {};
    const global = createGlobalPhinit(scope);
    const delegate = vi.fn(phinit);
    scope.PH = { phinit: delegate };
    expect(global({ code: 'c', appCode: 'a' }).code).toBe('c');
    expect(delegate).toHaveBeenCalledWith({ code: 'c', appCode: 'a' });
  });
});
