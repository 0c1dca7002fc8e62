import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { $language, $languageTable } from '../../../src/core/i18n/translate';
import {
  checkContact,
  checkEmail,
  checkIdCard,
  checkPhone,
  checkThemeColor,
  idCardCheckChar,
  isValidContact,
  isValidEmail,
  isValidPhone,
} from '../../../src/core/validate';

afterEach(() => {
  $language.set('zh-CN');
  $languageTable.set({});
});

const VALID_ID = `11010519491231002${idCardCheckChar('11010519491231002')}`;
const NOW = new Date(2026, 10, 23);

describe('field checks with the §5 messages (§8: shown under the field)', () => {
  it('passes good values, trimmed first', () => {
    expect(checkIdCard(` ${VALID_ID} `, NOW)).toEqual({ valid: true });
    expect(checkPhone('13800138000\n')).toEqual({ valid: true });
    expect(checkEmail(' teacher@school.edu.cn')).toEqual({ valid: true });
    expect(checkContact('')).toEqual({ valid: true });
    expect(checkContact('010-6275 1234')).toEqual({ valid: true });
    expect(checkThemeColor('#457CD6')).toEqual({ valid: true });
  });

  it('answers in simplified Chinese by default', () => {
    expect(checkIdCard('110105194912310021', NOW)).toEqual({
      valid: false,
      message: '请输入正确的15位或18位身份证号码',
    });
    expect(checkPhone('23800138000')).toEqual({ valid: false, message: '请输入以1开头的11位手机号码' });
    expect(checkEmail('no-at.example.com')).toEqual({ valid: false, message: '请输入正确的电子邮箱地址' });
    expect(checkContact('010/6275')).toEqual({ valid: false, message: '联系电话只能包含数字、连字符和空格' });
    expect(checkThemeColor('457CD6')).toEqual({
      valid: false,
      message: '自定义主题色必须是以 # 开头的十六进制颜色，例如 #457CD6',
    });
  });

  it('answers in English and in traditional Chinese when the language says so', () => {
    $language.set('en');
    expect(checkIdCard('', NOW)).toEqual({ valid: false, message: 'Enter a valid 15- or 18-digit ID card number' });
    expect(checkPhone('1380013800')).toEqual({
      valid: false,
      message: 'Enter an 11-digit mobile number starting with 1',
    });
    expect(checkEmail('two@@example.com')).toEqual({ valid: false, message: 'Enter a valid email address' });
    $language.set('zh-HK');
    expect(checkPhone('')).toEqual({ valid: false, message: '請輸入以1開頭的11位手機號碼' });
  });

  it('lets a loaded language pack word the message (the pack wins over the built-in text)', () => {
    $languageTable.set({ 'rules.email.invalid': '邮箱不对' });
    expect(checkEmail('x')).toEqual({ valid: false, message: '邮箱不对' });
  });

  it('judges exactly as the boolean rules do, on the trimmed value', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(checkPhone(value).valid).toBe(isValidPhone(value.trim()));
        expect(checkEmail(value).valid).toBe(isValidEmail(value.trim()));
        expect(checkContact(value).valid).toBe(isValidContact(value.trim()));
      }),
    );
  });
});
