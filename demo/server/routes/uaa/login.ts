import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, INVALID_GRANT } from '../../../../src/core/api/wire';
import { checkPassword, tooManyAttempts } from '../../auth/password-check';
import { issueLogin, resolveAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { findUser } from '../../db/users';
import { ApiError, ok } from '../../envelope';
import { flag, id, object, str } from '../../schemas';

const DEVICE_CLIENT_BUCKET = 'device-client';

/**
 * Signing in (password, access token traded for a new session, device client); the session's own calls (refresh,
 * me, logout) are login-session.ts's, registered next.
 */
export function registerLoginRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: { username: string; password: string } }>(
    ENDPOINTS.login,
    {
      config: { public: true, loginLike: true },
      schema: {
        body: object({ username: str(64, { minLength: 1 }), password: str(128, { minLength: 1 }), noIntercept: flag }, [
          'username',
          'password',
        ]),
      },
    },
    async (request, reply) => {
      const user = await checkPassword(ctx, request, reply, request.body);
      return ok(issueLogin(ctx, reply, user));
    },
  );

  // The access token is traded for a new session, so the session it belonged to ends: one token, one session.
  app.post<{ Body: { accessToken: string } }>(
    ENDPOINTS.relogin,
    {
      config: { public: true, loginLike: true },
      schema: { body: object({ accessToken: str(200, { minLength: 1 }) }, ['accessToken']) },
    },
    async (request, reply) => {
      const auth = resolveAuth(ctx, request.body.accessToken);
      if (!auth) {
        throw new ApiError(400, INVALID_GRANT, { zh: '登录凭证已失效', en: 'The access token is no longer valid' });
      }
      ctx.tokens.endSession(auth.sessionId);
      return ok(issueLogin(ctx, reply, auth.user));
    },
  );

  // A device-client id signs in alone, like a password: unknown ids count per address (429 past the limit).
  app.post<{ Body: { userClientId: string } }>(
    ENDPOINTS.deviceClientLogin,
    { config: { public: true, loginLike: true }, schema: { body: object({ userClientId: id }, ['userClientId']) } },
    async (request, reply) => {
      if (ctx.limiter.exhausted(DEVICE_CLIENT_BUCKET, request.ip))
        throw tooManyAttempts(ctx.limiter.retryAfter(DEVICE_CLIENT_BUCKET, request.ip));
      const client = ctx.db.prepare('SELECT user_id FROM device_clients WHERE id = ?').get(request.body.userClientId) as
        | { user_id: string }
        | undefined;
      const user = client && findUser(ctx.db, client.user_id);
      if (user) return ok(issueLogin(ctx, reply, user));
      ctx.limiter.record(DEVICE_CLIENT_BUCKET, request.ip);
      throw new ApiError(400, INVALID_GRANT, { zh: '设备客户端未登记', en: 'Unknown device client' });
    },
  );
}
