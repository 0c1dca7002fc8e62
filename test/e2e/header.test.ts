import assert from 'node:assert/strict';
import { CHROME_PATHS } from '../../src/core/api/chrome-paths';
import { ENDPOINTS } from '../../src/core/api/wire';
import { after, before, describe, it, openPageAs, type Stage, startStage } from './harness';

// <ph-header> and <ph-footer> from the classic script on the legacy module pages (issue 9).
const NOTICE = '/demo/pc_notice_tm/index.html';
const GROWTH = '/demo/pc_growth_spm/index.html';

describe('header and footer on legacy and landing pages', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  for (const [loginName, path] of [
    ['teacher', NOTICE],
    ['parent', GROWTH],
  ] as const) {
    it(`renders for ${loginName} on ${path}`, async () => {
      const { page, problems } = await openPageAs(stage, loginName, path);
      const header = page.locator('ph-header');
      await header.getByRole('button', { name: /^消息/ }).waitFor();
      await page.locator('ph-footer').getByRole('button', { name: '版本信息' }).waitFor();
      assert.equal(await header.getByRole('button', { name: '退出' }).count(), 1);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  it('asks for the to-do reminders beside `me` where this browser keeps the record of a sign-in (issue 36)', async () => {
    let answerMe = () => {};
    const meHeld = new Promise<void>((resolve) => {
      answerMe = resolve;
    });
    let reminderCalls = 0;
    let remindersAsked = () => {};
    const asked = new Promise<void>((resolve) => {
      remindersAsked = resolve;
    });
    const { page, problems } = await openPageAs(stage, 'teacher', NOTICE, undefined, async (page) => {
      // What the login page stores when someone signs in there.
      await page.addInitScript(() => localStorage.setItem('user', JSON.stringify({ userId: 'u-teacher' })));
      await page.route(`**${ENDPOINTS.me}*`, async (route) => {
        await meHeld;
        await route.continue();
      });
      page.on('request', (request) => {
        if (new URL(request.url()).pathname !== CHROME_PATHS.reminders) return;
        reminderCalls += 1;
        remindersAsked();
      });
    });
    // Asked while `me` has not answered.
    await asked;
    answerMe();
    // The panel shows what was asked for beside `me`, not asked again.
    await page
      .locator('ph-header [part~="reminders"] .reminders-title')
      .filter({ hasText: /^待办提醒，\d+ 条未办/ })
      .waitFor();
    assert.equal(reminderCalls, 1);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("student: the teachers' page, opened by its URL, is blocked by name, with ways out (issue 34)", async () => {
    const { page, problems } = await openPageAs(stage, 'student', NOTICE);
    const header = page.locator('ph-header');
    const block = header.getByRole('dialog', { name: '提示' });
    await block.getByText('「通知公告」的这个页面供教师使用，您的账号不能打开。').waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await block.isVisible(), true);
    await block.getByRole('button', { name: '桌面' }).click();
    await page.waitForURL((url) => url.pathname === '/pages/base/pc_desktop_all/index.html');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('views a message from the bell and the count drops', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', NOTICE);
    const header = page.locator('ph-header');
    const bell = header.getByRole('button', { name: '消息，5 条未读' });
    await bell.click();
    const list = header.getByRole('dialog', { name: '未读消息' });
    // The message opens its app page (/redirect/notice for a teacher), whatever the demo server answers there; that
    // navigation must finish before the test navigates again.
    await list.getByRole('button', { name: '查看: 消防演练安排' }).click();
    await page.waitForURL((url) => url.pathname === '/pages/notice/pc_notice_tm/index.html');
    await page.goto(stage.url(NOTICE));
    const again = page.locator('ph-header').locator('[part~="action-messages"]');
    await again.waitFor().catch(async (error) => {
      const state = await page.evaluate(() => ({
        url: location.href,
        header: document.querySelector('ph-header')?.shadowRoot?.innerHTML.slice(0, 300),
        status: window.PH?.stores.loginStatus.get(),
      }));
      throw new Error(`${(error as Error).message}\n${JSON.stringify(state)}\n${problems.join('\n')}`);
    });
    await page.waitForFunction(() => {
      const bell = document.querySelector('ph-header')?.shadowRoot?.querySelector('[part~="action-messages"]');
      return bell?.querySelector('.badge')?.textContent === '4';
    });
    assert.equal(await again.getAttribute('aria-label'), '消息，4 条未读');
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('404')),
      [],
    );
    await page.close();
  });

  it('parent: the child selector opens by itself and the page follows the chosen child', async () => {
    const { page, problems } = await openPageAs(stage, 'parent', GROWTH);
    const selector = page.locator('ph-header').getByRole('dialog', { name: '选择孩子' });
    await selector
      .getByRole('button', { name: '进入: 陈小刚' })
      .or(selector.getByRole('button', { name: '进入: 陈小红' }))
      .first()
      .click();
    await selector.waitFor({ state: 'detached' });
    assert.match((await page.locator('#child-name').textContent()) ?? '', /^陈小/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("zh-HK: the unit name and the greeting's name the server sends in Simplified read in Hong Kong forms (issue 56)", async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', `${NOTICE}?language=zh-HK`);
    const unit = page.locator('ph-header').locator('.unit-name');
    await unit.getByText('示範實驗學校', { exact: true }).waitFor();
    assert.equal(await page.locator('ph-header').getByText('示范实验学校').count(), 0);
    // People's names too: the greeting of 王老师; and the footer's copyright and filing lines as the unit stored them.
    await page.locator('ph-header').locator('[part~="welcome"]').getByText('歡迎您，王老師', { exact: true }).waitFor();
    const footer = page.locator('ph-footer');
    await footer
      .locator('[part~="copyright"]')
      .getByText('© 2026 示範實驗學校 Demo Experimental School', { exact: true })
      .waitFor();
    await footer.locator('[part~="filing"]').getByText('京ICP備00000000號-1', { exact: true }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  it("a seeded app's module page checks its versions without a failed request (issue 69: two 404s on each)", async () => {
    let checked: Promise<number[]> = Promise.resolve([]);
    const { page, problems } = await openPageAs(
      stage,
      'teacher',
      '/pages/repair/pc_repair_tm/index.html',
      undefined,
      async (tab) => {
        const answered = (part: string) => tab.waitForResponse((response) => response.url().includes(part));
        checked = Promise.all([answered('/repair/package.json'), answered('/nl/repair_package_versions')]).then(
          (answers) => answers.map((answer) => answer.status()),
        );
      },
    );
    assert.deepEqual(await checked, [200, 200]);
    await page.locator('ph-footer').getByRole('button', { name: '版本信息' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('footer: the version dialog lists the history with notes in the page language', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', `${NOTICE}?language=en`);
    await page.locator('ph-footer').getByRole('button', { name: 'Version info' }).click();
    const history = page.locator('ph-footer').locator('[part~="history"]');
    await history.getByText('Notice preview').waitFor();
    assert.equal(await history.getByText('通知支持预览').count(), 0);
    // On a phone its words stay whole (issue 69: "Versi / on"), the version and the day on one line each.
    await page.setViewportSize({ width: 375, height: 740 });
    const broken = await history.evaluate((table) =>
      [...table.querySelectorAll('th, td:not(:last-child)')]
        .filter((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        })
        .map((cell) => cell.textContent),
    );
    assert.deepEqual(broken, []);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('expired: the licence dialog blocks the page', async () => {
    const { page } = await openPageAs(stage, 'expired', NOTICE);
    await page.locator('ph-header').getByText('本单位的平台授权已到期，所有模块都无法使用，请联系管理员！').waitFor();
    await page.keyboard.press('Escape');
    assert.equal(
      await page
        .locator('ph-header')
        .getByText('本单位的平台授权已到期，所有模块都无法使用，请联系管理员！')
        .isVisible(),
      true,
    );
    await page.close();
  });

  it('keyboard only: Tab reaches the language menu, arrows choose English, the elements re-render; logout returns to login', async () => {
    const { page, problems } = await openPageAs(stage, 'teacher', NOTICE);
    const header = page.locator('ph-header');
    await header.getByRole('button', { name: /^消息/ }).waitFor();
    const language = header.getByRole('button', { name: '语言' });
    for (let step = 0; step < 20 && !(await language.evaluate((node) => node.matches(':focus'))); step++) {
      await page.keyboard.press('Tab');
    }
    assert.equal(await language.evaluate((node) => node.matches(':focus')), true, 'Tab never reached 语言');
    await page.keyboard.press('ArrowDown');
    await header.getByRole('menuitemradio', { name: '简体中文' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await header.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.locator('ph-footer').getByRole('button', { name: 'Version info' }).waitFor();

    await header.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    const confirm = header.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByRole('button', { name: 'OK' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect_uri'), stage.url(NOTICE));
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('401')),
      [],
    );
    await page.close();
  });
});
