import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER } from '../../../src/core/api/wire';
import { memoryLocation, phinit } from '../../../src/core/config';
import {
  $loginDialogReady,
  $loginFormShown,
  $loginPrompt,
  createHttpClient,
  type HttpClientConfig,
  HttpError,
  request,
} from '../../../src/core/http';
import { $session, leaveForLogin, resetSession } from '../../../src/core/session';
import { beginSession } from '../../../src/core/session/state';
import { delay, envelope, sendJson, startServer, type TestServer } from './server';

// The server accepts one token at a time; refresh (or device-client login) issues the next one.
let server: TestServer;
let token = 'valid';
let refreshes = 0;
let refreshWorks = true;
let deviceLogins: string[] = [];
let deviceLoginWorks = true;
let handled = new Map<string, number>();

const authorized = (headers: Record<string, unknown>) => headers.authorization === `Bearer ${token}`;

beforeAll(async () => {
  server = await startServer();
  server.route('GET', '/api/data', async (req, res) => {
    const id = req.url.searchParams.get('id') ?? '';
    handled.set(id, (handled.get(id) ?? 0) + 1);
    await delay(Number(req.url.searchParams.get('wait') ?? 0));
    if (!authorized(req.headers)) return sendJson(res, 401, envelope(401, { message: '未登录|||Not logged in' }));
    sendJson(res, 200, envelope(200, { data: id }));
  });
  server.route('GET', '/api/body401', (req, res) =>
    authorized(req.headers) ? sendJson(res, 200, envelope(200, { data: 'ok' })) : sendJson(res, 200, envelope(401)),
  );
  server.route('GET', '/api/uaa/oauth/refresh', async (_req, res) => {
    refreshes++;
    await delay(40);
    if (!refreshWorks) return sendJson(res, 401, envelope(401));
    token = `t${refreshes}`;
    sendJson(res, 200, envelope(200, { data: { accessToken: token, unitId: 'u9', userType: 2, userId: 'me' } }));
  });
  server.route('POST', '/api/uaa/oauth/login_user_client', (req, res) => {
    deviceLogins.push(new URLSearchParams(req.body.toString()).get('userClientId') ?? '');
    if (!deviceLoginWorks) return sendJson(res, 200, envelope(400, { code: 'invalid_grant' }));
    token = 'device';
    sendJson(res, 200, envelope(200, { data: { accessToken: token } }));
  });
  server.route('GET', '/api/uaa/oauth/me', (req, res) => {
    const signature = req.url.searchParams.get('signature') ?? '';
    const mode = req.url.searchParams.get('mode');
    const headers: Record<string, string> = {};
    if (mode === 'good') headers[SIGNATURE_HEADER] = `${signature}$proof`;
    if (mode === 'bad') headers[SIGNATURE_HEADER] = `other$proof`;
    if (mode === 'nodollar') headers[SIGNATURE_HEADER] = signature;
    sendJson(res, 200, envelope(200, { data: { userId: 'me' } }), headers);
  });
});
afterAll(() => server.close());

let location = memoryLocation();
beforeEach(() => {
  token = 'valid';
  refreshes = 0;
  refreshWorks = true;
  deviceLogins = [];
  deviceLoginWorks = true;
  handled = new Map();
  location = memoryLocation('http://school.test/pages/base/pc_desktop_all/index.html#/home');
  $loginPrompt.set(null);
  resetSession();
  $session.setKey('accessToken', 'stale');
});

const client = (extra: HttpClientConfig = {}) =>
  createHttpClient({ apiBase: server.base, env: 'production', location: () => location, notify: () => {}, ...extra });

describe('401 → one shared refresh → replay (§4)', () => {
  it('20 parallel requests cause exactly one refresh and each is replayed exactly once', async () => {
    const http = client();
    const ids = Array.from({ length: 20 }, (_, i) => `r${i}`);
    const answers = await Promise.all(ids.map((id) => http.request<string>({ url: '/api/data', params: { id } })));
    expect(answers.map((answer) => answer.data)).toEqual(ids);
    expect(refreshes).toBe(1);
    for (const id of ids) expect(handled.get(id)).toBe(2);
    expect($session.get()).toMatchObject({ accessToken: 't1', unitId: 'u9', userType: 2, userId: 'me' });
  });

  it('a 401 arriving after the refresh finished replays without a second refresh', async () => {
    const http = client();
    const slow = http.request({ url: '/api/data', params: { id: 'slow', wait: 150 } });
    const fast = http.request({ url: '/api/data', params: { id: 'fast' } });
    await Promise.all([slow, fast]);
    expect(refreshes).toBe(1);
    expect(handled.get('slow')).toBe(2);
  });

  it('a body status of 401 counts as unauthorized too', async () => {
    await expect(client().request({ url: '/api/body401' })).resolves.toMatchObject({ data: 'ok' });
    expect(refreshes).toBe(1);
  });

  it('a replay that is refused again goes to login instead of refreshing forever', async () => {
    server.route('GET', '/api/never', (_req, res) => sendJson(res, 401, envelope(401)));
    const error = (await client()
      .request({ url: '/api/never' })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.kind).toBe('auth');
    expect(refreshes).toBe(1);
    expect(location.visited).toHaveLength(1);
  });
});

describe('refresh failure (§4, §8)', () => {
  beforeEach(() => {
    refreshWorks = false;
  });

  it('production: every failed request rejects and the page goes to login once, keeping the way back', async () => {
    const http = client();
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((id) => http.request({ url: '/api/data', params: { id } })),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ kind: 'auth', status: 401 });
    expect(refreshes).toBe(1);
    expect(location.visited).toEqual([
      `http://school.test/login?redirect_uri=${encodeURIComponent('http://school.test/pages/base/pc_desktop_all/index.html#/home')}`,
    ]);
    expect(handled.get('a')).toBe(1);
  });

  it('a 401 for a request sent before the session was reset (a logout, another sign-in) neither refreshes nor leaves', async () => {
    const http = client();
    const pending = http.request({ url: '/api/data', params: { id: 'old', wait: '40' } });
    resetSession();
    await expect(pending).rejects.toMatchObject({ kind: 'auth', status: 401 });
    expect(refreshes).toBe(0);
    expect(location.visited).toEqual([]);
  });

  it('a sign-out already on its way to the login page is not followed by a second departure', async () => {
    // The header's sign-out: the session is cleared, the page sets off for the login page; requests the cleared
    // session set off meanwhile are refused, and their failed refresh must not navigate again (a second navigation
    // aborted the first). The page stays where it is until the navigation commits, as a browser's does.
    const desktop = location.href();
    const leaving = memoryLocation(desktop);
    location = { ...leaving, href: () => desktop };
    resetSession();
    expect(leaveForLogin(location, '/login')).toBe(true);
    const http = client();
    const results = await Promise.allSettled(
      ['a', 'b'].map((id) => http.request({ url: '/api/data', params: { id } })),
    );
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(refreshes).toBe(1);
    expect(leaving.visited).toEqual(['http://school.test/login']);
    // A new session may leave again.
    beginSession();
    await http.request({ url: '/api/data' }).catch(() => {});
    expect(leaving.visited).toHaveLength(2);
  });

  it('already on the login page it stays, and no dialog opens over the form', async () => {
    location = memoryLocation('http://school.test/login?redirect_uri=x');
    await client()
      .request({ url: '/api/data' })
      .catch(() => {});
    expect(location.visited).toEqual([]);
    await client({ env: 'development' })
      .request({ url: '/api/data' })
      .catch(() => {});
    expect($loginPrompt.get()).toBeNull();
  });

  it('stays on any page that shows a login form (the start URL / shows one)', async () => {
    location = memoryLocation('http://school.test/');
    $loginFormShown.set(true);
    try {
      await client()
        .request({ url: '/api/data' })
        .catch(() => {});
      expect(location.visited).toEqual([]);
    } finally {
      $loginFormShown.set(false);
    }
  });

  it('development: a login dialog is asked for instead of leaving the page', async () => {
    $loginDialogReady.set(true);
    try {
      await client({ env: 'development' })
        .request({ url: '/api/data' })
        .catch(() => {});
      expect(location.visited).toEqual([]);
      expect($loginPrompt.get()).toEqual({ redirectUri: location.href() });
    } finally {
      $loginDialogReady.set(false);
    }
  });

  it('development without a login dialog on the page goes to the login page, not silent', async () => {
    await client({ env: 'development' })
      .request({ url: '/api/data' })
      .catch(() => {});
    expect($loginPrompt.get()).toBeNull();
    expect(location.visited).toHaveLength(1);
    expect(new URL(location.visited[0]!).pathname).toBe('/login');
  });

  it('app shell with a device client id: device-client login, then the replay succeeds', async () => {
    const http = client({ device: 'app', userClientId: 'dev-42' });
    await expect(http.request({ url: '/api/data', params: { id: 'x' } })).resolves.toMatchObject({ data: 'x' });
    expect(deviceLogins).toEqual(['dev-42']);
    expect($session.get().accessToken).toBe('device');
    expect(location.visited).toEqual([]);
  });

  it('app shell whose device-client login fails calls the logout hook', async () => {
    deviceLoginWorks = false;
    const reasons: string[] = [];
    const http = client({
      device: 'app',
      userClientId: 'dev-42',
      onDeviceLoginFailed: (reason) => reasons.push(reason),
    });
    await expect(http.request({ url: '/api/data' })).rejects.toMatchObject({ kind: 'auth' });
    expect(reasons).toEqual(['device login failed']);
    expect(location.visited).toEqual([]);
  });

  it('the page-wide request() calls the logout hook given to phinit', async () => {
    deviceLoginWorks = false;
    const reasons: string[] = [];
    phinit({
      code: 'desktop',
      appCode: 'base',
      apiBase: server.base,
      env: 'production',
      device: 'app',
      userClientId: 'dev-7',
      onDeviceLoginFailed: (reason) => reasons.push(reason),
    });
    await expect(request({ url: '/api/data', noIntercept: true })).rejects.toMatchObject({ kind: 'auth' });
    expect(deviceLogins).toEqual(['dev-7']);
    expect(reasons).toEqual(['device login failed']);
  });

  it('a desktop client goes to /needtologinpagerelogin instead of /login, keeping the way back (§2)', async () => {
    await client({ desktopClient: true })
      .request({ url: '/api/data' })
      .catch(() => {});
    expect(location.visited).toEqual([
      `http://school.test/needtologinpagerelogin?redirect_uri=${encodeURIComponent('http://school.test/pages/base/pc_desktop_all/index.html#/home')}`,
    ]);
  });

  it('an electron shell is recognised by its user agent', async () => {
    const electron = 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Electron/31.2.0 Safari/537.36';
    await client({ userAgent: () => electron })
      .request({ url: '/api/data' })
      .catch(() => {});
    expect(location.visited).toHaveLength(1);
    expect(new URL(location.visited[0]!).pathname).toBe('/needtologinpagerelogin');
  });

  it('phinit({ desktopClient: true }) reaches the page-wide request()', async () => {
    const { setLocationAdapter } = await import('../../../src/core/config');
    setLocationAdapter(location);
    try {
      phinit({ code: 'desktop', appCode: 'base', apiBase: server.base, env: 'production', desktopClient: true });
      await request({ url: '/api/data', noIntercept: true }).catch(() => {});
      expect(new URL(location.visited[0]!).pathname).toBe('/needtologinpagerelogin');
    } finally {
      setLocationAdapter(memoryLocation());
    }
  });

  it('on the re-login page itself a desktop client stays', async () => {
    location = memoryLocation('http://school.test/needtologinpagerelogin');
    await client({ desktopClient: true })
      .request({ url: '/api/data' })
      .catch(() => {});
    expect(location.visited).toEqual([]);
  });

  it('a device client id outside the app shell is not used', async () => {
    await client({ device: 'pc', userClientId: 'dev-42' })
      .request({ url: '/api/data' })
      .catch(() => {});
    expect(deviceLogins).toEqual([]);
    expect(location.visited).toHaveLength(1);
  });
});

describe('response signature (§4)', () => {
  beforeEach(() => {
    token = 'stale';
  });

  it('a matching first part passes', async () => {
    await expect(
      client().request({ url: '/api/uaa/oauth/me', params: { signature: 's1', mode: 'good' } }),
    ).resolves.toMatchObject({
      status: 200,
    });
    expect(location.visited).toEqual([]);
  });

  it.each(['bad', 'missing', 'nodollar'])('a %s signature forces a re-login', async (mode) => {
    const error = (await client()
      .request({ url: '/api/uaa/oauth/me', params: { signature: 's1', mode } })
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.kind).toBe('signature');
    expect(location.visited).toHaveLength(1);
    expect(location.visited[0]).toContain('/login?redirect_uri=');
    expect(refreshes).toBe(0);
  });

  it('is not checked when no signature was sent', async () => {
    await expect(client().request({ url: '/api/uaa/oauth/me', params: { mode: 'missing' } })).resolves.toMatchObject({
      status: 200,
    });
    expect(location.visited).toEqual([]);
  });
});
