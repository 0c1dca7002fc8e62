import { expect, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { core, loadElements } from './bundles';
import {
  api,
  button,
  errorUnder,
  field,
  freshPage,
  hasLabel,
  type LoginElement,
  mount,
  noticeTexts,
  PASSWORD,
  requestsTo,
  shadow,
  waitForNavigation,
} from './login-helpers';
import { waitUntil } from './wait';

await loadElements('ph-login');

const LOGIN = '/api/uaa/oauth/login';
const LABELS = {
  'zh-CN': { account: '账号', password: '密码', submit: '登录' },
  en: { account: 'Account', password: 'Password', submit: 'Sign in' },
  'zh-HK': { account: '賬號', password: '密碼', submit: '登入' },
} as const;

async function type(input: HTMLInputElement, text: string): Promise<void> {
  input.focus();
  input.select();
  if (text === '') await sendKeys({ press: 'Backspace' });
  else await sendKeys({ type: text });
}

function submitButton(element: LoginElement): HTMLButtonElement {
  return shadow(element).querySelector<HTMLButtonElement>('button[type="submit"]')!;
}

describe('ph-login form', () => {
  let location: Awaited<ReturnType<typeof freshPage>>;
  beforeEach(async () => {
    location = await freshPage('/login');
  });

  describe('labels and text', () => {
    for (const language of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`names the account and password fields and the sign-in button in ${language}`, async () => {
        core.$language.set(language);
        const login = await mount();
        const labels = LABELS[language];
        expect(field(login, labels.account).name).to.equal('username');
        expect(field(login, labels.password).type).to.equal('password');
        expect(submitButton(login).textContent?.trim()).to.equal(labels.submit);
      });
    }

    it('follows a language change while shown', async () => {
      const login = await mount();
      core.$language.set('en');
      await waitUntil(() => hasLabel(login, 'Account'), 'still in Chinese');
      expect(submitButton(login).textContent?.trim()).to.equal('Sign in');
    });

    it('opens the forgot-password page in a new window', async () => {
      const login = await mount();
      const link = shadow(login).querySelector<HTMLAnchorElement>('a[part~="forgot"]')!;
      // Absolute on the page's own origin, whatever a <base href> says (issue 53): made so once the form is live.
      const forgot = new URL('/forgetPassword', window.location.origin).href;
      await waitUntil(() => link.getAttribute('href') === forgot, `the link is ${link.getAttribute('href')}`);
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.contain('noopener');
      expect(link.textContent).to.equal('忘记密码？');
    });

    it('renders a heading that looks like HTML as text', async () => {
      const hostile = '<img src=x onerror="window.__loginPwned=1">';
      const login = await mount(html`<ph-login no-auto-start heading=${hostile}></ph-login>`);
      expect(shadow(login).querySelector('h2')?.textContent).to.equal(hostile);
      expect((window as unknown as { __loginPwned?: number }).__loginPwned).to.equal(undefined);
    });

    it('has no axe violations, in Chinese and in English, also with errors showing', async () => {
      const login = await mount(
        html`<ph-login no-auto-start qr platforms='[{"provider":"qy","name":"企业微信"}]'></ph-login>`,
      );
      await expect(login).to.be.accessible();
      submitButton(login).click();
      core.$language.set('en');
      await waitUntil(() => hasLabel(login, 'Password'), 'still in Chinese');
      expect(errorUnder(field(login, 'Password'))).to.equal('Password cannot be empty!');
      await expect(login).to.be.accessible();
    });
  });

  describe('validation (§5, §8)', () => {
    it('says a field is required when it is left empty (on blur), under that field', async () => {
      const login = await mount();
      const account = field(login, '账号');
      account.focus();
      account.blur();
      await waitUntil(() => errorUnder(account) !== '', 'no error under the account field');
      expect(errorUnder(account)).to.equal('用户名不能为空！');
      expect(account.getAttribute('aria-invalid')).to.equal('true');
      expect(errorUnder(field(login, '密码'))).to.equal('');
    });

    it('checks on change: emptied is an error, filled again clears it', async () => {
      const login = await mount();
      const password = field(login, '密码');
      await type(password, 'x');
      expect(errorUnder(password)).to.equal('');
      await type(password, '');
      expect(errorUnder(password)).to.equal('密码不能为空！');
      await type(password, 'y');
      expect(errorUnder(password)).to.equal('');
    });

    it('counts spaces as empty and uses the English messages in en', async () => {
      core.$language.set('en');
      const login = await mount();
      await type(field(login, 'Account'), '   ');
      await type(field(login, 'Password'), '   ');
      submitButton(login).click();
      await waitUntil(() => errorUnder(field(login, 'Password')) !== '', 'no errors shown');
      expect(errorUnder(field(login, 'Account'))).to.equal('User name cannot be empty!');
      expect(errorUnder(field(login, 'Password'))).to.equal('Password cannot be empty!');
      expect(requestsTo(LOGIN)).to.have.length(0);
    });

    it('says it in traditional Chinese for zh-HK', async () => {
      core.$language.set('zh-HK');
      const login = await mount();
      submitButton(login).click();
      await waitUntil(() => errorUnder(field(login, '密碼')) !== '', 'no errors shown');
      expect(errorUnder(field(login, '賬號'))).to.equal('用戶名不能為空！');
      expect(errorUnder(field(login, '密碼'))).to.equal('密碼不能為空！');
    });

    it('sends the trimmed account and password', async () => {
      const login = await mount();
      await type(field(login, '账号'), '  teacher  ');
      await type(field(login, '密码'), ` ${PASSWORD} `);
      submitButton(login).click();
      await waitForNavigation(location);
      const body = new URLSearchParams(requestsTo(LOGIN)[0]!.body);
      expect(body.get('username')).to.equal('teacher');
      expect(body.get('password')).to.equal(PASSWORD);
    });
  });

  describe('Enter (§2)', () => {
    it('moves to the empty field instead of submitting', async () => {
      const login = await mount();
      field(login, '账号').focus();
      await sendKeys({ press: 'Enter' });
      expect(shadow(login).activeElement).to.equal(field(login, '账号'));
      await sendKeys({ type: 'teacher' });
      await sendKeys({ press: 'Enter' });
      expect(shadow(login).activeElement).to.equal(field(login, '密码'));
      expect(requestsTo(LOGIN)).to.have.length(0);
    });

    it('submits when both fields are filled and no error shows', async () => {
      const login = await mount();
      await type(field(login, '账号'), 'teacher');
      await type(field(login, '密码'), PASSWORD);
      await sendKeys({ press: 'Enter' });
      await waitForNavigation(location);
      expect(requestsTo(LOGIN)).to.have.length(1);
    });

    it('does not submit again while the server error still shows', async () => {
      const login = await mount();
      await type(field(login, '账号'), 'teacher');
      await type(field(login, '密码'), 'wrong-password');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => errorUnder(field(login, '密码')) !== '', 'no server error shown');
      field(login, '密码').focus();
      // The key has been handled once sendKeys returns (the browser acknowledges it), and a submit would have made the
      // form busy in that same handler.
      await sendKeys({ press: 'Enter' });
      expect(submitButton(login).getAttribute('aria-busy'), 'submitted again').to.equal('false');
      expect(requestsTo(LOGIN)).to.have.length(1);
    });
  });

  describe('signing in', () => {
    it('shows the server field error under the password and dispatches ph-login-error', async () => {
      core.$language.set('en');
      const login = await mount();
      await type(field(login, 'Account'), 'teacher');
      await type(field(login, 'Password'), 'wrong-password');
      const failed = oneEvent(login, 'ph-login-error');
      submitButton(login).click();
      const detail = ((await failed) as CustomEvent).detail;
      expect(detail).to.deep.include({ status: 400, code: 'invalid_grant' });
      expect(detail.message).to.be.a('string').and.not.equal('');
      await waitUntil(() => errorUnder(field(login, 'Password')) !== '');
      expect(errorUnder(field(login, 'Password'))).to.equal('Incorrect password');
      expect(submitButton(login).disabled).to.equal(false);

      await type(field(login, 'Password'), 'x');
      expect(errorUnder(field(login, 'Password')), 'editing clears the server error').to.equal('');
    });

    it('is busy while signing in and cannot submit twice', async () => {
      const login = await mount();
      await type(field(login, '账号'), 'teacher');
      await type(field(login, '密码'), PASSWORD);
      submitButton(login).click();
      submitButton(login).click();
      await waitUntil(() => submitButton(login).disabled, 'the button is not busy');
      expect(submitButton(login).getAttribute('aria-busy')).to.equal('true');
      await waitForNavigation(location);
      expect(requestsTo(LOGIN)).to.have.length(1);
    });

    it('on success: login data in ph-login-success, "login success", logged in, then the landing page', async () => {
      const login = await mount();
      await type(field(login, '账号'), 'teacher');
      await type(field(login, '密码'), PASSWORD);
      const succeeded = oneEvent(login, 'ph-login-success');
      submitButton(login).click();
      const detail = ((await succeeded) as CustomEvent).detail;
      expect(detail).to.include({ unitType: '2', userType: 2 });
      expect(detail.userId).to.be.a('string');
      expect(detail, 'the token stays out of a page-wide event').to.not.have.any.keys('accessToken', 'expiresIn');
      expect(noticeTexts()).to.include('登录成功');
      expect(core.$loginStatus.get()).to.equal('in');
      await waitForNavigation(location);
      expect(new URL(location.visited[0]!).pathname).to.equal('/pages/base/pc_desktop_all/index.html');
    });

    it('follows a same-origin redirect_uri and refuses another origin', async () => {
      location = await freshPage(`/login?redirect_uri=${encodeURIComponent('/pages/notice/pc_notice_tm/index.html')}`);
      let login = await mount();
      await type(field(login, '账号'), 'teacher');
      await type(field(login, '密码'), PASSWORD);
      submitButton(login).click();
      await waitForNavigation(location);
      expect(new URL(location.visited[0]!).pathname).to.equal('/pages/notice/pc_notice_tm/index.html');

      location = await freshPage(`/login?redirect_uri=${encodeURIComponent('http://evil.example/')}`);
      login = await mount();
      await type(field(login, '账号'), 'teacher');
      await type(field(login, '密码'), PASSWORD);
      submitButton(login).click();
      await waitForNavigation(location);
      const target = new URL(location.visited[0]!);
      expect(target.origin).to.equal(window.location.origin);
      expect(target.pathname).to.equal('/pages/base/pc_desktop_all/index.html');
    });

    it('lands area users on the area desktop', async () => {
      const login = await mount();
      await type(field(login, '账号'), 'areauser');
      await type(field(login, '密码'), PASSWORD);
      submitButton(login).click();
      await waitForNavigation(location);
      expect(new URL(location.visited[0]!).pathname).to.equal('/area/areaBase/pc_areaDesktop_all/index.html');
    });
  });

  describe('password field', () => {
    it('shows and hides the password with a labelled toggle', async () => {
      const login = await mount();
      const password = field(login, '密码');
      const toggle = button(login, '显示密码');
      expect(toggle.getAttribute('aria-pressed')).to.equal('false');
      toggle.click();
      await waitUntil(() => password.type === 'text', 'the password is still hidden');
      expect(button(login, '隐藏密码').getAttribute('aria-pressed')).to.equal('true');
      button(login, '隐藏密码').click();
      await waitUntil(() => password.type === 'password', 'the password still shows');
    });
  });

  describe('other ways to sign in', () => {
    it('lists third-party platforms by name and hands a click to the page', async () => {
      const login = await mount(
        html`<ph-login no-auto-start platforms='[{"provider":"qy","name":"企业微信"},{"provider":"mp","name":"微信"}]'></ph-login>`,
      );
      const work = button(login, '使用企业微信登录');
      const chosen = oneEvent(login, 'ph-login-platform');
      work.click();
      expect(((await chosen) as CustomEvent).detail).to.deep.equal({ provider: 'qy', name: '企业微信' });
      expect(button(login, '使用微信登录')).to.exist;
    });

    it('a work-chat or chat-app icon then goes to the provider with its app id (issue 8 §12)', async () => {
      const login = await mount(
        html`<ph-login no-auto-start platforms='[{"provider":"mp","name":"微信"},{"provider":"sso","name":"统一认证"}]'></ph-login>`,
      );
      button(login, '使用统一认证登录').click();
      button(login, '使用微信登录').click();
      await waitForNavigation(location);
      expect(location.visited).to.have.length(1);
      const provider = new URL(location.visited[0]!);
      expect(provider.origin + provider.pathname).to.equal('https://open.weixin.qq.com/connect/oauth2/authorize');
      expect(provider.searchParams.get('appid')).to.equal('wx-demo-mp-0001');
      expect(provider.searchParams.get('state')).to.equal('mp');
      expect(provider.searchParams.get('redirect_uri')).to.equal(`${window.location.origin}/login`);
    });

    it('shows a platform icon when one is given, the first letter of its name otherwise', async () => {
      const login = await mount(
        html`<ph-login no-auto-start platforms='[{"provider":"qy","name":"企业微信","icon":"/static/img/wecom.svg"},{"provider":"mp","name":"微信"}]'></ph-login>`,
      );
      expect(button(login, '使用企业微信登录').querySelector('img')?.getAttribute('src')).to.equal(
        '/static/img/wecom.svg',
      );
      expect(button(login, '使用微信登录').textContent).to.equal('微');
    });

    it('shows no platforms, and still works, when the platforms attribute is not valid JSON', async () => {
      const login = await mount(html`<ph-login no-auto-start platforms="[{oops"></ph-login>`);
      expect(shadow(login).querySelector('[part~="platform"]')).to.equal(null);
      expect(field(login, '账号')).to.exist;
    });

    it('offers the QR container only when asked, with a slot for the messaging app', async () => {
      const plain = await mount();
      expect(shadow(plain).querySelector('[part~="qr"]')).to.equal(null);
      const withQr = await mount(html`<ph-login no-auto-start qr><div slot="qr" id="qr-code">QR</div></ph-login>`);
      const slot = shadow(withQr).querySelector<HTMLSlotElement>('[part~="qr"] slot[name="qr"]')!;
      expect(slot.assignedElements()[0]?.id).to.equal('qr-code');
    });
  });

  describe('dialog mode', () => {
    it('opens over everything at z-index 2500 and reloads in place after signing in', async () => {
      location = await freshPage('/pages/notice/pc_notice_tm/index.html#/list');
      const login = await mount(html`<ph-login mode="dialog"></ph-login>`);
      expect(shadow(login).querySelector('[part~="dialog"]')).to.equal(null);
      login.open = true;
      await waitUntil(() => shadow(login).querySelector('[part~="dialog"]'));
      const mask = shadow(login).querySelector<HTMLElement>('[part~="mask"]')!;
      expect(getComputedStyle(mask).zIndex).to.equal('2500');
      expect(shadow(login).querySelector('[part~="title"]')?.textContent).to.equal('请重新登录');

      await type(field(login, '账号'), 'teacher');
      await type(field(login, '密码'), PASSWORD);
      submitButton(login).click();
      await waitForNavigation(location);
      expect(location.reloads).to.equal(1);
      expect(location.visited).to.deep.equal([]);
    });

    it('opens by itself when a lost session asks for a login (development)', async () => {
      const login = await mount(html`<ph-login mode="dialog"></ph-login>`);
      core.$loginPrompt.set({ redirectUri: window.location.href });
      await waitUntil(() => shadow(login).querySelector('[part~="dialog"]'), 'the dialog did not open');
    });
  });

  describe('ph-login-logout', () => {
    it('is dispatched when the session is lost (me answers 401)', async () => {
      await api(LOGIN, { username: 'teacher', password: PASSWORD });
      await core.fetchMe(core.authDeps());
      expect(core.$loginStatus.get()).to.equal('in');
      const login = await mount();
      const loggedOut = oneEvent(login, 'ph-login-logout');
      await api('/api/uaa/oauth/logout', {});
      await core.fetchMe(core.authDeps());
      await loggedOut;
      expect(core.$loggedOut.get(), 'a lost session is not a chosen logout').to.equal(undefined);
    });

    it('is dispatched when the session ends by a logout', async () => {
      const login = await mount();
      await type(field(login, '账号'), 'teacher');
      await type(field(login, '密码'), PASSWORD);
      submitButton(login).click();
      await waitForNavigation(location);
      const loggedOut = oneEvent(login, 'ph-login-logout');
      await core.logout(core.authDeps());
      await loggedOut;
      expect(core.$loggedOut.get()).to.equal('logout');
    });
  });
});
