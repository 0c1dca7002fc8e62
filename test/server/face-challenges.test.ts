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
import { postFace, signedIn, startServer, type TestServer } from './helpers';

// Issue 54: a clock-in terminal's challenges come from an allowance of its own, so anonymous callers cannot use up
// the challenges a school's terminal needs. Issue 67: asking is never refused and never a failure; a full allowance
// gives up its oldest challenge (the address's own, else the largest holder's), so no flood keeps face login from
// anyone else, and asks without a photo cannot lock an address out.

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
  it('gives a terminal its challenge when anonymous callers fill every login place, at the real limits', () => {
    const clock = new ManualClock();
    const store = new ChallengeStore(() => Math.floor(clock.now() / 1000));
    // 10 000 open challenges over 200 addresses (50 each), then one more address: it gets one too.
    for (let address = 0; address < CHALLENGES_AT_MOST / CHALLENGES_PER_ADDRESS; address++) {
      for (let i = 0; i < CHALLENGES_PER_ADDRESS; i++) store.issueLogin(`10.1.${address >> 8}.${address & 255}`);
    }
    expect(store.openLogins).toBe(CHALLENGES_AT_MOST);
    const late = store.issueLogin('10.2.0.1');
    expect(store.take(late.challengeId, '10.2.0.1', { kind: 'login' })).toEqual(late.actions);
    const terminal = store.issueClocking('u-terminal', '192.168.1.20');
    expect(store.take(terminal.challengeId, '192.168.1.20', { kind: 'clocking', terminal: 'u-terminal' })).toEqual(
      terminal.actions,
    );
  });

  it("gives up an address's own oldest challenge when it holds its most, and no one else's", () => {
    const store = new ChallengeStore(() => 0, turns(), { perAddress: 2, atMost: 10 });
    const school = store.issueLogin('10.0.0.9');
    const flood = Array.from({ length: 5 }, () => store.issueLogin('10.0.0.1'));
    const take = (challenge: LivenessChallenge, address: string) =>
      refusedWith(() => store.take(challenge.challengeId, address, { kind: 'login' }));
    // The flood's first three gave way to its own newer ones; the school's is still there.
    expect(flood.map((challenge) => take(challenge, '10.0.0.1'))).toEqual([
      'face_challenge_expired',
      'face_challenge_expired',
      'face_challenge_expired',
      null,
      null,
    ]);
    expect(take(school, '10.0.0.9')).toBeNull();
  });

  it('gives up the oldest challenge of the address holding the most when all places are taken', () => {
    const store = new ChallengeStore(() => 0, turns(), { perAddress: 50, atMost: 6 });
    const school = [store.issueLogin('10.0.0.9'), store.issueLogin('10.0.0.8')];
    const flood = Array.from({ length: 10 }, (_, i) => store.issueLogin(`10.0.1.${i % 2}`));
    expect(store.openLogins).toBe(6);
    for (const [i, challenge] of school.entries()) {
      expect(refusedWith(() => store.take(challenge.challengeId, `10.0.0.${9 - i}`, { kind: 'login' }))).toBeNull();
    }
    const last = flood.at(-1)!;
    expect(refusedWith(() => store.take(last.challengeId, '10.0.1.1', { kind: 'login' }))).toBeNull();
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
  it('signs a face in, and clocks one in at a terminal, while anonymous callers keep asking from many addresses', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const face = png();
    await teacher.post('/api/uaa/face/check', { faceImage: base64(face), userId: 'u-teacher' });
    for (let round = 0; round < 3; round++) {
      for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'])
        expect((await ask(address)).status).toBe(200);
    }
    // ~480 addresses asking without end kept face login at 429 for everyone: now a new asker gets one, and answers it.
    const mine = await ask('10.0.0.5');
    expect(mine.status).toBe(200);
    const signedInByFace = await loginOn(t, '10.0.0.5', base64(face), mine.body.data.challengeId);
    expect(signedInByFace.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });

    // Another picture of her at the terminal (the same bytes again would be a replay).
    const atTheGate = png();
    await teacher.post('/api/uaa/face/check', { faceImage: base64(atTheGate), userId: 'u-teacher' });
    const terminal = await signedIn(t.url, 'terminal');
    const clocked = await postFace<{ userId: string }>(terminal, 'orther', base64(atTheGate), frames());
    expect(clocked.status).toBe(200);
    expect(clocked.body.data).toMatchObject({ userId: 'u-teacher' });
    clock.advance(31);
  });

  it('counts an address by its connection: X-Forwarded-For buys no other allowance', async () => {
    const first = await ask('10.0.1.1', { 'X-Forwarded-For': '172.16.0.1' });
    await ask('10.0.1.1', { 'X-Forwarded-For': '172.16.0.2' });
    await ask('10.0.1.1', { 'X-Forwarded-For': '172.16.0.3' });
    // Three asks from one connection's address hold its two places: the first gave way.
    const late = await loginOn(t, '10.0.1.1', base64(png()), first.body.data.challengeId);
    expect(late.body.code).toBe('invalid_grant');
    expect(late.body.message).toContain('The movement check has expired');
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

describe('asking for a login challenge without sending a photo', () => {
  it('is never a failure: 100 asks leave face login open to the address, and to the next photo', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const face = base64(png());
    await teacher.post('/api/uaa/face/check', { faceImage: face, userId: 'u-teacher' });
    // Before issue 67 the 21st ask locked face login at the address for 15 minutes (429 too_many_attempts).
    for (let asked = 0; asked < 100; asked += 1) expect((await ask('10.0.3.1')).status).toBe(200);
    const challenge = await ask('10.0.3.1');
    const answer = await loginOn(t, '10.0.3.1', face, challenge.body.data.challengeId);
    expect(answer.body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    clock.advance(31);
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
