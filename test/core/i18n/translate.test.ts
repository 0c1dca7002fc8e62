import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/i18n/language';
import { BUILTIN_STRINGS } from '../../../src/core/i18n/strings';
import { $language, $languageTable, $translate, builtinTranslator, t } from '../../../src/core/i18n/translate';

afterEach(() => {
  $language.set('zh-CN');
  $languageTable.set({});
});

describe('t (§4 language packs, read by every element)', () => {
  it('reads the built-in text of the current language', () => {
    expect(t('core.http.serverError')).toBe('服务器内部错误');
    $language.set('en');
    expect(t('core.http.serverError')).toBe('Server internal error!');
    $language.set('zh-HK');
    expect(t('core.http.serverError')).toBe('服務器內部錯誤');
  });

  it('a loaded pack wins over the built-in text', () => {
    $language.set('en');
    $languageTable.set({ 'core.http.serverError': 'Something broke' });
    expect(t('core.http.serverError')).toBe('Something broke');
  });

  it('fills {name} placeholders and leaves unknown ones as they are', () => {
    $languageTable.set({ greet: '{name}, you have {count} messages {later}' });
    expect(t('greet', { name: 'Ann', count: 3 })).toBe('Ann, you have 3 messages {later}');
  });

  it('answers the key itself when nothing knows it', () => {
    expect(t('no.such.key')).toBe('no.such.key');
  });

  it('builtinTranslator: the built-in texts of one language, whatever is active or loaded; one function each', () => {
    // What a server renders an element with, and so what the browser renders first when it hydrates that markup.
    $language.set('en');
    $languageTable.set({ 'core.http.serverError': 'Something broke' });
    expect(builtinTranslator('zh-HK')('core.http.serverError')).toBe('服務器內部錯誤');
    expect(builtinTranslator('en')('core.http.serverError')).toBe('Server internal error!');
    expect(builtinTranslator('zh-CN')('no.such.key')).toBe('no.such.key');
    // React compares server snapshots by identity: a new function each time would render again and again.
    for (const language of LANGUAGES) expect(builtinTranslator(language)).toBe(builtinTranslator(language));
    // And $translate holds that very function until a pack is loaded: hydration in the same language renders once.
    $languageTable.set({});
    expect($translate.get()).toBe(builtinTranslator('en'));
    $languageTable.set({ 'core.http.serverError': 'Something broke' });
    expect($translate.get()).not.toBe(builtinTranslator('en'));
  });

  it('$translate follows language changes', () => {
    const seen: string[] = [];
    const stop = $translate.subscribe((translate) => seen.push(translate('core.auth.loginSuccess')));
    $language.set('en');
    stop();
    expect(seen).toEqual(['登录成功', 'login success']);
  });

  it('every built-in key exists in all three languages', () => {
    const keys = Object.keys(BUILTIN_STRINGS['zh-CN']).sort();
    for (const language of LANGUAGES) expect(Object.keys(BUILTIN_STRINGS[language]).sort()).toEqual(keys);
  });
});
