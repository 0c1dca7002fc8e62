import { describe, expect, it } from 'vitest';
import { licenceMark, tileMark } from '../../../src/core/access';

// What the desktop shows on an icon before the click (issue 34), from the unit's module list.
const NOW = new Date(2026, 10, 26, 12, 0, 0).getTime();
const modules = [
  { code: 'notice', name: '通知公告', englishName: 'Notices', endTime: '2027-11-26 12:00:00' },
  { code: 'assets', name: '资产管理', englishName: 'Assets', endTime: '2026-11-16 12:00:00' },
  { code: 'attendance', name: '学生考勤', englishName: 'Attendance', endTime: '2026-12-26 12:00:00' },
  { code: 'gradesrv', name: '成绩管理', englishName: 'Grades', endTime: '2027-02-24 12:00:00' },
  { code: 'late', name: '明天', englishName: 'Tomorrow', endTime: '2026-11-26 18:00:00' },
];

describe('licenceMark', () => {
  it.each([
    [{ code: 'notice' }, null],
    [{ code: 'assets' }, { kind: 'expired' }],
    [{ code: 'attendance' }, { kind: 'expiring', days: 30 }],
    // Looked up by the app's server, as license/unit is asked: 90 days is still "soon" (§4).
    [
      { code: 'grade', serverId: 'gradesrv' },
      { kind: 'expiring', days: 90 },
    ],
    [{ code: 'late' }, { kind: 'expiring', days: 1 }],
    [{ code: 'course' }, { kind: 'unlicensed' }],
  ])('%o → %o', (app, mark) => {
    expect(licenceMark({ serverId: '', ...app }, modules, NOW)).toEqual(mark);
  });

  it('marks nothing when the list could not be had: the gate still answers at the click', () => {
    expect(licenceMark({ code: 'course', serverId: '' }, null, NOW)).toBe(null);
  });
});

describe('tileMark: what each user sees on a tile (issue 56)', () => {
  const teacher = { userType: 2, unitExpired: false };
  it.each([
    [2, { kind: 'expiring', days: 30 }],
    [4, { kind: 'expiring', days: 30 }],
    [1, null],
    [3, null],
  ])('an app ending in 30 days, user type %d: %o (parents and students cannot act on it)', (userType, mark) => {
    expect(tileMark({ code: 'attendance', serverId: '' }, modules, { userType, unitExpired: false }, NOW)).toEqual(
      mark,
    );
  });

  it('shows the ended and the never-licensed to everyone', () => {
    for (const userType of [1, 2, 3, 4]) {
      expect(tileMark({ code: 'assets', serverId: '' }, modules, { userType, unitExpired: false }, NOW)).toEqual({
        kind: 'expired',
      });
      expect(tileMark({ code: 'course', serverId: '' }, modules, { userType, unitExpired: false }, NOW)).toEqual({
        kind: 'unlicensed',
      });
    }
  });

  it('an ended unit licence: every tile says expired, never "not licensed", as its dialog says', () => {
    for (const code of ['notice', 'attendance', 'course']) {
      expect(tileMark({ code, serverId: '' }, modules, { ...teacher, unitExpired: true }, NOW)).toEqual({
        kind: 'expired',
      });
      expect(tileMark({ code, serverId: '' }, [], { userType: 1, unitExpired: true }, NOW)).toEqual({
        kind: 'expired',
      });
    }
  });
});
