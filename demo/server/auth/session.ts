import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginData } from '../../../src/core/api/types';
import {
  ACCESS_TOKEN_COOKIE,
  AUTHORIZATION_HEADER,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_COOKIE,
} from '../../../src/core/api/wire';
import type { AuthContext, ServerContext } from '../context';
import { findUnit, findUser, isFaceTerminal, type UserRow } from '../db/users';
import { errors } from '../envelope';
import type { SocialIds } from './tokens';

/** Starts a session for the user, sets both HttpOnly cookies and answers the LoginData of types.ts. */
export function issueLogin(ctx: ServerContext, reply: FastifyReply, user: UserRow, social?: SocialIds): LoginData {
  const issued = ctx.tokens.startSession(user.id, social);
  setAccessCookie(ctx, reply, issued.accessToken);
  setRefreshCookie(ctx, reply, issued.refreshToken, ctx.options.refreshTtlSeconds);
  return loginData(ctx, user, issued.accessToken, issued.expiresIn, social);
}

export function loginData(
  ctx: ServerContext,
  user: UserRow,
  accessToken: string,
  expiresIn: number,
  social?: SocialIds | null,
): LoginData {
  const unit = findUnit(ctx.db, user.unit_id);
  const data: LoginData = {
    accessToken,
    expiresIn,
    unitType: unit?.unit_type ?? '2',
    unitId: user.unit_id,
    userType: user.user_type,
    userId: user.id,
  };
  if (social) {
    data.openid = social.openid;
    data.unionid = social.unionid;
  }
  // Added (issue 69): a clock-in terminal's sign-in lands on the clock-in page, not on a desktop.
  if (isFaceTerminal(ctx.db, user.id)) data.faceTerminal = true;
  return data;
}

export function setAccessCookie(ctx: ServerContext, reply: FastifyReply, accessToken: string): void {
  reply.setCookie(ACCESS_TOKEN_COOKIE, accessToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.options.secureCookies,
    maxAge: ctx.options.accessTtlSeconds,
  });
}

/** The refresh cookie lives as long as its session: `maxAge` is what the session has left, in seconds. */
export function setRefreshCookie(ctx: ServerContext, reply: FastifyReply, refreshToken: string, maxAge: number): void {
  reply.setCookie(REFRESH_TOKEN_COOKIE, refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.options.secureCookies,
    maxAge,
  });
}

export function clearCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_TOKEN_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_TOKEN_COOKIE, { path: REFRESH_COOKIE_PATH });
}

/** The bearer header wins; the cookie is the fallback for pages that let the browser carry the token. */
export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers[AUTHORIZATION_HEADER.toLowerCase()];
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (match) return match[1];
  }
  return request.cookies[ACCESS_TOKEN_COOKIE] || undefined;
}

export function resolveAuth(ctx: ServerContext, token: string | undefined): AuthContext | null {
  if (!token || token.length > 200) return null;
  const access = ctx.tokens.resolveAccess(token);
  if (!access) return null;
  const user = findUser(ctx.db, access.userId);
  if (!user) return null;
  return { user, sessionId: access.sessionId, openid: access.openid, unionid: access.unionid };
}

/** For handlers of non-public routes: the hook has already answered 401 when nobody is signed in. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}
