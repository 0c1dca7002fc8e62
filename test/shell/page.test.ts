import { describe, expect, it } from 'vitest';
import { readShellPage } from '../../src/shell/page';

describe("what a landing page's #root tells the shell", () => {
  it('runs bare with no attributes: the desktop code, base app, pc, no voice options', () => {
    const page = readShellPage({}, '/dist/shell/index.html');
    expect(page.phinit).toMatchObject({ code: 'desktop', appCode: 'base', device: 'pc', env: 'production' });
    expect(page.phinit.voice).toBeUndefined();
    expect(page.isLanding).toBe(false);
  });

  it('passes the speech gateway and the app key per language to phinit', () => {
    const page = readShellPage(
      { code: 'desktop', voiceNlsUrl: '/nls-gateway/ws/v1', voiceAppKeys: 'zh-CN:mandarin, en:english,zh-HK:' },
      '/pages/base/pc_desktop_all/index.html',
    );
    // A pair without a key is dropped rather than sent as an empty app key.
    expect(page.phinit.voice).toEqual({
      nlsUrl: '/nls-gateway/ws/v1',
      appKeys: { 'zh-CN': 'mandarin', en: 'english' },
    });
    expect(page.isLanding).toBe(true);
  });

  it('takes the development form from the path and an unknown device as pc', () => {
    const page = readShellPage({ code: 'desktop', device: 'watch' }, '/pc_desktop_all.html');
    expect(page.phinit).toMatchObject({ env: 'development', device: 'pc' });
  });
});
