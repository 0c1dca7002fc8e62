import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppItem } from '../../../src/core/api/types';
import { appCommandUrl, appForCommand, openPhrases, spokenKey, suggestedAppName } from '../../../src/core/voice';
import { appItem } from '../../support/app-item';

// A voice command may name an app as its tile does (issue 35): full or short name, any of the three languages,
// however the recogniser spaced it. The apps are shaped like the seeded ones (`简体|||English|||繁體` names).

const app = (code: string, full: [string, string, string], short: [string, string, string], extra = {}): AppItem =>
  appItem(code, {
    zname: full.join('|||'),
    name: full.join('|||'),
    shortName: short.join('|||'),
    englishName: full[1],
    englishShortName: short[1],
    ...extra,
  });

const APPS = [
  app('notice', ['通知公告', 'Notices', '通知公告'], ['通知', 'Notices', '通知']),
  app('schedule', ['我的课表', 'My timetable', '我的課表'], ['课表', 'Timetable', '課表']),
  app('library', ['数字图书馆', 'Digital library', '數字圖書館'], ['图书馆', 'Library', '圖書館']),
  app('legacy', ['旧版后勤', 'Legacy logistics', '舊版後勤'], ['旧后勤', 'Legacy', '舊後勤'], { updateStatus: 0 }),
];

describe('appForCommand', () => {
  it.each([
    ['open timetable', 'schedule'],
    ['Open time table.', 'schedule'],
    ['open my timetable', 'schedule'],
    ['open the timetable', 'schedule'],
    ['go to the digital library', 'library'],
    ['Timetable', 'schedule'],
    ['打开课表', 'schedule'],
    ['打开我的课表。', 'schedule'],
    ['打開我的課表', 'schedule'],
    ['打開課表', 'schedule'],
    ['进入 数字图书馆', 'library'],
    ['查看通知', 'notice'],
    ['show notices', 'notice'],
    ['show me the notices', 'notice'],
    // Noise before the command, heard as an opening word (issue 56: the bench's noisy voicings).
    ['show open notices', 'notice'],
    ['show open my timetable', 'schedule'],
    ['open open the digital library', 'library'],
    ['打开 打开课表', 'schedule'],
    // The other number of an English name, as the recogniser hears it ("open grade" for Grades).
    ['open notice', 'notice'],
    ['open timetables', 'schedule'],
  ])('%j opens %s', (said, code) => {
    expect(appForCommand(said, APPS)?.code).toBe(code);
  });

  it.each([
    ['open the canteen menu'],
    ['打开食堂菜单'],
    ['open'],
    ['打开'],
    [''],
    ['。'],
    // A hidden app (updateStatus 0) is not on any tile: its name opens nothing.
    ['open legacy'],
    ['打开旧后勤'],
    // A name inside a longer sentence is not the sentence's meaning.
    ['open timetable of last year'],
  ])('%j opens nothing', (said) => {
    expect(appForCommand(said, APPS)).toBe(null);
  });

  it('takes a name said exactly before one said in the other number', () => {
    const grades = app('grades', ['成绩', 'Grades', '成績'], ['成绩', 'Grades', '成績']);
    const grade = app('grade', ['年级', 'Grade', '年級'], ['年级', 'Grade', '年級']);
    expect(appForCommand('open grade', [grades, grade])?.code).toBe('grade');
    expect(appForCommand('open grades', [grade, grades])?.code).toBe('grades');
    expect(appForCommand('open grade', [grades])?.code).toBe('grades');
  });

  it('opens nothing when the user has no apps', () => {
    expect(appForCommand('open timetable', [])).toBe(null);
  });

  it('finds every visible app by each of its names, in any spacing and case', () => {
    const visible = APPS.filter((item) => item.updateStatus !== 0);
    const names = visible.flatMap((item) =>
      [item.englishName, item.englishShortName, ...item.zname.split('|||'), ...item.shortName.split('|||')].map(
        (name) => [item.code, name] as const,
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.boolean(),
        fc.constantFrom('', ' ', '  '),
        ([code, name], upper, gap) => {
          const spoken = [...name].join(gap);
          expect(appForCommand(upper ? spoken.toUpperCase() : spoken, visible)?.code).toBe(code);
        },
      ),
    );
  });
});

describe('openPhrases', () => {
  // What a recogniser listens for to open a tile: each visible app's full and short name in the language (once when
  // they are the same), after the opening word a user of that language says; each leads back to its app, and the
  // hidden legacy app is not among them (issue 56).
  it.each([
    ['en', ['open notices', 'open my timetable', 'open timetable', 'open digital library', 'open library']],
    ['zh-CN', ['打开通知公告', '打开通知', '打开我的课表', '打开课表', '打开数字图书馆', '打开图书馆']],
    ['zh-HK', ['打開通知公告', '打開通知', '打開我的課表', '打開課表', '打開數字圖書館', '打開圖書館']],
  ] as const)('%s → %j', (language, phrases) => {
    expect(openPhrases(APPS, language)).toEqual(phrases);
    const codes = phrases.map((phrase) => appForCommand(phrase, APPS)?.code);
    expect(new Set(codes)).toEqual(new Set(['notice', 'schedule', 'library']));
    expect(codes.filter((code) => code === 'library')).toHaveLength(2);
  });
});

describe('suggestedAppName', () => {
  it.each([
    ['open time tabel', 'en', 'Timetable'],
    ['打开课程表', 'zh-CN', '课表'],
    ['打開圖書', 'zh-HK', '圖書館'],
    ['open libary', 'en', 'Library'],
  ] as const)('after %j offers %j (%s)', (said, language, name) => {
    expect(suggestedAppName(said, APPS, language)).toBe(name);
  });

  it('offers no hidden app, and nothing when the user has no apps', () => {
    expect(suggestedAppName('open legacy', APPS, 'en')).not.toBe('Legacy');
    expect(suggestedAppName('open timetable', [], 'en')).toBe(null);
  });
});

describe('spokenKey and appCommandUrl', () => {
  it('compares without case, spaces, punctuation or full-width forms', () => {
    expect(spokenKey(' Open  Time-Table！ ')).toBe('opentimetable');
    expect(spokenKey('ＯＰＥＮ　课表。')).toBe('open课表');
  });

  it('opens an app at the shell redirect, which picks the page for this user and device', () => {
    expect(appCommandUrl(APPS[1] as AppItem)).toBe('/redirect/schedule');
  });
});
