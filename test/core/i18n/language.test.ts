import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitBilingual } from '../../../src/core/i18n/bilingual';
import { LANGUAGES, languageFromUrl, normalizeLanguage, resolveLanguage } from '../../../src/core/i18n/language';

describe('normalizeLanguage', () => {
  it('keeps the three languages and maps anything else to zh-CN', () => {
    expect(normalizeLanguage('en')).toBe('en');
    expect(normalizeLanguage('zh-HK')).toBe('zh-HK');
    expect(normalizeLanguage('fr')).toBe('zh-CN');
    expect(normalizeLanguage('EN')).toBe('zh-CN');
    expect(normalizeLanguage(undefined)).toBe('zh-CN');
  });

  it('always yields a supported language, and is the identity on them', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...LANGUAGES)), (value) => {
        const result = normalizeLanguage(value);
        expect(LANGUAGES).toContain(result);
        if ((LANGUAGES as readonly string[]).includes(value)) expect(result).toBe(value);
      }),
    );
  });
});

describe('resolveLanguage (§9 order)', () => {
  it('query beats argument beats lange_ beats lang beats default', () => {
    expect(resolveLanguage({ query: 'en', argument: 'zh-HK', stored: 'zh-HK', storedLang: 'zh-HK' })).toBe('en');
    expect(resolveLanguage({ query: null, argument: 'zh-HK', stored: 'en', storedLang: 'en' })).toBe('zh-HK');
    expect(resolveLanguage({ query: '', stored: 'en', storedLang: 'zh-HK' })).toBe('en');
    expect(resolveLanguage({ storedLang: 'zh-HK' })).toBe('zh-HK');
    expect(resolveLanguage({})).toBe('zh-CN');
  });

  it('an invalid first value means zh-CN rather than falling through', () => {
    expect(resolveLanguage({ query: 'de', argument: 'en' })).toBe('zh-CN');
  });

  it('the first non-empty source always decides', () => {
    const source = fc.option(fc.oneof(fc.constantFrom(...LANGUAGES, ''), fc.string()), { nil: undefined });
    fc.assert(
      fc.property(source, source, source, source, (query, argument, stored, storedLang) => {
        const first = [query, argument, stored, storedLang].find((value) => value !== undefined && value !== '');
        expect(resolveLanguage({ query, argument, stored, storedLang })).toBe(normalizeLanguage(first));
      }),
    );
  });

  it('reads the language query value', () => {
    expect(languageFromUrl('http://x/pages/a/index.html?language=en#/home')).toBe('en');
    expect(languageFromUrl('http://x/')).toBeNull();
    expect(languageFromUrl('not a url')).toBeNull();
  });
});

describe('splitBilingual', () => {
  it('reads Chinese first and English only for en; zh-HK reads Chinese', () => {
    expect(splitBilingual('密码错误|||Wrong password', 'zh-CN')).toBe('密码错误');
    expect(splitBilingual('密码错误|||Wrong password', 'en')).toBe('Wrong password');
    expect(splitBilingual('密码错误|||Wrong password', 'zh-HK')).toBe('密码错误');
  });

  it('leaves single-language messages alone and falls back when a part is empty', () => {
    expect(splitBilingual('plain', 'en')).toBe('plain');
    expect(splitBilingual('中文|||', 'en')).toBe('中文');
    expect(splitBilingual('|||English', 'zh-CN')).toBe('English');
  });

  it('takes the first part as Chinese, the second as English and a third as zh-HK, whatever follows', () => {
    expect(splitBilingual('中文|||English|||繁體', 'en')).toBe('English');
    expect(splitBilingual('中文|||English|||繁體', 'zh-CN')).toBe('中文');
    expect(splitBilingual('中文|||English|||繁體', 'zh-HK')).toBe('繁體');
    expect(splitBilingual('中文|||English|||繁體|||extra', 'zh-HK')).toBe('繁體');
    expect(splitBilingual('中文|||English|||', 'en')).toBe('English');
    expect(splitBilingual('中文|||English|||', 'zh-HK')).toBe('中文');
    expect(splitBilingual('中文||||||third', 'en')).toBe('中文');
  });

  it('for any two parts without the separator, picks the right one', () => {
    const part = fc
      .string({ minLength: 1 })
      .filter((value) => !value.includes('|') && value.trim() === value && value !== '');
    fc.assert(
      fc.property(part, part, (zh, en) => {
        expect(splitBilingual(`${zh}|||${en}`, 'en')).toBe(en);
        expect(splitBilingual(`${zh}|||${en}`, 'zh-CN')).toBe(zh);
      }),
    );
  });
});
