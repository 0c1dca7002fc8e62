import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { randomToken } from '../util/ids';
import { mac, sameSecret } from './keys';

/**
 * The device cookie (OWASP "Blocking Brute Force Attacks": device cookies): a browser that signed in with an
 * account's password carries a token bound to that account, so its own sign-ins keep a budget nobody elsewhere can
 * spend (sign-in-guard.ts). One cookie holds the tokens of the last few accounts signed in on the browser (a shared
 * family or classroom computer), newest first, each `base64url(userId).nonce.expiry.mac`: the expiry in decimal epoch
 * seconds, the MAC 128 bits of HMAC-SHA256 under the device-cookie key (keys.ts), which signs nothing else.
 */
export const DEVICE_COOKIE = 'ph_device';
export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 60 * 60;
const MAX_ACCOUNTS = 5;
const SEPARATOR = '~';
/** Bytes of the nonce (16 base64url characters) and of the MAC kept (22). */
const NONCE_BYTES = 12;
const MAC_BYTES = 16;

/**
 * A token's exact shape, field by field: a user id of the seed's alphabet in canonical base64url, the nonce and the
 * MAC at their exact lengths, the expiry in digits only. Anything else — a fifth field, an expiry with letters after
 * its digits (which `parseInt` once read as a date centuries away), padding — is no token.
 */
const TOKEN = /^([A-Za-z0-9_-]{2,86})\.([A-Za-z0-9_-]{16})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{22})$/;
const USER_ID = /^[A-Za-z0-9_.-]{1,64}$/;

interface DeviceToken {
  userId: string;
  nonce: string;
  text: string;
}

/** The nonce of the browser's valid device token for the user, if it carries one. */
export function deviceNonce(ctx: ServerContext, request: FastifyRequest, userId: string | undefined): string | null {
  if (!userId) return null;
  return deviceTokens(ctx, request).find((token) => token.userId === userId)?.nonce ?? null;
}

/** After a correct password: the browser gets a token for the user unless it already holds a valid one. */
export function rememberDevice(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, userId: string): void {
  const held = deviceTokens(ctx, request);
  if (held.some((token) => token.userId === userId)) return;
  const user = Buffer.from(userId).toString('base64url');
  const nonce = randomToken(NONCE_BYTES);
  const expiry = String(ctx.seconds() + DEVICE_TOKEN_TTL_SECONDS);
  const fresh = `${user}.${nonce}.${expiry}.${sign(ctx, user, nonce, expiry)}`;
  const kept = [fresh, ...held.map((token) => token.text)].slice(0, MAX_ACCOUNTS);
  reply.setCookie(DEVICE_COOKIE, kept.join(SEPARATOR), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.options.secureCookies,
    maxAge: DEVICE_TOKEN_TTL_SECONDS,
  });
}

/** The valid tokens of the request's device cookie, read strictly (readDeviceToken). */
function deviceTokens(ctx: ServerContext, request: FastifyRequest): DeviceToken[] {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (!cookie || cookie.length > 1000) return [];
  return cookie
    .split(SEPARATOR)
    .slice(0, MAX_ACCOUNTS)
    .flatMap((text) => {
      const token = readDeviceToken(ctx, text);
      return token ? [token] : [];
    });
}

/** One token, if it has the exact shape, its MAC is right (compared in constant time) and it has not expired. */
export function readDeviceToken(ctx: ServerContext, text: string): DeviceToken | null {
  const match = TOKEN.exec(text);
  if (!match) return null;
  const [, user = '', nonce = '', expiry = '', signature = ''] = match;
  if (!sameSecret(signature, sign(ctx, user, nonce, expiry))) return null;
  if (Number(expiry) <= ctx.seconds()) return null;
  const userId = Buffer.from(user, 'base64url').toString();
  // Canonical only: one user id, one spelling of it.
  if (!USER_ID.test(userId) || Buffer.from(userId).toString('base64url') !== user) return null;
  return { userId, nonce, text };
}

function sign(ctx: ServerContext, user: string, nonce: string, expiry: string): string {
  return mac(ctx.keys.deviceCookie, user, nonce, expiry).subarray(0, MAC_BYTES).toString('base64url');
}
