import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idCardCheckChar, isValidIdCard } from '../../../src/core/validate';

// 11010519491231002X is the example number printed in GB 11643-1999.
const digits17 = (area: string, date: string, sequence: string) => `${area}${date}${sequence}`;
const withCheck = (first17: string) => first17 + idCardCheckChar(first17);

describe('idCardCheckChar (GB 11643 MOD 11-2)', () => {
  it('computes the check characters of known numbers', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
    expect(idCardCheckChar('11010119900307451')).toBe('4');
  });

  it('refuses anything but 17 digits', () => {
    expect(() => idCardCheckChar('1234')).toThrow();
  });
});

describe('isValidIdCard (§5)', () => {
  it.each([
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['440524188001010014', false], // born 1880: before 1900 (issue 8 §15)
    ['110101199003074514', true],
    ['110101199003074515', false], // wrong check digit
    ['11010519491231002Y', false],
    ['110105194902300028', false], // 30 February
    ['110105194913010028', false], // month 13
    ['110105490101002', true], // 15 digits, 1949-01-01
    ['110105490230002', false], // 15 digits, 30 February 1949
    ['11010549010100', false], // 14 digits
    ['1101054901010021', false], // 16 digits
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidIdCard(value)).toBe(valid);
  });

  it('knows leap years', () => {
    expect(isValidIdCard(withCheck(digits17('110105', '20000229', '123')))).toBe(true);
    expect(isValidIdCard(withCheck(digits17('110105', '19000229', '123')))).toBe(false);
    expect(isValidIdCard('110105000229123')).toBe(false); // 15 digits mean 1900, not 2000: no 29 February
    expect(isValidIdCard('110105960229123')).toBe(true);
  });

  it('refuses a birth date in the future', () => {
    const now = new Date(Date.UTC(2026, 10, 21));
    expect(isValidIdCard(withCheck(digits17('110105', '20261121', '123')), now)).toBe(true);
    expect(isValidIdCard(withCheck(digits17('110105', '20261122', '123')), now)).toBe(false);
    expect(isValidIdCard(withCheck(digits17('110105', '20990101', '123')))).toBe(false);
  });

  it('refuses a birth year before 1900', () => {
    expect(isValidIdCard(withCheck(digits17('110105', '18991231', '123')))).toBe(false);
    expect(isValidIdCard(withCheck(digits17('110105', '19000101', '123')))).toBe(true);
  });

  it('refuses a region code whose first digit is outside 1–8', () => {
    for (const first of ['0', '9']) {
      expect(isValidIdCard(withCheck(digits17(`${first}10105`, '19491231', '002')))).toBe(false);
      expect(isValidIdCard(`${first}10105490101002`)).toBe(false);
    }
    for (const first of '12345678') {
      expect(isValidIdCard(withCheck(digits17(`${first}10105`, '19491231', '002')))).toBe(true);
    }
  });

  // Dates up to 2099 are real dates; "now" is put past them so that only the date rules are at work.
  const later = new Date(Date.UTC(2100, 0, 1));
  const realDate = fc
    .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10).replaceAll('-', ''));
  const area = fc.stringMatching(/^[1-8]\d{5}$/);
  const sequence = fc.stringMatching(/^\d{3}$/);

  it('accepts every real date with the computed check character', () => {
    fc.assert(fc.property(area, realDate, sequence, (a, d, s) => isValidIdCard(withCheck(digits17(a, d, s)), later)));
  });

  it('refuses every other check character', () => {
    fc.assert(
      fc.property(area, realDate, sequence, fc.constantFrom(...'0123456789X'), (a, d, s, check) => {
        const first17 = digits17(a, d, s);
        fc.pre(check !== idCardCheckChar(first17));
        return !isValidIdCard(first17 + check, later);
      }),
    );
  });

  it('refuses a changed digit (the check digit catches every single-digit error)', () => {
    fc.assert(
      fc.property(area, realDate, sequence, fc.nat(16), fc.integer({ min: 1, max: 9 }), (a, d, s, at, delta) => {
        const value = withCheck(digits17(a, d, s));
        const changed = value.slice(0, at) + ((Number(value[at]) + delta) % 10) + value.slice(at + 1);
        return !isValidIdCard(changed, later);
      }),
    );
  });

  it('accepts 15-digit numbers exactly when the 19yy date is real', () => {
    fc.assert(
      fc.property(area, fc.stringMatching(/^\d{6}$/), sequence, (a, yymmdd, s) => {
        const year = 1900 + Number(yymmdd.slice(0, 2));
        const month = Number(yymmdd.slice(2, 4));
        const day = Number(yymmdd.slice(4, 6));
        const date = new Date(Date.UTC(year, month - 1, day));
        const real = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
        return isValidIdCard(a + yymmdd + s) === real;
      }),
    );
  });

  it('refuses anything that is not 15 or 18 characters', () => {
    fc.assert(
      fc.property(
        fc.string().filter((v) => v.length !== 15 && v.length !== 18),
        (value) => !isValidIdCard(value),
      ),
    );
  });
});
