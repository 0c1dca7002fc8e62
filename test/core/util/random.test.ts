import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANDOM_ID_CHARS, randomId } from '../../../src/core/util';

describe('randomId (§9 characters 0–Z)', () => {
  it('has the requested length and only 0–9 and A–Z', () => {
    fc.assert(
      fc.property(fc.nat(200), (length) => {
        expect(randomId(length)).toMatch(new RegExp(`^[0-9A-Z]{${length}}$`));
      }),
    );
  });

  it('uses the 36 characters in order 0–9 then A–Z', () => {
    expect(RANDOM_ID_CHARS).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const counting = (bytes: Uint8Array<ArrayBuffer>) => bytes.map((_, i) => i);
    expect(randomId(36, counting)).toBe(RANDOM_ID_CHARS);
  });

  it('redraws bytes 252–255 so that every character is equally likely', () => {
    let call = 0;
    const source = (bytes: Uint8Array<ArrayBuffer>) => bytes.fill(call++ === 0 ? 255 : 37);
    expect(randomId(3, source)).toBe('111');
    expect(call).toBe(2);
  });

  it('reaches every character', () => {
    expect(new Set(randomId(5000)).size).toBe(36);
  });

  it('refuses a length that is not a whole number', () => {
    expect(() => randomId(-1)).toThrow(RangeError);
    expect(() => randomId(1.5)).toThrow(RangeError);
  });
});
