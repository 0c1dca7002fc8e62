import { setPersistentEngine } from '@nanostores/persistent';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

// The engine must be in place before the stores are created: they read it once, at module load.
const storage: Record<string, string> = {};
setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
const prefs = await import('../../../src/core/session');

beforeAll(() => {
  expect(prefs.$loggedOut.get()).toBeUndefined();
});

beforeEach(() => {
  for (const key of Object.keys(storage)) delete storage[key];
  prefs.$recentApps.set({});
  prefs.$menuLock.set({});
});

describe('stored preferences', () => {
  it('uses the spec and legacy key names with plain string values', () => {
    prefs.$loggedOut.set(prefs.LOGGED_OUT);
    prefs.$storedLanguage.set('en');
    prefs.$storedLang.set('zh-HK');
    prefs.$storedUser.set({ userId: 'u1' });
    prefs.$autoLoginCount.set(2);
    prefs.$autoLogin.set(true);
    expect(storage).toMatchObject({
      IS_LOGOUTED: 'logout',
      lange_: 'en',
      lang: 'zh-HK',
      user: '{"userId":"u1"}',
      autoLoginCount: '2',
      autoLogin: 'true',
    });
    expect(prefs.$prefs.get()).toMatchObject({ loggedOut: true, language: 'en', autoLoginCount: 2, autoLogin: true });
  });

  it('keeps the unit style model and the product code under their own keys; $prefs shows them', () => {
    prefs.$unitStyle.set('cartoon');
    prefs.$productCode.set('P1');
    expect(storage).toMatchObject({ unitStyleModel: 'cartoon', productCode: 'P1' });
    expect(prefs.$prefs.get()).toMatchObject({ unitStyle: 'cartoon', productCode: 'P1' });
    prefs.$unitStyle.set(undefined);
    prefs.$productCode.set(undefined);
    expect(storage).not.toHaveProperty('unitStyleModel');
  });

  it('removes the key when a counter or flag goes back to its default', () => {
    prefs.$autoLoginCount.set(3);
    prefs.$autoLoginCount.set(0);
    prefs.$autoLogin.set(false);
    expect(storage).not.toHaveProperty('autoLoginCount');
    expect(storage).not.toHaveProperty('autoLogin');
  });

  it('keeps recent apps per user, newest first, without duplicates', () => {
    prefs.addRecentApp('u1', { code: 'a' });
    prefs.addRecentApp('u1', { code: 'b' });
    prefs.addRecentApp('u1', { code: 'a' });
    prefs.addRecentApp('u2', { code: 'z' });
    expect(prefs.recentAppsOf('u1').map((app) => app.code)).toEqual(['a', 'b']);
    expect(prefs.recentAppsOf('u2').map((app) => app.code)).toEqual(['z']);
    expect(JSON.parse(storage.recentApps ?? '{}').u1).toHaveLength(2);
  });

  it('recent apps: at most 10, newest first, unique, for any sequence', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...'abcdefghijklmnop'.split('')), { maxLength: 60 }), (codes) => {
        let list: { code: string }[] = [];
        for (const code of codes) list = prefs.withRecentApp(list, { code });
        const expected = [...new Set([...codes].reverse())].slice(0, 10);
        expect(list.map((app) => app.code)).toEqual(expected);
      }),
    );
  });

  it('locks the left menu per user', () => {
    prefs.setMenuLock('u1', true);
    expect(prefs.isMenuLocked('u1')).toBe(true);
    expect(prefs.isMenuLocked('u2')).toBe(false);
    expect(JSON.parse(storage.leftMenuLock ?? '{}')).toEqual({ u1: true });
  });
});
