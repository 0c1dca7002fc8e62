import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../demo/server/auth/login-limiter';
import { ManualClock } from './clock';

// The sign-in guard (issue 37, F12): failures count per account and per address, sign-ins under way only per
// account. A school behind one address signs in together; guesses at one account cannot all be tried at once.
const OPTIONS = { perAccount: 5, perAddress: 20, windowSeconds: 900 };
const limiter = () => {
  const clock = new ManualClock();
  return { clock, guard: new LoginLimiter(OPTIONS, clock.now) };
};
const started = (value: ReturnType<LoginLimiter['begin']>) => {
  if (typeof value === 'string') throw new Error(`refused: ${value}`);
  return value;
};

describe('LoginLimiter', () => {
  it('lets any number of sign-ins of different accounts from one address run at once', () => {
    const { guard } = limiter();
    const attempts = Array.from({ length: 500 }, (_, index) => guard.begin(`teacher${index}`, '10.0.0.1'));
    expect(attempts.filter((attempt) => typeof attempt === 'string')).toEqual([]);
    for (const attempt of attempts) started(attempt).succeeded();
    expect(typeof guard.begin('teacher0', '10.0.0.1')).toBe('object');
  });

  it('holds sign-ins of one account under way with its failures to 5: the 6th waits (busy), not locked', () => {
    const { guard } = limiter();
    const first = Array.from({ length: 5 }, () => started(guard.begin('parent', '10.0.0.1')));
    expect(guard.begin('parent', '10.0.0.2')).toBe('busy');
    first[0]!.succeeded();
    expect(typeof guard.begin('parent', '10.0.0.2')).toBe('object');
  });

  it('refuses an account after 5 failures for the window, from any address, and a success forgives them', () => {
    const { clock, guard } = limiter();
    for (let i = 0; i < 4; i++) started(guard.begin('parent', `10.0.0.${i}`)).failed();
    started(guard.begin('parent', '10.0.0.9')).succeeded();
    for (let i = 0; i < 5; i++) started(guard.begin('parent', `10.0.1.${i}`)).failed();
    expect(guard.begin('parent', '10.0.2.1')).toBe('failures');
    clock.advance(899);
    expect(guard.begin('parent', '10.0.2.1')).toBe('failures');
    clock.advance(2);
    expect(typeof guard.begin('parent', '10.0.2.1')).toBe('object');
  });

  it('counts only failures per address: 20 of them close it to every account', () => {
    const { guard } = limiter();
    for (let i = 0; i < 30; i++) started(guard.begin(`teacher${i}`, '10.0.0.1')).succeeded();
    for (let i = 0; i < 20; i++) started(guard.begin(`ghost${i}`, '10.0.0.1')).failed();
    expect(guard.begin('teacher0', '10.0.0.1')).toBe('failures');
    expect(typeof guard.begin('teacher0', '10.0.0.2')).toBe('object');
  });

  it('ends an attempt once: a second end changes nothing', () => {
    const { guard } = limiter();
    const attempt = started(guard.begin('parent', '10.0.0.1'));
    attempt.failed();
    attempt.failed();
    attempt.succeeded();
    for (let i = 0; i < 4; i++) started(guard.begin('parent', '10.0.0.1')).failed();
    expect(guard.begin('parent', '10.0.0.1')).toBe('failures');
  });
});
