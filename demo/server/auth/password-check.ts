import { INVALID_GRANT } from '../../../src/core/api/wire';
import type { ServerContext } from '../context';
import { findUserByLogin, type UserRow } from '../db/users';
import { ApiError, fieldError, type Text } from '../envelope';
import { DUMMY_HASH, verifyPassword } from './passwords';

/**
 * The one password check of the server — API login, social bind and the SSO page. The attempt holds its place in
 * the account's guard before the hash is computed (concurrent guesses cannot slip past the limit), a success clears
 * the account's failures, a failure counts for the account and the address, and unknown users cost a full hash as
 * well, so neither timing nor answers tell which accounts exist. Throws 429 `too_many_attempts` (failures) or
 * `sign_in_busy` (the account's guard is full of sign-ins under way), or 400 `invalid_grant`.
 */
export async function checkPassword(
  ctx: ServerContext,
  username: string,
  password: string,
  address: string,
): Promise<UserRow> {
  const account = username.trim();
  const attempt = ctx.limiter.begin(account, address);
  if (attempt === 'failures') throw tooManyAttempts(ctx.limiter.windowSeconds);
  if (attempt === 'busy') throw signInBusy();
  let user: UserRow | undefined;
  try {
    user = findUserByLogin(ctx.db, account);
    if (!(await verifyPassword(password, user?.password_hash ?? DUMMY_HASH))) user = undefined;
  } finally {
    if (user) attempt.succeeded();
    else attempt.failed();
  }
  if (!user) throw wrongCredentials();
  return user;
}

/** Sign-ins of one account already under way fill its guard: the account is not locked, a moment later it passes. */
export function signInBusy(): ApiError {
  return new ApiError(429, 'sign_in_busy', {
    zh: '该账号正在登录，请稍后再试',
    en: 'This account is already signing in; please try again in a moment',
  });
}

export function wrongCredentials(): ApiError {
  return new ApiError(400, INVALID_GRANT, { zh: '用户名或密码错误', en: 'Incorrect user name or password' }, [
    fieldError('password', { zh: '密码错误', en: 'Incorrect password' }),
  ]);
}

/** The rate-limit answer, naming the configured window (not a fixed "15 minutes"). */
export function tooManyAttempts(windowSeconds: number): ApiError {
  const wait = waitText(windowSeconds);
  return new ApiError(429, 'too_many_attempts', {
    zh: `登录失败次数过多，请 ${wait.zh}后再试`,
    en: `Too many failed sign-ins, please try again in ${wait.en}`,
  });
}

function waitText(seconds: number): Text {
  if (seconds >= 60 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return { zh: `${minutes} 分钟`, en: `${minutes} minute${minutes === 1 ? '' : 's'}` };
  }
  return { zh: `${seconds} 秒`, en: `${seconds} second${seconds === 1 ? '' : 's'}` };
}
