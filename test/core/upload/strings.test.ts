import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/i18n/language';
import { BUILTIN_STRINGS } from '../../../src/core/i18n/strings';
import { $language } from '../../../src/core/i18n/translate';
import { UPLOAD_STRINGS, validateUpload } from '../../../src/core/upload';

describe("the uploader's texts", () => {
  it('exist in every language with the same keys, none shadowing a core key', () => {
    const keys = Object.keys(UPLOAD_STRINGS['zh-CN']).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(UPLOAD_STRINGS[language]).sort()).toEqual(keys);
      for (const key of keys) expect(BUILTIN_STRINGS[language][key]).toBeUndefined();
    }
  });

  it('speak the current language (§8 wording in English)', () => {
    for (const [language, text] of [
      ['zh-CN', '文件类型错误'],
      ['en', 'file type error'],
      ['zh-HK', '檔案類型錯誤'],
    ] as const) {
      $language.set(language);
      expect(validateUpload('not an object')?.message).toBe(text);
    }
    $language.set('zh-CN');
  });
});
