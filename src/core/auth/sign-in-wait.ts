import { isEnvelope } from '../http/errors';

// Issue 55: a sign-in the server refuses for a while (HTTP 429 with `data: {retryAfter, until}`) is said on the form
// and stays there until the wait is over: why, how long, and that the user may try again afterwards.

/** The refusals that come with a wait: too many wrong passwords for the account (from new browsers), or from the network. */
export const SIGN_IN_WAIT_CODES = ['account_locked', 'address_throttled'] as const;
export type SignInWaitReason = (typeof SIGN_IN_WAIT_CODES)[number];

export interface SignInWait {
  reason: SignInWaitReason;
  /** When sign-ins may be tried again, in this browser's milliseconds; null when the answer did not say. */
  until: number | null;
}

/** What the form shows of a wait at one moment. */
export type SignInWaitView =
  | {
      reason: SignInWaitReason;
      state: 'waiting';
      /** Whole seconds left (rounded up), null when the end is unknown. */
      seconds: number | null;
      /**
       * The time left in hours, minutes and seconds, to be said with their units ("14 分 58 秒"): as `14:58` it read
       * as a time of day (issue 69). Null when the end is unknown.
       */
      left: CountdownParts | null;
      /** Whole minutes left (rounded up, at least 1): what a screen reader is told once. */
      minutes: number | null;
    }
  | { reason: SignInWaitReason; state: 'over' };

interface WaitData {
  retryAfter?: unknown;
  until?: unknown;
}

/**
 * The wait a failed sign-in's envelope asks for, taken at `now` (when the answer arrived), or null when it is not a
 * refusal with a wait. `retryAfter` counts from the answer, so this browser's clock need not agree with the
 * server's; `until` is used only when `retryAfter` is missing.
 */
export function signInWaitOf(envelope: unknown, now: number): SignInWait | null {
  if (!isEnvelope(envelope) || envelope.status !== 429) return null;
  const reason = SIGN_IN_WAIT_CODES.find((code) => code === envelope.code);
  if (!reason) return null;
  const data: WaitData = typeof envelope.data === 'object' && envelope.data !== null ? envelope.data : {};
  const seconds = data.retryAfter;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) {
    return { reason, until: now + Math.ceil(seconds) * 1000 };
  }
  const at = typeof data.until === 'string' ? Date.parse(data.until) : Number.NaN;
  return { reason, until: Number.isNaN(at) ? null : Math.max(at, now) };
}

/** The wait as the form shows it at `now`: waiting with the time left, or over. */
export function signInWaitView(wait: SignInWait, now: number): SignInWaitView {
  if (wait.until === null) return { reason: wait.reason, state: 'waiting', seconds: null, left: null, minutes: null };
  const seconds = Math.ceil((wait.until - now) / 1000);
  if (seconds <= 0) return { reason: wait.reason, state: 'over' };
  return {
    reason: wait.reason,
    state: 'waiting',
    seconds,
    left: countdownParts(seconds),
    minutes: Math.max(1, Math.ceil(seconds / 60)),
  };
}

export interface CountdownParts {
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole seconds (rounded up) as hours, minutes and seconds: 898 → 0 h 14 min 58 s. */
export function countdownParts(seconds: number): CountdownParts {
  const whole = Math.max(0, Math.ceil(seconds));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}

/** Milliseconds from `now` to the next moment the view changes (the next whole second), null when it never will. */
export function nextTick(wait: SignInWait, now: number): number | null {
  if (wait.until === null || wait.until <= now) return null;
  return (wait.until - now) % 1000 || 1000;
}
