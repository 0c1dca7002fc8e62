import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { followThroughGate, linkRefusal, pageRefusal, type Refusal } from '../../../src/core/access';
import { memoryLocation, phinit, setLocationAdapter } from '../../../src/core/config';
import { $language } from '../../../src/core/i18n/translate';
import { $notices, dismiss } from '../../../src/core/notify';
import { $session } from '../../../src/core/session';
import { envelope, sendJson, startServer, type TestServer } from '../http/server';

// The gate every door passes (issue 34), over real HTTP: the unit's licence per server (license/unit), the user's
// apps (my_app_icon, asked once per user), the unit's modules for names (resource/inside/module).
let server: TestServer;
const LICENSED: Record<string, boolean> = { grade: true, growth: true, assets: false };
const app = (code: string, zname: string, englishName: string) => ({
  code,
  zname,
  name: zname,
  englishName,
  serverId: code,
});
const GRADE = app('grade', '成绩管理|||Grade management|||成績管理', 'Grade management');
const GROWTH = app('growth', '成长档案|||Growth records|||成長檔案', 'Growth records');
const ASSETS = app('assets', '资产管理|||Assets|||資產管理', 'Assets');
const APPS: Record<string, object[]> = {
  'u-teacher': [GRADE, GROWTH, ASSETS],
  'u-parent': [GROWTH],
  'u-student': [GROWTH],
};
const MODULES = [
  {
    code: 'grade',
    name: '成绩管理|||Grade management|||成績管理',
    englishName: 'Grade management',
    endTime: '2027-11-26',
  },
  { code: 'assets', name: '资产管理|||Assets|||資產管理', englishName: 'Assets', endTime: '2026-11-16' },
];
let appsFail = false;
let unitExpired = false;

beforeAll(async () => {
  server = await startServer();
  server.route('GET', '/api/base/license/unit', (req, res) =>
    sendJson(res, 200, envelope(200, { data: LICENSED[req.url.searchParams.get('serverId') ?? ''] === true })),
  );
  server.route('GET', '/api/base/desktop/my_app_icon', (req, res) => {
    if (appsFail) return sendJson(res, 500, envelope(500));
    const iconVMs = APPS[req.url.searchParams.get('userId') ?? ''] ?? [];
    sendJson(res, 200, envelope(200, { data: [{ code: 'XSCZ', name: '学生成长', iconVMs }] }));
  });
  server.route('GET', '/api/base/license/unit_oam', (_req, res) =>
    sendJson(res, 200, envelope(200, { data: { unitId: 'unit-school', endTime: '2027-01-01', expired: unitExpired } })),
  );
  server.route('GET', '/api/base/resource/inside/module', (_req, res) =>
    sendJson(res, 200, envelope(200, { data: MODULES })),
  );
  phinit({ code: 'desktop', appCode: 'base', apiBase: server.base, env: 'production', device: 'pc' });
});
afterAll(() => server.close());

const users = { teacher: ['u-teacher', 2], parent: ['u-parent', 3], student: ['u-student', 1] } as const;
let signedIn = '';
function signIn(who: keyof typeof users) {
  const [userId, userType] = users[who];
  // A user of their own for each test, so that the per-user memo starts empty and its calls can be counted.
  signedIn = `${userId}#${Math.random()}`;
  $session.set({ ...$session.get(), userId: signedIn, userType, unitId: 'unit-school' });
  APPS[signedIn] = APPS[userId] ?? [];
}
/** A refusal as the zh-CN page tells it: the reason and the app's name. */
const told = (refusal: Refusal | null) => refusal && { reason: refusal.reason, name: refusal.names?.['zh-CN'] ?? null };
const asked = (path: string) => server.received.filter((r) => r.url.pathname === path).length;

beforeEach(() => {
  server.received.length = 0;
  appsFail = false;
  unitExpired = false;
  $language.set('zh-CN');
  for (const notice of $notices.get()) dismiss(notice.id);
});

describe('pageRefusal: the module page opened by its URL', () => {
  it.each([
    ['teacher', '/pages/grade/pc_grade_tm/index.html', null],
    ['teacher', '/pages/assets/pc_assets_tm/index.html', { reason: 'expired', name: '资产管理' }],
    ['parent', '/pages/growth/pc_growth_spm/index.html', null],
    ['parent', '/pages/grade/pc_grade_spm/index.html', { reason: 'notPermitted', name: '成绩管理' }],
    ['student', '/pages/grade/pc_grade_tm/index.html', { reason: 'teacherOnly', name: '成绩管理' }],
    ['student', '/pages/growth/pc_growth_tm/index.html', { reason: 'teacherOnly', name: '成长档案' }],
    ['student', '/pages/unknown/pc_unknown_spm/index.html', { reason: 'notPermitted', name: null }],
  ] as const)('%s at %s → %o', async (who, url, expected) => {
    signIn(who);
    expect(told(await linkRefusal(url, 'https://school.demo.local/'))).toEqual(expected);
  });

  it('names the app in every language, zh-HK from the third part of its name, the user own or not', async () => {
    signIn('teacher');
    const own = await linkRefusal('/pages/assets/pc_assets_tm/', 'https://x/');
    expect(own?.names).toEqual({ 'zh-CN': '资产管理', en: 'Assets', 'zh-HK': '資產管理' });
    signIn('parent');
    const stranger = await linkRefusal('/pages/grade/pc_grade_spm/', 'https://x/');
    expect(stranger?.names).toEqual({ 'zh-CN': '成绩管理', en: 'Grade management', 'zh-HK': '成績管理' });
  });

  it('asks for the user apps once however many doors are tried, and the module list only to name a stranger', async () => {
    signIn('teacher');
    await pageRefusal({ code: 'grade', serverId: 'grade', pathId: 'tm' });
    await pageRefusal({ code: 'assets', serverId: 'assets', pathId: 'tm' });
    await pageRefusal({ code: 'growth', serverId: 'growth', pathId: 'tm' });
    expect(asked('/api/base/desktop/my_app_icon')).toBe(1);
    expect(asked('/api/base/license/unit')).toBe(3);
    expect(asked('/api/base/resource/inside/module')).toBe(0);
    signIn('parent');
    await pageRefusal({ code: 'grade', serverId: 'grade', pathId: 'spm' });
    expect(asked('/api/base/desktop/my_app_icon')).toBe(2);
    expect(asked('/api/base/resource/inside/module')).toBe(1);
  });

  it('refuses no app for not being the user own when their apps could not be had; the licence still counts', async () => {
    signIn('parent');
    appsFail = true;
    expect(await pageRefusal({ code: 'grade', serverId: 'grade', pathId: 'spm' })).toBe(null);
    expect(told(await pageRefusal({ code: 'assets', serverId: 'assets', pathId: 'spm' }))).toEqual({
      reason: 'expired',
      name: '资产管理',
    });
  });
});

describe("the unit's own licence (license/unit_oam)", () => {
  it('is asked only after a module says no, and when it has ended the refusal says so', async () => {
    signIn('teacher');
    expect(await pageRefusal({ code: 'grade', serverId: 'grade', pathId: 'tm' })).toBe(null);
    expect(asked('/api/base/license/unit_oam')).toBe(0);
    expect(told(await pageRefusal({ code: 'assets', serverId: 'assets', pathId: 'tm' }))?.reason).toBe('expired');
    unitExpired = true;
    expect(told(await pageRefusal({ code: 'assets', serverId: 'assets', pathId: 'tm' }))?.reason).toBe('unitExpired');
    expect(asked('/api/base/license/unit_oam')).toBe(2);
  });
});

describe('linkRefusal: a message link or a voice result', () => {
  it('reads /redirect/{app} as the page it leads this user to (§2)', async () => {
    signIn('teacher');
    expect(await linkRefusal('/redirect/grade', 'https://x/')).toBe(null);
    signIn('parent');
    expect(told(await linkRefusal('/redirect/grade', 'https://x/'))).toEqual({
      reason: 'notPermitted',
      name: '成绩管理',
    });
    expect(
      server.received.find((r) => r.url.pathname === '/api/base/license/unit')?.url.searchParams.get('serverId'),
    ).toBe('grade');
  });

  it('lets a link that opens no app through without a call', async () => {
    signIn('student');
    expect(await linkRefusal('/pages/base/pc_desktop_all/index.html#/messages', 'https://x/')).toBe(null);
    expect(server.received).toEqual([]);
  });
});

describe('followThroughGate', () => {
  it('goes where the gate admits, and stays and says why, the app named, where it refuses', async () => {
    const location = memoryLocation('https://school.demo.local/pages/base/pc_desktop_all/index.html');
    setLocationAdapter(location);
    signIn('parent');
    expect(told(await followThroughGate('/redirect/grade'))).toEqual({ reason: 'notPermitted', name: '成绩管理' });
    expect(location.visited).toEqual([]);
    expect($notices.get().map((n) => [n.kind, n.message])).toEqual([
      ['warning', '您的账号没有「成绩管理」的使用权限，请联系管理员。'],
    ]);
    expect(await followThroughGate('/pages/growth/pc_growth_spm/index.html')).toBe(null);
    expect(location.visited).toEqual(['https://school.demo.local/pages/growth/pc_growth_spm/index.html']);
  });
});
