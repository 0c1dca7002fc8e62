import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it, type Stage, startStage } from './harness';

// The bare shell (dist/shell/index.html) uses the elements' components as React components (no custom element): the
// header's sign-out confirmation opens in its shadow root and gives focus back on Escape; the footer's About names the
// library's version.
describe('the bare shell with the header as a React component', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('stays on the bare page, opens the sign-out confirmation, closes it on Escape with focus back', async () => {
    const page = await stage.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const login = await page.request.post(stage.url('/api/uaa/oauth/login'), {
      headers: { 'X-PH-Device': 'pc' },
      data: { username: 'teacher', password: 'Demo@2026' },
    });
    assert.equal(login.status(), 200);
    await page.goto(stage.url('/dist/shell/index.html'));
    await page.locator('body[data-login-status="in"]').waitFor();
    assert.equal(new URL(page.url()).pathname, '/dist/shell/index.html');
    const header = page.locator('[data-ph-component="ph-header"]');
    await header.getByRole('button', { name: '退出' }).click();
    const dialog = header.getByRole('dialog', { name: '提示' });
    await dialog.getByText('您确认要退出吗？').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const focused = await header.evaluate((host) => host.shadowRoot?.activeElement?.getAttribute('part'));
    assert.match(focused ?? '', /action-logout/);
    // The footer, a React component here too, names the library's version in About (issue 34: it said nothing).
    const footer = page.locator('[data-ph-component="ph-footer"]');
    await footer.getByRole('button', { name: '关于' }).click();
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
    await footer.getByRole('dialog', { name: '关于' }).getByText(`组件库版本: ${version}`).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("gives the admin's Unit settings the unit's name, licence and login-page footer, read only (issue 56)", async () => {
    const page = await stage.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const login = await page.request.post(stage.url('/api/uaa/oauth/login'), {
      headers: { 'X-PH-Device': 'pc' },
      data: { username: 'admin', password: 'Demo@2026' },
    });
    assert.equal(login.status(), 200);
    await page.goto(stage.url('/pages/base/pc_desktop_all/index.html#/desktop/unit'));
    const section = page.getByRole('region', { name: '单位设置' });
    await section.getByText('以下单位信息只读；如需修改，请联系平台运营方。').waitFor();
    const facts = async () =>
      new Map(
        await section
          .locator('dt')
          .evaluateAll((terms) =>
            terms.map((term) => [term.textContent, term.nextElementSibling?.textContent] as const),
          ),
      );
    await section.locator('dt', { hasText: '帮助中心' }).waitFor();
    const shown = await facts();
    assert.equal(shown.get('单位名称'), '示范实验学校');
    assert.match(shown.get('授权到期时间') ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} · 有效$/);
    assert.equal(shown.get('帮助中心'), '/help/');
    assert.match(shown.get('备案信息') ?? '', /京ICP备00000000号-1/);
    assert.equal(await section.locator('img').getAttribute('src'), '/api/storage/show/unit/unit-school');
    // Nothing to edit but face sign-in, the unit's choice (issue 67): off, the work-chat page no longer offers it.
    assert.equal(await section.locator('input, button, select, textarea').count(), 1);
    const faceLogin = section.getByRole('checkbox', { name: '允许人脸登录' });
    assert.equal(await faceLogin.isChecked(), true);
    await faceLogin.uncheck();
    await section.getByRole('status').filter({ hasText: '已保存' }).waitFor();
    const workChat = await stage.browser.newPage();
    await workChat.goto(stage.url('/demo/work-chat/index.html'));
    await workChat.locator('[data-face-login="off"]').waitFor({ state: 'attached' });
    assert.equal(await workChat.getByRole('button', { name: '人脸登录' }).isVisible(), false);
    await faceLogin.check();
    await section.getByRole('status').filter({ hasText: '已保存' }).waitFor();
    await workChat.reload();
    await workChat.locator('[data-face-login="offered"]').waitFor();
    await workChat.getByRole('button', { name: '人脸登录' }).waitFor();
    await workChat.close();

    // In zh-HK what the server sends in Simplified reads in Hong Kong forms, as in the header (core's unitNameIn).
    await page.goto(stage.url('/pages/base/pc_desktop_all/index.html?language=zh-HK#/desktop/unit'));
    const hongKong = page.locator('section.unit-settings');
    await hongKong
      .locator('dt', { hasText: '單位名稱' })
      .locator('xpath=following-sibling::dd[1]')
      .getByText('示範實驗學校', { exact: true })
      .waitFor();
    // And the login page's lines the unit stored (issue 56).
    await hongKong.locator('.unit-filings').getByText('京ICP備00000000號-1', { exact: true }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });
});
