import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../demo/server/db/seed-data';
import { ACCESS_TOKEN_COOKIE, ENDPOINTS } from '../../src/core/api/wire';
import {
  after,
  before,
  describe,
  it,
  loginFormSettled,
  openPage,
  type Stage,
  startStage,
  TEST_TIMEOUT_MS,
  watchedPage,
  watchProblems,
} from './harness';

// Issue 55 in the field: a school behind one address at 8 a.m., a guesser at one account, a zh-HK visitor, and one
// person with two tabs. Guesses go through the API from a throwaway context; the people sign in through <ph-login>.

const SCHOOL_LANDING = '/pages/base/pc_desktop_all/index.html';
const LABELS = {
  'zh-CN': { account: '账号', password: '密码', submit: '登录' },
  'zh-HK': { account: '賬號', password: '密碼', submit: '登入' },
} as const;

/** A refused sign-in is logged by Chromium as a failed resource: expected where a test provokes it, only there. */
const besides = (problems: string[], provoked: string) => problems.filter((line) => !line.includes(provoked));

async function signIn(
  page: Page,
  account: string,
  password: string,
  labels: (typeof LABELS)[keyof typeof LABELS] = LABELS['zh-CN'],
): Promise<void> {
  await loginFormSettled(page);
  const form = page.locator('ph-login');
  await form.getByLabel(labels.account, { exact: true }).fill(account);
  await form.getByLabel(labels.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: labels.submit, exact: true }).click();
}

async function landed(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === SCHOOL_LANDING);
  await page.locator('body[data-login-status="in"]').waitFor();
}

/** Wrong passwords sent through the API from a context of their own (a guesser's script); their HTTP statuses. */
async function guess(stage: Stage, accounts: string[]): Promise<number[]> {
  const { page } = await watchedPage(stage);
  const statuses: number[] = [];
  for (const [index, username] of accounts.entries()) {
    const answer = await page.request.post(stage.url(ENDPOINTS.login), {
      data: { username, password: `wrong-${index}` },
      headers: { 'X-PH-Device': 'pc' },
      // The server may hold a guess in its queue for a while: the test's wait, not the request's 30 s default.
      timeout: TEST_TIMEOUT_MS - 5000,
    });
    statuses.push(answer.status());
  }
  await page.context().close();
  return statuses;
}

/** Another tab of the same browser, waiting as long as the harness's pages do. */
async function newTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(TEST_TIMEOUT_MS - 5000);
  return page;
}

describe('a school at one address after 25 typos', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('a colleague still signs in through the form (the server may queue them) and lands on the desktop', async () => {
    const typos = Array.from({ length: 25 }, (_, index) => `no-such-user-${index}`);
    const statuses = await guess(stage, typos);
    assert.ok(
      statuses.every((status) => status === 400 || status === 429),
      `a typo was let in: ${statuses.join(' ')}`,
    );
    const { page, problems } = await openPage(stage, '/');
    await signIn(page, 'staff', DEMO_PASSWORD);
    // The address's wrong passwords may hold the first press for a few seconds (at most 7, the server tests say): the
    // form says so, counts down, then says the colleague may try again; one more press gets in.
    const arrival = landed(page);
    const form = page.locator('ph-login');
    const over = form.locator('[part~="wait-over"]').filter({ hasText: '现在可以再试一次。' });
    const first = await Promise.race([
      arrival.then(() => 'in'),
      over.waitFor().then(
        () => 'wait over',
        () => 'gone',
      ),
    ]);
    if (first === 'wait over') await form.getByRole('button', { name: '登录', exact: true }).click();
    await arrival;
    assert.deepEqual(besides(problems, 'status of 429'), []);
    await page.close();
  });
});

describe('a guesser at the teacher’s account', () => {
  let stage: Stage;
  /** The teacher's own browser: it has signed in here before, so the server knows it. */
  let own: BrowserContext;
  before(async () => {
    stage = await startStage();
    // A context of its own (not browser.newPage's, which closes with its page): the browser outlives its tabs.
    own = await stage.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await newTab(own);
    const problems = watchProblems(page);
    await page.goto(stage.url('/'));
    await signIn(page, 'teacher', DEMO_PASSWORD);
    await landed(page);
    await page.getByRole('button', { name: '退出' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '您确认要退出吗？' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    assert.deepEqual(problems, []);
    await page.close();
    const statuses = await guess(stage, Array(10).fill('teacher'));
    assert.ok(!statuses.includes(200), `a guess was let in: ${statuses.join(' ')}`);
  });
  after(async () => {
    await own.close();
    await stage.stop();
  });

  it('a new browser with the right password is refused: the form says why, counts down and links the forgot page', async () => {
    const { page, problems } = await openPage(stage, '/');
    await loginFormSettled(page);
    await signIn(page, 'teacher', DEMO_PASSWORD);
    const wait = page.locator('ph-login [part~="wait"]');
    await wait.getByRole('alert').filter({ hasText: '该账号在新的浏览器上输错密码的次数过多，已暂时锁定。' }).waitFor();
    // Said once, in the form (issue 69: a toast said it again), the time left with its units (`14:58` read as a
    // time of day).
    assert.equal(await page.locator('ph-toast-host [part~="toast"]').count(), 0);
    const clock = wait.locator('[part~="wait-clock"]');
    assert.match((await clock.textContent()) ?? '', /^请在 (\d+ 小时 \d+ 分|(\d+ 分 )?\d+ 秒)后再试$/);
    assert.equal(await clock.getAttribute('aria-hidden'), 'true');
    const forgot = wait.getByRole('link', { name: '忘记密码？' });
    assert.equal(await forgot.getAttribute('href'), stage.url('/forgetPassword'));
    assert.equal(await page.locator('ph-login button[part~="submit"]').isDisabled(), false);

    // The clock keeps counting.
    const shown = await clock.textContent();
    await page.waitForFunction(
      (before) =>
        document.querySelector('ph-login')?.shadowRoot?.querySelector('[part~="wait-clock"]')?.textContent !== before,
      shown,
    );
    assert.equal(await wait.getByRole('alert').count(), 1);
    assert.equal(new URL(page.url()).pathname, '/');
    assert.deepEqual(besides(problems, 'status of 429'), []);
    await page.close();
  });

  it("the teacher's own browser signs in at once, through the form", async () => {
    const page = await newTab(own);
    const problems = watchProblems(page);
    await page.goto(stage.url('/'));
    await signIn(page, 'teacher', DEMO_PASSWORD);
    await landed(page);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('a zh-HK visitor', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('signs in on a Traditional login page, finds the desktop in Traditional, and comes back to it', async () => {
    const { page, problems } = await openPage(stage, '/?language=zh-HK');
    page.context().setDefaultTimeout(TEST_TIMEOUT_MS - 5000);
    const chosen = page.locator('.languages a[aria-current="true"]');
    await chosen.filter({ hasText: '繁體中文' }).waitFor();
    assert.equal(await chosen.getAttribute('lang'), 'zh-HK');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    assert.equal(await page.locator('ph-login h2').textContent(), '賬號登入');

    await signIn(page, 'teacher', DEMO_PASSWORD, LABELS['zh-HK']);
    await landed(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-HK');
    const welcome = page.locator('[data-ph-component="ph-header"] [part~="welcome"]');
    assert.match((await welcome.textContent()) ?? '', /^歡迎您，/);

    await page.getByRole('button', { name: '登出' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '您確認要登出嗎？' });
    await confirm.getByRole('button', { name: '確定' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('ph-login').getByRole('button', { name: '登入', exact: true }).waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    await loginFormSettled(page);
    assert.equal(await page.locator('ph-login label').first().textContent(), '賬號');

    // The forgot-password page opens in a new window, in Traditional; its 返回登入 leads to a zh-HK login page.
    const [forgot] = await Promise.all([
      page.waitForEvent('popup'),
      page.locator('ph-login a[part~="forgot"]').click(),
    ]);
    const popupProblems = watchProblems(forgot);
    await forgot.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    const back = forgot.locator('#back');
    assert.equal(await back.textContent(), '返回登入');
    await back.click();
    await forgot.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('language') === 'zh-HK');
    await forgot.locator('ph-login').getByRole('button', { name: '登入', exact: true }).waitFor();
    await forgot.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    assert.deepEqual(popupProblems, []);
    assert.deepEqual(problems, []);
    await forgot.close();
    await page.close();
  });
});

describe('two tabs of one browser', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('refresh at once when the access token has gone, and neither signs the other out', async () => {
    // One browser context (Playwright lends no second tab to a page opened on its own), signed in once.
    const context = await stage.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const signedIn = await context.request.post(stage.url(ENDPOINTS.login), {
      headers: { 'X-PH-Device': 'pc' },
      data: { username: 'teacher', password: DEMO_PASSWORD },
    });
    assert.equal(signedIn.status(), 200);
    const first = await newTab(context);
    const problems = watchProblems(first);
    await first.goto(stage.url(SCHOOL_LANDING));
    await first.locator('body[data-login-status="in"]').waitFor();
    const second = await newTab(context);
    const secondProblems = watchProblems(second);
    await second.goto(stage.url(SCHOOL_LANDING));
    await second.locator('body[data-login-status="in"]').waitFor();

    // The access token is gone (expired, as far as the server can tell); the refresh cookie stays.
    await context.clearCookies({ name: ACCESS_TOKEN_COOKIE });
    // The page also holds the token it was given (sent as a bearer header): gone too, so each tab's next call is a 401.
    const forget = (page: Page) =>
      page.evaluate(() => {
        const session = window.PH!.stores.session as unknown as { setKey(key: string, value: string): void };
        session.setKey('accessToken', 'expired-access-token');
      });
    await Promise.all([forget(first), forget(second)]);
    const refreshes: string[] = [];
    context.on('response', (answer) => {
      if (answer.url().endsWith(ENDPOINTS.refresh) || answer.url().includes(`${ENDPOINTS.refresh}?`))
        refreshes.push(String(answer.status()));
    });
    const count = (page: Page) =>
      page.evaluate(() =>
        window.PH!.request({ url: '/api/base/desktop/unhandlecount' }).then((answer) => answer.status),
      );
    assert.deepEqual(await Promise.all([count(first), count(second)]), [200, 200]);
    // Both tabs refreshed with the same refresh token at once, and both were answered (the server's grace period).
    assert.deepEqual(refreshes, ['200', '200']);

    const me = (page: Page) =>
      page.evaluate(
        (url) =>
          fetch(url, { credentials: 'include', headers: { 'X-PH-Device': 'pc' } }).then((answer) => answer.status),
        ENDPOINTS.me,
      );
    assert.deepEqual(await Promise.all([me(first), me(second)]), [200, 200]);
    assert.equal(new URL(first.url()).pathname, SCHOOL_LANDING);
    assert.equal(new URL(second.url()).pathname, SCHOOL_LANDING);
    assert.deepEqual(problems, []);
    assert.deepEqual(secondProblems, []);
    await context.close();
  });
});
