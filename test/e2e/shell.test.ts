import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Stage, startStage } from './harness';

// The bare shell (dist/shell/index.html) uses PhModal as a React component (no custom element): the sign-out
// confirmation of its header region sits in a portal of its own, styled by adopted stylesheets only.
describe('the bare shell with PhModal as a React component', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('stays on the bare page, opens the confirmation in a styled portal, closes it on Escape with focus back', async () => {
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
    await page.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog', { name: '提示' });
    await dialog.waitFor();
    const levels = await page.$$eval('[data-ph-portal]', (hosts) =>
      hosts.map((host) => Number(getComputedStyle(host.shadowRoot!.querySelector('[part~="mask"]')!).zIndex)),
    );
    assert.deepEqual(levels, [1500]);
    assert.equal(await page.$$eval('body > style, head style', (styles) => styles.length), 0);
    const position = await page.$eval('[data-ph-portal]', (host) => {
      const root = host.shadowRoot!;
      return {
        adopted: root.adoptedStyleSheets.length,
        position: getComputedStyle(root.querySelector('[part~="mask"]')!).position,
      };
    });
    assert.deepEqual(position, { adopted: 2, position: 'fixed' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'logout');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
