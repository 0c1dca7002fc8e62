import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORTANCE_COLORS, importanceColor, messageAction, parseModuleContent } from '../../../src/core/messages';

describe('importance colours (§3: 1–5)', () => {
  it('gives each level its own token and falls back to level 1', () => {
    const colors = [1, 2, 3, 4, 5].map(importanceColor);
    expect(new Set(colors).size).toBe(5);
    expect(importanceColor(5)).toBe(IMPORTANCE_COLORS[5]);
    expect(importanceColor(5)).toMatch(/^var\(--ph-importance-5, #[0-9A-F]{6}\)$/);
    expect(importanceColor(9)).toBe(IMPORTANCE_COLORS[1]);
  });
});

describe('parseModuleContent (§3 content of openWay 1)', () => {
  it('reads the module list', () => {
    const content = JSON.stringify([
      { code: 'kq', name: '考勤', englishName: 'Attendance', endTime: '2026-12-01' },
      { code: 'cj', name: '成绩', endTime: '2027-12-01' },
    ]);
    expect(parseModuleContent(content)).toEqual([
      { code: 'kq', name: '考勤', englishName: 'Attendance', endTime: '2026-12-01' },
      { code: 'cj', name: '成绩', englishName: '成绩', endTime: '2027-12-01' },
    ]);
  });

  it('drops entries that are not modules', () => {
    const content = JSON.stringify([null, 3, { code: 'x' }, { code: 'a', name: 'A', endTime: '2026-01-01' }]);
    expect(parseModuleContent(content).map((m) => m.code)).toEqual(['a']);
  });

  it('never throws, whatever the content', () => {
    expect(parseModuleContent('{not json')).toEqual([]);
    expect(parseModuleContent('{"code":"a"}')).toEqual([]);
    expect(parseModuleContent('')).toEqual([]);
    fc.assert(fc.property(fc.string(), (content) => Array.isArray(parseModuleContent(content))));
    fc.assert(fc.property(fc.jsonValue(), (value) => Array.isArray(parseModuleContent(JSON.stringify(value)))));
  });
});

describe('messageAction (§4 viewing a message)', () => {
  it('opens the expiry list for openWay 1', () => {
    const content = JSON.stringify([{ code: 'a', name: 'A', englishName: 'A', endTime: '2026-01-01' }]);
    expect(messageAction({ openWay: 1, url: '/ignored', content })).toEqual({
      kind: 'expiry-list',
      modules: [{ code: 'a', name: 'A', englishName: 'A', endTime: '2026-01-01' }],
    });
  });

  it('opens same-site paths and http(s) addresses', () => {
    expect(messageAction({ openWay: 0, url: '/pages/base/pc_notice_tm/index.html', content: '' })).toEqual({
      kind: 'url',
      url: '/pages/base/pc_notice_tm/index.html',
    });
    expect(messageAction({ openWay: 2, url: ' https://school.example/notice ', content: '' })).toEqual({
      kind: 'url',
      url: 'https://school.example/notice',
    });
  });

  it('opens nothing for an empty or script URL', () => {
    for (const url of ['', 'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', '//evil.example/x']) {
      expect(messageAction({ openWay: 0, url, content: '' })).toEqual({ kind: 'none' });
    }
  });
});
