import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ENDPOINTS } from '../../src/core/api/wire';
import { ManualClock } from '../server/clock';
import { after, before, describe, it, loginFormSettled, openPage, type Stage, startStage } from './harness';

// A person at the start URL of `npm start`, with the keyboard only, against the reference server (spec §2, §4, §6).
const PASSWORD = 'Demo@2026';
const SCHOOL_LANDING = '/pages/base/pc_desktop_all/index.html';
const AREA_LANDING = '/area/areaBase/pc_areaDesktop_all/index.html';

/** Presses Tab until the focused control inside <ph-login> is the field `name`. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 30; presses += 1) {
    const focused = await page.evaluate(() => {
      const host = document.activeElement;
      const inner = host?.shadowRoot?.activeElement as HTMLInputElement | null | undefined;
      return inner?.name ?? '';
    });
    if (focused === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the ${name} field`);
}

async function signInWithKeyboard(page: Page, account: string, password: string): Promise<void> {
  // A press before the script or during the session check is kept (login-prerender.test.ts); this journey starts
  // from the settled form.
  await loginFormSettled(page);
  await tabTo(page, 'username');
  await page.keyboard.type(account);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

async function landedOn(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  await page.locator('body[data-login-status="in"]').waitFor();
}

describe('signing in at the start URL', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('a teacher signs in with the keyboard only and lands on the teacher desktop', async () => {
    const { page, problems } = await openPage(stage, '/');
    await signInWithKeyboard(page, 'teacher', PASSWORD);
    await landedOn(page, SCHOOL_LANDING);
    const welcome = page.locator('[data-ph-component="ph-header"] [part~="welcome"]');
    assert.equal(await welcome.textContent(), '欢迎您，王老师');

    // The rest of the teacher's journey, keyboard only: Tab to an app icon, move it with Alt+→, open it with Enter.
    const onNotice = () => page.evaluate(() => document.activeElement?.closest('li')?.dataset.app === 'notice');
    for (let step = 0; step < 40 && !(await onNotice()); step++) await page.keyboard.press('Tab');
    assert.equal(await onNotice(), true, 'Tab never reached 通知公告');
    await page.keyboard.press('Alt+ArrowRight');
    await page.locator('[role="status"]').filter({ hasText: '已将“通知公告”移到第 2 位' }).waitFor();
    assert.equal(await onNotice(), true, 'the moved icon keeps the focus');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/pages/notice/pc_notice_tm/index.html');
    await page.goBack();
    await page.locator('ul[data-group="recent"] li[data-app="notice"]').waitFor();
    assert.deepEqual(problems, []);

    // Signed in, the start URL goes straight on to the landing page.
    await page.goto(stage.url('/'));
    await landedOn(page, SCHOOL_LANDING);
    await page.close();
  });

  it('an area user lands on the area desktop', async () => {
    const { page } = await openPage(stage, '/');
    await signInWithKeyboard(page, 'areauser', PASSWORD);
    await landedOn(page, AREA_LANDING);
    await page.close();
  });

  it("a parent's session holds only the children with status 1", async () => {
    const { page } = await openPage(stage, '/');
    await signInWithKeyboard(page, 'parent', PASSWORD);
    await landedOn(page, SCHOOL_LANDING);
    // The header's child selector opens by itself and lists the children with status 1 only.
    const rows = page.locator('[data-ph-component="ph-header"] [part~="children"] tbody tr');
    await rows.first().waitFor();
    const names = await rows.locator('td:first-child').allTextContents();
    const stored = await page.evaluate(() =>
      window.PH!.stores.session.get().chirdenList.map((child) => child.realName),
    );
    assert.equal(names.length, 2);
    assert.deepEqual(
      names.map((name) => name.replace(/当前$/, '')),
      stored,
    );
    await page.close();
  });

  it("a wrong password shows the server's field error under the password field", async () => {
    const { page } = await openPage(stage, '/login?language=en');
    await page.locator('ph-login').getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.locator('ph-login').getByLabel('Account').fill('teacher');
    await page.locator('ph-login').getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.keyboard.press('Enter');
    const error = page.locator('ph-login [part~="field-password"] [part~="error"]');
    await error.filter({ hasText: 'Incorrect password' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await page.close();
  });

  it('does not follow a redirect_uri to another origin', async () => {
    const { page } = await openPage(stage, `/login?redirect_uri=${encodeURIComponent('http://evil.example/')}`);
    await signInWithKeyboard(page, 'teacher', PASSWORD);
    await landedOn(page, SCHOOL_LANDING);
    assert.equal(new URL(page.url()).origin, new URL(stage.server.url).origin);
    await page.close();
  });

  it('follows a same-origin redirect_uri', async () => {
    const { page } = await openPage(stage, `/login?redirect_uri=${encodeURIComponent(AREA_LANDING)}`);
    await signInWithKeyboard(page, 'areauser', PASSWORD);
    await landedOn(page, AREA_LANDING);
    await page.close();
  });

  /**
   * The start URL again, for a browser that keeps the record of a sign-in, with the page's `me` (is that session
   * still on?) held until `answer()`; resolves once the form shows the check running. Counts sign-in calls from then.
   */
  async function startUrlWhileChecking(page: Page) {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**${ENDPOINTS.me}*`, async (route) => {
      await answered;
      await route.continue();
    });
    let signIns = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === ENDPOINTS.login) signIns += 1;
    });
    await page.goto(stage.url('/'));
    await page.locator('ph-login [role="status"]').filter({ hasText: '正在检查登录状态…' }).waitFor();
    await page.waitForFunction(
      () => !document.querySelector('ph-login')?.shadowRoot?.querySelector('style[data-ph-prerender]'),
    );
    return { answer, signIns: () => signIns };
  }

  /** Types an account and the password into the form and presses Enter, the button then busy. */
  async function pressSignIn(page: Page, account: string): Promise<void> {
    const form = page.locator('ph-login');
    await form.getByLabel('账号', { exact: true }).fill(account);
    await form.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.locator('ph-login button[part~="submit"][aria-busy="true"]').waitFor();
  }

  it('keeps a sign-in pressed while the page checks an earlier session, and carries it out when that one is gone', async () => {
    const { page, problems } = await openPage(stage, '/');
    await signInWithKeyboard(page, 'teacher', PASSWORD);
    await landedOn(page, SCHOOL_LANDING);
    await page.context().clearCookies();
    const check = await startUrlWhileChecking(page);
    await pressSignIn(page, 'areauser');
    assert.equal(check.signIns(), 0, 'signed in before the check ended');
    check.answer();
    await landedOn(page, AREA_LANDING);
    assert.equal(check.signIns(), 1);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('drops a sign-in pressed while the page checks a session that is still on: the page goes on as that user', async () => {
    const { page, problems } = await openPage(stage, '/');
    await signInWithKeyboard(page, 'teacher', PASSWORD);
    await landedOn(page, SCHOOL_LANDING);
    const check = await startUrlWhileChecking(page);
    await pressSignIn(page, 'areauser');
    check.answer();
    await landedOn(page, SCHOOL_LANDING);
    assert.equal(check.signIns(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('the session elsewhere', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('a landing page without a session sends the visitor to /login with the way back', async () => {
    const { page } = await openPage(stage, SCHOOL_LANDING);
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect_uri'), stage.url(SCHOOL_LANDING));
    await signInWithKeyboard(page, 'teacher', PASSWORD);
    await landedOn(page, SCHOOL_LANDING);
    await page.close();
  });

  it('logging out asks first, then clears the session and sets IS_LOGOUTED', async () => {
    const { page } = await openPage(stage, '/');
    await signInWithKeyboard(page, 'teacher', PASSWORD);
    await landedOn(page, SCHOOL_LANDING);
    await page.getByRole('button', { name: '退出' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '您确认要退出吗？' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const stored = await page.evaluate(() => ({
      flag: localStorage.getItem('IS_LOGOUTED'),
      user: localStorage.getItem('user'),
    }));
    assert.deepEqual(stored, { flag: 'logout', user: null });
    await page.locator('ph-login').getByRole('button', { name: '登录', exact: true }).waitFor();
    await page.goto(stage.url(SCHOOL_LANDING));
    await page.waitForURL((url) => url.pathname === '/login');
    await page.close();
  });

  it('the desktop-client re-login page signs in again', async () => {
    const { page } = await openPage(stage, '/needtologinpagerelogin');
    await signInWithKeyboard(page, 'teacher', PASSWORD);
    await landedOn(page, SCHOOL_LANDING);
    await page.close();
  });
});

describe('token refresh seen from a page', () => {
  let stage: Stage;
  // The server's clock: the access token expires when the test moves it on, not after a wait.
  const clock = new ManualClock();
  before(async () => {
    stage = await startStage({ accessTtlSeconds: 2, now: clock.now });
  });
  after(async () => {
    await stage.stop();
  });

  it('after the access token expires, many requests cause exactly one refresh and all succeed', async () => {
    const { page } = await openPage(stage, '/');
    await signInWithKeyboard(page, 'teacher', PASSWORD);
    await landedOn(page, SCHOOL_LANDING);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/uaa/oauth/refresh') refreshes.push(request.url());
    });
    clock.advance(3);
    const statuses = await page.evaluate(async () => {
      const calls = Array.from({ length: 12 }, () =>
        window.PH!.request({ url: '/api/base/desktop/unhandlecount' }).then((answer) => answer.status),
      );
      return Promise.all(calls);
    });
    assert.deepEqual(statuses, Array(12).fill(200));
    assert.equal(refreshes.length, 1);
    await page.close();
  });
});
