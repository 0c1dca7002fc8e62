import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { checkPassword } from '../../auth/password-check';
import { issueLogin } from '../../auth/session';
import type { ServerContext } from '../../context';
import { ApiError, ok } from '../../envelope';
import { id, object, str } from '../../schemas';
import { serves } from '../../spec-strict';
import { PENDING_TTL_SECONDS } from './social';

// Not in §7 (the bind page is the product's own page): added so an `unbound` social login can be finished here.
export function registerSocialBindRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(ENDPOINTS.socialList, { config: { public: true } }, async () =>
    ok(ctx.db.prepare('SELECT key AS provider, name, app_id AS appId FROM social_providers ORDER BY key').all()),
  );

  if (!serves(ctx.options, 'POST', ENDPOINTS.socialBind)) return;
  app.post<{ Body: { id: string; username: string; password: string } }>(
    ENDPOINTS.socialBind,
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
      const pending = ctx.db
        .prepare('SELECT provider, openid, unionid FROM social_pending WHERE id = ? AND created_at > ?')
        .get(request.body.id, ctx.seconds() - PENDING_TTL_SECONDS) as
        | { provider: string; openid: string; unionid: string }
        | undefined;
      if (!pending) {
        throw new ApiError(400, 'bind_expired', {
          zh: '绑定请求已失效，请重新扫码',
          en: 'The binding request has expired',
        });
      }
      const user = await checkPassword(ctx, request, reply, request.body);
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
