import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { maskZIndex, openPage, type Stage, startStage } from './harness';

// A legacy module page (pc_<code>_tm/index.html) that embeds the widgets with one classic <script> tag.
const PAGE = '/demo/pc_notice_tm/index.html';

describe('legacy module page with dist/ph-widgets.js', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('opens two stacked modals; Escape closes only the top one', async () => {
    const { page, problems } = await openPage(stage, PAGE);
    await page.getByRole('button', { name: '发布通知' }).click();
    await page.getByRole('dialog', { name: '编辑通知' }).waitFor();
    await page.getByLabel('标题').fill('春游通知');
    await page.getByRole('button', { name: '预览' }).click();
    const preview = page.getByRole('dialog', { name: '预览通知' });
    await preview.waitFor();
    assert.equal(await page.locator('#preview-text').textContent(), '春游通知');

    assert.equal(await maskZIndex(page, 'compose'), 1500);
    assert.equal(await maskZIndex(page, 'confirm'), 1501);

    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('dialog', { name: '编辑通知' }).isVisible(), true);
    assert.equal(await page.$eval('#compose', (modal) => modal.hasAttribute('open')), true);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('speaks English with ?language=en, the close buttons included', async () => {
    const { page, problems } = await openPage(stage, `${PAGE}?language=en`);
    await page.getByRole('button', { name: 'Publish a notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a notice' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('keeps working when the widget script is loaded a second time', async () => {
    const { page, problems } = await openPage(stage, PAGE);
    const before = await page.evaluate(() => ({ version: window.PH?.version, modal: customElements.get('ph-modal') }));
    await page.addScriptTag({ url: '/dist/ph-widgets.js?loaded-again' });
    const afterLoad = await page.evaluate(() => window.PH?.version);
    assert.equal(afterLoad, before.version);
    assert.equal(await page.evaluate(() => document.querySelectorAll('ph-toast-host').length), 1);

    await page.getByRole('button', { name: '发布通知' }).click();
    await page.getByRole('dialog', { name: '编辑通知' }).waitFor();
    await page.getByRole('button', { name: '发送' }).click();
    await page.getByRole('dialog', { name: '编辑通知' }).waitFor({ state: 'detached' });
    const toast = page.locator('ph-toast-host').getByRole('status');
    assert.equal(await toast.textContent(), '通知已发送');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('shares one state between the classic script and the ES element modules on one page', async () => {
    const { page, problems } = await openPage(stage, '/demo/');
    await page.addScriptTag({ url: '/dist/ph-widgets.js' });
    // The classic bundle configures the page and signs in; the ES module loaded after it finds the page's state.
    await page.evaluate(async () => {
      window.PH!.phinit({ code: 'login', appCode: 'base', env: 'production', languagePack: {} });
      await window.PH!.request({
        url: '/api/uaa/oauth/login',
        method: 'post',
        data: { username: 'parent', password: 'Demo@2026' },
      });
      await window.PH!.fetchMe();
    });
    await page.addScriptTag({ url: '/dist/elements/ph-login.js', type: 'module' });
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<ph-login no-auto-start></ph-login>'));
    const login = page.locator('ph-login');
    await login.getByLabel('账号', { exact: true }).fill('teacher');
    await login.getByLabel('密码', { exact: true }).fill('not-the-password');
    await page.keyboard.press('Enter');
    // One configuration, one session, one toast host, whichever bundle each piece came from.
    await login.locator('[part~="field-password"] [part~="error"]').filter({ hasText: '密码错误' }).waitFor();
    assert.equal(await page.evaluate(() => document.querySelectorAll('ph-toast-host').length), 1);
    // The wrong password's 400 is the point of the test, not a problem.
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('status of 400')),
      [],
    );
    await page.close();
  });

  it('shows the legacy global phinit errors of §8', async () => {
    const { page } = await openPage(stage, PAGE);
    // Anonymous functions only: the page cannot see helpers that the test's compiler adds around named ones.
    const messages = await page.evaluate(() =>
      [{ appCode: 'notice' }, { code: 'notice' }].map((options) => {
        try {
          window.phinit!(options as never);
          return 'no error';
        } catch (error) {
          return (error as Error).message;
        }
      }),
    );
    assert.deepEqual(messages, ['code 不能为空', 'appCode 不能为空']);
    await page.close();
  });
});
