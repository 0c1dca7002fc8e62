import type { FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_GRANT } from '../../../src/core/api/wire';
import type { ServerContext } from '../context';
import { findUserByLogin, type UserRow } from '../db/users';
import { ApiError, fieldError, type Text } from '../envelope';
import { deviceNonce, rememberDevice } from './device-tokens';
import { mac } from './keys';
import { dummyHash } from './passwords';
import type { Refusal } from './sign-in-guard';

/**
 * The one password check of the server — API login, social bind and the SSO page. The sign-in waits for its turn in
 * the guard (sign-in-guard.ts) before the hash is computed, so guesses sent at once are judged after the failures
 * ahead of them; unknown users cost a full hash as well, so neither timing nor answers tell which accounts exist. A
 * correct password gives the browser its device token for the account. Throws 429 `account_locked` or
 * `address_throttled` (refused()), or 400 `invalid_grant`.
 */
export async function checkPassword(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { username: string; password: string },
): Promise<UserRow> {
  const account = credentials.username.trim();
  const found = findUserByLogin(ctx.db, account);
  const device = deviceNonce(ctx, request, found?.id);
  const password = mac(ctx.keys.passwordFingerprint, credentials.password.normalize('NFKC')).toString('base64url');
  const attempt = await ctx.signIns.begin({ account, address: request.ip, device, password });
  if ('code' in attempt) throw refused(attempt, ctx.now());
  let user: UserRow | undefined;
  try {
    if (await ctx.verifyPassword(credentials.password, found?.password_hash ?? dummyHash(ctx.options.passwordCost)))
      user = found;
  } finally {
    if (user) attempt.succeeded();
    else attempt.failed();
  }
  if (!user) throw wrongCredentials();
  rememberDevice(ctx, request, reply, user.id);
  return user;
}

/**
 * A sign-in held back, as the login form explains it: 429 with `Retry-After` and `data: {retryAfter, until}` (whole
 * seconds, and the ISO time they end at), which the form counts down.
 */
export function refused(refusal: Refusal, now: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil((refusal.until - now) / 1000));
  const wait = waitText(retryAfter);
  const text: Text =
    refusal.code === 'account_locked'
      ? {
          zh: `该账号登录失败次数过多，已暂时锁定，请 ${wait.zh}后再试，或在以前登录过的浏览器上登录`,
          en: `Too many failed sign-ins for this account; try again in ${wait.en}, or sign in on a browser you used before`,
          hk: `該賬號登入失敗次數過多，已暫時鎖定，請 ${wait.hk}後再試，或在以前登入過的瀏覽器上登入`,
        }
      : {
          zh: `此网络的密码错误次数过多，请 ${wait.zh}后再试`,
          en: `Too many wrong passwords from this network; please try again in ${wait.en}`,
          hk: `此網絡的密碼錯誤次數過多，請 ${wait.hk}後再試`,
        };
  const data = { retryAfter, until: new Date(now + retryAfter * 1000).toISOString() };
  return new ApiError(429, refusal.code, text, undefined, data, { 'Retry-After': String(retryAfter) });
}

export function wrongCredentials(): ApiError {
  return new ApiError(400, INVALID_GRANT, { zh: '用户名或密码错误', en: 'Incorrect user name or password' }, [
    fieldError('password', { zh: '密码错误', en: 'Incorrect password' }),
  ]);
}

/**
 * The rate-limit answer of the other public calls (face login, social, device clients): 429 naming the wait, and
 * `Retry-After` with it, as the password refusals do. zh-HK's word for signing in is 登入 (docs/glossary.json).
 */
export function tooManyAttempts(retryAfter: number): ApiError {
  const wait = waitText(retryAfter);
  const text: Text = {
    zh: `登录失败次数过多，请 ${wait.zh}后再试`,
    en: `Too many failed sign-ins, please try again in ${wait.en}`,
    hk: `登入失敗次數過多，請 ${wait.hk}後再試`,
  };
  return new ApiError(429, 'too_many_attempts', text, undefined, null, { 'Retry-After': String(retryAfter) });
}

/** Whole minutes from a minute up (rounded up: never a shorter wait than the real one), else seconds. */
function waitText(seconds: number): Text {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return { zh: `${minutes} 分钟`, en: `${minutes} minute${minutes === 1 ? '' : 's'}`, hk: `${minutes} 分鐘` };
  }
  return { zh: `${seconds} 秒`, en: `${seconds} second${seconds === 1 ? '' : 's'}`, hk: `${seconds} 秒` };
}
