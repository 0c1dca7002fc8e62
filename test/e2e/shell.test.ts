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
});
