import { expect, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { core, loadElements } from './bundles';
import {
  api,
  button,
  field,
  freshPage,
  type LoginElement,
  mount,
  PASSWORD,
  requestsTo,
  shadow,
  signedInLine,
  waitForNavigation,
} from './login-helpers';
import { waitUntil } from './wait';

await loadElements('ph-login');

// Signing in inside an app (issue 68): the page may keep itself (preventDefault, redirect="none"), the element then
// shows who is signed in with what to do next, a restored session is its own event, and no router can make it
// navigate in a loop.
const LANDING = `${window.location.origin}/pages/base/pc_desktop_all/index.html`;
const LOGIN = '/api/uaa/oauth/login';

async function signIn(login: LoginElement, account = 'teacher'): Promise<void> {
  field(login, '账号').focus();
  await sendKeys({ type: account });
  field(login, '密码').focus();
  await sendKeys({ type: PASSWORD });
  shadow(login).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
}

const formShown = (login: LoginElement) => Boolean(shadow(login).querySelector('form'));

describe('ph-login inside an app (issue 68)', () => {
  it('preventDefault() on ph-login-success keeps the page, with no reload: signed in as …, and a usable way out', async () => {
    const location = await freshPage('/app/');
    const login = await mount();
    login.addEventListener('ph-login-success', (event) => event.preventDefault());
    const succeeded = oneEvent(login, 'ph-login-success');
    await signIn(login);
    const { detail } = (await succeeded) as CustomEvent;
    expect(detail.redirect).to.equal(LANDING);
    expect(await signedInLine(login)).to.equal('已登录：teacher');
    expect(formShown(login), 'no busy form in its place').to.equal(false);
    expect(core.$loginStatus.get()).to.equal('in');
    expect(location.visited).to.deep.equal([]);
    expect(location.reloads).to.equal(0);
    // The page chose to stay: no way on to a landing page it may not serve.
    expect(shadow(login).querySelector('[part~="continue"]')).to.equal(null);
    button(login, '使用其他账号');
  });

  it('redirect="none" stays without script, in each language; "Use another account" signs out and brings the form back', async () => {
    const location = await freshPage('/app/');
    const login = await mount(html`<ph-login redirect="none"></ph-login>`);
    await waitUntil(() => !shadow(login).querySelector('.status')?.textContent, 'the session check never ended');
    await signIn(login);
    expect(await signedInLine(login)).to.equal('已登录：teacher');
    core.$language.set('en');
    await waitUntil(() => shadow(login).textContent?.includes('Signed in as teacher'), 'English never showed');
    button(login, 'Use another account');
    core.$language.set('zh-HK');
    await waitUntil(() => shadow(login).textContent?.includes('已登入：teacher'), 'zh-HK never showed');
    const loggedOut = oneEvent(login, 'ph-login-logout');
    button(login, '使用其他賬號').click();
    await loggedOut;
    await waitUntil(() => formShown(login), 'the form never came back');
    expect(requestsTo('/api/uaa/oauth/logout')).to.have.length(1);
    expect(core.$loginStatus.get()).to.equal('out');
    expect(location.visited).to.deep.equal([]);
  });

  it('a session found on load is ph-login-restored, not ph-login-success; with redirect="none" it names the user', async () => {
    const location = await freshPage('/app/');
    await api(LOGIN, { username: 'teacher', password: PASSWORD });
    core.$storedUser.set({ userId: 'u-teacher' });
    let signedIn = 0;
    const count = () => signedIn++;
    document.addEventListener('ph-login-success', count);
    const restored = oneEvent(document, 'ph-login-restored');
    const login = await mount(html`<ph-login redirect="none"></ph-login>`, 'signed-in');
    expect(((await restored) as CustomEvent).detail).to.include({ userType: 2, redirect: LANDING });
    expect(await signedInLine(login)).to.equal('已登录：王老师（teacher）');
    document.removeEventListener('ph-login-success', count);
    expect(signedIn).to.equal(0);
    expect(requestsTo(LOGIN)).to.have.length(0);
    expect(location.visited).to.deep.equal([]);
  });

  it("a router's catch-all that sends the landing page back to the app: one navigation, then the signed-in state", async () => {
    const first = await freshPage('/app/');
    const login = await mount();
    await signIn(login);
    await waitForNavigation(first);
    expect(first.visited).to.deep.equal([LANDING]);
    // The next page load: the landing page was the app again, whose router went back to its start (the page's stores
    // start anew).
    const second = core.memoryLocation(LANDING);
    second.replace(`${window.location.origin}/app/`);
    core.setLocationAdapter(second);
    core.$loginStatus.set('unknown');
    const again = await mount(html`<ph-login></ph-login>`, 'signed-in');
    expect(await signedInLine(again)).to.equal('已登录：王老师（teacher）');
    expect(second.visited).to.deep.equal([]);
    expect(second.reloads).to.equal(0);
    expect(requestsTo(LOGIN)).to.have.length(1);
    // Stayed by itself: Continue goes on to the landing page, once the person asks.
    button(again, '继续').click();
    await waitForNavigation(second);
    expect(second.visited).to.deep.equal([LANDING]);
  });

  it('a jump page that is this page, spelled otherwise (?stay and ?stay=), neither navigates nor reloads', async () => {
    const location = await freshPage('/app/?stay=', { jumpPage: '/app/index.html?stay' });
    const login = await mount();
    await signIn(login);
    expect(await signedInLine(login)).to.equal('已登录：teacher');
    expect(shadow(login).querySelector('[part~="continue"]'), 'nowhere else to go').to.equal(null);
    expect(location.visited).to.deep.equal([]);
    expect(location.reloads).to.equal(0);
  });
});
