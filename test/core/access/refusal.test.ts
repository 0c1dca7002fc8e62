import { describe, expect, it } from 'vitest';
import { type Refusal, refusalText } from '../../../src/core/access';
import { ACCESS_STRINGS } from '../../../src/core/access/strings';
import { LANGUAGES } from '../../../src/core/i18n/language';

// The refusals' words: every language has every sentence, a loaded pack may reword them, the app is named.
const names = { 'zh-CN': '资产管理', en: 'Assets', 'zh-HK': '資產管理' };
const noPack = (key: string) => key;

describe('refusalText', () => {
  it('has every sentence in every language, each naming the app where it has one', () => {
    const keys = Object.keys(ACCESS_STRINGS['zh-CN']).sort();
    expect(keys).toHaveLength(7);
    for (const language of LANGUAGES) {
      expect(Object.keys(ACCESS_STRINGS[language]).sort()).toEqual(keys);
      for (const key of keys) {
        const names = !key.endsWith('.unnamed') && key !== 'access.unitExpired';
        expect(ACCESS_STRINGS[language][key]?.includes('{name}'), `${language} ${key}`).toBe(names);
      }
    }
  });

  it.each([
    [{ reason: 'expired', names }, 'zh-HK', '「資產管理」已到期，請聯繫管理員！'],
    [{ reason: 'expired', names }, 'en', 'Assets has expired. Please contact the administrator!'],
    [{ reason: 'expired', names: null }, 'zh-CN', '该模块已到期，请联系管理员！'],
    [{ reason: 'notPermitted', names }, 'zh-CN', '您的账号没有「资产管理」的使用权限，请联系管理员。'],
    [{ reason: 'teacherOnly', names: null }, 'en', 'This page is for teachers; your account cannot open it.'],
    [{ reason: 'unitExpired', names }, 'zh-HK', '本單位的平台授權已到期，所有模組都無法使用，請聯繫管理員！'],
    [{ reason: 'unitExpired', names: null }, 'zh-CN', '本单位的平台授权已到期，所有模块都无法使用，请联系管理员！'],
  ] as [Refusal, 'zh-CN' | 'en' | 'zh-HK', string][])('%o in %s → %s', (refusal, language, text) => {
    expect(refusalText(refusal, noPack, language)).toBe(text);
  });

  it("takes a loaded pack's wording first", () => {
    const pack = (key: string, params?: Record<string, unknown>) =>
      key === 'access.expired' ? `${params?.name} 授权已过期` : key;
    expect(refusalText({ reason: 'expired', names }, pack, 'zh-CN')).toBe('资产管理 授权已过期');
  });
});
