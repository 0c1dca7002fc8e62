import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../demo/server/auth/login-limiter';
import { type Attempt, type Refusal, SignInGuard } from '../../demo/server/auth/sign-in-guard';
import { DEFAULTS } from '../../demo/server/config';
import { ManualClock } from './clock';

// The sign-in guard (issue 55, after issue 37's F12): a school behind one address signs in together; an account's
// unknown browsers share its lock-out budget, each known browser (device token) has its own; an address gets at most
// 25 wrong passwords checked a minute, and sign-ins past its 16 under way wait their turn.
const OPTIONS = { ...DEFAULTS.loginLimit };
const guarded = () => {
  const clock = new ManualClock();
  return { clock, guard: new SignInGuard(OPTIONS, clock.now) };
};
const from = (account: string, address = '10.0.0.1', device: string | null = null) => ({ account, address, device });
const started = (value: Attempt | Refusal) => {
  if ('code' in value) throw new Error(`refused: ${value.code}`);
  return value;
};
/** Lets every promise settled so far run its callbacks: queued sign-ins take their turn in the same tick. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('SignInGuard', () => {
  it('lets 500 sign-ins of different accounts from one address all in, 16 checked at a time', async () => {
    const { guard } = guarded();
    let underWay = 0;
    let most = 0;
    const signIns = Array.from({ length: 500 }, async (_, index) => {
      const attempt = started(await guard.begin(from(`teacher${index}`)));
      underWay += 1;
      most = Math.max(most, underWay);
      await settled();
      underWay -= 1;
      attempt.succeeded();
    });
    await Promise.all(signIns);
    expect(most).toBe(16);
  });

  it('queues the 6th sign-in of one account while 5 are under way, and lets it in when one ends well', async () => {
    const { guard } = guarded();
    const first = await Promise.all(Array.from({ length: 5 }, () => guard.begin(from('parent')).then(started)));
    let sixth: Attempt | Refusal | undefined;
    void guard.begin(from('parent', '10.0.0.2')).then((value) => {
      sixth = value;
    });
    await settled();
    expect(sixth).toBeUndefined();
    first[0]!.succeeded();
    await settled();
    expect(sixth).toMatchObject({ succeeded: expect.any(Function) });
  });

  it('locks an account to unknown browsers after 5 failures for 15 minutes, from any address', async () => {
    const { clock, guard } = guarded();
    for (let i = 0; i < 4; i++) started(await guard.begin(from('parent', `10.0.0.${i}`))).failed();
    started(await guard.begin(from('parent', '10.0.0.9'))).succeeded();
    for (let i = 0; i < 5; i++) started(await guard.begin(from('parent', `10.0.1.${i}`))).failed();
    expect(await guard.begin(from('parent', '10.0.2.1'))).toEqual({
      code: 'account_locked',
      until: clock.now() + 900_000,
    });
    clock.advance(899);
    expect(await guard.begin(from('parent', '10.0.2.1'))).toMatchObject({ code: 'account_locked' });
    clock.advance(2);
    expect(started(await guard.begin(from('parent', '10.0.2.1')))).toBeTruthy();
  });

  it('judges guesses queued behind 5 failures after them: 40 at once, 5 tried, 35 refused', async () => {
    const { guard } = guarded();
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const value = await guard.begin(from('rush7'));
        if (!('code' in value)) value.failed();
        return 'code' in value ? value.code : 'tried';
      }),
    );
    expect(answers.filter((answer) => answer === 'tried')).toHaveLength(5);
    expect(answers.filter((answer) => answer === 'account_locked')).toHaveLength(35);
  });

  it('gives a known browser its own budget: it signs in past the account lock, and locks alone after 5', async () => {
    const { guard } = guarded();
    for (let i = 0; i < 5; i++) started(await guard.begin(from('teacher'))).failed();
    expect(await guard.begin(from('teacher'))).toMatchObject({ code: 'account_locked' });
    started(await guard.begin(from('teacher', '10.0.0.1', 'own-nonce'))).succeeded();
    for (let i = 0; i < 5; i++) started(await guard.begin(from('teacher', '10.0.0.1', 'stolen-nonce'))).failed();
    expect(await guard.begin(from('teacher', '10.0.0.1', 'stolen-nonce'))).toMatchObject({ code: 'account_locked' });
    expect(started(await guard.begin(from('teacher', '10.0.0.1', 'own-nonce')))).toBeTruthy();
  });

  it('checks 16 wrong passwords from one address at once, then 9 a minute: at most 25 in any minute', async () => {
    const { clock, guard } = guarded();
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const value = await guard.begin(from(`ghost${index}`));
        if ('code' in value) return value;
        await settled();
        value.failed();
        return 'tried';
      }),
    );
    expect(answers.filter((answer) => answer === 'tried')).toHaveLength(16);
    const refusals = answers.filter((answer): answer is Refusal => answer !== 'tried');
    expect(new Set(refusals.map((refusal) => refusal.code))).toEqual(new Set(['address_throttled']));
    expect(refusals[0]?.until).toBe(clock.now() + Math.ceil(60_000 / 9));
    clock.advance(Math.ceil(60_000 / 9) / 1000);
    started(await guard.begin(from('colleague'))).succeeded();
    // A correct password gives its place back: the colleague's success left room for the next.
    started(await guard.begin(from('other-colleague'))).failed();
    expect(await guard.begin(from('guesser'))).toMatchObject({ code: 'address_throttled' });
    expect(started(await guard.begin(from('ghost', '10.0.0.2')))).toBeTruthy();
  });

  it('ends an attempt once: a second end changes nothing', async () => {
    const { guard } = guarded();
    const attempt = started(await guard.begin(from('parent')));
    attempt.failed();
    attempt.failed();
    attempt.succeeded();
    for (let i = 0; i < 3; i++) started(await guard.begin(from('parent'))).failed();
    expect(started(await guard.begin(from('parent')))).toBeTruthy();
  });
});

describe('LoginLimiter (the other public calls)', () => {
  it('counts a bucket per address in the window', () => {
    const clock = new ManualClock();
    const limiter = new LoginLimiter({ ...OPTIONS, perAddress: 3 }, clock.now);
    for (let i = 0; i < 3; i++) limiter.record('device-client', '10.0.0.1');
    expect(limiter.exhausted('device-client', '10.0.0.1')).toBe(true);
    expect(limiter.exhausted('device-client', '10.0.0.2')).toBe(false);
    expect(limiter.exhausted('social', '10.0.0.1')).toBe(false);
    clock.advance(OPTIONS.windowSeconds + 1);
    expect(limiter.exhausted('device-client', '10.0.0.1')).toBe(false);
  });

  it('says how long until a full bucket lets one more through: when its oldest failure that counts leaves', () => {
    const clock = new ManualClock();
    const limiter = new LoginLimiter({ ...OPTIONS, perAddress: 3, perAccount: 2 }, clock.now);
    // Failures at 0, 100 and 200 s: the one at 0 s leaves the 900 s window at 900 s.
    for (let i = 0; i < 3; i++) {
      limiter.record('face-login', '10.0.0.1');
      clock.advance(100);
    }
    expect(limiter.retryAfter('face-login', '10.0.0.1')).toBe(600);
    clock.advance(600);
    expect(limiter.exhausted('face-login', '10.0.0.1')).toBe(false);
    // Past the limit, the failure whose leaving brings the count under it: the second of three (at 10 s) with a
    // limit of 2, in whole seconds rounded up.
    for (const step of [10, 10, 0.5]) {
      limiter.record('face-login-person', 'u-teacher');
      clock.advance(step);
    }
    // Now 20.5 s after the first: the second leaves in 889.5 s.
    expect(limiter.retryAfterForPerson('face-login-person', 'u-teacher')).toBe(890);
  });
});
