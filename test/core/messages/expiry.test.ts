import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExpiryModule } from '../../../src/core/api/types';
import { EXPIRY_STATUS, expiryStatus, sortExpiryModules, toTime } from '../../../src/core/messages';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date(2026, 10, 21, 12, 0, 0).getTime();

describe('toTime', () => {
  it('reads the server form as local time, with or without the time of day', () => {
    expect(toTime('2026-11-21')).toBe(new Date(2026, 10, 21).getTime());
    expect(toTime('2026-11-21 08:30:15')).toBe(new Date(2026, 10, 21, 8, 30, 15).getTime());
    expect(toTime('2026-1-5 8:30')).toBe(new Date(2026, 0, 5, 8, 30).getTime());
  });

  it('passes numbers and dates through and falls back to Date.parse', () => {
    expect(toTime(5)).toBe(5);
    expect(toTime(new Date(7))).toBe(7);
    expect(toTime('2026-11-21T00:00:00Z')).toBe(Date.UTC(2026, 10, 21));
    expect(toTime('soon')).toBeNaN();
  });

  it('reads epoch milliseconds given as a digit string', () => {
    const end = Date.UTC(2027, 5, 30);
    expect(toTime(String(end))).toBe(end);
    expect(toTime(` ${end} `)).toBe(end);
  });
});

describe('expiryStatus (§4: 3 expired, 2 within 90 days, 1 in use)', () => {
  it('is 3 when the end time is before now', () => {
    expect(expiryStatus(now - 1, now)).toBe(3);
    expect(expiryStatus('2026-11-20', now)).toBe(3);
  });

  it('is 2 from now up to 90 days ahead', () => {
    expect(expiryStatus(now, now)).toBe(2);
    expect(expiryStatus(now + 90 * DAY, now)).toBe(2);
    expect(expiryStatus('2027-01-01', now)).toBe(2);
  });

  it('is 1 beyond 90 days', () => {
    expect(expiryStatus(now + 90 * DAY + 1, now)).toBe(1);
    expect(expiryStatus('2027-12-31 23:59:59', now)).toBe(1);
  });

  it('reads an end time in epoch milliseconds, as a number or a digit string', () => {
    expect(expiryStatus(now + 200 * DAY, now)).toBe(EXPIRY_STATUS.inUse);
    expect(expiryStatus(String(now + 200 * DAY), now)).toBe(EXPIRY_STATUS.inUse);
    expect(expiryStatus(String(now + 10 * DAY), now)).toBe(EXPIRY_STATUS.expiringSoon);
    expect(expiryStatus(String(now - DAY), now)).toBe(EXPIRY_STATUS.expired);
  });

  it('counts an unreadable end time as expired', () => {
    expect(expiryStatus('not a date', now)).toBe(EXPIRY_STATUS.expired);
  });

  it('follows the distance to the end time for any pair of times', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (offset) => {
        const expected = offset < 0 ? 3 : offset <= 90 * DAY ? 2 : 1;
        return expiryStatus(now + offset, now) === expected;
      }),
    );
  });
});

describe('sortExpiryModules (§4 order)', () => {
  const module = (code: string, endTime: string): ExpiryModule => ({ code, name: code, englishName: code, endTime });

  it('lists expired, then expiring, then in use, each with its status', () => {
    const list = [
      module('in-use', '2028-01-01'),
      module('expiring', '2026-12-01'),
      module('expired', '2026-01-01'),
      module('expiring-2', '2027-01-10'),
    ];
    expect(sortExpiryModules(list, now).map((m) => [m.code, m.status])).toEqual([
      ['expired', 3],
      ['expiring', 2],
      ['expiring-2', 2],
      ['in-use', 1],
    ]);
    expect(list[0]).not.toHaveProperty('status');
  });

  it('is a permutation with non-increasing status that keeps list order within a status', () => {
    const entries = fc.array(fc.record({ code: fc.string(), offsetDays: fc.integer({ min: -400, max: 400 }) }), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(entries, (raw) => {
        const list = raw.map((entry, i) => ({
          code: `${i}`,
          name: entry.code,
          englishName: entry.code,
          endTime: new Date(now + entry.offsetDays * DAY).toISOString(),
        }));
        const sorted = sortExpiryModules(list, now);
        expect(sorted.map((m) => m.code).sort()).toEqual(list.map((m) => m.code).sort());
        for (let i = 1; i < sorted.length; i++) {
          const [before, after] = [sorted[i - 1]!, sorted[i]!];
          expect(before.status).toBeGreaterThanOrEqual(after.status);
          if (before.status === after.status) expect(Number(before.code)).toBeLessThan(Number(after.code));
        }
      }),
    );
  });
});
