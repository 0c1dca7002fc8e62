import type { FastifyInstance } from 'fastify';
import { INVALID_GRANT } from '../../../../src/core/api/wire';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { issueLogin } from '../../auth/session';
import type { ServerContext } from '../../context';
import { findUserByLogin } from '../../db/users';
import { ApiError, bilingual, ok } from '../../envelope';
import { id, object, str } from '../../schemas';
import { nowSeconds } from '../../util/ids';

const PENDING_TTL_SECONDS = 30 * 60;

// Not in §7 (the bind page is the product's own page): added so an `unbound` social login can be finished here.
export function registerSocialBindRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/uaa/social_list', { config: { public: true } }, async () =>
    ok(ctx.db.prepare('SELECT key AS provider, name, app_id AS appId FROM social_providers ORDER BY key').all()),
  );

  app.post<{ Body: { id: string; username: string; password: string } }>(
    '/api/uaa/social_bind',
    {
      config: { public: true },
      schema: {
        body: object({ id, username: str(64, { minLength: 1 }), password: str(128, { minLength: 1 }) }, [
          'id',
          'username',
          'password',
        ]),
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      if (ctx.limiter.isBlocked(username, request.ip)) {
        throw new ApiError(
          429,
          'too_many_attempts',
          bilingual('登录失败次数过多，请稍后再试', 'Too many failed sign-ins, try again later'),
        );
      }
      const pending = ctx.db
        .prepare('SELECT provider, openid, unionid FROM social_pending WHERE id = ? AND created_at > ?')
        .get(request.body.id, nowSeconds() - PENDING_TTL_SECONDS) as
        | { provider: string; openid: string; unionid: string }
        | undefined;
      if (!pending)
        throw new ApiError(
          400,
          'bind_expired',
          bilingual('绑定请求已失效，请重新扫码', 'The binding request has expired'),
        );
      const user = findUserByLogin(ctx.db, username.trim());
      const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !valid) {
        ctx.limiter.recordFailure(username, request.ip);
        throw new ApiError(400, INVALID_GRANT, bilingual('用户名或密码错误', 'Incorrect user name or password'), [
          { field: 'password', message: bilingual('密码错误', 'Incorrect password') },
        ]);
      }
      ctx.db.transaction(() => {
        ctx.db
          .prepare(
            `INSERT INTO social_bindings (provider, openid, unionid, user_id) VALUES (?, ?, ?, ?)
             ON CONFLICT(provider, openid) DO UPDATE SET user_id = excluded.user_id`,
          )
          .run(pending.provider, pending.openid, pending.unionid, user.id);
        ctx.db.prepare('DELETE FROM social_pending WHERE id = ?').run(request.body.id);
      })();
      return ok(issueLogin(ctx, reply, user, { openid: pending.openid, unionid: pending.unionid }));
    },
  );
}
