import { tooManyAttempts } from '../auth/password-check';
import type { ServerContext } from '../context';
import type { FaceCaller } from './matcher';

// Which failures of the face calls count where (issue 37 F3, issue 54). Each bucket is read only by the call whose
// failures fill it, so failures at one cannot shut the person out of another:
// - public face login counts per address and per person's face, and reads only those;
// - a clock-in terminal counts per person's face in a bucket of its own, read only by clock-in: a photo held up at a
//   terminal gets a few tries at the movement asked for, not endless ones, and a stranger's face logins from the
//   internet cannot stop the person clocking in at school;
// - password sign-in has its own guard (auth/sign-in-guard.ts), which none of these touch.

/** Failed face sign-ins per address (a photo sent and refused; asking for a challenge is not one): `loginLimit.perAddress`. */
export const FACE_LOGIN_BUCKET = 'face-login';
/** Near misses and failed movements on one person's face at public face login: `loginLimit.perAccount`. */
export const FACE_LOGIN_PERSON_BUCKET = 'face-login-person';
/** The same at clock-in terminals. */
export const CLOCKING_PERSON_BUCKET = 'face-clocking-person';

/** The person bucket of a call: the public caller is face login, a signed-in one a clock-in terminal. */
const personBucket = (caller: FaceCaller) => (caller === 'public' ? FACE_LOGIN_PERSON_BUCKET : CLOCKING_PERSON_BUCKET);

/** Throws 429 `too_many_attempts` (with `Retry-After`) when the address has used up its face-login failures. */
export function refuseLockedAddress(ctx: ServerContext, address: string): void {
  if (ctx.limiter.exhausted(FACE_LOGIN_BUCKET, address)) {
    throw tooManyAttempts(ctx.limiter.retryAfter(FACE_LOGIN_BUCKET, address));
  }
}

export function countAgainstAddress(ctx: ServerContext, address: string): void {
  ctx.limiter.record(FACE_LOGIN_BUCKET, address);
}

/** Throws 429 `too_many_attempts` when this call's failures on the person's face lock it to them for the window. */
export function refuseLockedPerson(ctx: ServerContext, caller: FaceCaller, userId: string): void {
  const bucket = personBucket(caller);
  if (ctx.limiter.exhaustedForPerson(bucket, userId)) {
    throw tooManyAttempts(ctx.limiter.retryAfterForPerson(bucket, userId));
  }
}

export function countAgainstPerson(ctx: ServerContext, caller: FaceCaller, userId: string): void {
  ctx.limiter.record(personBucket(caller), userId);
}
