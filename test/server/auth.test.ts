import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { deriveKeys, mac } from '../../demo/server/auth/keys';
import { dummyHash, PASSWORD_COST, verifyPassword } from '../../demo/server/auth/passwords';
import { deviceClients } from '../../demo/server/db/users';
import type { LoginData, MeData } from '../../src/core/api/types';
import {
  ACCESS_TOKEN_COOKIE,
  APP_PATH_HEADER,
  DEVICE_HEADER,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_COOKIE,
  SIGNATURE_HEADER,
} from '../../src/core/api/wire';
import { TEST_PASSWORD_COST } from '../support/password-cost';
import { ManualClock } from './clock';
import { Client, LONG, PASSWORD, SQL, signedIn, startServer, type TestServer } from './helpers';

let t: TestServer;
const logLines: string[] = [];
const logger = {
  level: 'info',
  stream: new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
} as never;

beforeAll(async () => {
  t = await startServer({
    signingSecret: 'test-secret',
    logger,
  });
});
afterAll(() => t.stop());

describe('POST /api/uaa/oauth/login', () => {
  it('signs in every seeded account and sets both HttpOnly cookies', async () => {
    const expected: Record<string, [number, string]> = {
      teacher: [2, '2'],
      admin: [2, '2'],
      staff: [4, '2'],
      parent: [3, '2'],
      parent1: [3, '2'],
      student: [1, '2'],
      areauser: [2, '1'],
      expired: [2, '2'],
    };
    for (const [username, [userType, unitType]] of Object.entries(expected)) {
      const client = new Client(t.url);
      const answer = await client.post<LoginData>('/api/uaa/oauth/login', { username, password: PASSWORD });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 200, code: 'ok', data: { userType, unitType } });
      expect(answer.body.data.expiresIn).toBe(1800);
      const cookies = answer.headers.getSetCookie();
      const access = cookies.find((c) => c.startsWith(`${ACCESS_TOKEN_COOKIE}=`)) ?? '';
      const refresh = cookies.find((c) => c.startsWith(`${REFRESH_TOKEN_COOKIE}=`)) ?? '';
      expect(access).toMatch(/HttpOnly/);
      expect(access).toMatch(/SameSite=Lax/);
      expect(access).toMatch(/Path=\/(;|$)/);
      expect(refresh).toContain(`Path=${REFRESH_COOKIE_PATH}`);
      expect(refresh).toMatch(/HttpOnly/);
    }
  });

  it('accepts a form-encoded body too', async () => {
    const answer = await new Client(t.url).call('POST', '/api/uaa/oauth/login', {
      form: { username: 'parent', password: PASSWORD, noIntercept: 'true' },
    });
    expect(answer.body.code).toBe('ok');
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = await new Client(t.url).post('/api/uaa/oauth/login', { username: 'staff', password: 'nope-nope' });
    const unknown = await new Client(t.url).post('/api/uaa/oauth/login', { username: 'nobody', password: 'nope-nope' });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        status: 400,
        code: 'invalid_grant',
        message: '用户名或密码错误|||Incorrect user name or password|||用户名或密碼錯誤',
        data: null,
        fieldErrors: [{ field: 'password', message: '密码错误|||Incorrect password|||密碼錯誤' }],
      });
    }
  });

  it('hashes at scrypt cost 16384 unless told otherwise, and checks an unknown user at the same cost', async () => {
    // Every other test server hashes cheaply (test/support/password-cost.ts); this one runs the production default.
    const checked: string[] = [];
    const production = await startServer({
      passwordCost: undefined,
      verifyPassword: (password, stored) => {
        checked.push(stored);
        return verifyPassword(password, stored);
      },
    });
    onTestFinished(() => production.stop());
    expect(PASSWORD_COST).toBe(16384);
    const { password_hash } = production.server.context.db
      .prepare('SELECT password_hash FROM users WHERE login_name = ?')
      .get('teacher') as { password_hash: string };
    expect(password_hash).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(
      (await new Client(production.url).post('/api/uaa/oauth/login', { username: 'teacher', password: PASSWORD }))
        .status,
    ).toBe(200);
    const unknown = new Client(production.url);
    expect((await unknown.post('/api/uaa/oauth/login', { username: 'nobody', password: PASSWORD })).status).toBe(400);
    expect(checked.map((stored) => stored.split('$')[1])).toEqual(['16384', '16384']);
    // The cheap cost of the other test servers is theirs alone, the dummy hash of an unknown user's check too.
    const seeded = t.server.context.db
      .prepare('SELECT password_hash FROM users WHERE login_name = ?')
      .get('teacher') as {
      password_hash: string;
    };
    expect(seeded.password_hash.split('$')[1]).toBe(String(TEST_PASSWORD_COST));
    expect(dummyHash(TEST_PASSWORD_COST).split('$')[1]).toBe(String(TEST_PASSWORD_COST));
  });

  it('rejects a 10k-character field, a missing field and SQL metacharacters without a stack trace', async () => {
    const client = new Client(t.url);
    const long = await client.post('/api/uaa/oauth/login', { username: LONG, password: PASSWORD });
    expect(long.status).toBe(400);
    // A login answer of 400 with any code but invalid_grant would send the widgets to the bind page (§4).
    expect(long.body.code).toBe('invalid_grant');
    expect(long.body.fieldErrors?.[0]?.field).toBe('username');
    const missing = await client.post('/api/uaa/oauth/login', { username: 'teacher' });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors?.[0]?.field).toBe('password');
    const sql = await client.post('/api/uaa/oauth/login', { username: SQL, password: SQL });
    expect(sql.status).toBe(400);
    expect(sql.body.code).toBe('invalid_grant');
    const broken = await client.call('POST', '/api/uaa/oauth/login', {
      body: '{"username":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.text).not.toMatch(/at .*\.ts:\d+/);
    // The account still works: nothing was changed by the attempts.
    await client.login('teacher');
  });

  it('requires the device header with app, h5 or pc on /api calls', async () => {
    const client = new Client(t.url);
    const none = await client.post(
      '/api/uaa/oauth/login',
      { username: 'teacher', password: PASSWORD },
      { device: null },
    );
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('device_required');
    const bad = await client.post(
      '/api/uaa/oauth/login',
      { username: 'teacher', password: PASSWORD },
      { device: 'tv' },
    );
    expect(bad.status).toBe(400);
    for (const device of ['app', 'h5', 'pc']) {
      const ok = await client.post('/api/uaa/oauth/login', { username: 'teacher', password: PASSWORD }, { device });
      expect(ok.status).toBe(200);
    }
  });
});

describe('session flow: login → me → refresh after expiry → logout', () => {
  it('runs the whole flow with the signature header', async () => {
    // Its own server with a one-second access lifetime, so expiry is forced without slowing other tests.
    const clock = new ManualClock();
    const short = await startServer({ accessTtlSeconds: 1, signingSecret: 'test-secret', logger, now: clock.now });
    onTestFinished(() => short.stop());
    const client = new Client(short.url);
    const login = await client.login('teacher');
    const me = await client.get<MeData>('/api/uaa/oauth/me?signature=abc123&noIntercept=true', {
      headers: { [APP_PATH_HEADER]: '/pages/base' },
    });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      userId: 'u-teacher',
      userType: 2,
      unitId: 'unit-school',
      unitType: '2',
      unitName: '示范实验学校',
      unitEnName: 'Demo Experimental School',
      loginName: 'teacher',
      prePath: 'pages',
      iszx: false,
      unitHaveInstitute: true,
      accessToken: login.body.data.accessToken,
    });
    // The proof binds the text and the user under the response-signature key alone (issue 67: one key per purpose).
    const proof = mac(deriveKeys('test-secret').responseSignature, 'abc123', 'u-teacher').toString('hex');
    expect(me.headers.get(SIGNATURE_HEADER)).toBe(`abc123$${proof}`);
    const unsigned = await client.get('/api/uaa/oauth/me');
    expect(unsigned.headers.get(SIGNATURE_HEADER)).toBeNull();

    clock.advance(1.1);
    const expired = await client.get('/api/uaa/oauth/me');
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ status: 401, code: 'unauthorized' });

    const refreshed = await client.get<LoginData>('/api/uaa/oauth/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.userId).toBe('u-teacher');
    expect(refreshed.body.data.accessToken).not.toBe(login.body.data.accessToken);
    expect((await client.get('/api/uaa/oauth/me')).status).toBe(200);

    const logout = await client.post('/api/uaa/oauth/logout');
    expect(logout.body).toMatchObject({ status: 200, code: 'ok', data: true });
    expect((await client.get('/api/uaa/oauth/me')).status).toBe(401);
    // The refresh token died with the session.
    const replay = new Client(short.url);
    replay.cookies.set(REFRESH_TOKEN_COOKIE, { value: 'stale', path: REFRESH_COOKIE_PATH });
    expect((await replay.get('/api/uaa/oauth/refresh')).status).toBe(401);
    expect((await client.get('/api/uaa/oauth/refresh')).status).toBe(401);
    expect(logLines.some((line) => line.includes('"appPath":"/pages/base"'))).toBe(true);
  });

  it('takes the bearer token first, else the cookie', async () => {
    const client = await signedIn(t.url, 'parent');
    const other = await signedIn(t.url, 'student');
    const token = (await other.get<LoginData>('/api/uaa/oauth/refresh')).body.data.accessToken;
    const me = await client.get<MeData>('/api/uaa/oauth/me', { bearer: token });
    expect(me.body.data.userId).toBe('u-student');
    const bare = new Client(t.url);
    expect((await bare.get<MeData>('/api/uaa/oauth/me', { bearer: token })).body.data.userId).toBe('u-student');
    expect((await bare.get('/api/uaa/oauth/me', { bearer: 'garbage' })).status).toBe(401);
  });

  it('treats an empty JSON body as {} and refuses prototype poisoning', async () => {
    const client = await signedIn(t.url, 'student');
    const logout = await client.call('POST', '/api/uaa/oauth/logout', {
      body: '',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(logout.body).toMatchObject({ status: 200, data: true });
    const poisoned = await client.call('POST', '/api/uaa/oauth/login', {
      body: '{"username":"teacher","password":"x","__proto__":{"admin":true}}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(poisoned.status).toBe(400);
    const unsupported = await client.call('POST', '/api/uaa/oauth/login', {
      body: 'x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.status).toBe(400);
  });

  it('refresh without a cookie and logout without a session answer 401', async () => {
    const client = new Client(t.url);
    expect((await client.get('/api/uaa/oauth/refresh')).status).toBe(401);
    expect((await client.post('/api/uaa/oauth/logout')).status).toBe(401);
    expect((await client.get(`/api/uaa/oauth/me?signature=${LONG}`)).status).toBe(401);
  });
});

describe('refresh token lifetime is in seconds', () => {
  it('refreshTtlSeconds: 2 refreshes after ~1 s and not after ~2.5 s', async () => {
    const clock = new ManualClock();
    const short = await startServer({
      accessTtlSeconds: 1,
      refreshTtlSeconds: 2,
      signingSecret: 'test-secret',
      now: clock.now,
    });
    onTestFinished(() => short.stop());
    const client = new Client(short.url);
    await client.login('teacher');
    clock.advance(1);
    const fresh = await client.get<LoginData>('/api/uaa/oauth/refresh');
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.userId).toBe('u-teacher');
    clock.advance(1.5);
    const stale = await client.get('/api/uaa/oauth/refresh');
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it("another user's login does not end a live session", async () => {
    const clock = new ManualClock();
    const short = await startServer({ refreshTtlSeconds: 5, signingSecret: 'test-secret', now: clock.now });
    onTestFinished(() => short.stop());
    const teacher = await signedIn(short.url, 'teacher');
    clock.advance(0.4);
    // Every login purges expired sessions; the teacher's is still live and must survive it.
    await signedIn(short.url, 'student');
    const me = await teacher.get<MeData>('/api/uaa/oauth/me');
    expect(me.status).toBe(200);
    expect(me.body.data.userId).toBe('u-teacher');
    expect((await teacher.get('/api/uaa/oauth/refresh')).status).toBe(200);
  });
});

describe('relogin and device client login', () => {
  it('relogin turns a valid access token into a fresh session', async () => {
    const first = await signedIn(t.url, 'staff');
    const token = (await first.get<LoginData>('/api/uaa/oauth/refresh')).body.data.accessToken;
    const client = new Client(t.url);
    const answer = await client.post<LoginData>('/api/uaa/oauth/relogin', { accessToken: token });
    expect(answer.body).toMatchObject({ code: 'ok', data: { userId: 'u-staff', userType: 4 } });
    expect(answer.body.data.accessToken).not.toBe(token);
    const bad = await client.post('/api/uaa/oauth/relogin', { accessToken: 'not-a-token' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_grant');
    expect((await client.post('/api/uaa/oauth/relogin', { accessToken: LONG })).status).toBe(400);
    expect((await client.post('/api/uaa/oauth/relogin', {})).status).toBe(400);
  });

  it('login_user_client signs in the user bound to a seeded device client', async () => {
    const client = new Client(t.url);
    // Random per database (issue 14): the test reads them as main.ts prints them.
    const ids = Object.fromEntries(deviceClients(t.server.context.db).map((c) => [c.loginName, c.id]));
    const teacher = await client.post('/api/uaa/oauth/login_user_client', { userClientId: ids.teacher });
    expect(teacher.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    const parent = await client.post('/api/uaa/oauth/login_user_client', { userClientId: ids.parent });
    expect(parent.body).toMatchObject({ code: 'ok', data: { userId: 'u-parent' } });
    const unknown = await client.post('/api/uaa/oauth/login_user_client', { userClientId: 'unknown-client' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('invalid_grant');
    expect((await client.post('/api/uaa/oauth/login_user_client', { userClientId: SQL })).status).toBe(400);
  });
});

describe('login rate limit', () => {
  it('answers 429 account_locked after 5 failures for one account, the correct password of a new browser too', async () => {
    const client = new Client(t.url);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/uaa/oauth/login', { username: 'parent1', password: `wrong-${i}` })).status).toBe(
        400,
      );
    }
    const blocked = await client.post('/api/uaa/oauth/login', { username: 'parent1', password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'account_locked', data: { retryAfter: 900 } });
    expect(blocked.headers.get('Retry-After')).toBe('900');
    expect(blocked.body.message).toContain('|||');
  });

  it('answers 429 address_throttled to one password tried at 10 names from the address', async () => {
    const own = await startServer({ now: new ManualClock().now });
    onTestFinished(() => own.stop());
    for (let i = 0; i < 10; i++)
      await new Client(own.url).post('/api/uaa/oauth/login', { username: `ghost${i}`, password: 'Abc@2026' });
    const blocked = await new Client(own.url).post('/api/uaa/oauth/login', {
      username: 'areauser',
      password: 'Abc@2026',
    });
    expect(blocked.status).toBe(429);
    // Held at this address until the first of the ten leaves the 15-minute window.
    expect(blocked.body).toMatchObject({ code: 'address_throttled', data: { retryAfter: 900 } });
    expect(
      (await new Client(own.url).post('/api/uaa/oauth/login', { username: 'areauser', password: PASSWORD })).status,
    ).toBe(200);
  });
});

describe('refresh tokens rotate (issue 55)', () => {
  const refreshCookie = (client: Client) => client.cookies.get(REFRESH_TOKEN_COOKIE)?.value;
  const withRefresh = (url: string, token: string) => {
    const client = new Client(url);
    client.cookies.set(REFRESH_TOKEN_COOKIE, { value: token, path: REFRESH_COOKIE_PATH });
    return client;
  };
  const rotating = async () => {
    const clock = new ManualClock();
    const own = await startServer({ now: clock.now, signingSecret: 'test-secret' });
    onTestFinished(() => own.stop());
    return { clock, url: own.url, db: own.server.context.db, client: await signedIn(own.url, 'teacher') };
  };

  it('answers a new refresh token and a new access token at each refresh', async () => {
    const { client } = await rotating();
    const seen = new Set([refreshCookie(client)]);
    const access = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const answer = await client.get<LoginData>('/api/uaa/oauth/refresh');
      expect(answer.status).toBe(200);
      const cookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${REFRESH_TOKEN_COOKIE}=`)) ?? '';
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toContain(`Path=${REFRESH_COOKIE_PATH}`);
      seen.add(refreshCookie(client));
      access.add(answer.body.data.accessToken);
    }
    expect(seen.size).toBe(4);
    expect(access.size).toBe(3);
  });

  it('refuses a refresh token used a second time and ends its whole session', async () => {
    const { clock, url, client } = await rotating();
    const first = refreshCookie(client)!;
    const rotated = await client.get<LoginData>('/api/uaa/oauth/refresh');
    clock.advance(11);
    const replay = await withRefresh(url, first).get('/api/uaa/oauth/refresh');
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('unauthorized');
    expect((await new Client(url).get('/api/uaa/oauth/me', { bearer: rotated.body.data.accessToken })).status).toBe(
      401,
    );
    expect((await client.get('/api/uaa/oauth/me')).status).toBe(401);
    expect((await client.get('/api/uaa/oauth/refresh')).status).toBe(401);
  });

  it('answers two tabs refreshing with one token at once with the same successor, and ends nothing', async () => {
    const { clock, url, db, client } = await rotating();
    const first = refreshCookie(client)!;
    const tabs = [withRefresh(url, first), withRefresh(url, first)];
    const answers = await Promise.all(tabs.map((tab) => tab.get<LoginData>('/api/uaa/oauth/refresh')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const successor = refreshCookie(tabs[0]!);
    expect(successor).not.toBe(first);
    expect(refreshCookie(tabs[1]!)).toBe(successor);
    clock.advance(10);
    // Still inside the grace period: a late twin gets the same successor too.
    const late = withRefresh(url, first);
    expect((await late.get('/api/uaa/oauth/refresh')).status).toBe(200);
    expect(refreshCookie(late)).toBe(successor);
    for (const answer of answers) {
      expect((await new Client(url).get('/api/uaa/oauth/me', { bearer: answer.body.data.accessToken })).status).toBe(
        200,
      );
    }
    expect((await tabs[0]!.get('/api/uaa/oauth/refresh')).status).toBe(200);
    // One session all along: no second family was started.
    expect(db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
  });
});

describe('unknown api paths', () => {
  it('answer a 404 envelope', async () => {
    const answer = await new Client(t.url).get('/api/no/such/call');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 404, code: 'not_found' });
    expect(DEVICE_HEADER).toBe('X-PH-Device');
  });
});

describe('CORS for listed origins', () => {
  it('answers preflights and credentialed calls for listed origins only', async () => {
    const cors = await startServer({ corsOrigins: ['loopback', 'https://portal.example'] });
    onTestFinished(() => cors.stop());
    const preflight = await fetch(`${cors.url}/api/uaa/oauth/login`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:8000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-ph-device',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:8000');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain(DEVICE_HEADER);
    const client = new Client(cors.url);
    const login = await client.post(
      '/api/uaa/oauth/login',
      { username: 'teacher', password: PASSWORD },
      {
        headers: { Origin: 'https://portal.example' },
      },
    );
    expect(login.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    const me = await client.get('/api/uaa/oauth/me?signature=s', { headers: { Origin: 'http://127.0.0.1:9999' } });
    expect(me.headers.get('access-control-expose-headers')).toBe(SIGNATURE_HEADER);
    const foreign = await client.get('/api/uaa/oauth/me', { headers: { Origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const noCors = await fetch(`${t.url}/api/uaa/oauth/me`, { headers: { Origin: 'http://localhost:8000' } });
    expect(noCors.headers.get('access-control-allow-origin')).toBeNull();
    // Through @fastify/cors (issue 8 item 9): an unlisted origin's preflight gets no grant, and loopback means
    // http://localhost or 127.0.0.1 with a port, not any host that merely starts alike.
    for (const origin of ['https://evil.example', 'http://localhost.evil.example:8000', 'https://localhost:8000']) {
      const refused = await fetch(`${cors.url}/api/uaa/oauth/login`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(refused.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
  });
});
