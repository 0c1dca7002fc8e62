import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, padVersion } from '../../../src/core/version';

const version = fc.array(fc.nat(9999), { minLength: 1, maxLength: 5 }).map((parts) => parts.join('.'));

describe('compareVersions (§4: segments padded to 4 digits)', () => {
  it.each([
    ['1.6.0', '1.6.0', 0],
    ['1.6.0', '1.10.0', -1], // a plain string compare would say 1.6 > 1.10
    ['2.0', '1.99.99', 1],
    ['1.2', '1.2.0', 0],
    ['1.2', '1.2.1', -1],
    ['v1.6.0', '1.6.0', 0],
    ['1.6.0-beta', '1.6.0', 0],
    [' 1.6.1 ', '1.6.0', 1],
    ['10000.0', '9999.9', 1],
  ])('%s vs %s → %s', (a, b, order) => {
    expect(compareVersions(a, b)).toBe(order);
  });

  it('pads each segment to 4 digits', () => {
    expect(padVersion('1.6.0')).toBe('000100060000');
    expect(padVersion('12.345.6789')).toBe('001203456789');
  });

  it('orders like the padded strings when both have the same number of segments', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((n) =>
            fc.tuple(
              fc.array(fc.nat(9999), { minLength: n, maxLength: n }),
              fc.array(fc.nat(9999), { minLength: n, maxLength: n }),
            ),
          ),
        ([a, b]) => {
          const [pa, pb] = [padVersion(a.join('.')), padVersion(b.join('.'))];
          const expected = pa < pb ? -1 : pa > pb ? 1 : 0;
          return compareVersions(a.join('.'), b.join('.')) === expected;
        },
      ),
    );
  });

  it('is a total order: reflexive, antisymmetric and transitive', () => {
    fc.assert(fc.property(version, (a) => compareVersions(a, a) === 0));
    fc.assert(fc.property(version, version, (a, b) => compareVersions(a, b) === -compareVersions(b, a)));
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        if (compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0) return compareVersions(a, c) <= 0;
        return true;
      }),
    );
  });

  it('ignores trailing zero segments', () => {
    fc.assert(
      fc.property(version, fc.integer({ min: 1, max: 3 }), (v, n) => compareVersions(v, v + '.0'.repeat(n)) === 0),
    );
  });
});
