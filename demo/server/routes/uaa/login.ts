import type { FastifyInstance } from 'fastify';
import type { MeData } from '../../../../src/core/api/types';
import {
  ENDPOINTS,
  endpointPath,
  INVALID_GRANT,
  REFRESH_TOKEN_COOKIE,
  SIGNATURE_HEADER,
} from '../../../../src/core/api/wire';
import { checkPassword, tooManyAttempts } from '../../auth/password-check';
import {
  clearCookies,
  issueLogin,
  loginData,
  readAccessToken,
  requireAuth,
  resolveAuth,
  setAccessCookie,
  setRefreshCookie,
} from '../../auth/session';
import { signatureHeader } from '../../auth/signature';
import type { ServerContext } from '../../context';
import { findUnit, findUser, isAdmin } from '../../db/users';
import { ApiError, errors, ok } from '../../envelope';
import { flag, id, object, str } from '../../schemas';

const DEVICE_CLIENT_BUCKET = 'device-client';

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

  // Each refresh answers a new refresh token too (rotation, tokens.ts): a replayed one ends its session.
  app.get(ENDPOINTS.refresh, { config: { public: true } }, async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_TOKEN_COOKIE];
    const refreshed = refreshToken && refreshToken.length <= 200 ? ctx.tokens.refresh(refreshToken) : null;
    const user = refreshed && findUser(ctx.db, refreshed.userId);
    if (!refreshed || !user) throw errors.unauthorized();
    setAccessCookie(ctx, reply, refreshed.accessToken);
    setRefreshCookie(ctx, reply, refreshed.refreshToken, refreshed.refreshExpiresIn);
    const social = refreshed.openid ? { openid: refreshed.openid, unionid: refreshed.unionid ?? '' } : null;
    return ok(loginData(ctx, user, refreshed.accessToken, refreshed.expiresIn, social));
  });

  app.get<{ Querystring: { signature?: string } }>(
    ENDPOINTS.me,
    { schema: { querystring: object({ signature: str(128), noIntercept: flag }) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { signature } = request.query;
      if (signature) reply.header(SIGNATURE_HEADER, signatureHeader(ctx.signingSecret, signature, auth.user.id));
      return ok(meData(ctx, auth.user.id, readAccessToken(request) ?? ''));
    },
  );

  app.post(ENDPOINTS.logout, async (request, reply) => {
    const auth = requireAuth(request);
    ctx.tokens.endSession(auth.sessionId);
    clearCookies(reply);
    return ok(true);
  });
}

function meData(ctx: ServerContext, userId: string, accessToken: string): MeData {
  const user = findUser(ctx.db, userId);
  const unit = user && findUnit(ctx.db, user.unit_id);
  if (!user || !unit) throw errors.unauthorized();
  const prePath = unit.unit_type === '1' ? 'area' : 'pages';
  return {
    userId: user.id,
    userType: user.user_type,
    realName: user.real_name,
    loginName: user.login_name,
    unitId: unit.id,
    unitType: unit.unit_type,
    unitName: unit.name,
    unitEnName: unit.en_name,
    unitStatus: unit.status,
    userStatus: user.status,
    unitShardingCode: unit.sharding_code,
    campusUnits: unit.campus_units,
    unitImgPath: endpointPath(ENDPOINTS.unitLogo, { unitId: unit.id }),
    userImgPath: '',
    avatar: '',
    sex: user.sex,
    year: unit.year,
    term: unit.term,
    langType: user.lang,
    theme: user.theme,
    themeColor: user.theme_type === 'color' ? user.theme : '',
    prePath,
    accessToken,
    superman: isAdmin(ctx.db, user.id),
    iszx: unit.is_vocational === 1,
    unitHaveInstitute: unit.have_institute === 1,
  };
}
