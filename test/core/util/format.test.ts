import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCompact, formatNumber } from '../../../src/core/util';

describe('formatNumber (§9 thousands separators)', () => {
  it.each([
    [0, undefined, '0'],
    [999, undefined, '999'],
    [1000, undefined, '1,000'],
    [1234567.891, undefined, '1,234,567.891'],
    [-1234567, undefined, '-1,234,567'],
    [1234.5, 2, '1,234.50'],
    [Number.NaN, undefined, 'NaN'],
  ])('%s (%s decimals) → %s', (value, decimals, text) => {
    expect(formatNumber(value, decimals)).toBe(text);
  });

  it('only inserts commas, every three digits of the whole part', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), fc.nat(999), (whole, millis) => {
        const value = whole + (whole < 0 ? -millis : millis) / 1000;
        const text = formatNumber(value);
        expect(text.replaceAll(',', '')).toBe(String(value));
        const [intPart = ''] = text.replace('-', '').split('.');
        expect(intPart).toMatch(/^\d{1,3}(,\d{3})*$/);
      }),
    );
  });
});

describe('formatBytes (§9 k/M/G/T/P/E)', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 kB'],
    [1536, '1.5 kB'],
    [1024 ** 2 * 2, '2 MB'],
    [1024 ** 3 * 1.25, '1.25 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6 * 3, '3 EB'],
    [1024 ** 7, '1024 EB'],
  ])('%s → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('moves up a unit when rounding reaches 1024 (1048575 is 1 MB, not 1024 kB)', () => {
    expect(formatBytes(1048575)).toBe('1 MB');
    expect(formatBytes(1024 ** 2 - 1, 6)).toBe('1023.999023 kB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1 GB');
    expect(formatBytes(-1048575)).toBe('-1 MB');
  });

  it('picks the unit that keeps the number below 1024 and reads back close to the input', () => {
    const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1024 ** 6, noNaN: true }), (bytes) => {
        const [number = '', unit = ''] = formatBytes(bytes, 6).split(' ');
        const value = Number(number);
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(1024);
        expect(Math.abs(value * 1024 ** units.indexOf(unit) - bytes) / bytes).toBeLessThan(1e-5);
      }),
    );
  });
});

describe('formatCompact (§9 k/M/G/T/P/E)', () => {
  it.each([
    [999, '999'],
    [1500, '1.5k'],
    [2_000_000, '2M'],
    [3.2e9, '3.2G'],
    [1e12, '1T'],
    [1e15, '1P'],
    [1e18, '1E'],
    [-1500, '-1.5k'],
  ])('%s → %s', (value, text) => {
    expect(formatCompact(value)).toBe(text);
  });

  it('moves up a unit when rounding reaches 1000 (999950 is 1M, not 1000k)', () => {
    expect(formatCompact(999950)).toBe('1M');
    expect(formatCompact(999949)).toBe('999.9k');
    expect(formatCompact(999.96)).toBe('1k');
    expect(formatCompact(-999950)).toBe('-1M');
    expect(formatCompact(999_950_000)).toBe('1G');
  });

  it('never shows 1000 or more of a unit below the largest', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e18, max: 1e18, noNaN: true }), (value) => {
        const number = Math.abs(Number.parseFloat(formatCompact(value)));
        expect(number).toBeLessThan(1000);
      }),
    );
  });
});
