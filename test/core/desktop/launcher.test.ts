import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GROUP_CODES, type MenuGroup } from '../../../src/core/api/types';
import {
  ALL_APPS_GROUP,
  appIcon,
  appName,
  arrangesDesktop,
  launcherGroups,
  moveApp,
  orderApps,
  withUnreadCounts,
} from '../../../src/core/desktop';
import { parseTheme } from '../../../src/core/theme';
import { appItem } from '../../support/app-item';

const app = appItem;

// The server's order puts common apps last here on purpose: the launcher must put them first.
const groups: MenuGroup[] = [
  { code: 'XZBG', name: '行政办公', iconVMs: [app('oa'), app('meeting')] },
  { code: 'JWGL', name: '教务管理', iconVMs: [] },
  { code: 'ZWHQ', name: '总务后勤', iconVMs: [app('repair'), app('legacy', { updateStatus: 0 })] },
  { code: 'ZDYYYFL-CYYY', name: '常用应用', iconVMs: [app('notice'), app('oa')] },
];

describe('launcherGroups (§2, §3, §6)', () => {
  it('a school teacher sees the groups, common apps first, §3 order, empty groups and hidden apps left out', () => {
    for (const userType of [2, 4, '2']) {
      const result = launcherGroups(groups, { userType, unitType: '2' });
      expect(result.map((group) => group.code)).toEqual(['ZDYYYFL-CYYY', 'XZBG', 'ZWHQ']);
      expect(result[2]?.apps.map((a) => a.code)).toEqual(['repair']);
    }
  });

  it('everyone else sees one flat list, each app once, never a hidden one', () => {
    const cases = [
      { userType: 1, unitType: '2' },
      { userType: 3, unitType: '2' },
      { userType: 2, unitType: '1' },
    ];
    for (const user of cases) {
      const result = launcherGroups(groups, user);
      expect(result).toHaveLength(1);
      expect(result[0]?.code).toBe(ALL_APPS_GROUP);
      expect(result[0]?.apps.map((a) => a.code)).toEqual(['notice', 'oa', 'meeting', 'repair']);
    }
    expect(launcherGroups([], { userType: 1, unitType: '2' })).toEqual([]);
  });

  it('only type 2 or 4 in a school unit arranges the desktop', () => {
    expect(arrangesDesktop({ userType: 2, unitType: '2' })).toBe(true);
    expect(arrangesDesktop({ userType: 4, unitType: 2 })).toBe(true);
    expect(arrangesDesktop({ userType: 2, unitType: '1' })).toBe(false);
    expect(arrangesDesktop({ userType: 3, unitType: '2' })).toBe(false);
  });

  it('every visible app appears, whatever the user', () => {
    const arbApp = fc.record({ code: fc.constantFrom('a', 'b', 'c', 'd'), updateStatus: fc.constantFrom(0, 1, 2) });
    const arbGroups = fc.array(
      fc.record({ code: fc.constantFrom(...GROUP_CODES), apps: fc.array(arbApp, { maxLength: 4 }) }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(arbGroups, fc.constantFrom(1, 2, 3, 4), (raw, userType) => {
        const input = raw.map((g) => ({ code: g.code, name: g.code, iconVMs: g.apps.map((a) => app(a.code, a)) }));
        const shown = launcherGroups(input, { userType, unitType: '2' }).flatMap((g) => g.apps);
        const shownCodes = new Set(shown.map((item) => item.code));
        for (const item of input.flatMap((g) => g.iconVMs)) {
          if (item.updateStatus !== 0) expect(shownCodes.has(item.code)).toBe(true);
        }
        for (const item of shown) expect(item.updateStatus).not.toBe(0);
      }),
    );
  });
});

describe('appName and appIcon', () => {
  const item = app('grade');
  it('names by language; short names where space is short; Chinese when English is missing', () => {
    expect(appName(item, 'zh-CN')).toBe('grade中文名');
    expect(appName(item, 'zh-HK')).toBe('grade中文名');
    expect(appName(item, 'en')).toBe('grade English');
    expect(appName(item, 'en', true)).toBe('gradeEn');
    expect(appName(item, 'zh-CN', true)).toBe('grade短');
    expect(appName({ ...item, englishName: '', englishShortName: '' }, 'en')).toBe('grade中文名');
    expect(appName({ ...item, zname: '' }, 'zh-CN')).toBe('grade名');
  });

  it('reads the part for the page language of Chinese fields that carry every language (zh-HK: the third)', () => {
    const named = { ...item, zname: '成绩管理|||Grade management|||成績管理', shortName: '成绩|||Grades|||成績' };
    expect(appName(named, 'zh-CN')).toBe('成绩管理');
    expect(appName(named, 'zh-HK')).toBe('成績管理');
    expect(appName(named, 'zh-HK', true)).toBe('成績');
    expect(appName(named, 'zh-CN', true)).toBe('成绩');
    expect(appName(named, 'en')).toBe('grade English');
  });

  it('gray under ink, cartoon under cartoon, plain otherwise', () => {
    expect(appIcon(item, parseTheme('ink'))).toBe('/i/grade-gray.svg');
    expect(appIcon(item, parseTheme('cartoon'))).toBe('/i/grade-cartoon.svg');
    expect(appIcon(item, parseTheme('lotus'))).toBe('/i/grade.svg');
    expect(appIcon(item, parseTheme('#123456'))).toBe('/i/grade.svg');
    expect(appIcon({ ...item, imgGrayPath: '' }, parseTheme('ink'))).toBe('/i/grade.svg');
  });
});

describe('unread counts and ordering', () => {
  it('withUnreadCounts takes the latest counts; apps without one get 0', () => {
    const result = withUnreadCounts(groups, [{ code: 'oa', num: 7 }]);
    expect(result.flatMap((g) => g.iconVMs.map((a) => [a.code, a.unReadCodeCount]))).toEqual([
      ['oa', 7],
      ['meeting', 0],
      ['repair', 0],
      ['legacy', 0],
      ['notice', 0],
      ['oa', 7],
    ]);
  });

  it('moveApp moves within the ends and refuses to leave them', () => {
    expect(moveApp(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveApp(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveApp(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(moveApp(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(moveApp(['a', 'b', 'c'], 'c', 1)).toBeNull();
    expect(moveApp(['a', 'b', 'c'], 'z', 1)).toBeNull();
  });

  it('moveApp keeps the same codes (a permutation)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 12 }),
        fc.integer(),
        fc.integer({ min: -12, max: 12 }),
        (codes, pick, delta) => {
          const code = codes[Math.abs(pick) % codes.length] as string;
          const moved = moveApp(codes, code, delta);
          if (moved) {
            expect([...moved].sort()).toEqual([...codes].sort());
            expect(moved.indexOf(code)).toBe(codes.indexOf(code) + delta);
          }
        },
      ),
    );
  });

  it('orderApps follows the saved codes and keeps new apps at the end', () => {
    const apps = [app('a'), app('b'), app('c')];
    expect(orderApps(apps, ['c', 'x', 'a']).map((a) => a.code)).toEqual(['c', 'a', 'b']);
  });
});
