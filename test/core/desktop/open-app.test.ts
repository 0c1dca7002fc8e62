import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppItem } from '../../../src/core/api/types';
import { openApp } from '../../../src/core/desktop';
import { createHttpClient } from '../../../src/core/http';
import { siteOf } from '../../../src/core/routes';
import { $recentApps, recentAppsOf } from '../../../src/core/session';
import { envelope, sendJson, startServer, type TestServer } from '../http/server';

// Opening an app from the desktop (§2, §4, §7) over real HTTP: access log, licence check, recent apps, module URL.
let server: TestServer;
let licenceValid = true;
let logFails = false;
let licenceFails = false;

beforeAll(async () => {
  server = await startServer();
  server.route('POST', '/api/base/user_access_detail', (_req, res) =>
    logFails ? sendJson(res, 500, envelope(500)) : sendJson(res, 200, envelope(200, { data: true })),
  );
  server.route('GET', '/api/base/license/unit', (_req, res) =>
    licenceFails ? sendJson(res, 502, envelope(502)) : sendJson(res, 200, envelope(200, { data: licenceValid })),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  licenceValid = true;
  logFails = false;
  licenceFails = false;
  $recentApps.set({});
});

const grade = {
  code: 'grade',
  zname: '成绩管理',
  name: '成绩管理',
  englishName: 'Grade management',
  serverId: 'gradesrv',
  deployPath: '',
} as AppItem;

const deps = () => ({
  http: createHttpClient({ apiBase: server.base, device: 'pc' as const, notify: () => undefined }),
  user: { userId: 'u-teacher', userType: 2, unitId: 'unit-school' },
  language: 'en' as const,
  modules: {
    env: 'production' as const,
    userType: 2,
    rootPath: 'pages',
    serverId: 'base',
    site: siteOf('https://school.test/pages/base/pc_desktop_all/index.html', {}),
  },
});

describe('openApp', () => {
  it('logs the access, checks the licence of the app server, records a recent app, answers the module URL', async () => {
    const outcome = await openApp(grade, deps());
    expect(outcome).toEqual({ kind: 'open', url: 'https://school.test/pages/gradesrv/pc_grade_tm/index.html' });
    const [log, licence] = server.received;
    expect(log?.url.pathname).toBe('/api/base/user_access_detail');
    expect(Object.fromEntries(new URLSearchParams(log?.body.toString()))).toEqual({
      userId: 'u-teacher',
      userType: '2',
      unitId: 'unit-school',
      resId: 'grade',
      resName: '成绩管理',
      type: '1',
    });
    expect(licence?.url.searchParams.get('unitId')).toBe('unit-school');
    expect(licence?.url.searchParams.get('serverId')).toBe('gradesrv');
    expect(recentAppsOf('u-teacher')).toEqual([{ code: 'grade', name: '成绩管理' }]);
  });

  it('an expired licence opens nothing, names the app, and records no recent app', async () => {
    licenceValid = false;
    expect(await openApp(grade, deps())).toEqual({
      kind: 'refused',
      refusal: { reason: 'expired', names: { 'zh-CN': '成绩管理', en: 'Grade management', 'zh-HK': '成绩管理' } },
    });
    expect(recentAppsOf('u-teacher')).toEqual([]);
  });

  it('a licence check that fails admits, as on the module page itself: only the platform refuses', async () => {
    licenceFails = true;
    expect(await openApp(grade, deps())).toEqual({
      kind: 'open',
      url: 'https://school.test/pages/gradesrv/pc_grade_tm/index.html',
    });
  });

  it('a failed access log does not stop the user', async () => {
    logFails = true;
    expect((await openApp(grade, deps())).kind).toBe('open');
  });
});
