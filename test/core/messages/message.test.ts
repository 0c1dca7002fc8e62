import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IMPORTANCE_COLORS,
  IMPORTANCE_HEX,
  importanceColor,
  importanceLevel,
  messageAction,
  messageUrl,
  parseModuleContent,
} from '../../../src/core/messages';
import { siteOf } from '../../../src/core/routes';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const value = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// fast-check builds its URL grammar when a webUrl is first generated: about a second of CPU, several on a busy
// machine. Paid here, while the file loads, so the property below is timed for its own runs only.
const webUrls = fc.webUrl();
fc.sample(webUrls, 1);

describe('importance colours (§3: 1–5)', () => {
  it('gives each level its own token and falls back to level 1', () => {
    const colors = [1, 2, 3, 4, 5].map(importanceColor);
    expect(new Set(colors).size).toBe(5);
    expect(importanceColor(5)).toBe(IMPORTANCE_COLORS[5]);
    expect(importanceColor(5)).toBe(`var(--ph-importance-5, ${IMPORTANCE_HEX[5]})`);
    expect(importanceColor(9)).toBe(IMPORTANCE_COLORS[1]);
    expect([0, 6, 2.5, Number.NaN].map(importanceLevel)).toEqual([1, 1, 1, 1]);
  });

  it('reads at 4.5:1 or more as text on white and on light grey (DESIGN §10)', () => {
    for (const hex of Object.values(IMPORTANCE_HEX)) {
      expect(contrast(hex, '#FFFFFF'), hex).toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex, '#F5F7FA'), hex).toBeGreaterThanOrEqual(4.5);
    }
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

const here = {
  site: siteOf('https://school.example/pages/base/pc_desktop_all/index.html', {}),
  device: 'pc' as const,
  userType: 2,
};

describe('messageAction (§4 viewing a message)', () => {
  it('opens the expiry list for openWay 1', () => {
    const content = JSON.stringify([{ code: 'a', name: 'A', englishName: 'A', endTime: '2026-01-01' }]);
    expect(messageAction({ openWay: 1, url: '/ignored', content }, here)).toEqual({
      kind: 'expiry-list',
      modules: [{ code: 'a', name: 'A', englishName: 'A', endTime: '2026-01-01' }],
    });
  });

  it('opens same-site paths and addresses on the page origin only', () => {
    expect(messageAction({ openWay: 0, url: '/pages/base/pc_notice_tm/index.html', content: '' }, here)).toEqual({
      kind: 'url',
      url: 'https://school.example/pages/base/pc_notice_tm/index.html',
    });
    expect(messageAction({ openWay: 2, url: ' https://school.example/notice ', content: '' }, here)).toEqual({
      kind: 'url',
      url: 'https://school.example/notice',
    });
    expect(messageAction({ openWay: 0, url: 'https://other.example/notice', content: '' }, here)).toEqual({
      kind: 'refused',
    });
    expect(messageAction({ openWay: 0, url: 'http://school.example/notice', content: '' }, here)).toEqual({
      kind: 'refused',
    });
  });

  it('sends /redirect/{app} to the app page of the user type and device (§2)', () => {
    expect(messageUrl('/redirect/grade', here)).toBe('https://school.example/pages/grade/pc_grade_tm/index.html');
    expect(messageUrl('/redirect/growth/', { ...here, userType: 3, device: 'h5' })).toBe(
      'https://school.example/pages/growth/mobile_growth_spm/index.html',
    );
    expect(messageUrl('/redirect/../x', here)).toBe('https://school.example/x');
  });

  it('opens nothing for an empty URL, and refuses a script or other-site one (the user is told)', () => {
    for (const url of ['', '  '])
      expect(messageAction({ openWay: 0, url, content: '' }, here)).toEqual({ kind: 'none' });
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example/x',
      '/.//evil.example/phish',
      '/..//evil.example',
      '/%2e//evil.example',
      '/a/..//evil.example',
    ]) {
      const opened = messageUrl(url, here);
      expect(opened === null || new URL(opened).origin === 'https://school.example', url).toBe(true);
    }
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', '//evil.example/x']) {
      expect(messageAction({ openWay: 0, url, content: '' }, here)).toEqual({ kind: 'refused' });
    }
    fc.assert(
      fc.property(webUrls, (url) => {
        const opened = messageUrl(url, here);
        expect(opened === null || new URL(opened).origin === 'https://school.example').toBe(true);
      }),
    );
  });
});

describe('messageUrl under a prefix, and the vectors of issue 53', () => {
  it('a dot segment before a doubled slash stays on the page origin: the resolved href, not a rebuilt path', () => {
    expect(messageUrl('/.//evil.example/phish', here)).toBe('https://school.example//evil.example/phish');
    expect(messageUrl('/a/..//evil.example', here)).toBe('https://school.example//evil.example');
  });

  it('paths from data and /redirect/{app} land under the prefix of apiBase "/platform"', () => {
    const prefixed = {
      ...here,
      site: siteOf('https://school.example/platform/pages/x/index.html', { apiBase: '/platform' }),
    };
    expect(messageUrl('/pages/base/pc_notice_tm/index.html', prefixed)).toBe(
      'https://school.example/platform/pages/base/pc_notice_tm/index.html',
    );
    expect(messageUrl('/redirect/grade', prefixed)).toBe(
      'https://school.example/platform/pages/grade/pc_grade_tm/index.html',
    );
    expect(messageUrl('https://school.example/platform/a', prefixed)).toBe('https://school.example/platform/a');
  });
});
