import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ENDPOINTS } from '../../src/core/api/wire';
import {
  after,
  before,
  describe,
  it,
  loginFormSettled,
  openPage,
  openPageAs,
  type Stage,
  startStage,
  watchProblems,
} from './harness';

// The login page's form is in the HTML the server sends (a declarative shadow root made by ph-widgets/server): it
// shows, and takes typing, before any widget script has run; the element's script then hydrates it and keeps what was
// typed. Each test holds the widget scripts back until it has typed, as a slow network would.
const PASSWORD = 'Demo@2026';
const SCHOOL_LANDING = '/pages/base/pc_desktop_all/index.html';

interface HeldPage {
  page: Page;
  problems: string[];
  /** Requests to the sign-in call, counted from the start. */
  signIns: () => number;
  /** Lets the widget scripts load. */
  release: () => void;
}

/** A fresh page at `path` whose widget scripts (dist/elements) wait until `release()`. */
async function openHeld(stage: Stage, path: string, storedLanguage?: string): Promise<HeldPage> {
  const page = await stage.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = watchProblems(page);
  let signIns = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === ENDPOINTS.login) signIns += 1;
  });
  if (storedLanguage) {
    await page.addInitScript((language) => localStorage.setItem('lange_', language), storedLanguage);
  }
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/dist/elements/**', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(stage.url(path), { waitUntil: 'commit' });
  return { page, problems, signIns: () => signIns, release };
}

const field = (page: Page, name: string) => page.locator(`ph-login input[name="${name}"]`);

/** Marks the form's current input nodes, so that a later check can tell whether hydration kept them. */
function markInputs(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const input of document.querySelector('ph-login')?.shadowRoot?.querySelectorAll('input') ?? []) {
      input.dataset.testMark = input.name;
    }
  });
}

/** The form as it stands: which inputs are the marked ones, their values, the focused field. */
function formState(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('ph-login')?.shadowRoot;
    const inputs = [...(root?.querySelectorAll('input') ?? [])];
    return {
      marked: inputs.map((input) => input.dataset.testMark ?? null),
      values: inputs.map((input) => (input.type === 'checkbox' ? input.checked : input.value)),
      focused: (root?.activeElement as HTMLInputElement | null)?.name ?? null,
      prerenderStyles: root?.querySelectorAll('style[data-ph-prerender]').length ?? -1,
      adoptedSheets: root?.adoptedStyleSheets.length ?? 0,
    };
  });
}

/** Hydrated and the session check done, the button reading `label`. */
async function waitLive(page: Page, label: string): Promise<void> {
  await loginFormSettled(page);
  await page.locator('ph-login button[part~="submit"]').filter({ hasText: label }).waitFor();
}

const submitButton = (page: Page) => page.locator('ph-login button[part~="submit"]');

/** The page reached the teacher's desktop after exactly one sign-in call, with no problem on the way; then closes. */
async function landedSignedInOnce({ page, problems, signIns }: Omit<HeldPage, 'release'>): Promise<void> {
  await page.waitForURL((url) => url.pathname === SCHOOL_LANDING);
  assert.equal(signIns(), 1);
  assert.deepEqual(problems, []);
  await page.close();
}

/** A legacy page: the classic bundle loaded as a blocking script, in <head> or after the element. */
const classicPage = (inHead: boolean) => {
  const script = '<script src="/dist/ph-widgets.js"></script>';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>登录</title>
${inHead ? script : ''}</head>
<body><main><ph-login id="login"></ph-login></main>
${inHead ? '' : script}<script src="start.js"></script></body></html>
`;
};

/**
 * Holds React's scheduler: work it posts (through a MessageChannel, as it does in browsers) waits until
 * `window.releaseReactWork()`. Hydration, a transition, then stays pending for as long as a test needs.
 */
const HOLD_REACT_WORK = `(() => {
  const Channel = window.MessageChannel;
  const held = [];
  let holding = true;
  window.releaseReactWork = () => {
    holding = false;
    for (const post of held.splice(0)) post();
  };
  window.MessageChannel = class {
    constructor() {
      const channel = new Channel();
      this.port1 = channel.port1;
      this.port2 = {
        postMessage: (data) => (holding ? held.push(() => channel.port2.postMessage(data)) : channel.port2.postMessage(data)),
      };
    }
  };
})();`;

/** Whether the element still shows the server's markup: its stylesheet copy goes when hydration commits. */
const stillServerMarkup = (page: Page) =>
  page.evaluate(() =>
    Boolean(document.querySelector('ph-login')?.shadowRoot?.querySelector('style[data-ph-prerender]')),
  );

describe('the login form before its script', () => {
  let stage: Stage;
  let legacy: string;
  before(async () => {
    legacy = mkdtempSync(join(tmpdir(), 'ph-legacy-login-'));
    writeFileSync(join(legacy, 'head.html'), classicPage(true));
    writeFileSync(join(legacy, 'body.html'), classicPage(false));
    writeFileSync(join(legacy, 'start.js'), "phinit({ code: 'login', appCode: 'base', env: 'production' });\n");
    stage = await startStage({ staticRoots: [{ prefix: '/legacy-login/', root: legacy }] });
  });
  after(async () => {
    await stage.stop();
    rmSync(legacy, { recursive: true, force: true });
  });

  it('is sent in the page: shown and typed into; hydration keeps the nodes, the text and the focus', async () => {
    const { page, problems, signIns, release } = await openHeld(stage, '/');
    await field(page, 'username').click();
    assert.equal(await page.locator('ph-login label').first().textContent(), '账号');
    assert.equal(await page.locator('ph-login [role="status"]').textContent(), '正在检查登录状态…');
    await page.keyboard.type('teacher');
    await page.locator('ph-login input[name="remember"]').check();
    await field(page, 'password').click();
    await page.keyboard.type(PASSWORD);
    await markInputs(page);
    const before = await formState(page);
    assert.deepEqual(before.values, ['teacher', PASSWORD, true]);
    assert.equal(before.prerenderStyles, 1);
    assert.equal(new URL(page.url()).search, '');
    assert.equal(signIns(), 0);

    release();
    await waitLive(page, '登录');
    const after = await formState(page);
    assert.deepEqual(after.marked, ['username', 'password', 'remember'], 'hydration made new inputs');
    assert.deepEqual(after.values, ['teacher', PASSWORD, true]);
    assert.equal(after.focused, 'password');
    assert.equal(after.prerenderStyles, 0, 'the server copy of the styles stays after hydration');
    assert.ok(after.adoptedSheets >= 2, 'the element adopted its stylesheets');

    // What was typed before the script is what the form sends.
    await page.keyboard.press('Enter');
    await landedSignedInOnce({ page, problems, signIns });
  });

  it('keeps a sign-in pressed before its script: nothing in the URL, the button busy; the script then signs in', async () => {
    const { page, problems, signIns, release } = await openHeld(stage, '/');
    await field(page, 'username').fill('teacher');
    await field(page, 'password').fill(PASSWORD);
    assert.equal(await submitButton(page).isEnabled(), true, 'the button waits for the script');
    await page.keyboard.press('Enter');
    await page.locator('ph-login button[part~="submit"][aria-busy="true"]').waitFor();
    // A plain form would have sent the password in the URL.
    assert.equal(new URL(page.url()).search, '');
    assert.equal(signIns(), 0);
    assert.ok(await stillServerMarkup(page));

    release();
    await landedSignedInOnce({ page, problems, signIns });
  });

  it('keeps a press on a third-party sign-in before its script: the button busy, then off to the provider', async () => {
    const { page, problems, signIns, release } = await openHeld(stage, '/');
    const wechat = page.locator('ph-login').getByRole('button', { name: '使用微信登录' });
    await wechat.click();
    assert.equal(await wechat.getAttribute('aria-busy'), 'true');
    assert.ok(await stillServerMarkup(page));
    release();
    await page.waitForURL((url) => url.pathname === '/sso/social/authorize' && url.searchParams.get('state') === 'mp');
    assert.equal(signIns(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('carries out a press before its script as the form would: an empty password is asked for, nothing is sent', async () => {
    const { page, problems, signIns, release } = await openHeld(stage, '/');
    await field(page, 'username').fill('teacher');
    await submitButton(page).click();
    release();
    await page.locator('ph-login input[name="password"][aria-invalid="true"]').waitFor();
    await loginFormSettled(page);
    assert.equal(await page.locator('ph-login [role="alert"]').textContent(), '密码不能为空！');
    assert.equal(await formState(page).then((state) => state.focused), 'password');
    assert.equal(signIns(), 0);
    // The form goes on as usual.
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await landedSignedInOnce({ page, problems, signIns });
  });

  it('hydrates markup made in zh-CN for a visitor who chose English, then reads English, with the typed text', async () => {
    const { page, problems, release } = await openHeld(stage, '/', 'en');
    await field(page, 'username').fill('areauser');
    assert.equal(await page.locator('ph-login label').first().textContent(), '账号');
    await markInputs(page);
    release();
    await waitLive(page, 'Sign in');
    assert.equal(await page.locator('ph-login label').first().textContent(), 'Account');
    assert.equal(await field(page, 'username').getAttribute('placeholder'), 'Enter your account');
    const state = await formState(page);
    assert.deepEqual(state.marked, ['username', 'password', 'remember']);
    assert.deepEqual(state.values, ['areauser', '', false]);
    // A mismatch between the server's markup and the first render in the browser is reported as an error.
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('is rendered in the language the URL asks for, and the login page keeps it, zh-HK too (issue 55)', async () => {
    const english = await (await fetch(stage.url('/?language=en'), { headers: { accept: 'text/html' } })).text();
    assert.match(english, /<style data-ph-prerender="en">/);
    assert.match(english, /<label for="[^"]+">Account<\/label>/);

    // The login page offers the three languages (issue 55, superseding §9's two): markup sent in zh-HK hydrates as
    // such and stays in Traditional Chinese.
    const { page, problems, release } = await openHeld(stage, '/?language=zh-HK');
    await page.locator('ph-login label').filter({ hasText: '賬號' }).waitFor();
    await field(page, 'username').fill('teacher');
    release();
    await waitLive(page, '登入');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    assert.equal(await page.locator('ph-login label').first().textContent(), '賬號');
    assert.equal(await field(page, 'username').getAttribute('placeholder'), '請輸入賬號');
    assert.equal(await field(page, 'username').inputValue(), 'teacher');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('is hydrated by the classic bundle after it; a page that loads the bundle in <head> is sent without it', async () => {
    const sent = async (page: string) =>
      (await fetch(stage.url(`/legacy-login/${page}`), { headers: { accept: 'text/html' } })).text();
    assert.match(await sent('body.html'), /<ph-login id="login"><template shadowrootmode="open">/);
    // Defined while the page is parsed, the element has a shadow root before a template could arrive: Chromium
    // would refuse it with a console error and leave it inert in the page.
    assert.doesNotMatch(await sent('head.html'), /shadowrootmode/);

    // After the element: the markup shows before the bundle, and the bundle hydrates it.
    const late = await openHeld(stage, '/legacy-login/body.html');
    await field(late.page, 'username').fill('teacher');
    await markInputs(late.page);
    late.release();
    await waitLive(late.page, '登录');
    const state = await formState(late.page);
    assert.deepEqual(state.marked, ['username', 'password', 'remember'], 'the classic bundle rendered anew');
    assert.deepEqual(state.values, ['teacher', '', false]);
    assert.deepEqual(late.problems, []);
    await late.page.close();

    // In <head>: the page waits for the bundle, which renders the element in the browser, with no console error.
    const early = await openHeld(stage, '/legacy-login/head.html');
    early.release();
    await waitLive(early.page, '登录');
    assert.equal(await early.page.locator('ph-login template').count(), 0);
    assert.deepEqual(early.problems, []);
    await early.page.close();
  });

  it('hydrates in slices: keys typed meanwhile land at once and are kept, attributes set meanwhile apply after', async () => {
    const page = await stage.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchProblems(page);
    await page.addInitScript(HOLD_REACT_WORK);
    // What the page's own capture listeners see of the typing, and whether the markup had hydrated by then.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { seenInput: seen });
      document.addEventListener(
        'input',
        (event) => {
          const hydrated = !document.querySelector('ph-login')?.shadowRoot?.querySelector('style[data-ph-prerender]');
          seen.push(`${(event.composedPath()[0] as HTMLInputElement).value}${hydrated ? ' (hydrated)' : ''}`);
        },
        true,
      );
    });
    await page.goto(stage.url('/'));
    await page.waitForFunction(() => customElements.get('ph-login') && window.PH);
    assert.ok(await stillServerMarkup(page), 'hydrated before the scheduler ran: not a transition');
    await markInputs(page);

    // Focus is no key: React queues it for its scheduler instead of hydrating at once.
    await field(page, 'username').focus();
    await page.keyboard.type('teacher');
    assert.equal(await field(page, 'username').inputValue(), 'teacher');
    assert.ok(await stillServerMarkup(page), 'a key made React finish hydrating first');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { seenInput: string[] }).seenInput), [
      't',
      'te',
      'tea',
      'teac',
      'teach',
      'teache',
      'teacher',
    ]);
    // New props before the markup has hydrated would make React render it anew (and lose the typing).
    await page.locator('ph-login').evaluate((login) => login.setAttribute('heading', '教师登录'));

    await page.evaluate(() => (window as unknown as { releaseReactWork: () => void }).releaseReactWork());
    await waitLive(page, '登录');
    const state = await formState(page);
    assert.deepEqual(state.marked, ['username', 'password', 'remember'], 'the markup was rendered anew');
    assert.deepEqual(state.values, ['teacher', '', false]);
    assert.equal(state.focused, 'username');
    assert.equal(state.prerenderStyles, 0);
    assert.equal(await page.locator('ph-login h2').textContent(), '教师登录');

    // Alive now: keys reach the form, which signs in with what was typed before and after.
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === SCHOOL_LANDING);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('keeps a Chinese input-method composition open across hydration, and takes the committed text', async () => {
    const { page, problems, release } = await openHeld(stage, '/');
    await field(page, 'username').click();
    // An input method's composition (pinyin typed, no candidate chosen yet), as Chromium's IME bridge reports it.
    const ime = await page.context().newCDPSession(page);
    await ime.send('Input.imeSetComposition', { text: 'wang', selectionStart: 4, selectionEnd: 4 });
    await markInputs(page);
    release();
    await waitLive(page, '登录');
    assert.equal(await field(page, 'username').inputValue(), 'wang', 'the composition was replaced');
    await ime.send('Input.insertText', { text: '王老师' });
    // Renders after the commit (typing the password) write the form's own state back: it must hold the committed text.
    await page.keyboard.press('Tab');
    await page.keyboard.type('x');
    const state = await formState(page);
    assert.deepEqual(state.marked, ['username', 'password', 'remember']);
    assert.deepEqual(state.values, ['王老师', 'x', false]);
    assert.deepEqual(await page.locator('ph-login [part~="error"]').allTextContents(), ['', '']);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('paints before its modules load, as the work-chat and face pages do (the server sends them after the first paint), then runs them', async () => {
    const pages = [
      { path: '/', account: null, ready: () => customElements.get('ph-login') !== undefined && 'PHSite' in window },
      { path: '/demo/work-chat/', account: null, ready: () => document.querySelector('[data-face-login]') !== null },
      { path: '/demo/face/', account: 'teacher', ready: () => document.querySelector('#face-area ph-face') !== null },
    ];
    const viewport = { width: 412, height: 823 };
    for (const { path, account, ready } of pages) {
      const { page, problems } = account
        ? await openPageAs(stage, account, path, viewport)
        : await openPage(stage, path, viewport);
      // The page's own script ran: the modules were loaded, in order, after the elements.
      await page.waitForFunction(ready);
      const { painted, firstModule } = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        firstModule: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => /\/dist\/elements\/|\/page\.js$|\/shared\/login\.js$/.test(entry.name))
            .map((entry) => entry.startTime),
        ),
      }));
      assert.ok(painted > 0, `${path}: a first contentful paint`);
      assert.ok(
        firstModule >= painted,
        `${path}: a module was asked for at ${firstModule} ms, before the paint at ${painted} ms`,
      );
      assert.deepEqual(problems, [], path);
      await page.close();
    }
  });
});
