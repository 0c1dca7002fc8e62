import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { $language } from '../../../src/core/i18n/translate';
import { validatePassword, validatePasswordSimple } from '../../../src/core/validate';

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const digits = '0123456789'.split('');
const symbols = '!@#$%^&*()_+-=[]{};:,.<>/?~'.split('');
const charsOf = (pool: string[], min: number, max: number) =>
  fc.array(fc.constantFrom(...pool), { minLength: min, maxLength: max }).map((chars) => chars.join(''));

afterEach(() => $language.set('zh-CN'));

describe('validatePassword (§5 strength)', () => {
  it.each([
    ['abcd1234', true],
    ['Passw0rd!', true],
    ['abcdefg!', true], // letters with a non-letter
    ['1234567!', true], // digits with a non-digit
    ['a1'.repeat(10), true], // 20 characters
    ['12345678', false], // digits only
    ['abcdefgh', false], // letters only
    ['!@#$%^&*', false], // symbols only: mixes neither digits nor letters
    ['abc123', false], // too short
    [`${'a1'.repeat(10)}x`, false], // 21 characters
    ['abcd 1234', false], // space
    ['abcd1234中', false], // Chinese
  ])('%s → %s', (value, valid) => {
    expect(validatePassword(value).valid).toBe(valid);
  });

  it('names the problem and says it in the current language', () => {
    expect(validatePassword('abc 12345')).toMatchObject({ valid: false, problem: 'whitespace' });
    expect(validatePassword('ab1')).toMatchObject({ problem: 'length', message: '密码长度必须为8到20位' });
    expect(validatePassword('密码abcd1234')).toMatchObject({ problem: 'chinese' });
    $language.set('en');
    expect(validatePassword('12345678')).toMatchObject({
      problem: 'mix',
      message: 'The password must mix at least two of digits, letters and symbols',
    });
  });

  it('counts a character outside the BMP once', () => {
    expect(validatePassword('abcdef😀').valid).toBe(false); // 7 code points
    expect(validatePassword('abcdefg😀').valid).toBe(true);
  });

  it('accepts any 8–20 mix of two character classes', () => {
    const two = fc
      .tuple(
        fc.constantFrom<[string[], string[]]>([letters, digits], [letters, symbols], [digits, symbols]),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
      )
      .chain(([[a, b], na, nb]) => fc.tuple(charsOf(a, na, na), charsOf(b, nb, nb)))
      .map(([a, b]) => a + b)
      .filter((value) => value.length >= 8);
    fc.assert(fc.property(two, (value) => validatePassword(value).valid));
  });

  it('refuses a single character class of any length', () => {
    const single = fc.constantFrom(letters, digits, symbols).chain((pool) => charsOf(pool, 0, 30));
    fc.assert(fc.property(single, (value) => !validatePassword(value).valid));
  });

  it('refuses any length outside 8–20', () => {
    const mixed = charsOf([...letters, ...digits, ...symbols], 0, 40).filter((v) => v.length < 8 || v.length > 20);
    fc.assert(
      fc.property(mixed, (value) => {
        expect(validatePassword(value)).toMatchObject({ valid: false, problem: 'length' });
      }),
    );
  });

  it('refuses whitespace or Chinese anywhere', () => {
    const bad = fc.tuple(
      charsOf(letters, 4, 8),
      fc.constantFrom(' ', '\t', '\u3000', '中', '文', '𠀀'),
      charsOf(digits, 4, 8),
    );
    fc.assert(fc.property(bad, ([a, middle, b]) => !validatePassword(a + middle + b).valid));
  });
});

describe('validatePasswordSimple (§5 alternate)', () => {
  it.each([
    ['abcdefgh', true],
    ['12345678', true],
    ['a_b.c@d-1', true],
    ['abc!defg', false],
    ['abc defg', false],
    ['abcdefg', false],
    ['a'.repeat(21), false],
  ])('%s → %s', (value, valid) => {
    expect(validatePasswordSimple(value).valid).toBe(valid);
  });

  it('matches exactly 8–20 characters of letters, digits and _ . @ -', () => {
    const allowed = [...letters, ...digits, '_', '.', '@', '-'];
    fc.assert(
      fc.property(charsOf(allowed, 0, 30), (value) => {
        const expected = value.length >= 8 && value.length <= 20;
        return validatePasswordSimple(value).valid === expected;
      }),
    );
    fc.assert(
      fc.property(charsOf(allowed, 4, 8), fc.constantFrom('!', ' ', '#', '中'), (value, bad) => {
        return !validatePasswordSimple(value + bad + value).valid;
      }),
    );
  });
});
