import { setPersistentEngine } from '@nanostores/persistent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, sendJson, startServer, type TestServer } from '../http/server';

const storage: Record<string, string> = {};
setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
const { faceCalls } = await import('../../../src/core/face');
const { authDeps } = await import('../../../src/core/auth');
const { memoryLocation } = await import('../../../src/core/config');
const { createHttpClient } = await import('../../../src/core/http');
const { $notices } = await import('../../../src/core/notify');
const { $language } = await import('../../../src/core/i18n/translate');
const session = await import('../../../src/core/session');
const { ENDPOINTS } = await import('../../../src/core/api/wire');

// The face calls of §7 over real HTTP: what is sent, what a success does, and that failures are the widget's to
// show (no toast from the global interceptor).

let server: TestServer;
const answers = new Map<string, { http: number; body: unknown }>();
const answer = (path: string, http: number, body: unknown) => answers.set(path, { http, body });

beforeAll(async () => {
  server = await startServer();
  for (const [method, path] of [
    ['GET', ENDPOINTS.faceUser],
    ['POST', ENDPOINTS.faceCheck],
    ['POST', ENDPOINTS.faceLogin],
    ['POST', ENDPOINTS.faceClocking],
    ['POST', ENDPOINTS.faceChallenge],
  ] as const) {
    server.route(method, path, (_req, res) => {
      const { http, body } = answers.get(path) ?? { http: 500, body: {} };
      sendJson(res, http, body);
    });
  }
});
afterAll(() => server.close());

let location = memoryLocation();
const CONFIG = {
  env: 'production' as const,
  device: 'h5' as const,
  rootPath: 'pages',
  base: 'base',
  areaBase: 'areaBase',
  oneProxy: false,
  loginTickitConifg: { apipath: '' },
};
/** The client of the last page calls() made: each calls() is a new page, with a client of its own. */
let lastHttp: ReturnType<typeof createHttpClient>;
function calls() {
  location = memoryLocation('http://school.test/demo/work-chat/index.html');
  const http = createHttpClient({ apiBase: server.base, env: 'production', location: () => location });
  lastHttp = http;
  return faceCalls({
    http,
    auth: () => authDeps({ http, location, config: CONFIG, sessionStorage: null, credentials: {} }),
  });
}

const sent = () => {
  const last = server.received.at(-1)!;
  return { path: last.url.pathname, type: last.headers['content-type'], body: JSON.parse(last.body.toString()) };
};

beforeEach(() => {
  server.received.length = 0;
  answers.clear();
  $notices.set([]);
  $language.set('zh-CN');
  session.resetSession();
  session.$loginStatus.set('unknown');
});

describe('face calls (§7)', () => {
  it('reads the registered face of a user', async () => {
    const record = { faceImage: 'AAAA', registerTime: '2026-11-21 08:00:00', userId: 'u-teacher' };
    answer(ENDPOINTS.faceUser, 200, envelope(200, { data: record }));
    await expect(calls().record('u-teacher')).resolves.toEqual(record);
    expect(server.received.at(-1)!.url.searchParams.get('userId')).toBe('u-teacher');
    answer(ENDPOINTS.faceUser, 200, envelope(200, { data: null }));
    await expect(calls().record('u-teacher')).resolves.toBeNull();
  });

  it('saves a face as JSON with the userId (collect)', async () => {
    answer(ENDPOINTS.faceCheck, 200, envelope(200, { data: { userId: 'u1', registerTime: 't' } }));
    await expect(calls().submit('collect', '/9j/AA', 'u1')).resolves.toEqual({ userId: 'u1', registerTime: 't' });
    expect(sent()).toEqual({
      path: ENDPOINTS.faceCheck,
      type: 'application/json',
      body: { faceImage: '/9j/AA', userId: 'u1' },
    });
  });

  it('clocks in and answers the returned data (orther)', async () => {
    const data = { userId: 'u1', realName: '王老师', clockTime: '2026-11-21 08:01:02' };
    answer(ENDPOINTS.faceClocking, 200, envelope(200, { data }));
    const liveness = { challengeId: 'c-1', frames: ['/9j/F1', '/9j/F2', '/9j/F3'] };
    await expect(calls().submit('orther', '/9j/AA', undefined, liveness)).resolves.toEqual(data);
    expect(sent().body).toEqual({ faceImage: '/9j/AA', challengeId: 'c-1', frames: ['/9j/F1', '/9j/F2', '/9j/F3'] });
  });

  it('asks for a liveness challenge for the mode, and shows its failure in the widget, not as a toast', async () => {
    const challenge = { challengeId: 'c-1', action: 'openMouth', expiresIn: 30 };
    answer(ENDPOINTS.faceChallenge, 200, envelope(200, { data: challenge }));
    await expect(calls().challenge('login')).resolves.toEqual(challenge);
    expect(sent()).toMatchObject({ path: ENDPOINTS.faceChallenge, body: { mode: 'login' } });
    $notices.set([]);
    answer(ENDPOINTS.faceChallenge, 429, {
      status: 429,
      code: 'face_busy',
      message: '人脸验证繁忙，请稍后重试|||Face checks are busy; please try again in a moment',
    });
    $language.set('en');
    await expect(calls().challenge('orther')).rejects.toThrow('Face checks are busy; please try again in a moment');
    expect($notices.get()).toEqual([]);
  });

  it('answers null for a back end without the challenge call (404); any other failure stays an error', async () => {
    answer(ENDPOINTS.faceChallenge, 404, { status: 404, error: 'Not Found', path: ENDPOINTS.faceChallenge });
    await expect(calls().challenge('login')).resolves.toBeNull();
    answer(ENDPOINTS.faceChallenge, 404, 'Not Found');
    await expect(calls().challenge('orther')).resolves.toBeNull();
    answer(ENDPOINTS.faceChallenge, 500, 'oops');
    await expect(calls().challenge('login')).rejects.toThrow(/500/);
    // A 200 whose body says 404 is the server's refusal, not a missing call.
    answer(ENDPOINTS.faceChallenge, 200, envelope(404, { message: '无此终端|||No such terminal' }));
    await expect(calls().challenge('orther')).rejects.toThrow('无此终端');
    expect($notices.get()).toEqual([]);
  });

  it.each([401, 403, 404, 405, 501])(
    'takes a challenge call answered %i as "no liveness here" (issue 67: a gateway that guards unknown paths)',
    async (status) => {
      answer(ENDPOINTS.faceChallenge, status, { status, error: 'gateway' });
      await expect(calls().challenge('login')).resolves.toBeNull();
    },
  );

  it.each([400, 408, 429, 500, 502, 503])(
    'takes %i as an error the user retries, asked again on the next try',
    async (status) => {
      answer(ENDPOINTS.faceChallenge, status, { status, message: '稍后重试|||Try again' });
      const widget = calls();
      await expect(widget.challenge('login')).rejects.toThrow();
      await expect(widget.challenge('login')).rejects.toThrow();
      const challenge = { challengeId: 'c-2', actions: ['turnLeft', 'turnRight'], expiresIn: 30 };
      answer(ENDPOINTS.faceChallenge, 200, envelope(200, { data: challenge }));
      await expect(widget.challenge('login')).resolves.toEqual(challenge);
      expect(server.received.filter((request) => request.url.pathname === ENDPOINTS.faceChallenge)).toHaveLength(3);
    },
  );

  it('asks a back end without the challenge call once, not once a person (a terminal serves many)', async () => {
    answer(ENDPOINTS.faceChallenge, 404, 'Not Found');
    const terminal = calls();
    for (let person = 0; person < 3; person += 1) await expect(terminal.challenge('orther')).resolves.toBeNull();
    // Another widget of the same page (its one client) does not ask again either.
    await expect(
      faceCalls({
        http: lastHttp,
        auth: () => authDeps({ http: lastHttp, location, config: CONFIG, sessionStorage: null, credentials: {} }),
      }).challenge('login'),
    ).resolves.toBeNull();
    const asked = server.received.filter((request) => request.url.pathname === ENDPOINTS.faceChallenge);
    expect(asked).toHaveLength(1);
  });

  it('sends the photo alone, as §7 writes the call, when there was no challenge', async () => {
    answer(ENDPOINTS.faceClocking, 200, envelope(200, { data: { userId: 'u1' } }));
    await calls().submit('orther', '/9j/AA', undefined);
    expect(sent()).toEqual({ path: ENDPOINTS.faceClocking, type: 'application/json', body: { faceImage: '/9j/AA' } });
    answer(ENDPOINTS.faceLogin, 400, envelope(400, { message: '请先完成活体检测|||Answer the liveness check first' }));
    await expect(calls().submit('login', '/9j/AA', undefined)).rejects.toThrow('请先完成活体检测');
    expect(sent()).toEqual({ path: ENDPOINTS.faceLogin, type: 'application/json', body: { faceImage: '/9j/AA' } });
  });

  it('signs in with a face: the session is stored, the page moves on, the token stays out of the answer', async () => {
    answer(
      ENDPOINTS.faceLogin,
      200,
      envelope(200, {
        data: { accessToken: 'tok', expiresIn: 1800, unitId: 'U1', unitType: '2', userType: 2, userId: 'u1' },
      }),
    );
    const data = await calls().submit('login', '/9j/AA', undefined);
    expect(data).toEqual({ unitId: 'U1', unitType: '2', userType: 2, userId: 'u1' });
    expect(session.$loginStatus.get()).toBe('in');
    expect(location.visited).toEqual(['http://school.test/pages/base/mobile_desktop_all/index.html']);
  });

  it('rejects with the server message in the current language and shows no toast (no global interceptor)', async () => {
    const refused = envelope(400, {
      code: 'invalid_grant',
      message: '未识别到已登记的人脸|||No registered face matches this photo',
    });
    answer(ENDPOINTS.faceLogin, 400, refused);
    await expect(calls().submit('login', '/9j/AA', undefined)).rejects.toThrow('未识别到已登记的人脸');
    $language.set('en');
    await expect(calls().submit('login', '/9j/AA', undefined)).rejects.toThrow('No registered face matches this photo');
    // A 200 whose body says 400 is a failure too.
    answer(ENDPOINTS.faceCheck, 200, envelope(400, { message: '照片中没有人脸|||No face in the photo' }));
    await expect(calls().submit('collect', '/9j/AA', 'u1')).rejects.toThrow('No face in the photo');
    answer(ENDPOINTS.faceClocking, 500, 'oops');
    await expect(calls().submit('orther', '/9j/AA', undefined)).rejects.toThrow(/500/);
    expect($notices.get()).toEqual([]);
    expect(session.$loginStatus.get()).toBe('unknown');
    expect(location.visited).toEqual([]);
  });
});
