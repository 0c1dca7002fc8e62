import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { randomToken } from '../util/ids';

/**
 * The device cookie (OWASP "Blocking Brute Force Attacks": device cookies): a browser that signed in with an
 * account's password carries a token bound to that account, so its own sign-ins keep a budget nobody elsewhere can
 * spend (sign-in-guard.ts). One cookie holds the tokens of the last few accounts signed in on the browser (a shared
 * family or classroom computer), newest first, each `base64url(userId).nonce.expiry(base36 s).hmac`.
 */
export const DEVICE_COOKIE = 'ph_device';
export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 60 * 60;
const MAX_ACCOUNTS = 5;
const SEPARATOR = '~';

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
  const expiry = (ctx.seconds() + DEVICE_TOKEN_TTL_SECONDS).toString(36);
  const payload = `${Buffer.from(userId).toString('base64url')}.${randomToken(12)}.${expiry}`;
  const fresh = `${payload}.${sign(ctx.signingSecret, payload)}`;
  const kept = [fresh, ...held.map((token) => token.text)].slice(0, MAX_ACCOUNTS);
  reply.setCookie(DEVICE_COOKIE, kept.join(SEPARATOR), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.options.secureCookies,
    maxAge: DEVICE_TOKEN_TTL_SECONDS,
  });
}

function deviceTokens(ctx: ServerContext, request: FastifyRequest): DeviceToken[] {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (!cookie || cookie.length > 1000) return [];
  const now = ctx.seconds();
  return cookie
    .split(SEPARATOR)
    .slice(0, MAX_ACCOUNTS)
    .flatMap((text) => {
      const [user, nonce, expiry, signature] = text.split('.');
      if (!user || !nonce || !expiry || !signature) return [];
      if (!sameText(signature, sign(ctx.signingSecret, `${user}.${nonce}.${expiry}`))) return [];
      if (Number.parseInt(expiry, 36) <= now) return [];
      return [{ userId: Buffer.from(user, 'base64url').toString(), nonce, text }];
    });
}

/** 128 bits of HMAC-SHA256, apart from every other use of the signing secret. */
function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`device-token:${payload}`).digest().subarray(0, 16).toString('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
