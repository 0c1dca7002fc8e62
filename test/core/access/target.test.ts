import { describe, expect, it } from 'vitest';
import { appTargetOf } from '../../../src/core/access';

// Which app a URL opens (§2 module pages), so that a link, a voice result and the page itself name the same app.

describe('appTargetOf', () => {
  it.each([
    ['/pages/grade/pc_grade_tm/index.html', { code: 'grade', serverId: 'grade', pathId: 'tm' }],
    ['/pages/gradesrv/pc_grade_spm/', { code: 'grade', serverId: 'gradesrv', pathId: 'spm' }],
    ['/pages/grade/mobile_grade_tm/index.html', { code: 'grade', serverId: 'grade', pathId: 'tm' }],
    [
      'https://school.demo.local/pages/assets/pc_assets_tm/index.html?x=1#/a',
      { code: 'assets', serverId: 'assets', pathId: 'tm' },
    ],
    ['/pc_grade_tm.html', { code: 'grade', serverId: 'grade', pathId: 'tm' }],
    // A legacy page one level down names no server: its server is its code (phinit's serverId = appCode).
    ['/demo/pc_notice_tm/index.html', { code: 'notice', serverId: 'notice', pathId: 'tm' }],
    ['/root/deep/gradesrv/pc_grade_tm/index.html', { code: 'grade', serverId: 'gradesrv', pathId: 'tm' }],
  ])('%s opens %o', (url, target) => {
    expect(appTargetOf(url)).toEqual(target);
  });

  it.each([
    '/pages/base/pc_desktop_all/index.html',
    '/area/areaBase/mobile_areaDesktop_all/index.html',
    '/login',
    '/redirect/grade',
    '/pages/grade/pc_grade_xx/index.html',
    '/pages/grade/pc_grade_tm/other.html',
    '',
  ])('%s opens no app', (url) => {
    expect(appTargetOf(url)).toBe(null);
  });

  it('reads a relative link against the page', () => {
    expect(appTargetOf('../pc_grade_tm/index.html', 'https://x.example/pages/grade/pc_notice_tm/index.html')).toEqual({
      code: 'grade',
      serverId: 'grade',
      pathId: 'tm',
    });
  });
});
