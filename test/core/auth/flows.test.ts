import { webcrypto } from 'node:crypto';
import { setPersistentEngine } from '@nanostores/persistent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, sendJson, startServer, type TestServer } from '../http/server';

const storage: Record<string, string> = {};
setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
const auth = await import('../../../src/core/auth');
const { memoryLocation } = await import('../../../src/core/config');
const { createHttpClient } = await import('../../../src/core/http');
const session = await import('../../../src/core/session');
const { $notices } = await import('../../../src/core/notify');
const { $language } = await import('../../../src/core/i18n/translate');
const { SIGNATURE_HEADER } = await import('../../../src/core/api/wire');

type AuthDeps = import('../../../src/core/auth').AuthDeps;

let server: TestServer;
let loginAnswer: { http: number; body: unknown } = { http: 200, body: envelope(200) };
let meAnswer: unknown;
/** The HTTP status `me` answers with (401: the session cookie did not come back). */
let meHttp = 200;
let children: unknown[] = [];
let currentChild: unknown = null;
const form = (body: Buffer) => Object.fromEntries(new URLSearchParams(body.toString()));
const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const keyStore = auth.memoryKeyStore();

beforeAll(async () => {
  server = await startServer();
  for (const path of [
    '/api/uaa/oauth/login',
    '/api/uaa/oauth/relogin',
    '/api/uaa/oauth/login_user_client',
    '/api/sso/ticket',
    '/api/uaa/social/wx',
  ]) {
    server.route('POST', path, (_req, res) => sendJson(res, loginAnswer.http, loginAnswer.body));
  }
  server.route('GET', '/api/uaa/oauth/me', (req, res) =>
    sendJson(res, meHttp, meHttp === 200 ? meAnswer : envelope(401, { message: 'unauthorized' }), {
      [SIGNATURE_HEADER]: `${req.url.searchParams.get('signature')}$p`,
    }),
  );
  server.route('GET', '/api/base/student/find_all_student_by_parent_id', (_req, res) =>
    sendJson(res, 200, envelope(200, { data: children })),
  );
  server.route('GET', '/api/base/student/find_stu_by_parent_id', (_req, res) =>
    sendJson(res, 200, envelope(200, { data: currentChild })),
  );
  server.route('POST', '/api/uaa/oauth/logout', (_req, res) => sendJson(res, 200, envelope(200, { data: true })));
  server.route('GET', '/api/uaa/switch/login', (req, res) =>
    req.url.searchParams.get('userId') === 'p1'
      ? sendJson(res, 200, envelope(200, { data: { accessToken: 'switched', userType: 3, userId: 'p1' } }))
      : sendJson(res, 200, envelope(400, { message: 'no' })),
  );
  server.route('POST', '/api/uaa/shiyue_webauth', (req, res) =>
    sendJson(
      res,
      200,
      envelope(200, {
        data:
          form(req.body).state === 'bare'
            ? 'https://client.test/cb?code=abc'
            : { redirect: 'https://client.test/cb?code=abc' },
      }),
    ),
  );
  server.route('GET', '/api/base/unit/is_vocational_school', (_req, res) =>
    sendJson(res, 200, envelope(200, { data: true })),
  );
  server.route('GET', '/api/base/unit/have_institute', (_req, res) =>
    sendJson(res, 200, envelope(200, { data: true })),
  );
  server.route('GET', '/api/uaa/social/qy_info', (_req, res) =>
    sendJson(res, 200, envelope(200, { data: { providerAppId: 'wwcorp' } })),
  );
});
afterAll(() => server.close());

let location = memoryLocation();
let cleared = 0;
const config = {
  env: 'production' as const,
  device: 'pc' as const,
  rootPath: 'pages',
  base: 'base',
  areaBase: 'areaBase',
  oneProxy: false,
  loginTickitConifg: { apipath: '/api/sso/ticket' },
};
let deps: AuthDeps;

function makeDeps(href: string, extra: Partial<AuthDeps> = {}): AuthDeps {
  location = memoryLocation(href);
  return auth.authDeps({
    http: createHttpClient({ apiBase: server.base, env: 'production', location: () => location, notify: () => {} }),
    location,
    config,
    sessionStorage: { clear: () => cleared++ },
    credentials: { subtle, keyStore },
    ...extra,
  });
}

const loginOk = (data: Record<string, unknown> = {}) => ({
  http: 200,
  body: envelope(200, {
    data: { accessToken: 'tok', unitId: 'U1', unitType: '2', userType: 2, userId: 'u1', ...data },
  }),
});

beforeEach(() => {
  for (const key of Object.keys(storage)) delete storage[key];
  server.received.length = 0;
  session.resetSession();
  session.$loginStatus.set('unknown');
  session.$autoLoginCount.set(0);
  session.$autoLogin.set(false);
  session.$loggedOut.set(undefined);
  $notices.set([]);
  $language.set('zh-CN');
  cleared = 0;
  meHttp = 200;
  currentChild = null;
  loginAnswer = loginOk();
  deps = makeDeps('http://school.test/login');
});

const lastForm = () => form(server.received.at(-1)!.body);
const noticeList = () => $notices.get().map((notice) => [notice.kind, notice.message]);

describe('login status 200 (§4)', () => {
  it('posts username, password and noIntercept, notifies success, marks logged in and goes home', async () => {
    const outcome = await auth.login({ username: 'alice', password: 'pw' }, deps);
    expect(lastForm()).toEqual({ username: 'alice', password: 'pw', noIntercept: 'true' });
    expect(outcome).toMatchObject({
      status: 'ok',
      redirect: 'http://school.test/pages/base/pc_desktop_all/index.html',
    });
    expect(outcome.status === 'ok' && outcome.data).toMatchObject({ accessToken: 'tok', unitId: 'U1', userId: 'u1' });
    expect(noticeList()).toEqual([['success', '登录成功']]);
    expect(session.$loginStatus.get()).toBe('in');
    expect(session.$session.get()).toMatchObject({ accessToken: 'tok', unitId: 'U1', userId: 'u1' });
    expect(location.visited).toEqual(['http://school.test/pages/base/pc_desktop_all/index.html']);
  });

  it('stores the user record without the token and clears the logout flag and counter', async () => {
    session.$loggedOut.set('logout');
    session.$autoLoginCount.set(2);
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(JSON.parse(storage.user ?? 'null')).toMatchObject({ userId: 'u1', unitId: 'U1' });
    expect(storage.user).not.toContain('tok');
    expect(storage).not.toHaveProperty('IS_LOGOUTED');
    expect(storage).not.toHaveProperty('autoLoginCount');
  });

  it('says login success in English for en', async () => {
    $language.set('en');
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(noticeList()).toEqual([['success', 'login success']]);
  });

  it('goes to a same-origin redirect_uri, else the jump page; area units land on the area desktop', async () => {
    deps = makeDeps(`http://school.test/login?redirect_uri=${encodeURIComponent('/pages/x/index.html')}`);
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(location.visited).toEqual(['http://school.test/pages/x/index.html']);

    deps = makeDeps(`http://school.test/login?redirect_uri=${encodeURIComponent('https://evil.test/')}`, {
      config: { ...config, jumpPage: '/jump' },
    });
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(location.visited).toEqual(['http://school.test/jump']);

    loginAnswer = loginOk({ unitType: '1' });
    deps = makeDeps('http://school.test/login');
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(location.visited).toEqual(['http://school.test/area/areaBase/pc_areaDesktop_all/index.html']);
  });

  it('under apiBase "/platform" lands under /platform/ on the page origin (issue 53)', async () => {
    const platform = { ...config, apiBase: '/platform' };
    deps = makeDeps('http://school.test/platform/login', { config: platform });
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(location.visited).toEqual(['http://school.test/platform/pages/base/pc_desktop_all/index.html']);

    deps = makeDeps(`http://school.test/platform/login?redirect_uri=${encodeURIComponent('/pages/x/index.html')}`, {
      config: { ...platform, jumpPage: '/jump' },
    });
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(location.visited).toEqual(['http://school.test/platform/pages/x/index.html']);
  });

  it('goes to a redirect_uri on a configured origin, and refuses it without the configuration (issue 8 §17)', async () => {
    const target = 'https://library.school.test/books';
    deps = makeDeps(`http://school.test/login?redirect_uri=${encodeURIComponent(target)}`, {
      config: { ...config, allowedRedirectOrigins: ['https://library.school.test'] },
    });
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(location.visited).toEqual([target]);

    deps = makeDeps(`http://school.test/login?redirect_uri=${encodeURIComponent(target)}`);
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(location.visited).toEqual(['http://school.test/pages/base/pc_desktop_all/index.html']);
  });

  it('reloads in place on a settings page', async () => {
    deps = makeDeps('http://school.test/pages/base/index.html#/desktop/setting');
    const outcome = await auth.login({ username: 'a', password: 'b' }, deps);
    expect(outcome).toMatchObject({ status: 'ok', redirect: null });
    expect(location.visited).toEqual([]);
    expect(location.reloads).toBe(1);
  });
});

describe('login failures (§4, §8)', () => {
  it('status 400 with a code other than invalid_grant goes to the bind page', async () => {
    loginAnswer = {
      http: 400,
      body: envelope(400, { code: 'unbound', data: { id: 'U1', openid: 'o1', unionid: 'n1' } }),
    };
    deps = makeDeps('http://school.test/login?code=c&state=wx&deviceId=D9');
    const outcome = await auth.runLoginMode(auth.resolveLoginMode(auth.loginModeContext(deps, 'Chrome')), deps);
    expect(outcome).toEqual({ status: 'bind', url: 'http://school.test/bind/?id=U1&openid=o1&unionid=n1&deviceId=D9' });
    expect(location.visited).toEqual(['http://school.test/bind/?id=U1&openid=o1&unionid=n1&deviceId=D9']);
  });

  it('a 400 that names no identity to bind (malformed input) is shown, not sent to the bind page', async () => {
    loginAnswer = { http: 400, body: envelope(400, { code: 'bad_request', message: '参数错误|||Bad request' }) };
    const outcome = await auth.login({ username: 'a', password: 'b' }, deps);
    expect(outcome).toMatchObject({ status: 'failed', message: '参数错误' });
    expect(location.visited).toEqual([]);
  });

  it('one-proxy mode binds under the root path', async () => {
    loginAnswer = { http: 200, body: envelope(400, { code: 'x', data: { openid: 'o' } }) };
    deps = makeDeps('http://school.test/login', { config: { ...config, oneProxy: true } });
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(location.visited).toEqual(['http://school.test/pages/login/pc_bind_all/index.html?openid=o']);
  });

  it('invalid_grant and other statuses show the (bilingual) message and stay', async () => {
    loginAnswer = { http: 400, body: envelope(400, { code: 'invalid_grant', message: '密码错误|||Wrong password' }) };
    const outcome = await auth.login({ username: 'a', password: 'b' }, deps);
    expect(outcome).toMatchObject({ status: 'failed', message: '密码错误' });
    $language.set('en');
    loginAnswer = { http: 500, body: envelope(500, { message: '' }) };
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(noticeList()).toEqual([
      ['error', '密码错误'],
      ['error', 'Server internal error!'],
    ]);
    expect(location.visited).toEqual([]);
    expect(session.$loginStatus.get()).toBe('unknown');
  });

  it('a refusal with a wait is said by the form that shows waits, not by a toast as well (issue 69)', async () => {
    const locked = () => ({
      http: 429,
      body: envelope(429, { code: 'account_locked', message: '已暂时锁定|||Locked', data: { retryAfter: 900 } }),
    });
    loginAnswer = locked();
    const quiet = makeDeps('http://school.test/login', { showsWaits: true });
    expect(await auth.login({ username: 'a', password: 'b' }, quiet)).toMatchObject({ status: 'failed' });
    expect(noticeList()).toEqual([]);
    // A caller without a form of its own still hears it; and other refusals are toasts as before.
    loginAnswer = locked();
    await auth.login({ username: 'a', password: 'b' }, deps);
    loginAnswer = { http: 400, body: envelope(400, { code: 'invalid_grant', message: '密码错误|||Wrong password' }) };
    await auth.login({ username: 'a', password: 'b' }, quiet);
    expect(noticeList()).toEqual([
      ['error', '已暂时锁定'],
      ['error', '密码错误'],
    ]);
  });

  it('a network failure shows its message', async () => {
    deps = makeDeps('http://school.test/login', {
      http: createHttpClient({ apiBase: 'http://127.0.0.1:1', notify: () => {} }),
    });
    expect(await auth.login({ username: 'a', password: 'b' }, deps)).toEqual({
      status: 'failed',
      message: 'Network Error',
    });
    expect(noticeList()).toEqual([['error', 'Network Error']]);
  });

  it('a 401 from the login call is a failure, not a refresh', async () => {
    loginAnswer = { http: 401, body: envelope(401, { message: 'bad' }) };
    await auth.login({ username: 'a', password: 'b' }, deps);
    expect(server.received.map((entry) => entry.url.pathname)).toEqual(['/api/uaa/oauth/login']);
    expect(noticeList()).toEqual([['error', 'bad']]);
  });
});

describe('other login modes call their endpoint (§7)', () => {
  it.each([
    ['http://school.test/login?userClientId=d1', '/api/uaa/oauth/login_user_client', { userClientId: 'd1' }],
    ['http://school.test/login?accessToken=a1', '/api/uaa/oauth/relogin', { accessToken: 'a1' }],
    ['http://school.test/login?ticket=T1', '/api/sso/ticket', { ticket: 'T1' }],
    [
      'http://school.test/login?code=C&state=wx&deviceId=D',
      '/api/uaa/social/wx',
      { code: 'C', token: '', deviceId: 'D', unitHost: 'school.test' },
    ],
    ['http://school.test/login?username=u&password=p', '/api/uaa/oauth/login', { username: 'u', password: 'p' }],
  ])('%s', async (href, path, fields) => {
    deps = makeDeps(href);
    const outcome = await auth.startLogin(deps, 'Chrome');
    expect(outcome.status).toBe('ok');
    const entry = server.received.at(-1)!;
    expect(entry.url.pathname).toBe(path);
    expect(form(entry.body)).toEqual({ ...fields, noIntercept: 'true' });
  });

  it('takes the password out of the address before signing in with it (history, Referer)', async () => {
    loginAnswer = { http: 400, body: envelope(400, { code: 'invalid_grant', message: 'x' }) };
    deps = makeDeps('http://school.test/login?username=u&password=p&redirect_uri=%2Fx');
    await auth.startLogin(deps, 'Chrome');
    expect(form(server.received.at(-1)!.body)).toMatchObject({ username: 'u', password: 'p' });
    expect(location.href()).toBe('http://school.test/login?username=u&redirect_uri=%2Fx');
  });

  it('authorize posts the OAuth fields and follows the server answer', async () => {
    deps = makeDeps('http://school.test/authorize?client_id=c1&redirect_uri=https%3A%2F%2Fclient.test%2Fcb&state=s');
    const outcome = await auth.startLogin(deps, 'Chrome');
    expect(lastForm()).toEqual({
      response_type: 'code',
      client_id: 'c1',
      redirect_uri: 'https://client.test/cb',
      state: 's',
      unitHost: 'school.test',
      scope: '',
    });
    expect(outcome).toEqual({ status: 'authorized', url: 'https://client.test/cb?code=abc' });
  });

  it('authorize also accepts a bare URL answer', async () => {
    deps = makeDeps('http://school.test/authorize?client_id=c1&state=bare');
    expect(await auth.startLogin(deps, 'Chrome')).toEqual({
      status: 'authorized',
      url: 'https://client.test/cb?code=abc',
    });
    expect(location.visited).toEqual(['https://client.test/cb?code=abc']);
  });

  it('authorize without client_id shows the message and calls nothing', async () => {
    deps = makeDeps('http://school.test/authorize');
    expect(await auth.startLogin(deps, 'Chrome')).toEqual({ status: 'failed', message: auth.MISSING_CLIENT_ID });
    expect(noticeList()).toEqual([['error', auth.MISSING_CLIENT_ID]]);
    expect(server.received).toHaveLength(0);
  });

  it('inside work-chat it asks for the provider app id and goes to the authorisation page (issue 8 §12)', async () => {
    deps = makeDeps(`http://school.test/login?redirect_uri=${encodeURIComponent('/pages/x')}`);
    const url =
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wwcorp' +
      `&redirect_uri=${encodeURIComponent('http://school.test/login?redirect_uri=%2Fpages%2Fx')}` +
      '&response_type=code&scope=snsapi_base&state=qy#wechat_redirect';
    expect(await auth.startLogin(deps, 'Mozilla wxwork/4')).toEqual({
      status: 'chat',
      provider: 'qy',
      providerAppId: 'wwcorp',
      url,
    });
    expect(location.visited).toEqual([url]);
    const info = server.received.find((entry) => entry.url.pathname === '/api/uaa/social/qy_info')!;
    expect(info.url.searchParams.get('unitHost')).toBe('school.test');
  });

  it('the authorisation page is configurable (the demo points at the reference server)', async () => {
    deps = makeDeps('http://school.test/login', {
      config: { ...config, socialAuthorize: { qy: { url: '/sso/social/authorize', scope: 'snsapi_privateinfo' } } },
    });
    const outcome = await auth.startLogin(deps, 'Mozilla wxwork/4');
    const target = new URL(outcome.status === 'chat' ? outcome.url : '');
    expect(target.origin + target.pathname).toBe('http://school.test/sso/social/authorize');
    expect(target.searchParams.get('scope')).toBe('snsapi_privateinfo');
    expect(location.visited).toEqual([target.href]);
  });

  it('back from the provider with code and state, the social mode signs in', async () => {
    deps = makeDeps('http://school.test/login?code=C0DE&state=qy');
    server.route('POST', '/api/uaa/social/qy', (_req, res) => sendJson(res, loginAnswer.http, loginAnswer.body));
    expect(await auth.startLogin(deps, 'Mozilla wxwork/4')).toMatchObject({ status: 'ok' });
    expect(form(server.received.at(-1)!.body)).toMatchObject({ code: 'C0DE' });
    expect(server.received.some((entry) => entry.url.pathname.endsWith('_info'))).toBe(false);
  });

  it('back from WeCom on a phone, the user lands on the mobile desktop; WeCom on a computer, on the pc one', async () => {
    server.route('POST', '/api/uaa/social/qy', (_req, res) => sendJson(res, loginAnswer.http, loginAnswer.body));
    const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 wxwork/4.1.22';
    deps = makeDeps('http://school.test/login?code=C0DE&state=qy');
    expect(await auth.startLogin(deps, iPhone)).toMatchObject({
      status: 'ok',
      redirect: 'http://school.test/pages/base/mobile_desktop_all/index.html',
    });
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 wxwork/4.1.22';
    deps = makeDeps('http://school.test/login?code=C0DE&state=qy');
    expect(await auth.startLogin(deps, windows)).toMatchObject({
      status: 'ok',
      redirect: 'http://school.test/pages/base/pc_desktop_all/index.html',
    });
  });

  it("a password sign-in in a phone's browser lands on the mobile desktop", async () => {
    deps = makeDeps('http://school.test/login', {
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari',
    });
    expect(await auth.login({ username: 'alice', password: 'pw' }, deps)).toMatchObject({
      redirect: 'http://school.test/pages/base/mobile_desktop_all/index.html',
    });
  });

  it('back from the provider without a code (refused), the form shows instead of another round trip', async () => {
    deps = makeDeps('http://school.test/login?state=qy');
    expect(await auth.startLogin(deps, 'Mozilla wxwork/4')).toEqual({ status: 'form' });
    expect(server.received).toHaveLength(0);
    expect(location.visited).toEqual([]);
  });

  it('a unit without an app of that provider falls through to the form', async () => {
    expect(await auth.startLogin(deps, 'Mozilla MicroMessenger/8')).toEqual({ status: 'form' });
    expect(server.received.map((entry) => entry.url.pathname)).toEqual(['/api/uaa/social/mp_info']);
    expect(location.visited).toEqual([]);
  });

  it('already logged in goes to the landing page without calling the server, as a restored session', async () => {
    session.$loginStatus.set('in');
    expect(await auth.startLogin(deps, 'Chrome')).toMatchObject({ status: 'restored' });
    expect(server.received).toHaveLength(0);
    expect(location.visited).toEqual(['http://school.test/pages/base/pc_desktop_all/index.html']);
  });

  it('already logged in on the landing page itself does not navigate again', async () => {
    session.$loginStatus.set('in');
    deps = makeDeps('http://school.test/pages/base/pc_desktop_all/index.html');
    await auth.startLogin(deps, 'Chrome');
    expect(location.visited).toEqual([]);
  });

  it('a missing ticket configuration is shown', async () => {
    deps = makeDeps('http://school.test/login?ticket=T', { config: { ...config, loginTickitConifg: {} } });
    expect(await auth.startLogin(deps, 'Chrome')).toEqual({ status: 'failed', message: auth.MISSING_TICKET_CONFIG });
    expect(noticeList()).toEqual([['error', auth.MISSING_TICKET_CONFIG]]);
  });

  it('with nothing to go on the form is shown', async () => {
    expect(await auth.startLogin(deps, 'Chrome')).toEqual({ status: 'form' });
  });
});

describe('automatic login (§4)', () => {
  beforeEach(async () => {
    await auth.rememberCredentials('alice', 'pw', { subtle, keyStore });
    session.$autoLogin.set(true);
  });

  it('logs in with the remembered credentials and resets the counter on success', async () => {
    expect(await auth.startLogin(deps, 'Chrome')).toMatchObject({ status: 'ok' });
    expect(lastForm()).toMatchObject({ username: 'alice', password: 'pw' });
    expect(session.$autoLoginCount.get()).toBe(0);
  });

  it('counts failed attempts and after 4 sets the logout flag without calling the server', async () => {
    loginAnswer = { http: 400, body: envelope(400, { code: 'invalid_grant', message: 'no' }) };
    for (let i = 1; i <= 4; i++) {
      await auth.startLogin(deps, 'Chrome');
      expect(session.$autoLoginCount.get()).toBe(i);
    }
    expect(storage.autoLoginCount).toBe('4');
    server.received.length = 0;
    expect(await auth.startLogin(deps, 'Chrome')).toEqual({ status: 'exhausted' });
    expect(storage.IS_LOGOUTED).toBe('logout');
    expect(server.received).toHaveLength(0);
    expect(await auth.startLogin(deps, 'Chrome')).toEqual({ status: 'form' });
  });

  it('autoLogin itself refuses a fifth attempt too', async () => {
    session.$autoLoginCount.set(4);
    expect(await auth.autoLogin(deps)).toEqual({ status: 'exhausted' });
    expect(storage.IS_LOGOUTED).toBe('logout');
  });

  it('still runs inside the chat app when the unit has no app of that provider (issue 8 §12)', async () => {
    expect(await auth.startLogin(deps, 'Mozilla MicroMessenger/8')).toMatchObject({ status: 'ok' });
    expect(server.received.map((entry) => entry.url.pathname)).toEqual([
      '/api/uaa/social/mp_info',
      '/api/uaa/oauth/login',
    ]);
    expect(lastForm()).toMatchObject({ username: 'alice', password: 'pw' });
  });

  it('runs after a refused round trip inside work-chat', async () => {
    deps = makeDeps('http://school.test/login?state=qy');
    expect(await auth.startLogin(deps, 'Mozilla wxwork/4')).toMatchObject({ status: 'ok' });
    expect(lastForm()).toMatchObject({ username: 'alice', password: 'pw' });
  });

  it('does nothing after a logout', async () => {
    session.$loggedOut.set('logout');
    expect(await auth.startLogin(deps, 'Chrome')).toEqual({ status: 'form' });
    expect(server.received).toHaveLength(0);
  });
});

describe('fetchMe (§4 login status)', () => {
  it('is unknown until me answers, then in with the session filled', async () => {
    meAnswer = envelope(200, { data: { userId: 'u1', userType: 2, realName: 'Ann', unitId: 'U1', unitType: '2' } });
    const pending = auth.fetchMe(deps);
    expect(session.$loginStatus.get()).toBe('unknown');
    expect(await pending).toMatchObject({ userId: 'u1' });
    expect(session.$loginStatus.get()).toBe('in');
    expect(session.$session.get().realName).toBe('Ann');
    const me = server.received.find((entry) => entry.url.pathname === '/api/uaa/oauth/me')!;
    expect(me.url.searchParams.get('signature')).toMatch(/^[0-9a-f]{32}$/);
    expect(me.url.searchParams.get('noIntercept')).toBe('true');
  });

  it("fills §3's iszx and unitHaveInstitute from §7's unit calls when me does not carry them (issue 69)", async () => {
    meAnswer = envelope(200, { data: { userId: 'u1', userType: 2, unitId: 'U1' } });
    await auth.fetchMe(deps);
    const asked = server.received.map((entry) => entry.url.pathname);
    expect(asked).toContain('/api/base/unit/is_vocational_school');
    const institute = server.received.find((entry) => entry.url.pathname === '/api/base/unit/have_institute');
    expect(institute?.url.searchParams.get('unitId')).toBe('U1');
    expect(session.$session.get()).toMatchObject({ iszx: true, unitHaveInstitute: true });
    // A me that carries them (the reference server's) is taken as it is, with no call.
    server.received.length = 0;
    meAnswer = envelope(200, {
      data: { userId: 'u1', userType: 2, unitId: 'U1', iszx: false, unitHaveInstitute: false },
    });
    await auth.fetchMe(deps);
    expect(server.received.map((entry) => entry.url.pathname)).toEqual(['/api/uaa/oauth/me']);
    expect(session.$session.get()).toMatchObject({ iszx: false, unitHaveInstitute: false });
  });

  it('a parent also gets the status 1 children', async () => {
    meAnswer = envelope(200, { data: { userId: 'p1', userType: 3 } });
    children = [
      { id: 'c1', realName: 'Kid', gradeName: 'G', className: 'C', status: 1 },
      { id: 'c2', realName: 'Gone', gradeName: 'G', className: 'C', status: 0 },
    ];
    await auth.fetchMe(deps);
    const call = server.received.find((entry) => entry.url.pathname.endsWith('find_all_student_by_parent_id'))!;
    expect(call.url.searchParams.get('parentId')).toBe('p1');
    expect(session.$session.get().chirdenList.map((child) => child.id)).toEqual(['c1']);
    expect(session.$session.get().chirdenName).toBe('Kid');
  });

  it("a parent's current child is the one the server remembers, if it is still a status 1 child", async () => {
    meAnswer = envelope(200, { data: { userId: 'p1', userType: 3 } });
    children = [
      { id: 'c1', realName: 'First', gradeName: 'G', className: 'C', status: 1 },
      { id: 'c2', realName: 'Gone', gradeName: 'G', className: 'C', status: 0 },
      { id: 'c3', realName: 'Chosen', gradeName: 'G', className: 'C', status: 1 },
    ];
    currentChild = { id: 'c3', realName: 'Chosen' };
    await auth.fetchMe(deps);
    const call = server.received.find((entry) => entry.url.pathname.endsWith('find_stu_by_parent_id'))!;
    expect(call.url.searchParams.get('parentId')).toBe('p1');
    expect(session.$session.get()).toMatchObject({ chirdenId: 'c3', chirdenName: 'Chosen' });
    currentChild = { id: 'c2' };
    await auth.fetchMe(deps);
    expect(session.$session.get().chirdenId).toBe('c1');
  });

  it('a parent whose children cannot be loaded is still logged in, with no children', async () => {
    meAnswer = envelope(200, { data: { userId: 'p1', userType: 3 } });
    children = 'broken' as never;
    await auth.fetchMe(deps);
    expect(session.$loginStatus.get()).toBe('in');
    expect(session.$session.get().chirdenList).toEqual([]);
  });

  it('anything but 200 with data runs the logout routine (without the logout flag)', async () => {
    session.$storedUser.set({ userId: 'old' });
    meAnswer = envelope(200, { data: null });
    expect(await auth.fetchMe(deps)).toBeNull();
    expect(session.$loginStatus.get()).toBe('out');
    expect(storage).not.toHaveProperty('user');
    expect(storage).not.toHaveProperty('IS_LOGOUTED');
    expect(cleared).toBe(1);
  });

  it('keeps the auto-login attempt count when the session is lost, so reloads cannot reset the limit of 4', async () => {
    session.$autoLoginCount.set(3);
    meAnswer = envelope(401, { data: null });
    expect(await auth.fetchMe(deps)).toBeNull();
    expect(session.$autoLoginCount.get()).toBe(3);
  });
});

describe('a me asked before a sign-in or a reset (the answer is stale)', () => {
  const meCalls = () => server.received.filter((entry) => entry.url.pathname === '/api/uaa/oauth/me').length;

  it('a 401 for a me asked before a sign-in does not sign the new session out', async () => {
    meAnswer = envelope(401, { data: null });
    const stale = auth.fetchMe(deps);
    auth.handleLoginResult(envelope(200, { data: { userId: 'u2', userType: 2, unitId: 'U1', unitType: '2' } }), deps);
    expect(await stale).toBeNull();
    expect(session.$loginStatus.get()).toBe('in');
    expect(session.$storedUser.get()).toMatchObject({ userId: 'u2' });
    expect(session.$session.get().userId).toBe('u2');
  });

  it('after a reset, fetchMe asks again instead of sharing the request in flight', async () => {
    meAnswer = envelope(200, { data: { userId: 'u1', userType: 2, realName: 'Ann', unitId: 'U1', unitType: '2' } });
    const before = meCalls();
    const first = auth.fetchMe(deps);
    session.resetSession();
    const second = auth.fetchMe(deps);
    expect(second).not.toBe(first);
    expect(await second).toMatchObject({ userId: 'u1' });
    await first;
    expect(meCalls()).toBe(before + 2);
    expect(session.$loginStatus.get()).toBe('in');
  });
});

describe('probeSignedIn (the login page asks whether someone is signed in)', () => {
  const meCalls = () => server.received.filter((entry) => entry.url.pathname === '/api/uaa/oauth/me').length;

  it('asks nobody when this browser keeps no record of a sign-in: out at once, no me and no refresh', async () => {
    session.$storedUser.set(null);
    meAnswer = envelope(401, { data: null });
    const before = server.received.length;
    expect(await auth.probeSignedIn(deps)).toBeNull();
    expect(session.$loginStatus.get()).toBe('out');
    expect(server.received.length).toBe(before);
  });

  it('asks me when a sign-in was recorded, and goes on as fetchMe does', async () => {
    session.$storedUser.set({ userId: 'u1' });
    meAnswer = envelope(200, { data: { userId: 'u1', userType: 2, realName: 'Ann', unitId: 'U1', unitType: '2' } });
    const before = meCalls();
    expect(await auth.probeSignedIn(deps)).toMatchObject({ userId: 'u1' });
    expect(meCalls()).toBe(before + 1);
    expect(session.$loginStatus.get()).toBe('in');
  });

  it('a recorded sign-in the server no longer knows is cleared, so the next visit asks nobody', async () => {
    session.$storedUser.set({ userId: 'gone' });
    meAnswer = envelope(401, { data: null });
    expect(await auth.probeSignedIn(deps)).toBeNull();
    expect(storage).not.toHaveProperty('user');
    const before = server.received.length;
    expect(await auth.probeSignedIn(deps)).toBeNull();
    expect(server.received.length).toBe(before);
  });
});

describe('logout (§4)', () => {
  it('calls the server and clears exactly the listed data', async () => {
    await auth.rememberCredentials('alice', 'pw', { subtle, keyStore });
    session.$autoLogin.set(true);
    session.$storedUser.set({ userId: 'u1' });
    session.$autoLoginCount.set(2);
    session.$productCode.set('P1');
    session.$storedLanguage.set('en');
    session.$loginStatus.set('in');
    session.$session.setKey('accessToken', 'tok');

    expect(await auth.logout(deps)).toBe(true);
    expect(server.received.at(-1)?.url.pathname).toBe('/api/uaa/oauth/logout');
    expect(cleared).toBe(1);
    expect(storage).not.toHaveProperty('user');
    expect(storage).not.toHaveProperty('autoLoginCount');
    expect(storage).not.toHaveProperty('productCode');
    expect(storage.IS_LOGOUTED).toBe('logout');
    expect(storage.lange_).toBe('en');
    expect(storage.autoLogin).toBe('true');
    expect(storage.rememberedCredentials).toBeDefined();
    expect(session.$loginStatus.get()).toBe('out');
    expect(session.$session.get().accessToken).toBe('');
  });

  it('still clears locally when the server is unreachable, and says it was not confirmed', async () => {
    deps = makeDeps('http://school.test/', {
      http: createHttpClient({ apiBase: 'http://127.0.0.1:1', notify: () => {} }),
    });
    expect(await auth.logout(deps)).toBe(false);
    expect(storage.IS_LOGOUTED).toBe('logout');
  });
});

describe('switchRole (§6)', () => {
  it('starts over on the app page for the account switched to (issue 34)', async () => {
    deps = makeDeps('http://school.test/pages/growth/pc_growth_tm/index.html?x=1');
    expect(await auth.switchRole('p1', deps)).toBe(true);
    expect(location.visited).toEqual(['http://school.test/pages/growth/pc_growth_spm/index.html']);
  });

  it('switches then reloads at the first url', async () => {
    deps = makeDeps('http://school.test/pages/base/pc_desktop_all/index.html?x=1#/home');
    expect(await auth.switchRole('p1', deps)).toBe(true);
    expect(server.received.at(-1)?.url.searchParams.get('userId')).toBe('p1');
    expect(session.$session.get().accessToken).toBe('switched');
    expect(location.visited).toEqual(['http://school.test/pages/base/pc_desktop_all/index.html']);
  });

  it('stays when the switch is refused', async () => {
    expect(await auth.switchRole('nobody', deps)).toBe(false);
    expect(location.visited).toEqual([]);
  });
});

/** A tab's log of navigations after a sign-in, kept across the test's "page loads" (session storage in a browser). */
function memoryNavigationLog(
  now = () => Date.now(),
): AuthDeps['navigation'] & { entries: { url: string; at: number }[] } {
  const entries: { url: string; at: number }[] = [];
  return {
    entries,
    last: () => entries.at(-1) ?? null,
    record: (navigation) => {
      entries.push({ ...navigation, at: now() });
    },
  };
}

describe('after a sign-in: at most one navigation, never a loop (issue 68)', () => {
  const LANDING = 'http://school.test/pages/base/pc_desktop_all/index.html';

  it("a router that sends the landing page back to the app's login page is not followed a second time", async () => {
    const navigation = memoryNavigationLog();
    deps = makeDeps('http://school.test/app/', { navigation });
    const signedIn = await auth.login({ username: 'alice', password: 'pw' }, deps);
    expect(signedIn).toMatchObject({ status: 'ok', next: { action: 'go', url: LANDING } });
    expect(location.visited).toEqual([LANDING]);
    // The next page load: the landing page was the app again, whose catch-all went home, where its form finds the
    // session.
    deps = makeDeps(LANDING, { navigation });
    location.replace('http://school.test/app/');
    const restored = await auth.startLogin(deps, 'Chrome');
    expect(restored).toMatchObject({ status: 'restored', next: { action: 'stay', reason: 'loop', url: LANDING } });
    expect(location.visited).toEqual([]);
    expect(location.reloads).toBe(0);
  });

  it('a page load navigates once: a second sign-in on it, before the page has gone, stays', async () => {
    deps = makeDeps('http://school.test/login');
    // A browser's location keeps its address until the next page has come.
    const visited: string[] = [];
    deps.location = { ...deps.location, href: () => 'http://school.test/login', assign: (url) => visited.push(url) };
    await auth.login({ username: 'alice', password: 'pw' }, deps);
    const again = await auth.login({ username: 'alice', password: 'pw' }, deps);
    expect(again).toMatchObject({ status: 'ok', next: { action: 'stay', reason: 'once' } });
    expect(visited).toEqual([LANDING]);
  });

  it('`none` stays where it is, with no reload, signed in', async () => {
    deps = makeDeps('http://school.test/app/#/home', { redirect: 'none' });
    const outcome = await auth.login({ username: 'alice', password: 'pw' }, deps);
    expect(outcome).toMatchObject({ status: 'ok', redirect: LANDING, next: { action: 'stay', reason: 'none' } });
    expect(location.visited).toEqual([]);
    expect(location.reloads).toBe(0);
    expect(session.$loginStatus.get()).toBe('in');
  });

  it('a jump page that is this page (spelled otherwise) is not navigated to, nor reloaded', async () => {
    const config2 = { ...config, jumpPage: '/app/index.html?stay' };
    deps = makeDeps('http://school.test/app/?stay=', { config: config2 });
    const outcome = await auth.login({ username: 'alice', password: 'pw' }, deps);
    expect(outcome).toMatchObject({ status: 'ok', next: { action: 'stay', reason: 'current' } });
    expect(location.visited).toEqual([]);
    expect(location.reloads).toBe(0);
  });

  it('the page told first may keep the page (beforeLeave answers false), and is told whether it was restored', async () => {
    const told: { restored: boolean; next: string }[] = [];
    const beforeLeave = (signedIn: import('../../../src/core/auth').SignedIn) => {
      told.push({ restored: signedIn.restored, next: signedIn.next.action });
      return false;
    };
    deps = makeDeps('http://school.test/login', { beforeLeave });
    await auth.login({ username: 'alice', password: 'pw' }, deps);
    deps = makeDeps('http://school.test/login', { beforeLeave });
    await auth.startLogin(deps, 'Chrome');
    expect(told).toEqual([
      { restored: false, next: 'go' },
      { restored: true, next: 'go' },
    ]);
    expect(location.visited).toEqual([]);
  });

  it('an API on another site whose session cookie does not come back: the sign-in fails and says why', async () => {
    meHttp = 401;
    const crossSite = { ...config, apiBase: server.base };
    deps = makeDeps('http://localhost:5173/login', { config: crossSite });
    const outcome = await auth.login({ username: 'alice', password: 'pw' }, deps);
    expect(outcome).toMatchObject({ status: 'failed', envelope: { status: 401, code: auth.CROSS_SITE_COOKIE } });
    const me = server.received.find((entry) => entry.url.pathname === '/api/uaa/oauth/me');
    expect(me?.headers.authorization, 'the check sends the cookies alone').toBeUndefined();
    expect(noticeList()).toEqual([['error', expect.stringContaining('http://localhost:5173')]]);
    expect(noticeList()[0]?.[1]).toContain(new URL(server.base).origin);
    expect(session.$loginStatus.get()).not.toBe('in');
    expect(location.visited).toEqual([]);
    $language.set('en');
    meHttp = 401;
    await auth.login({ username: 'alice', password: 'pw' }, deps);
    expect(noticeList().at(-1)?.[1]).toMatch(
      /^The browser did not send the sign-in cookie back to http:\/\/127\.0\.0\.1:\d+: this page \(http:\/\/localhost:5173\)/,
    );
  });

  it('an API on another site whose cookie comes back signs in as before; the same site is not asked', async () => {
    meAnswer = envelope(200, { data: { userId: 'u1' } });
    deps = makeDeps('http://localhost:5173/login', { config: { ...config, apiBase: server.base } });
    expect(await auth.login({ username: 'alice', password: 'pw' }, deps)).toMatchObject({ status: 'ok' });
    deps = makeDeps('http://school.test/login');
    server.received.length = 0;
    await auth.login({ username: 'alice', password: 'pw' }, deps);
    expect(server.received.map((entry) => entry.url.pathname)).toEqual(['/api/uaa/oauth/login']);
  });
});
