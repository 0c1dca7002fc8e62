import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidContact, isValidEmail, isValidPhone, isValidThemeColor } from '../../../src/core/validate';

describe('isValidEmail (§5 loose)', () => {
  it.each([
    ['teacher@school.edu.cn', true],
    ['a+b@x.io', true],
    ['张三@学校.中国', true],
    ['no-at.example.com', false],
    ['two@@example.com', false],
    ['space in@example.com', false],
    ['nodot@example', false],
    ['trailing@example.', false],
    ['@example.com', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });

  it('accepts any local@label.label without spaces or extra @', () => {
    const part = fc.stringMatching(/^[a-z0-9_+-]{1,12}$/);
    fc.assert(fc.property(part, part, part, (local, host, tld) => isValidEmail(`${local}@${host}.${tld}`)));
  });

  it('refuses any string without an @', () => {
    fc.assert(
      fc.property(
        fc.string().filter((v) => !v.includes('@')),
        (value) => !isValidEmail(value),
      ),
    );
  });
});

describe('isValidPhone (§5)', () => {
  it.each([
    ['13812345678', true],
    ['19900000000', true],
    ['23812345678', false],
    ['1381234567', false],
    ['138123456789', false],
    ['1381234567a', false],
    ['+8613812345678', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidPhone(value)).toBe(valid);
  });

  it('is exactly "1 then 10 digits"', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{10}$/), (rest) => isValidPhone(`1${rest}`)));
    fc.assert(
      fc.property(fc.string(), (value) => isValidPhone(value) === (value.length === 11 && /^1\d+$/.test(value))),
    );
  });
});

describe('isValidContact (§5)', () => {
  it.each([
    ['', true],
    ['010-12345678', true],
    ['138 1234 5678', true],
    ['010-1234x', false],
    ['+86 10 1234', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidContact(value)).toBe(valid);
  });

  it('accepts any mix of digits, hyphens and spaces and nothing else', () => {
    const allowed = fc.array(fc.constantFrom(...'0123456789- ')).map((c) => c.join(''));
    fc.assert(fc.property(allowed, (value) => isValidContact(value)));
    fc.assert(
      fc.property(
        allowed,
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[\d\- ]/.test(c)),
        (v, c) => {
          return !isValidContact(v + c);
        },
      ),
    );
  });
});

describe('isValidThemeColor (§5 custom theme colour)', () => {
  it.each([
    ['#457CD6', true],
    ['#fff', true],
    ['457CD6', false],
    ['#45', false],
    ['#GGGGGG', false],
    ['red', false],
    ['#457CD6;background:url(x)', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidThemeColor(value)).toBe(valid);
  });

  it('accepts every 3- or 6-digit hex colour starting with #', () => {
    const hex = fc.constantFrom(...'0123456789abcdefABCDEF');
    const color = fc
      .oneof(fc.array(hex, { minLength: 3, maxLength: 3 }), fc.array(hex, { minLength: 6, maxLength: 6 }))
      .map((chars) => `#${chars.join('')}`);
    fc.assert(fc.property(color, (value) => isValidThemeColor(value) && !isValidThemeColor(value.slice(1))));
  });
});
