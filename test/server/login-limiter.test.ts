import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../demo/server/auth/login-limiter';
import { type Attempt, type Refusal, SignInGuard } from '../../demo/server/auth/sign-in-guard';
import { DEFAULTS } from '../../demo/server/config';
import { ManualClock } from './clock';

// The sign-in guard (issue 55, after issue 37's F12; issue 67): a school behind one address signs in together; an
// account's unknown browsers share its lock-out budget, each known browser (device token) has its own; one password
// failing at 10 names from an address is held there; the hashes run 2 at a time here, shared between addresses.
const OPTIONS = { ...DEFAULTS.loginLimit, checksAtOnce: 2 };
const guarded = (options: Partial<typeof OPTIONS> = {}) => {
  const clock = new ManualClock();
  return { clock, guard: new SignInGuard({ ...OPTIONS, ...options }, clock.now) };
};
let passwords = 0;
/** A sign-in; each with a password of its own unless one is named (the fingerprint the guard sees). */
const from = (account: string, address = '10.0.0.1', device: string | null = null, password = `p${passwords++}`) => ({
  account,
  address,
  device,
  password,
});
const started = (value: Attempt | Refusal) => {
  if ('code' in value) throw new Error(`refused: ${value.code}`);
  return value;
};
/** Lets every promise settled so far run its callbacks: queued sign-ins take their turn in the same tick. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('SignInGuard', () => {
  it('lets 500 sign-ins of different accounts from one address all in, 2 checked at a time', async () => {
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
    expect(most).toBe(2);
  });

  it('queues the 6th sign-in of one account while 5 are under way, and lets it in when one ends well', async () => {
    const { guard } = guarded({ checksAtOnce: 8 });
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

  it('holds a password that failed at 10 names from one address there, and nothing else', async () => {
    const { clock, guard } = guarded();
    for (let i = 0; i < 10; i++) started(await guard.begin(from(`pupil${i}`, '10.0.0.1', null, 'Abc@2026'))).failed();
    const held = await guard.begin(from('pupil10', '10.0.0.1', null, 'Abc@2026'));
    expect(held).toEqual({ code: 'address_throttled', until: clock.now() + 900_000 });
    // The name it is tried at next makes no difference; another password, another address or a known browser are
    // not held.
    expect(await guard.begin(from('pupil0', '10.0.0.1', null, 'Abc@2026'))).toMatchObject({
      code: 'address_throttled',
    });
    started(await guard.begin(from('pupil10', '10.0.0.1', null, 'Xyz@2026'))).succeeded();
    started(await guard.begin(from('pupil10', '10.0.0.2', null, 'Abc@2026'))).succeeded();
    started(await guard.begin(from('pupil10', '10.0.0.1', 'own-nonce', 'Abc@2026'))).succeeded();
    clock.advance(900);
    started(await guard.begin(from('pupil10', '10.0.0.1', null, 'Abc@2026'))).succeeded();
  });

  it('counts one password at one name once: a person retyping it is not a sprayer', async () => {
    const { guard } = guarded();
    for (let i = 0; i < 4; i++) started(await guard.begin(from('parent', '10.0.0.1', null, 'typo'))).failed();
    for (let i = 0; i < 9; i++) started(await guard.begin(from(`other${i}`, '10.0.0.1', null, 'typo'))).failed();
    expect(await guard.begin(from('last', '10.0.0.1', null, 'typo'))).toMatchObject({ code: 'address_throttled' });
  });

  it('never holds a correct sign-in behind a guesser at made-up names, however long he keeps going', async () => {
    const { clock, guard } = guarded();
    for (let second = 0; second < 600; second++) {
      started(await guard.begin(from(`ghost${second}`))).failed();
      if (second % 2 === 0) started(await guard.begin(from(`teacher${second}`))).succeeded();
      clock.advance(1);
    }
  });

  it('shares the hashes between addresses in turn: 300 waiting at one address delay another by one round', async () => {
    const { guard } = guarded();
    const order: string[] = [];
    const ends: Array<() => void> = [];
    const queue = (account: string, address: string) =>
      guard.begin(from(account, address)).then((value) => {
        order.push(address);
        ends.push(() => started(value).failed());
      });
    const flood = Array.from({ length: 300 }, (_, index) => queue(`ghost${index}`, '10.9.9.9'));
    await settled();
    expect(order).toEqual(['10.9.9.9', '10.9.9.9']);
    const colleague = queue('teacher', '10.0.0.1');
    await settled();
    ends.shift()!();
    ends.shift()!();
    await settled();
    // Of the next two free places, one is the flood's turn and one the other address's, before the 297 still
    // waiting at the first.
    expect(order).toEqual(['10.9.9.9', '10.9.9.9', '10.9.9.9', '10.0.0.1']);
    while (ends.length) {
      ends.shift()!();
      await settled();
    }
    await Promise.all([...flood, colleague]);
    expect(order).toHaveLength(301);
    expect(guard.underWay).toBe(0);
  });

  it('lets an address have 512 sign-ins waiting for a hash, then answers the next 429 for a second', async () => {
    const { clock, guard } = guarded();
    const running = await Promise.all([guard.begin(from('a0')), guard.begin(from('a1'))]);
    const waiting = Array.from({ length: 512 }, (_, index) =>
      guard.begin(from(`w${index}`)).then((value) => started(value).succeeded()),
    );
    await settled();
    expect(await guard.begin(from('late'))).toEqual({ code: 'address_throttled', until: clock.now() + 1000 });
    // Another address still queues.
    const elsewhere = guard.begin(from('elsewhere', '10.0.0.2')).then((value) => started(value).succeeded());
    for (const attempt of running) started(attempt).succeeded();
    await Promise.all([...waiting, elsewhere]);
    expect(guard.underWay).toBe(0);
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
