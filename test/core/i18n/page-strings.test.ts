import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/i18n/language';
import { LOGIN_SHELL_STRINGS, PAGE_STRINGS } from '../../../src/core/i18n/page-strings';
import { BUILTIN_STRINGS } from '../../../src/core/i18n/strings';

// Issue 8 §11: the demo site's pages take their texts from the widgets. Every key exists in the three languages,
// with text, and no page key shadows a built-in one.

describe('page texts (§2 pages through PH.t)', () => {
  it.each([
    ['LOGIN_SHELL_STRINGS', LOGIN_SHELL_STRINGS],
    ['PAGE_STRINGS', PAGE_STRINGS],
  ])('%s has every key in zh-CN, en and zh-HK, none empty', (_name, table) => {
    expect(Object.keys(table).sort()).toEqual([...LANGUAGES].sort());
    const keys = Object.keys(table['zh-CN']).sort();
    expect(keys.length).toBeGreaterThan(10);
    for (const language of LANGUAGES) {
      expect(Object.keys(table[language]).sort(), language).toEqual(keys);
      for (const [key, value] of Object.entries(table[language]))
        expect(value.trim(), `${language} ${key}`).not.toBe('');
    }
  });

  it('keeps the tables apart from each other and from the built-in texts', () => {
    const login = Object.keys(LOGIN_SHELL_STRINGS['zh-CN']);
    const pages = Object.keys(PAGE_STRINGS['zh-CN']);
    const builtin = Object.keys(BUILTIN_STRINGS['zh-CN']);
    expect(login.filter((key) => pages.includes(key) || builtin.includes(key))).toEqual([]);
    expect(pages.filter((key) => builtin.includes(key))).toEqual([]);
    expect([...login, ...pages].every((key) => key.startsWith('page.'))).toBe(true);
  });

  it('has the logout question of §2 and the re-login notice', () => {
    expect(PAGE_STRINGS['zh-CN']['page.landing.logoutQuestion']).toBe('您确认要退出吗？');
    expect(PAGE_STRINGS.en['page.landing.logoutQuestion']).toBe('Are you sure you want to sign out?');
    expect(PAGE_STRINGS['zh-HK']['page.landing.logoutQuestion']).toBe('您確認要退出嗎？');
    expect(LOGIN_SHELL_STRINGS['zh-CN']['page.relogin.expired']).toBe('登录已失效，请重新登录');
    expect(LOGIN_SHELL_STRINGS.en['page.relogin.expired']).toBe('Your session has ended. Please sign in again.');
  });
});
