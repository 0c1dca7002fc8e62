import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownParts, nextTick, signInWaitOf, signInWaitView } from '../../../src/core/auth';

// Issue 55: what the login form shows of a sign-in the server refuses for a while, as the clock moves on.

const locked = (data: unknown, code = 'account_locked') => ({
  status: 429,
  code,
  message: '登录失败次数过多|||Too many failed sign-ins',
  data,
});

describe('signInWaitOf: which refusals come with a wait', () => {
  it('takes the two codes of issue 55 from a 429, counting retryAfter from the answer', () => {
    const now = Date.UTC(2026, 2, 1, 8, 0, 0);
    expect(signInWaitOf(locked({ retryAfter: 900, until: '2026-03-01T08:15:00Z' }), now)).toEqual({
      reason: 'account_locked',
      until: now + 900_000,
    });
    expect(signInWaitOf(locked({ retryAfter: 59.2 }, 'address_throttled'), now)).toEqual({
      reason: 'address_throttled',
      until: now + 60_000,
    });
  });

  it("trusts retryAfter over until, whose clock is the server's", () => {
    const now = Date.UTC(2026, 2, 1, 8, 0, 0);
    // The server's clock is an hour ahead: its `until` would mean a wait of 1 h 15 min here.
    const wait = signInWaitOf(locked({ retryAfter: 900, until: '2026-03-01T09:15:00Z' }), now);
    expect(wait?.until).toBe(now + 900_000);
  });

  it('falls back on until, never before now, and on no end at all', () => {
    const now = Date.UTC(2026, 2, 1, 8, 0, 0);
    expect(signInWaitOf(locked({ until: '2026-03-01T08:05:00Z' }), now)?.until).toBe(now + 300_000);
    expect(signInWaitOf(locked({ until: '2026-03-01T07:00:00Z' }), now)?.until).toBe(now);
    expect(signInWaitOf(locked({ retryAfter: -5, until: 'soon' }), now)).toEqual({
      reason: 'account_locked',
      until: null,
    });
    expect(signInWaitOf(locked(null), now)).toEqual({ reason: 'account_locked', until: null });
  });

  it('is null for any other answer: a wrong password, another 429, no envelope', () => {
    const now = Date.now();
    expect(signInWaitOf({ status: 400, code: 'invalid_grant', message: 'x', data: null }, now)).toBeNull();
    expect(signInWaitOf(locked({ retryAfter: 5 }, 'sign_in_busy'), now)).toBeNull();
    expect(signInWaitOf({ ...locked({ retryAfter: 5 }), status: 200 }, now)).toBeNull();
    expect(signInWaitOf(undefined, now)).toBeNull();
    expect(signInWaitOf('429', now)).toBeNull();
  });
});

describe('signInWaitView: the countdown as time passes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T08:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down in whole seconds, then says the wait is over', () => {
    const wait = signInWaitOf(locked({ retryAfter: 125 }), Date.now());
    if (!wait) throw new Error('no wait');
    expect(signInWaitView(wait, Date.now())).toEqual({
      reason: 'account_locked',
      state: 'waiting',
      seconds: 125,
      left: { hours: 0, minutes: 2, seconds: 5 },
      minutes: 3,
    });
    vi.advanceTimersByTime(400);
    expect(signInWaitView(wait, Date.now())).toMatchObject({ seconds: 125, left: { minutes: 2, seconds: 5 } });
    vi.advanceTimersByTime(600);
    expect(signInWaitView(wait, Date.now())).toMatchObject({
      seconds: 124,
      left: { minutes: 2, seconds: 4 },
      minutes: 3,
    });
    vi.advanceTimersByTime(64_000);
    expect(signInWaitView(wait, Date.now())).toMatchObject({
      seconds: 60,
      left: { minutes: 1, seconds: 0 },
      minutes: 1,
    });
    vi.advanceTimersByTime(59_999);
    expect(signInWaitView(wait, Date.now())).toMatchObject({
      state: 'waiting',
      seconds: 1,
      left: { hours: 0, minutes: 0, seconds: 1 },
    });
    vi.advanceTimersByTime(1);
    expect(signInWaitView(wait, Date.now())).toEqual({ reason: 'account_locked', state: 'over' });
    vi.advanceTimersByTime(3_600_000);
    expect(signInWaitView(wait, Date.now())).toEqual({ reason: 'account_locked', state: 'over' });
  });

  it('keeps waiting without a clock when the answer named no end', () => {
    const wait = signInWaitOf(locked({}, 'address_throttled'), Date.now());
    if (!wait) throw new Error('no wait');
    vi.advanceTimersByTime(86_400_000);
    expect(signInWaitView(wait, Date.now())).toEqual({
      reason: 'address_throttled',
      state: 'waiting',
      seconds: null,
      left: null,
      minutes: null,
    });
    expect(nextTick(wait, Date.now())).toBeNull();
  });

  it('ticks on the whole second, until the end', () => {
    const wait = signInWaitOf(locked({ retryAfter: 3 }), Date.now());
    if (!wait) throw new Error('no wait');
    expect(nextTick(wait, Date.now())).toBe(1000);
    vi.advanceTimersByTime(250);
    expect(nextTick(wait, Date.now())).toBe(750);
    vi.advanceTimersByTime(2750);
    expect(nextTick(wait, Date.now())).toBeNull();
  });
});

describe('countdownParts (issue 69: `14:58` read as a time of day)', () => {
  it('splits whole seconds, rounded up, into hours, minutes and seconds, to be said with their units', () => {
    expect(countdownParts(0)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(8.2)).toEqual({ hours: 0, minutes: 0, seconds: 9 });
    expect(countdownParts(898)).toEqual({ hours: 0, minutes: 14, seconds: 58 });
    expect(countdownParts(3599)).toEqual({ hours: 0, minutes: 59, seconds: 59 });
    expect(countdownParts(3600)).toEqual({ hours: 1, minutes: 0, seconds: 0 });
    expect(countdownParts(7385)).toEqual({ hours: 2, minutes: 3, seconds: 5 });
  });
});
