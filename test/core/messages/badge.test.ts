import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BADGE_DOT, badgeText } from '../../../src/core/messages';

describe('badgeText (§2 bell)', () => {
  it.each([
    [0, undefined, ''],
    [1, undefined, '1'],
    [99, undefined, '99'],
    [100, undefined, '99+'],
    [5, { pcOpen: 0 }, '5'],
    [5, { pcOpen: 1 }, BADGE_DOT],
    [500, { pcOpen: 1 }, BADGE_DOT],
    [0, { pcOpen: 1 }, ''],
    [-3, undefined, ''],
    [Number.NaN, undefined, ''],
  ])('%s with %o → %s', (count, config, text) => {
    expect(badgeText(count, config)).toBe(text);
  });

  it('shows the count up to 99 and 99+ above, for any count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (count) => {
        return badgeText(count) === (count > 99 ? '99+' : String(count));
      }),
    );
  });
});
