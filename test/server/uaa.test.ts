import { randomBytes } from 'node:crypto';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { FaceRecord, LoginData, MeData, UnitLoginConfig } from '../../src/core/api/types';
import { ENDPOINTS, MAX_BASE64_IMAGE_BYTES } from '../../src/core/api/wire';
import { ManualClock } from './clock';
import { randomPng as png } from './face-photos';
import { Client, LONG, PASSWORD, postFace, SQL, signedIn, startServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.stop());

/** Bytes that start like a PNG, refused for their size before anything decodes them. */
const pngSized = (bytes: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes)]);

describe('social login POST /api/uaa/social/{provider}', () => {
  it('logs in the teacher with the seeded code on qy, mp and the wxqr state, with openid and unionid', async () => {
    const unionids = new Set<string>();
    for (const provider of ['qy', 'mp', 'wxqr']) {
      const client = new Client(t.url);
      const answer = await client.post<LoginData>(`/api/uaa/social/${provider}`, {
        code: 'demo-teacher-code',
        deviceId: 'device-1',
        unitHost: 'school.demo.local',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ userId: 'u-teacher', userType: 2, unitType: '2' });
      expect(answer.body.data.openid).toMatch(new RegExp(`^${provider}-open-`));
      unionids.add(answer.body.data.unionid ?? '');
      expect((await client.get('/api/uaa/oauth/me')).status).toBe(200);
      // The refreshed token keeps the social identity.
      expect((await client.get<LoginData>('/api/uaa/oauth/refresh')).body.data.openid).toBe(answer.body.data.openid);
    }
    expect(unionids.size).toBe(1);
    const token = await new Client(t.url).post<LoginData>('/api/uaa/social/mp', { token: 'demo-parent-code' });
    expect(token.body.data.userId).toBe('u-parent');
  });

  it('answers 400 unbound with openid, unionid and a bind id for an unknown well-formed code', async () => {
    const answer = await new Client(t.url).post<{ openid: string; unionid: string; id: string }>('/api/uaa/social/qy', {
      code: 'someone-new-0001',
      deviceId: 'device-9',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('unbound');
    expect(answer.body.data.openid).toMatch(/^qy-open-/);
    expect(answer.body.data.unionid).toMatch(/^union-/);
    expect(answer.body.data.id).toBeTruthy();
    // The same identity comes back with a new code; the code itself is spent.
    const other = await new Client(t.url).post<{ openid: string }>('/api/uaa/social/mp', { code: 'someone-new-0001' });
    expect(other.body.code).toBe('unbound');
    const again = await new Client(t.url).post('/api/uaa/social/qy', { code: 'someone-new-0001' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_grant');
  });

  it('signs in once per code, as a real provider: demo-teacher-code a second time is refused (issue 67)', async () => {
    const own = await startServer();
    onTestFinished(() => own.stop());
    const first = await new Client(own.url).post<LoginData>('/api/uaa/social/qy', { code: 'demo-teacher-code' });
    expect(first.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    const second = await new Client(own.url).post('/api/uaa/social/qy', { code: 'demo-teacher-code' });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ code: 'invalid_grant', fieldErrors: [{ field: 'code' }] });
    expect(second.body.message).toBe(
      '授权码已使用过，请重新授权登录|||This authorisation code was used already; sign in with the provider again|||授權碼已使用過，請重新授權登入',
    );
    // Still spent after a restart; the stand-in provider page hands out a fresh code each time instead.
    await own.restart();
    expect((await new Client(own.url).post('/api/uaa/social/qy', { code: 'demo-teacher-code' })).status).toBe(400);
    const page = await new Client(own.url).raw(
      'GET',
      `/sso/social/authorize?appid=ww-demo-corp-0001&response_type=code&state=qy&redirect_uri=${encodeURIComponent(`${own.url}/login`)}`,
      { device: null },
    );
    const codes = [...(await page.text()).matchAll(/[?&]code=([\w.-]+)/g)].map((match) => match[1]);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).not.toContain('demo-teacher-code');
    const fresh = await new Client(own.url).post<LoginData>('/api/uaa/social/qy', { code: codes[0] });
    expect(fresh.status).toBe(200);
  });

  it('rejects an unknown provider, a missing or malformed code and oversized fields', async () => {
    const client = new Client(t.url);
    const unknown = await client.post('/api/uaa/social/facebook', { code: 'demo-teacher-code' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('unknown_provider');
    expect((await client.post('/api/uaa/social/..%2F..%2Fetc', { code: 'demo-teacher-code' })).status).toBe(400);
    const missing = await client.post('/api/uaa/social/qy', {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('invalid_grant');
    expect(missing.body.fieldErrors?.[0]?.field).toBe('code');
    expect((await client.post('/api/uaa/social/qy', { code: SQL })).body.code).toBe('invalid_grant');
    expect((await client.post('/api/uaa/social/qy', { code: LONG })).status).toBe(400);
  });
});

describe('login-like calls answer bad input with invalid_grant, never a bind-page code (§4)', () => {
  const cases: [string, string, unknown][] = [
    ['oauth/login missing password', '/api/uaa/oauth/login', { username: 'teacher' }],
    ['oauth/login over-long username', '/api/uaa/oauth/login', { username: LONG, password: PASSWORD }],
    ['relogin missing token', '/api/uaa/oauth/relogin', {}],
    ['relogin over-long token', '/api/uaa/oauth/relogin', { accessToken: LONG }],
    ['login_user_client malformed id', '/api/uaa/oauth/login_user_client', { userClientId: SQL }],
    ['social missing code', '/api/uaa/social/qy', {}],
    ['social malformed code', '/api/uaa/social/qy', { code: SQL }],
    ['social over-long code', '/api/uaa/social/qy', { code: LONG }],
    ['sso ticket missing', '/api/sso/ticket/login', {}],
    ['sso ticket over-long', '/api/sso/ticket/login', { ticket: LONG }],
    ['face login missing image', '/api/uaa/oauth/login/face', {}],
    ['face login without a challenge', '/api/uaa/oauth/login/face', { faceImage: png().toString('base64') }],
    [
      'face login with a challenge never issued',
      '/api/uaa/oauth/login/face',
      { faceImage: png().toString('base64'), challengeId: 'made-up', frames: ['a', 'b', 'c'] },
    ],
  ];
  for (const [label, path, body] of cases) {
    it(label, async () => {
      const answer = await new Client(t.url).post(path, body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({ status: 400, code: 'invalid_grant' });
      expect(answer.body.message).toContain('|||');
    });
  }

  it('keeps fieldErrors, and answers a malformed JSON body and a bad GET ticket the same way', async () => {
    const client = new Client(t.url);
    const missing = await client.post('/api/uaa/oauth/login', { username: 'teacher' });
    expect(missing.body.fieldErrors?.[0]?.field).toBe('password');
    const broken = await client.call('POST', '/api/uaa/oauth/login', {
      body: '{"username":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.body).toMatchObject({ status: 400, code: 'invalid_grant' });
    const ticket = await client.get(`/api/sso/ticket/login?ticket=${LONG}`);
    expect(ticket.body).toMatchObject({ status: 400, code: 'invalid_grant' });
    // Other calls keep bad_request, and the missing device header keeps its own code.
    expect((await client.post('/api/uaa/social_bind', {})).body.code).toBe('bad_request');
    expect((await client.post('/api/uaa/oauth/login', {}, { device: null })).body.code).toBe('device_required');
  });
});

describe('binding an unbound social identity (added calls)', () => {
  it('lists providers, binds with the account password, then a new code for that identity logs in', async () => {
    const list = await new Client(t.url).get<{ provider: string }[]>('/api/uaa/social_list');
    expect(list.body.data.map((p) => p.provider)).toEqual(['mp', 'qy', 'wxqr']);
    const unbound = await new Client(t.url).post<{ id: string; openid: string }>('/api/uaa/social/mp', {
      code: 'new-student-code',
    });
    expect(unbound.body.code).toBe('unbound');
    const client = new Client(t.url);
    const wrong = await client.post('/api/uaa/social_bind', {
      id: unbound.body.data.id,
      username: 'student',
      password: 'bad',
    });
    expect(wrong.body.code).toBe('invalid_grant');
    const bound = await client.post<LoginData>('/api/uaa/social_bind', {
      id: unbound.body.data.id,
      username: 'student',
      password: PASSWORD,
    });
    expect(bound.body.data).toMatchObject({ userId: 'u-student', openid: unbound.body.data.openid });
    expect(
      (await client.post('/api/uaa/social_bind', { id: unbound.body.data.id, username: 'student', password: PASSWORD }))
        .body.code,
    ).toBe('bind_expired');
    // The code is spent; the provider (the stand-in page) gives the bound identity a fresh one.
    expect((await new Client(t.url).post('/api/uaa/social/mp', { code: 'new-student-code' })).status).toBe(400);
    const page = await new Client(t.url).raw(
      'GET',
      `/sso/social/authorize?appid=wx-demo-mp-0001&response_type=code&state=mp&redirect_uri=${encodeURIComponent(`${t.url}/login`)}`,
      { device: null },
    );
    const code = /id="as-student" href="[^"]*[?&]code=([\w.-]+)/.exec(await page.text())?.[1];
    const again = await new Client(t.url).post<LoginData>('/api/uaa/social/mp', { code });
    expect(again.body.data.userId).toBe('u-student');
    expect(
      (await client.post('/api/uaa/social_bind', { id: SQL, username: 'student', password: PASSWORD })).status,
    ).toBe(400);
  });
});

describe('GET /api/uaa/social/{qy|mp}_info', () => {
  it('answers the provider app id, 404 for anything else', async () => {
    const client = new Client(t.url);
    const qy = await client.get<{ providerAppId: string }>('/api/uaa/social/qy_info?unitHost=school.demo.local');
    expect(qy.body.data.providerAppId).toBe('ww-demo-corp-0001');
    const mp = await client.get<{ providerAppId: string }>('/api/uaa/social/mp_info');
    expect(mp.body.data.providerAppId).toBe('wx-demo-mp-0001');
    expect((await client.get('/api/uaa/social/wxqr_info')).status).toBe(404);
    expect((await client.get(`/api/uaa/social/qy_info?unitHost=${'a'.repeat(300)}`)).status).toBe(400);
  });
});

describe('authorize POST /api/uaa/shiyue_webauth', () => {
  it('needs a signed-in user', async () => {
    expect((await new Client(t.url).post('/api/uaa/shiyue_webauth', { client_id: 'demo-portal' })).status).toBe(401);
  });

  it('redirects to a registered uri with code and state', async () => {
    const client = await signedIn(t.url, 'teacher');
    const answer = await client.post<{ redirect: string }>('/api/uaa/shiyue_webauth', {
      response_type: 'code',
      client_id: 'demo-portal',
      redirect_uri: 'http://127.0.0.1:5173/demo/callback',
      state: 'xyz',
      scope: 'read',
      unitHost: 'school.demo.local',
    });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.data.redirect);
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:5173/demo/callback');
    expect(url.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('state')).toBe('xyz');
    const library = await client.post<{ redirect: string }>('/api/uaa/shiyue_webauth', { client_id: 'demo-library' });
    expect(library.body.data.redirect).toMatch(/^https:\/\/library\.demo\.example\/oauth\/callback\?code=/);
  });

  it('explains a missing client_id and refuses unknown clients and foreign redirect uris', async () => {
    const client = await signedIn(t.url, 'teacher');
    const missing = await client.post('/api/uaa/shiyue_webauth', { redirect_uri: 'http://127.0.0.1:8080/demo/' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      '缺少 client_id，请返回重试！|||Missing client_id, please go back and try again!|||缺少 client_id，請返回重試！',
    );
    expect((await client.post('/api/uaa/shiyue_webauth', { client_id: 'nope' })).body.code).toBe('invalid_client');
    for (const redirect_uri of [
      'http://evil.example/demo/',
      'https://library.demo.example.evil/oauth/callback',
      'nonsense',
    ]) {
      const answer = await client.post('/api/uaa/shiyue_webauth', { client_id: 'demo-library', redirect_uri });
      expect(answer.body.code).toBe('invalid_redirect_uri');
    }
    expect((await client.post('/api/uaa/shiyue_webauth', { client_id: LONG })).status).toBe(400);
    expect(
      (await client.post('/api/uaa/shiyue_webauth', { client_id: 'demo-portal', response_type: 'token' })).status,
    ).toBe(400);
  });
});

describe('switch login GET /api/uaa/switch/login', () => {
  it('switches only to a linked account and ends the old session', async () => {
    const client = await signedIn(t.url, 'teacher');
    const candidates = await client.get<{ id: string; name: string }[]>(
      '/api/base/select/already/parent/teacher?teacherId=u-teacher',
    );
    expect(candidates.body.data).toEqual([{ id: 'u-parent1', name: '王老师（家长）', userType: 3 }]);
    expect((await client.get('/api/uaa/switch/login?userId=u-parent')).status).toBe(403);
    const switched = await client.get<LoginData>('/api/uaa/switch/login?userId=u-parent1');
    expect(switched.body.data).toMatchObject({ userId: 'u-parent1', userType: 3 });
    expect((await client.get<MeData>('/api/uaa/oauth/me')).body.data.userId).toBe('u-parent1');
    const back = await client.get<LoginData>('/api/uaa/switch/login?userId=u-teacher');
    expect(back.body.data.userId).toBe('u-teacher');
    expect((await client.get(`/api/uaa/switch/login?userId=${encodeURIComponent(SQL)}`)).status).toBe(400);
    expect((await new Client(t.url).get('/api/uaa/switch/login?userId=u-parent1')).status).toBe(401);
  });
});

describe('SSO', () => {
  it('answers the SSO page url; the page issues a one-time ticket that logs in at the ticket endpoint', async () => {
    const client = new Client(t.url);
    const url = await client.get<string>('/api/sso/select/login/url');
    expect(url.body.data).toBe(`${t.url}/sso/login`);
    const page = await client.raw('GET', '/sso/login?redirect_uri=/demo/after', { device: null });
    const html = await page.text();
    expect(html).toContain('name="password"');
    // The bait link is resolved before it reaches the form (issue 14 item 1): the form carries the absolute URL.
    expect(html).toContain(`value="${t.url}/demo/after"`);

    const wrong = await client.raw('POST', '/sso/login', {
      device: null,
      // As the SSO page's own form posts it (issue 14 item 7: a post from elsewhere is refused).
      headers: { Origin: t.url },
      form: { username: 'teacher', password: 'bad', redirect_uri: '/demo/after' },
    });
    expect(wrong.status).toBe(400);
    const posted = await client.raw('POST', '/sso/login', {
      device: null,
      // As the SSO page's own form posts it (issue 14 item 7: a post from elsewhere is refused).
      headers: { Origin: t.url },
      form: { username: 'teacher', password: PASSWORD, redirect_uri: '/demo/after?x=1' },
    });
    expect(posted.status).toBe(302);
    const location = new URL(posted.headers.get('location') ?? '');
    expect(location.pathname).toBe('/demo/after');
    expect(location.searchParams.get('x')).toBe('1');
    const ticket = location.searchParams.get('ticket') ?? '';

    const login = await client.post<LoginData>('/api/sso/ticket/login', { ticket });
    expect(login.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    const reuse = await client.post('/api/sso/ticket/login', { ticket });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('invalid_grant');
    expect((await client.get(`/api/sso/ticket/login?ticket=${LONG}`)).status).toBe(400);
  });

  it('accepts the ticket as a GET query and never redirects off this server', async () => {
    const client = new Client(t.url);
    const posted = await client.raw('POST', '/sso/login', {
      device: null,
      // As the SSO page's own form posts it (issue 14 item 7: a post from elsewhere is refused).
      headers: { Origin: t.url },
      form: { username: 'parent', password: PASSWORD, redirect_uri: 'http://evil.example/steal' },
    });
    const location = new URL(posted.headers.get('location') ?? '');
    expect(location.origin).toBe(t.url);
    expect(location.pathname).toBe('/demo/');
    const login = await client.get<LoginData>(`/api/sso/ticket/login?ticket=${location.searchParams.get('ticket')}`);
    expect(login.body.data.userId).toBe('u-parent');
  });
});

describe('GET /api/uaa/oauth/login/unit_config', () => {
  it('answers footer, link and decorationSet publicly, by unit id or host', async () => {
    const client = new Client(t.url);
    const answer = await client.get<UnitLoginConfig>('/api/uaa/oauth/login/unit_config?unitId=unit-school');
    expect(answer.body.code).toBe('ok');
    const decoration = JSON.parse(answer.body.data.decorationSet);
    expect(decoration.footerMsg).toMatchObject({
      show: true,
      showBaMsg: true,
      helpCenter: '/help/',
    });
    expect(decoration.footerMsg.baList).toHaveLength(2);
    expect(decoration.footerMsg.copyright).toContain('示范实验学校');
    const byHost = await client.get<UnitLoginConfig>('/api/uaa/oauth/login/unit_config?unitHost=area.demo.local');
    expect(JSON.parse(byHost.body.data.decorationSet).footerMsg.copyright).toContain('示范区教育局');
    expect((await client.get('/api/uaa/oauth/login/unit_config')).body.code).toBe('ok');
    expect((await client.get('/api/uaa/oauth/login/unit_config?unitId=unit-none')).status).toBe(404);
    expect((await client.get(`/api/uaa/oauth/login/unit_config?unitId=${encodeURIComponent(SQL)}`)).status).toBe(400);
  });
});

describe('unexpected failures', () => {
  it('answer a 500 envelope without details and keep serving', async () => {
    const broken = await startServer({
      faceMatcher: {
        kind: 'broken',
        describe: async () => {
          throw new Error('matcher exploded at /secret/path.ts:12');
        },
        match: () => null,
      },
    });
    try {
      const answer = await postFace(new Client(broken.url), 'login', png().toString('base64'), pngFrames());
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        status: 500,
        code: 'server_error',
        message: '服务器内部错误|||Server internal error!|||服務器內部錯誤',
        data: null,
      });
      expect(answer.text).not.toContain('secret');
      expect((await new Client(broken.url).login('teacher')).body.code).toBe('ok');
    } finally {
      await broken.stop();
    }
  });
});

/** Liveness frames for the digest matcher, which sees no faces: pictures that are all different. */
const pngFrames = () => [png(), png(), png(), png()].map((frame) => frame.toString('base64'));

describe('face calls', () => {
  it('registers a face, reads it back, logs in and clocks in with the same image', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const face = png();
    const none = await teacher.get<FaceRecord | null>('/api/uaa/face/user?userId=u-teacher');
    expect(none.body.data).toBeNull();
    const saved = await teacher.post<{ userId: string; registerTime: string }>('/api/uaa/face/check', {
      faceImage: face.toString('base64'),
      userId: 'u-teacher',
    });
    expect(saved.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    const record = await teacher.get<FaceRecord>('/api/uaa/face/user?userId=u-teacher');
    expect(record.body.data).toEqual({
      // Its pixels encoded again as a JPEG (issue 37, F14): nothing of the upload's bytes is kept.
      faceImage: expect.stringMatching(/^\/9j\//),
      registerTime: saved.body.data.registerTime,
      userId: 'u-teacher',
    });
    const stored = jpeg.decode(Buffer.from(record.body.data.faceImage, 'base64'));
    expect([stored.width, stored.height]).toEqual([8, 8]);

    const guest = new Client(t.url);
    const login = await postFace<LoginData>(
      guest,
      'login',
      `data:image/png;base64,${face.toString('base64')}`,
      pngFrames(),
    );
    expect(login.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    const stranger = await postFace(guest, 'login', png().toString('base64'), pngFrames());
    expect(stranger.status).toBe(400);
    expect(stranger.body.code).toBe('invalid_grant');
    expect(stranger.body.message).toBe(
      '未识别到已登记的人脸|||No registered face matches this photo|||未識別到已登記的人臉',
    );

    // The very bytes that signed the teacher in are refused from now on (issue 37, F3): a replayed request.
    const replayed = await postFace(new Client(t.url), 'login', face.toString('base64'), pngFrames());
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe(
      '这张照片已经用过，请面对摄像头重新拍摄|||This photo has been used before; face the camera for a new one|||這張照片已經用過，請面對攝像頭重新拍攝',
    );

    // Only the unit's clock-in terminal records attendance (issue 37, F2): not the teacher, not a student.
    const fresh = png();
    await teacher.post('/api/uaa/face/check', { faceImage: fresh.toString('base64'), userId: 'u-teacher' });
    const terminal = await signedIn(t.url, 'terminal');
    const clock = await postFace<{ userId: string }>(terminal, 'orther', fresh.toString('base64'), pngFrames());
    expect(clock.body.data).toMatchObject({ userId: 'u-teacher', realName: '王老师' });
    for (const account of ['teacher', 'student', 'admin']) {
      const refused = await postFace(await signedIn(t.url, account), 'orther', png().toString('base64'), pngFrames());
      expect(refused.status, account).toBe(403);
      expect(refused.body.message).toBe(
        '只有考勤终端可以打卡|||Only a clock-in terminal can record attendance|||只有考勤終端可以打卡',
      );
    }
    expect((await postFace(new Client(t.url), 'orther', face.toString('base64'), pngFrames())).status).toBe(401);
  });

  it('answers a face login only with a challenge of its own and frames that are not one picture (issue 37)', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const face = png();
    await teacher.post('/api/uaa/face/check', { faceImage: face.toString('base64'), userId: 'u-teacher' });
    const guest = new Client(t.url);
    // Without a challenge, or with too few frames: the schema refuses it.
    const bare = await guest.post(ENDPOINTS.faceLogin, { faceImage: face.toString('base64') });
    expect(bare.status).toBe(400);
    expect(bare.body.fieldErrors?.map((error) => error.field)).toContain('challengeId');
    const few = await postFace(guest, 'login', face.toString('base64'), pngFrames().slice(0, 2));
    expect(few.status).toBe(400);
    const text = await postFace(guest, 'login', Buffer.from('hello').toString('base64'), pngFrames());
    expect(text.body).toMatchObject({ status: 400, code: 'invalid_grant', message: expect.stringContaining('|||') });
    // One picture sent as every frame shows no movement, even to a matcher that cannot see faces.
    const one = png().toString('base64');
    const still = await postFace(guest, 'login', face.toString('base64'), [one, one, one, one]);
    expect(still.body).toMatchObject({ code: 'invalid_grant', message: expect.stringContaining('not seen') });
    // The photo itself among the frames is one picture twice, too.
    const again = await postFace(guest, 'login', face.toString('base64'), [face.toString('base64'), ...pngFrames()]);
    expect(again.body.message).toContain('not seen');
    expect((await postFace(guest, 'login', face.toString('base64'), pngFrames())).body.code).toBe('ok');
  });

  it('lets an admin manage faces of the unit, nobody else', async () => {
    const admin = await signedIn(t.url, 'admin');
    const image = png().toString('base64');
    expect((await admin.post('/api/uaa/face/check', { faceImage: image, userId: 'u-staff' })).status).toBe(200);
    expect((await admin.post('/api/uaa/face/check', { faceImage: image, userId: 'u-areauser' })).status).toBe(403);
    const parent = await signedIn(t.url, 'parent');
    expect((await parent.get('/api/uaa/face/user?userId=u-staff')).status).toBe(403);
    expect((await parent.post('/api/uaa/face/check', { faceImage: image, userId: 'u-nobody' })).status).toBe(403);
  });

  it('limits failed face sign-ins per address like password failures: 20, then 429 for the window (F3)', async () => {
    const clock = new ManualClock();
    const own = await startServer({ now: clock.now });
    onTestFinished(() => own.stop());
    const attempt = () => postFace(new Client(own.url), 'login', png().toString('base64'), pngFrames());
    for (let tried = 0; tried < 20; tried += 1) expect((await attempt()).status).toBe(400);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('too_many_attempts');
    clock.advance(15 * 60 + 1);
    expect((await attempt()).status).toBe(400);
  });

  it('refuses a face already registered to another account of any unit, in three languages (F1, issue 54)', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const admin = await signedIn(t.url, 'admin');
    const face = png().toString('base64');
    expect((await teacher.post('/api/uaa/face/check', { faceImage: face, userId: 'u-teacher' })).status).toBe(200);
    const taken = await admin.post('/api/uaa/face/check', { faceImage: face, userId: 'u-staff' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'face_taken',
      message:
        "这张人脸已登记在另一个账号上，请联系学校管理员|||This face is already registered to another account; ask your school's administrator|||這張人臉已登記在另一個賬號上，請聯絡學校管理員",
    });
    // Its owner may register it again. Public face login looks at every unit's faces: another unit's account is a
    // conflict too, and the answer names no one.
    expect((await teacher.post('/api/uaa/face/check', { faceImage: face, userId: 'u-teacher' })).status).toBe(200);
    const area = await signedIn(t.url, 'areauser');
    const elsewhere = await area.post('/api/uaa/face/check', { faceImage: face, userId: 'u-areauser' });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body).toEqual(taken.body);
    expect((await area.get('/api/uaa/face/user?userId=u-areauser')).body.data).toBeNull();
  });

  it('records who registered each face and tells the owner when it was someone else (F4)', async () => {
    const staff = await signedIn(t.url, 'staff');
    const faceMessages = async () =>
      (await staff.get<{ id: string; messageMeno: string }[]>('/api/base/desktop/message_select_not_read')).body.data
        .filter((message) => message.id.startsWith('msg-face-'))
        .map((message) => message.messageMeno);
    const before = await faceMessages();
    expect(
      (await staff.post('/api/uaa/face/check', { faceImage: png().toString('base64'), userId: 'u-staff' })).status,
    ).toBe(200);
    expect(await faceMessages()).toEqual(before);

    const admin = await signedIn(t.url, 'admin');
    const saved = await admin.post<{ registerTime: string }>('/api/uaa/face/check', {
      faceImage: png().toString('base64'),
      userId: 'u-staff',
    });
    expect(saved.status).toBe(200);
    const told = await faceMessages();
    expect(told).toHaveLength(before.length + 1);
    const time = saved.body.data.registerTime;
    // One of each earlier message taken away: an earlier registration in the same second reads the same.
    const added = [...told];
    for (const meno of before) added.splice(added.indexOf(meno), 1);
    expect(added).toEqual([
      `李管理员 为你的账号登记了人脸（${time}）。如非你本人所知，请联系学校管理员|||李管理员 registered a face for your account (${time}). If you did not know, contact your school's administrator|||李管理员 為你的賬號登記了人臉（${time}）。如非你本人所知，請聯絡學校管理員`,
    ]);
    const rows = t.server.context.db
      .prepare('SELECT registered_by FROM face_registrations WHERE user_id = ? ORDER BY id')
      .all('u-staff') as { registered_by: string }[];
    expect(rows.map((row) => row.registered_by).slice(-2)).toEqual(['u-staff', 'u-admin']);
  });

  it('keeps only the pixels of a face photo: a script riding after the JPEG is not stored (F14)', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const pixels = Buffer.alloc(16 * 16 * 4, 200);
    const tail = Buffer.from('<script>alert(document.cookie)</script>');
    const photo = Buffer.concat([jpeg.encode({ data: pixels, width: 16, height: 16 }, 90).data, tail]);
    const saved = await teacher.post('/api/uaa/face/check', {
      faceImage: photo.toString('base64'),
      userId: 'u-teacher',
    });
    expect(saved.status).toBe(200);
    const record = await teacher.get<FaceRecord>('/api/uaa/face/user?userId=u-teacher');
    const kept = Buffer.from(record.body.data.faceImage, 'base64');
    expect(kept.includes(tail)).toBe(false);
    expect(kept.includes(Buffer.from('<script'))).toBe(false);
    expect(jpeg.decode(kept)).toMatchObject({ width: 16, height: 16 });
  });

  it('refuses a photo its decoder cannot read, in both languages, and keeps the face registered before', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const before = (await teacher.get<FaceRecord>('/api/uaa/face/user?userId=u-teacher')).body.data;
    const broken = await teacher.post('/api/uaa/face/check', {
      // A PNG's signature and nothing a decoder can read after it.
      faceImage: Buffer.concat([pngSized(0), Buffer.alloc(200)]).toString('base64'),
      userId: 'u-teacher',
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({
      code: 'bad_image',
      message: '人脸照片无法解码|||The face photo cannot be decoded|||人臉照片無法解碼',
    });
    expect((await teacher.get<FaceRecord>('/api/uaa/face/user?userId=u-teacher')).body.data).toEqual(before);
  });

  it('rejects a missing userId, non-images, empty and oversized images', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const noUser = await teacher.post('/api/uaa/face/check', { faceImage: png().toString('base64') });
    expect(noUser.status).toBe(400);
    expect(noUser.body.message).toBe('未找到 userId|||userId not found|||未找到 userId');
    const text = await teacher.post('/api/uaa/face/check', {
      faceImage: Buffer.from('hello world').toString('base64'),
      userId: 'u-teacher',
    });
    expect(text.body.code).toBe('bad_image');
    expect((await teacher.post('/api/uaa/face/check', { faceImage: '', userId: 'u-teacher' })).status).toBe(400);
    expect((await teacher.post('/api/uaa/face/check', { faceImage: '@@@@', userId: 'u-teacher' })).body.code).toBe(
      'bad_image',
    );
    const huge = pngSized(MAX_BASE64_IMAGE_BYTES + 10).toString('base64');
    const big = await teacher.post('/api/uaa/face/check', { faceImage: huge, userId: 'u-teacher' });
    expect(big.status).toBe(413);
    expect(
      (await teacher.post('/api/uaa/face/check', { faceImage: png().toString('base64'), userId: SQL })).status,
    ).toBe(400);
  });
});
