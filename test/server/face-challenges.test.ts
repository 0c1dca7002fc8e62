import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../demo/server/envelope';
import {
  CHALLENGES_AT_MOST,
  CHALLENGES_PER_ADDRESS,
  ChallengeStore,
  TERMINAL_REUSE_SECONDS,
} from '../../demo/server/face/challenges';
import type { Envelope, LoginData } from '../../src/core/api/types';
import { DEVICE_HEADER, ENDPOINTS } from '../../src/core/api/wire';
import type { LivenessAction, LivenessChallenge } from '../../src/core/face/liveness';
import { ManualClock } from './clock';
import { randomPng as png } from './face-photos';
import { Client, postFace, signedIn, startServer, type TestServer } from './helpers';

// Issue 54: a clock-in terminal's challenges come from an allowance of its own, so anonymous callers cannot use up
// the challenges a school's terminal needs; asking again for a login challenge before answering the last one (how an
// action is shopped for) costs a failure of the address.

const base64 = (photo: Buffer) => photo.toString('base64');
const frames = () => [png(), png(), png(), png()].map(base64);

/** Each draw the next action in turn: a new draw shows as another action. */
function turns(): () => LivenessAction[] {
  let next = 0;
  return () => (next++ % 2 === 0 ? ['turnLeft', 'turnRight'] : ['turnRight', 'turnLeft']);
}

const refusedWith = (make: () => unknown) => {
  try {
    make();
  } catch (error) {
    return (error as ApiError).code;
  }
  return null;
};

describe('the challenge store', () => {
  it('gives a terminal its challenge when anonymous callers hold every login challenge, at the real limits', () => {
    const clock = new ManualClock();
    const store = new ChallengeStore(() => Math.floor(clock.now() / 1000));
    // 10 000 open challenges over 200 addresses (50 each): the next address is refused, the terminal is not.
    let issued = 0;
    for (let address = 0; refusedWith(() => store.issueLogin(`10.1.${address >> 8}.${address & 255}`)) === null; ) {
      issued += 1;
      if (issued % CHALLENGES_PER_ADDRESS === 0) address += 1;
    }
    expect(issued).toBe(CHALLENGES_AT_MOST);
    expect(refusedWith(() => store.issueLogin('10.2.0.1'))).toBe('face_challenges');
    const terminal = store.issueClocking('u-terminal', '192.168.1.20');
    expect(store.take(terminal.challengeId, '192.168.1.20', { kind: 'clocking', terminal: 'u-terminal' })).toEqual(
      terminal.actions,
    );
  });

  it('keeps a cap of open login challenges per address and one over all', () => {
    const store = new ChallengeStore(() => 0, turns(), { perAddress: 2, atMost: 3 });
    store.issueLogin('10.0.0.1');
    store.issueLogin('10.0.0.1');
    expect(refusedWith(() => store.issueLogin('10.0.0.1'))).toBe('face_challenges');
    store.issueLogin('10.0.0.2');
    expect(refusedWith(() => store.issueLogin('10.0.0.3'))).toBe('face_challenges');
  });

  it('hands a terminal its open challenge again, same id, action and expiry, until it is answered or nearly over', () => {
    const clock = new ManualClock();
    const store = new ChallengeStore(() => Math.floor(clock.now() / 1000), turns());
    const terminal = { kind: 'clocking', terminal: 'u-terminal' } as const;
    const first = store.issueClocking('u-terminal', '192.168.1.20');
    clock.advance(5);
    expect(store.issueClocking('u-terminal', '192.168.1.20')).toEqual({ ...first, expiresIn: first.expiresIn - 5 });
    // Another terminal has its own.
    expect(store.issueClocking('u-terminal-2', '192.168.1.21').challengeId).not.toBe(first.challengeId);
    // Answered: the next is a new draw.
    store.take(first.challengeId, '192.168.1.20', terminal);
    const second = store.issueClocking('u-terminal', '192.168.1.20');
    expect(second.challengeId).not.toBe(first.challengeId);
    // Too little time left to answer it: a new one rather than a refusal at the end of the movement.
    clock.advance(second.expiresIn - TERMINAL_REUSE_SECONDS + 1);
    const third = store.issueClocking('u-terminal', '192.168.1.20');
    expect(third.challengeId).not.toBe(second.challengeId);
    expect(refusedWith(() => store.take(second.challengeId, '192.168.1.20', terminal))).toBe('face_challenge_expired');
  });

  it('tells whether the address already held an open login challenge', () => {
    const clock = new ManualClock();
    const store = new ChallengeStore(() => Math.floor(clock.now() / 1000));
    const first = store.issueLogin('10.0.0.1');
    expect(first.heldOpen).toBe(false);
    expect(store.issueLogin('10.0.0.1').heldOpen).toBe(true);
    expect(store.issueLogin('10.0.0.2').heldOpen).toBe(false);
    // Answered or expired, a challenge is no longer held.
    store.take(first.challenge.challengeId, '10.0.0.1', { kind: 'login' });
    expect(store.issueLogin('10.0.0.1').heldOpen).toBe(true);
    clock.advance(31);
    expect(store.issueLogin('10.0.0.1').heldOpen).toBe(false);
  });
});

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  // At most 2 open login challenges per address and 6 in all, so that a few calls use them up.
  t = await startServer({
    now: clock.now,
    faceChallengeActions: turns(),
    faceChallengeLimits: { perAddress: 2, atMost: 6 },
  });
});
afterAll(() => t.stop());

/** POST through Fastify's inject, from any client address (the server trusts no proxy header: `request.ip`). */
async function inject<T>(
  server: TestServer,
  address: string,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  const response = await server.server.app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { [DEVICE_HEADER]: 'pc', ...headers },
    payload,
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() as Envelope<T> };
}
const askOn = (server: TestServer, address: string, headers?: Record<string, string>) =>
  inject<LivenessChallenge>(server, address, ENDPOINTS.faceChallenge, { mode: 'login' }, headers);
const ask = (address: string, headers?: Record<string, string>) => askOn(t, address, headers);
const loginOn = (server: TestServer, address: string, faceImage: string, challengeId: string) =>
  inject<LoginData>(server, address, ENDPOINTS.faceLogin, { faceImage, challengeId, frames: frames() });

describe('challenges over HTTP', () => {
  it('clocks a face in at a terminal while anonymous callers hold every login challenge', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const face = png();
    await teacher.post('/api/uaa/face/check', { faceImage: base64(face), userId: 'u-teacher' });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      for (const _ of [1, 2]) expect((await ask(address)).status).toBe(200);
    }
    const full = await ask('10.0.0.4');
    expect(full.status).toBe(429);
    expect(full.body).toMatchObject({
      code: 'face_challenges',
      message:
        '人脸验证请求过多，请稍后重试|||Too many face checks at once, please try again in a moment|||人臉驗證請求過多，請稍後重試',
    });
    expect((await postFace(new Client(t.url), 'login', base64(face), frames())).status).toBe(429);

    const terminal = await signedIn(t.url, 'terminal');
    const clocked = await postFace<{ userId: string }>(terminal, 'orther', base64(face), frames());
    expect(clocked.status).toBe(200);
    expect(clocked.body.data).toMatchObject({ userId: 'u-teacher' });
    clock.advance(31);
  });

  it('counts an address by its connection: X-Forwarded-For buys no other allowance', async () => {
    expect((await ask('10.0.1.1', { 'X-Forwarded-For': '172.16.0.1' })).status).toBe(200);
    expect((await ask('10.0.1.1', { 'X-Forwarded-For': '172.16.0.2' })).status).toBe(200);
    expect((await ask('10.0.1.1', { 'X-Forwarded-For': '172.16.0.3' })).body.code).toBe('face_challenges');
    clock.advance(31);
  });

  it('hands a terminal that asks again its open challenge, not a new draw', async () => {
    const terminal = await signedIn(t.url, 'terminal');
    const first = await terminal.post<LivenessChallenge>(ENDPOINTS.faceChallenge, { mode: 'orther' });
    clock.advance(3);
    const again = await terminal.post<LivenessChallenge>(ENDPOINTS.faceChallenge, { mode: 'orther' });
    expect(again.body.data).toEqual({ ...first.body.data, expiresIn: first.body.data.expiresIn - 3 });
  });
});

describe('asking again for a login challenge before answering (shopping for an action)', () => {
  it('costs the address a failure each time: after 20 it answers 429 with Retry-After, other addresses go on', async () => {
    const shop = await startServer({ now: clock.now });
    try {
      // The first is free; each of the next 20 is asked while holding open ones, and still given.
      for (let asked = 0; asked < 21; asked += 1) expect((await askOn(shop, '10.0.3.1')).status).toBe(200);
      const refused = await askOn(shop, '10.0.3.1');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
      expect(refused.body).toMatchObject({
        code: 'too_many_attempts',
        message:
          '登录失败次数过多，请 15 分钟后再试|||Too many failed sign-ins, please try again in 15 minutes|||登入失敗次數過多，請 15 分鐘後再試',
      });
      expect((await askOn(shop, '10.0.3.2')).status).toBe(200);
      // Face login itself is refused as long, and says how long is left.
      clock.advance(300);
      const later = await loginOn(shop, '10.0.3.1', base64(png()), 'any');
      expect(later.status).toBe(429);
      expect(later.headers['retry-after']).toBe('600');
      clock.advance(601);
      expect((await askOn(shop, '10.0.3.1')).status).toBe(200);
    } finally {
      await shop.stop();
    }
  });

  it('costs nothing when the last challenge was answered', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    // More sign-ins than the address's 20 failures: none of them asked while holding a challenge.
    for (let index = 0; index < 22; index += 1) {
      const face = base64(png());
      await teacher.post('/api/uaa/face/check', { faceImage: face, userId: 'u-teacher' });
      const challenge = await ask('10.0.4.1');
      expect(challenge.status).toBe(200);
      const answer = await loginOn(t, '10.0.4.1', face, challenge.body.data.challengeId);
      expect(answer.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    }
  });
});
