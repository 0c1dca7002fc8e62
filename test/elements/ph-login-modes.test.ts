import { expect, html, oneEvent } from '@open-wc/testing';
import { sendKeys, setUserAgent } from '@web/test-runner-commands';
import { core, loadElements } from './bundles';
import {
  api,
  field,
  freshPage,
  holdRequestsTo,
  type LoginElement,
  mount,
  noticeTexts,
  PASSWORD,
  requests,
  requestsTo,
  shadow,
  waitForNavigation,
} from './login-helpers';
import { waitUntil } from './wait';

await loadElements('ph-login');

// The login-mode order of spec §4, each mode against the reference server. The element runs it when mounted.
const LANDING = '/pages/base/pc_desktop_all/index.html';
const LOGIN = '/api/uaa/oauth/login';

async function start(path: string) {
  const location = await freshPage(path);
  const login = await mount(html`<ph-login></ph-login>`);
  return { location, login };
}

async function signedInAs(loginName: string): Promise<void> {
  const me = await api<{ data: { loginName: string } | null }>('/api/uaa/oauth/me');
  expect(me.data?.loginName).to.equal(loginName);
}

/**
 * The login modes have run to their end (the "checking" line says so while they run, and an automatic sign-in has sent
 * its request by then), so what they did not do, they will not do; the form's button is live.
 */
function formIsReady(login: LoginElement): boolean {
  const submit = shadow(login).querySelector<HTMLButtonElement>('button[type="submit"]');
  return Boolean(submit && !submit.disabled && !shadow(login).querySelector('.status')?.textContent);
}

describe('ph-login modes (§4)', () => {
  it('shows the form at once when no mode applies and no sign-in was recorded here: no me, no refresh', async () => {
    const { login } = await start('/login');
    await waitUntil(() => formIsReady(login), 'the form never became ready');
    expect(requestsTo('/api/uaa/oauth/me')).to.have.length(0);
    expect(requestsTo('/api/uaa/oauth/refresh')).to.have.length(0);
    expect(core.$loginStatus.get()).to.equal('out');
    expect(requestsTo(LOGIN)).to.have.length(0);
  });

  it('asks the server once about a recorded sign-in it no longer knows, then shows the form', async () => {
    await freshPage('/login');
    core.$storedUser.set({ userId: 'u-teacher' });
    const login = await mount(html`<ph-login></ph-login>`);
    await waitUntil(() => formIsReady(login), 'the form never became ready');
    expect(requestsTo('/api/uaa/oauth/me')).to.have.length(1);
    expect(core.$loginStatus.get()).to.equal('out');
    expect(core.$storedUser.get()).to.equal(null);
  });

  it('keeps the form where it is when the session check ends (issue 70: its line went and the form moved up)', async () => {
    await freshPage('/login');
    core.$storedUser.set({ userId: 'u-teacher' });
    // The check's answer waits until the form has been measured while the line says so (else a quick server races it).
    const release = holdRequestsTo('/api/uaa/oauth/me');
    const login = await mount(html`<ph-login></ph-login>`);
    const formTop = () => shadow(login).querySelector('form')!.getBoundingClientRect().top;
    await waitUntil(() => Boolean(shadow(login).querySelector('.status')?.textContent), 'the check never said so');
    const during = formTop();
    release();
    await waitUntil(() => formIsReady(login), 'the form never became ready');
    expect(formTop()).to.equal(during);
  });

  it('authorize: asks for client_id', async () => {
    const { login } = await start('/authorize?redirect_uri=x');
    await waitUntil(() => formIsReady(login));
    expect(noticeTexts()).to.include('Missing client_id, please go back and try again!');
  });

  it('authorize: a signed-in user is sent to the client with a code and the state', async () => {
    await freshPage('/login');
    await api(LOGIN, { username: 'teacher', password: PASSWORD });
    const redirect = 'http://localhost:9999/demo/callback';
    const location = core.memoryLocation(
      `${window.location.origin}/authorize?client_id=demo-portal&state=s-42&redirect_uri=${encodeURIComponent(redirect)}`,
    );
    core.setLocationAdapter(location);
    await mount(html`<ph-login></ph-login>`);
    await waitForNavigation(location);
    const target = new URL(location.visited[0]!);
    expect(`${target.origin}${target.pathname}`).to.equal(redirect);
    expect(target.searchParams.get('state')).to.equal('s-42');
    expect(target.searchParams.get('code')).to.be.a('string').and.not.equal('');
  });

  it('device client id: signs in the bound user and lands', async () => {
    const { location } = await start('/login?userClientId=demo-pc-client-teacher');
    await waitForNavigation(location);
    expect(requestsTo('/api/uaa/oauth/login_user_client')).to.have.length(1);
    expect(new URL(location.visited[0]!).pathname).to.equal(LANDING);
    await signedInAs('teacher');
  });

  it('username and password in the query', async () => {
    const { location } = await start(`/login?username=staff&password=${encodeURIComponent(PASSWORD)}`);
    await waitForNavigation(location);
    await signedInAs('staff');
  });

  it('SSO ticket: signs in with the ticket the SSO page issued', async () => {
    await freshPage('/login');
    const form = new URLSearchParams({ username: 'teacher', password: PASSWORD, redirect_uri: '/sso/done' });
    const page = await fetch('/sso/login', { method: 'POST', body: form, redirect: 'follow' });
    const ticket = new URL(page.url).searchParams.get('ticket');
    expect(ticket, 'the SSO page issued a ticket').to.be.a('string');
    await api('/api/uaa/oauth/logout', {});

    const location = core.memoryLocation(`${window.location.origin}/login?ticket=${ticket}`);
    core.setLocationAdapter(location);
    await mount(html`<ph-login></ph-login>`);
    await waitForNavigation(location);
    expect(requestsTo('/api/sso/ticket/login')).to.have.length(1);
    await signedInAs('teacher');
  });

  it('SSO ticket without the ticket configuration says what is missing', async () => {
    await freshPage('/login?ticket=abc');
    core.phinit({ code: 'login', appCode: 'base', env: 'production', languagePack: {} });
    const login = await mount(html`<ph-login></ph-login>`);
    await waitUntil(() => formIsReady(login));
    expect(noticeTexts().some((text) => text.startsWith('Missing loginTickitConifg.apipath'))).to.equal(true);
  });

  it('access token: logs in again with it', async () => {
    await freshPage('/login');
    const answer = await api<{ data: { accessToken: string } }>(LOGIN, { username: 'parent', password: PASSWORD });
    const location = core.memoryLocation(`${window.location.origin}/login?accessToken=${answer.data.accessToken}`);
    core.setLocationAdapter(location);
    await mount(html`<ph-login></ph-login>`);
    await waitForNavigation(location);
    expect(requestsTo('/api/uaa/oauth/relogin')).to.have.length(1);
    await signedInAs('parent');
  });

  it('social: a bound code with its state signs in', async () => {
    const { location } = await start('/login?code=demo-teacher-code&state=mp&deviceId=d-1');
    await waitForNavigation(location);
    expect(requestsTo('/api/uaa/social/mp')).to.have.length(1);
    await signedInAs('teacher');
  });

  it('social: an unbound identity goes to the bind page with id, openid, unionid and deviceId', async () => {
    const { location } = await start('/login?code=someone-new-0042&state=qy&deviceId=d-7');
    await waitForNavigation(location);
    const bind = new URL(location.visited[0]!);
    expect(bind.pathname).to.equal('/bind/');
    expect(bind.searchParams.get('deviceId')).to.equal('d-7');
    for (const key of ['id', 'openid', 'unionid']) expect(bind.searchParams.get(key), key).to.be.a('string');
  });

  it('already logged in: goes on to the landing page without asking, told as a restored session', async () => {
    await freshPage('/login');
    await api(LOGIN, { username: 'teacher', password: PASSWORD });
    // Signed in here before, through the widgets, which recorded it.
    core.$storedUser.set({ userId: 'u-teacher' });
    const location = core.memoryLocation(`${window.location.origin}/login`);
    core.setLocationAdapter(location);
    // Listen before mounting: the element may sign the user through before a listener on it could be added.
    const restored = oneEvent(document, 'ph-login-restored');
    let signedIn = 0;
    const count = () => signedIn++;
    document.addEventListener('ph-login-success', count);
    await mount(html`<ph-login></ph-login>`);
    await waitForNavigation(location);
    document.removeEventListener('ph-login-success', count);
    const { detail } = (await restored) as CustomEvent;
    expect(detail.userType).to.equal(2);
    expect(detail.redirect).to.equal(location.visited[0]);
    expect(signedIn, 'a restored session is not a sign-in').to.equal(0);
    expect(new URL(location.visited[0]!).pathname).to.equal(LANDING);
    expect(requestsTo(LOGIN)).to.have.length(0);
  });

  describe('inside the chat app', () => {
    after(async () => {
      await setUserAgent(navigator.userAgent.replace(/ MicroMessenger\/\S+/, ''));
    });

    it('asks the platform for its app id and goes to the provider to sign in (issue 8 §12)', async () => {
      await setUserAgent(`${navigator.userAgent} MicroMessenger/8.0.50`);
      const { location } = await start('/login');
      await waitForNavigation(location);
      expect(requestsTo('/api/uaa/social/mp_info')).to.have.length(1);
      expect(requestsTo(LOGIN)).to.have.length(0);
      const provider = new URL(location.visited[0]!);
      expect(provider.origin + provider.pathname).to.equal('https://open.weixin.qq.com/connect/oauth2/authorize');
      expect(provider.searchParams.get('appid')).to.equal('wx-demo-mp-0001');
      expect(provider.searchParams.get('state')).to.equal('mp');
    });
  });

  describe('auto-login with the remembered password', () => {
    async function signInRemembering(remember: boolean): Promise<void> {
      const location = await freshPage('/login');
      const login = await mount();
      field(login, '账号').focus();
      await sendKeys({ type: 'teacher' });
      field(login, '密码').focus();
      await sendKeys({ type: PASSWORD });
      const checkbox = shadow(login).querySelector<HTMLInputElement>('input[type="checkbox"]')!;
      if (checkbox.checked !== remember) checkbox.click();
      shadow(login).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      await waitForNavigation(location);
    }

    /** The session ends without the user choosing to (cookies gone), as when a token expires for good. */
    async function loseSession(): Promise<void> {
      await api('/api/uaa/oauth/logout', {});
      core.resetSession();
      core.$loginStatus.set('unknown');
    }

    async function reopenLoginPage() {
      const location = core.memoryLocation(`${window.location.origin}/login`);
      core.setLocationAdapter(location);
      requests.length = 0;
      const login = await mount(html`<ph-login></ph-login>`);
      return { location, login };
    }

    it('remembers (encrypted) and signs in by itself next time; after a logout it does not', async () => {
      await signInRemembering(true);
      const stored = localStorage.getItem('rememberedCredentials') ?? '';
      expect(stored).to.not.equal('');
      expect(stored).to.not.contain(PASSWORD);

      await loseSession();
      const again = await reopenLoginPage();
      await waitForNavigation(again.location);
      expect(requestsTo(LOGIN)).to.have.length(1);
      await signedInAs('teacher');

      await core.logout(core.authDeps());
      const afterLogout = await reopenLoginPage();
      await waitUntil(() => formIsReady(afterLogout.login));
      expect(requestsTo(LOGIN)).to.have.length(0);
      expect(afterLogout.location.visited).to.deep.equal([]);
      // It does not sign in by itself, but §3's remembered password fills the form (issue 69: the fields stayed empty).
      await waitUntil(
        () => field(afterLogout.login, '账号').value === 'teacher',
        'the remembered account did not come',
      );
      expect(field(afterLogout.login, '密码').value).to.equal(PASSWORD);
      expect(shadow(afterLogout.login).querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).to.equal(
        true,
      );
    });

    it('without "remember password" nothing is stored and nothing happens by itself', async () => {
      await signInRemembering(false);
      expect(localStorage.getItem('rememberedCredentials')).to.equal(null);
      await loseSession();
      const again = await reopenLoginPage();
      await waitUntil(() => formIsReady(again.login));
      expect(requestsTo(LOGIN)).to.have.length(0);
    });

    it('tries at most 4 times, then sets the logout flag', async () => {
      await freshPage('/login');
      await core.rememberCredentials('teacher', 'a-password-that-changed');
      core.$autoLogin.set(true);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const page = await reopenLoginPage();
        await waitUntil(() => formIsReady(page.login), `attempt ${attempt} did not finish`);
        expect(requestsTo(LOGIN), `attempt ${attempt}`).to.have.length(1);
        expect(core.$autoLoginCount.get()).to.equal(attempt);
      }
      const fifth = await reopenLoginPage();
      await waitUntil(() => formIsReady(fifth.login));
      expect(requestsTo(LOGIN)).to.have.length(0);
      expect(core.$loggedOut.get()).to.equal('logout');
    });
  });
});
