import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { after, before, describe, it, type Stage, startStage } from './harness';

// Sign-in with the messaging apps, the whole round trip on this machine (issue 8 §12): the login page asks the
// platform for the provider's app id, sends the user to the provider's authorisation page — here the reference
// server's stand-in at /sso/social/authorize — and the provider sends them back with code and state, which the
// social mode of §4 turns into a session.

const PASSWORD = 'Demo@2026';
const WECOM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 wxwork/4.1.22 MicroMessenger/7.0.1';
const WECHAT =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50';
const SCHOOL_LANDING = '/pages/base/pc_desktop_all/index.html';
const PHONE_LANDING = '/pages/base/mobile_desktop_all/index.html';
const STAND_IN = '/sso/social/authorize';

async function landedAs(page: Page, path: string, expected: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  await page.locator('body[data-login-status="in"]').waitFor();
  const loginName = await page.evaluate(() => window.PH?.stores.session.get().loginName);
  assert.equal(loginName, expected);
}

/** Every visit of the stand-in provider page, as the browser asked for it. */
function providerVisits(page: Page): URL[] {
  const visits: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === STAND_IN && request.isNavigationRequest()) visits.push(url);
  });
  return visits;
}

describe('sign-in with the messaging apps', () => {
  let stage: Stage;
  before(async () => {
    stage = await startStage();
  });
  after(async () => {
    await stage.stop();
  });

  it('inside work-chat: off to the provider with the app id, back with code and state, signed in', async () => {
    const page = await stage.browser.newPage({ userAgent: WECOM });
    const visits = providerVisits(page);
    await page.goto(stage.url(`/login?redirect_uri=${encodeURIComponent(SCHOOL_LANDING)}`));
    await page.waitForURL((url) => url.pathname === STAND_IN);
    const asked = visits[0]!;
    assert.equal(asked.searchParams.get('appid'), 'ww-demo-corp-0001');
    assert.equal(asked.searchParams.get('response_type'), 'code');
    assert.equal(asked.searchParams.get('scope'), 'snsapi_base');
    assert.equal(asked.searchParams.get('state'), 'qy');
    assert.equal(
      asked.searchParams.get('redirect_uri'),
      stage.url(`/login?redirect_uri=${encodeURIComponent(SCHOOL_LANDING)}`),
    );
    await page.getByRole('heading', { name: /企业微信/ }).waitFor();

    const social: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/uaa/social/')) {
        social.push(new URL(request.url()).pathname);
      }
    });
    await page.locator('#as-teacher').click();
    await landedAs(page, SCHOOL_LANDING, 'teacher');
    assert.deepEqual(social, ['/api/uaa/social/qy']);
    assert.equal(visits.length, 1);
    await page.close();
  });

  it('WeCom on a phone, reached in zh-HK: signed in on the mobile desktop, still in zh-HK (issue 35)', async () => {
    const page = await stage.browser.newPage({ userAgent: WECOM, viewport: { width: 375, height: 812 } });
    await page.goto(stage.url('/?language=zh-HK'));
    await page.waitForURL((url) => url.pathname === STAND_IN);
    await page.locator('#as-teacher').click();
    await landedAs(page, PHONE_LANDING, 'teacher');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-HK');
    await page.getByText('主題設定').first().waitFor();
    await page.close();
  });

  it('the work-chat page offers zh-HK as its links do: its own texts and the form in Traditional', async () => {
    const page = await stage.browser.newPage();
    await page.goto(stage.url('/demo/work-chat/index.html?language=zh-HK'));
    await page.locator('ph-login').getByRole('button', { name: '登入', exact: true }).waitFor();
    await page.getByRole('heading', { name: '工作台登入' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-HK');
    await page.close();
  });

  it('inside the chat app, refusing at the provider comes back to the form, not to the provider again', async () => {
    const page = await stage.browser.newPage({ userAgent: WECHAT });
    const visits = providerVisits(page);
    await page.goto(stage.url('/login'));
    await page.waitForURL((url) => url.pathname === STAND_IN);
    assert.equal(visits[0]?.searchParams.get('appid'), 'wx-demo-mp-0001');
    await page.locator('#refuse').click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('state') === 'mp');
    await page.locator('ph-login').getByRole('button', { name: '登录', exact: true }).waitFor();
    assert.equal(new URL(page.url()).searchParams.has('code'), false);
    // The form works there: a password sign-in still lands.
    await page.locator('ph-login').getByLabel('账号', { exact: true }).fill('parent');
    await page.locator('ph-login').getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    // A phone (the chat app's Android agent) lands on the mobile desktop.
    await landedAs(page, PHONE_LANDING, 'parent');
    assert.equal(visits.length, 1);
    await page.close();
  });

  it("from a desktop browser the login page's WeCom icon leads to the provider; a new identity is linked on the bind page", async () => {
    const page = await stage.browser.newPage();
    await page.goto(stage.url('/login'));
    const icon = page.locator('ph-login').getByRole('button', { name: '使用企业微信登录' });
    await icon.click();
    await page.waitForURL((url) => url.pathname === STAND_IN && url.searchParams.get('state') === 'qy');
    await page.locator('#as-new').click();
    // Nobody is bound to that identity yet: §4 sends a 400 other than invalid_grant to the bind page.
    await page.waitForURL((url) => url.pathname === '/bind/' && url.searchParams.has('id'));
    await page.locator('#bind-username').fill('staff');
    await page.locator('#bind-password').fill(PASSWORD);
    await page.locator('#bind-submit').click();
    await landedAs(page, SCHOOL_LANDING, 'staff');
    await page.close();
  });

  it('the WeChat icon leads to the provider too, and its teacher identity signs in', async () => {
    const page = await stage.browser.newPage();
    await page.goto(stage.url('/login?language=en'));
    await page.locator('ph-login').getByRole('button', { name: 'Sign in with WeChat' }).click();
    await page.waitForURL((url) => url.pathname === STAND_IN && url.searchParams.get('state') === 'mp');
    await page.locator('#as-teacher').click();
    await landedAs(page, SCHOOL_LANDING, 'teacher');
    await page.close();
  });

  it('the stand-in provider refuses an unknown app id, another response type and a return to another site', async () => {
    const back = stage.url('/login');
    const ask = (query: Record<string, string>) =>
      fetch(stage.url(`${STAND_IN}?${new URLSearchParams(query)}`)).then(async (answer) => ({
        status: answer.status,
        text: await answer.text(),
      }));
    const good = {
      appid: 'ww-demo-corp-0001',
      redirect_uri: back,
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'qy',
    };
    assert.equal((await ask(good)).status, 200);
    const unknown = await ask({ ...good, appid: 'nope' });
    assert.equal(unknown.status, 400);
    assert.match(unknown.text, /Unknown appid/);
    assert.equal((await ask({ ...good, response_type: 'token' })).status, 400);
    const elsewhere = await ask({ ...good, redirect_uri: 'https://evil.example/steal' });
    assert.equal(elsewhere.status, 400);
    assert.doesNotMatch(elsewhere.text, /evil\.example/);
  });
});
