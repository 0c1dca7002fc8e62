import type { FastifyInstance } from 'fastify';
import type { UnboundSocial } from '../../../../src/core/api/types';
import { ENDPOINTS, INVALID_GRANT } from '../../../../src/core/api/wire';
import { tooManyAttempts } from '../../auth/password-check';
import { issueLogin } from '../../auth/session';
import type { ServerContext } from '../../context';
import { findUser } from '../../db/users';
import { ApiError, fieldError, ok, UNBOUND } from '../../envelope';
import { object, str } from '../../schemas';
import { randomToken, sha256 } from '../../util/ids';

/** A pending bind (an unbound identity waiting for the bind page) lives this long, then it is purged. */
export const PENDING_TTL_SECONDS = 30 * 60;
/** Unbound social logins add rows: they count per address like failed logins. */
const PENDING_BUCKET = 'social-pending';

const providerParam = object({ provider: str(40, { pattern: '^[A-Za-z0-9_-]+$' }) }, ['provider']);
const CODE_PATTERN = /^[A-Za-z0-9_.-]{4,128}$/;

interface SocialBody {
  code?: string;
  token?: string;
  deviceId?: string;
  unitHost?: string;
  state?: string;
}

export function registerSocialRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The path segment is the provider (`qy` work-chat, `mp` chat app) or the `state` value of a QR login (`wxqr`).
  app.post<{ Params: { provider: string }; Body: SocialBody }>(
    ENDPOINTS.social,
    {
      config: { public: true, loginLike: true },
      schema: {
        params: providerParam,
        body: object({ code: str(128), token: str(128), deviceId: str(128), unitHost: str(253), state: str(128) }),
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!findProvider(ctx, provider)) throw unknownProvider();
      const credential = request.body.code || request.body.token;
      if (!credential || !CODE_PATTERN.test(credential)) {
        const text = { zh: '授权码无效', en: 'Invalid authorisation code' };
        throw new ApiError(400, INVALID_GRANT, text, [fieldError('code', text)]);
      }
      if (ctx.limiter.exhausted(PENDING_BUCKET, request.ip))
        throw tooManyAttempts(ctx.limiter.retryAfter(PENDING_BUCKET, request.ip));
      spend(ctx, provider, credential);
      const ids = identify(ctx, provider, credential);
      const binding = ctx.db
        .prepare('SELECT user_id FROM social_bindings WHERE provider = ? AND openid = ?')
        .get(provider, ids.openid) as { user_id: string } | undefined;
      const user = binding && findUser(ctx.db, binding.user_id);
      if (user) return ok(issueLogin(ctx, reply, user, ids));
      // Unbound: remember who asked so the bind page can finish the link; the client goes there on this code.
      // Rows older than their lifetime are purged first, so pending binds never pile up.
      ctx.limiter.record(PENDING_BUCKET, request.ip);
      const now = ctx.seconds();
      ctx.db.prepare('DELETE FROM social_pending WHERE created_at <= ?').run(now - PENDING_TTL_SECONDS);
      const pendingId = randomToken(12);
      ctx.db
        .prepare(
          'INSERT INTO social_pending (id, provider, openid, unionid, device_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(pendingId, provider, ids.openid, ids.unionid, request.body.deviceId ?? null, now);
      const unbound: UnboundSocial = { ...ids, id: pendingId };
      const text = { zh: '该账号尚未绑定平台用户', en: 'This account is not bound to a user yet' };
      throw new ApiError(400, UNBOUND, text, undefined, unbound);
    },
  );

  app.get<{ Params: { provider: string }; Querystring: { unitHost?: string } }>(
    ENDPOINTS.social,
    { config: { public: true }, schema: { params: providerParam, querystring: object({ unitHost: str(253) }) } },
    async (request) => {
      const match = /^(qy|mp)_info$/.exec(request.params.provider);
      const provider = match && findProvider(ctx, match[1] as string);
      if (!provider) throw unknownProvider();
      return ok({ providerAppId: provider.app_id, provider: provider.key, name: provider.name });
    },
  );
}

/**
 * A provider's code signs in once (OAuth 2.0, RFC 6749 §4.1.2: "the client MUST NOT use the authorization code more
 * than once"), the demo's seeded ones too (issue 67: `demo-teacher-code` signed anyone in as the teacher, again and
 * again). Spent codes are kept by their SHA-256; a second use is 400 `invalid_grant`.
 */
function spend(ctx: ServerContext, provider: string, code: string): void {
  const spent = ctx.db
    .prepare('INSERT OR IGNORE INTO social_codes_spent (provider, code_hash, spent_at) VALUES (?, ?, ?)')
    .run(provider, sha256(code), ctx.seconds());
  if (spent.changes === 1) return;
  const text = {
    zh: '授权码已使用过，请重新授权登录',
    en: 'This authorisation code was used already; sign in with the provider again',
    hk: '授權碼已使用過，請重新授權登入',
  };
  throw new ApiError(400, INVALID_GRANT, text, [fieldError('code', text)]);
}

function findProvider(ctx: ServerContext, key: string) {
  return ctx.db.prepare('SELECT key, name, app_id FROM social_providers WHERE key = ?').get(key) as
    | { key: string; name: string; app_id: string }
    | undefined;
}

/**
 * A seeded code maps to its seeded openid; any other well-formed code stands for a new identity, remembered like a
 * seeded one, so that once it is bound the stand-in provider page offers it with fresh codes (codes sign in once).
 */
function identify(ctx: ServerContext, provider: string, code: string): { openid: string; unionid: string } {
  const seeded = ctx.db
    .prepare('SELECT openid, unionid FROM social_codes WHERE provider = ? AND code = ?')
    .get(provider, code) as { openid: string; unionid: string } | undefined;
  if (seeded) return seeded;
  const ids = {
    openid: `${provider}-open-${sha256(`${provider}:${code}`).slice(0, 20)}`,
    unionid: `union-${sha256(`union:${code}`).slice(0, 20)}`,
  };
  ctx.db
    .prepare('INSERT INTO social_codes (provider, code, openid, unionid) VALUES (?, ?, ?, ?)')
    .run(provider, code, ids.openid, ids.unionid);
  return ids;
}

const unknownProvider = () =>
  new ApiError(404, 'unknown_provider', { zh: '不支持的第三方登录方式', en: 'Unknown social login provider' });
