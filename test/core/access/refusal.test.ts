import { describe, expect, it } from 'vitest';
import { type Refusal, refusalText } from '../../../src/core/access';
import { ACCESS_STRINGS } from '../../../src/core/access/strings';
import { LANGUAGES } from '../../../src/core/i18n/translate';

// The refusals' words: every language has every sentence, a loaded pack may reword them, the app is named.
const names = { 'zh-CN': '资产管理', en: 'Assets', 'zh-HK': '資產管理' };
const noPack = (key: string) => key;

describe('refusalText', () => {
  it('has every sentence in every language, each naming the app where it has one', () => {
    const keys = Object.keys(ACCESS_STRINGS['zh-CN']).sort();
    expect(keys).toHaveLength(6);
    for (const language of LANGUAGES) {
      expect(Object.keys(ACCESS_STRINGS[language]).sort()).toEqual(keys);
      for (const key of keys) expect(ACCESS_STRINGS[language][key]?.includes('{name}')).toBe(!key.endsWith('.unnamed'));
    }
  });

  it.each([
    [{ reason: 'expired', names }, 'zh-HK', '「資產管理」已到期，請聯繫管理員！'],
    [{ reason: 'expired', names }, 'en', 'Assets has expired. Please contact the administrator!'],
    [{ reason: 'expired', names: null }, 'zh-CN', '该模块已到期，请联系管理员！'],
    [{ reason: 'notPermitted', names }, 'zh-CN', '您的账号没有「资产管理」的使用权限，请联系管理员。'],
    [{ reason: 'teacherOnly', names: null }, 'en', 'This page is for teachers; your account cannot open it.'],
  ] as [Refusal, 'zh-CN' | 'en' | 'zh-HK', string][])('%o in %s → %s', (refusal, language, text) => {
    expect(refusalText(refusal, noPack, language)).toBe(text);
  });

  it("takes a loaded pack's wording first", () => {
    const pack = (key: string, params?: Record<string, unknown>) =>
      key === 'access.expired' ? `${params?.name} 授权已过期` : key;
    expect(refusalText({ reason: 'expired', names }, pack, 'zh-CN')).toBe('资产管理 授权已过期');
  });
});
