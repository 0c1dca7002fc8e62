import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { $language } from '../../../src/core/i18n/translate';
import { validateLoginFields } from '../../../src/core/validate';

afterEach(() => $language.set('zh-CN'));

describe('validateLoginFields (§5 login)', () => {
  it('requires both fields, with the Chinese messages by default', () => {
    expect(validateLoginFields({ username: '', password: '' })).toEqual({
      valid: false,
      values: { username: '', password: '' },
      errors: { username: '用户名不能为空！', password: '密码不能为空！' },
    });
  });

  it('uses the English messages when the language is en', () => {
    $language.set('en');
    expect(validateLoginFields({ username: ' ', password: 'x' }).errors).toEqual({
      username: 'User name cannot be empty!',
    });
    expect(validateLoginFields({ username: 'x', password: '\t' }).errors).toEqual({
      password: 'Password cannot be empty!',
    });
  });

  it('uses the traditional Chinese messages for zh-HK', () => {
    $language.set('zh-HK');
    expect(validateLoginFields({ username: '', password: '' }).errors).toEqual({
      username: '用戶名不能為空！',
      password: '密碼不能為空！',
    });
  });

  it('trims the values it hands back', () => {
    expect(validateLoginFields({ username: '  teacher1 ', password: ' secret\n' })).toEqual({
      valid: true,
      values: { username: 'teacher1', password: 'secret' },
      errors: {},
    });
  });

  it('is valid exactly when both trimmed values are non-empty', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (username, password) => {
        const result = validateLoginFields({ username, password });
        expect(result.valid).toBe(username.trim() !== '' && password.trim() !== '');
        expect('username' in result.errors).toBe(username.trim() === '');
        expect('password' in result.errors).toBe(password.trim() === '');
      }),
    );
  });
});
