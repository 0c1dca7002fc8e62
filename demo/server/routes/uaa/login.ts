import type { FastifyInstance } from 'fastify';
import type { MeData } from '../../../../src/core/api/types';
import { INVALID_GRANT, REFRESH_TOKEN_COOKIE, SIGNATURE_HEADER } from '../../../../src/core/api/wire';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import {
  clearCookies,
  issueLogin,
  loginData,
  readAccessToken,
  requireAuth,
  resolveAuth,
  setAccessCookie,
} from '../../auth/session';
import { signatureHeader } from '../../auth/signature';
import type { ServerContext } from '../../context';
import { findUnit, findUser, findUserByLogin, isAdmin } from '../../db/users';
import { ApiError, bilingual, errors, ok } from '../../envelope';
import { flag, id, object, str } from '../../schemas';

const wrongCredentials = () =>
  new ApiError(400, INVALID_GRANT, bilingual('用户名或密码错误', 'Incorrect user name or password'), [
    { field: 'password', message: bilingual('密码错误', 'Incorrect password') },
  ]);

export function registerLoginRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: { username: string; password: string } }>(
    '/api/uaa/oauth/login',
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
      const username = request.body.username.trim();
      const address = request.ip;
      if (ctx.limiter.isBlocked(username, address)) {
        throw new ApiError(
          429,
          'too_many_attempts',
          bilingual('登录失败次数过多，请 15 分钟后再试', 'Too many failed sign-ins, please try again in 15 minutes'),
        );
      }
      const user = findUserByLogin(ctx.db, username);
      // Unknown users cost a full hash as well, so timing does not tell which accounts exist.
      const valid = await verifyPassword(request.body.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !valid) {
        ctx.limiter.recordFailure(username, address);
        throw wrongCredentials();
      }
      ctx.limiter.recordSuccess(username);
      return ok(issueLogin(ctx, reply, user));
    },
  );

  app.post<{ Body: { accessToken: string } }>(
    '/api/uaa/oauth/relogin',
    {
      config: { public: true, loginLike: true },
      schema: { body: object({ accessToken: str(200, { minLength: 1 }) }, ['accessToken']) },
    },
    async (request, reply) => {
      const auth = resolveAuth(ctx, request.body.accessToken);
      if (!auth)
        throw new ApiError(400, INVALID_GRANT, bilingual('登录凭证已失效', 'The access token is no longer valid'));
      return ok(issueLogin(ctx, reply, auth.user));
    },
  );

  app.post<{ Body: { userClientId: string } }>(
    '/api/uaa/oauth/login_user_client',
    { config: { public: true, loginLike: true }, schema: { body: object({ userClientId: id }, ['userClientId']) } },
    async (request, reply) => {
      const client = ctx.db.prepare('SELECT user_id FROM device_clients WHERE id = ?').get(request.body.userClientId) as
        | { user_id: string }
        | undefined;
      const user = client && findUser(ctx.db, client.user_id);
      if (!user) throw new ApiError(400, INVALID_GRANT, bilingual('设备客户端未登记', 'Unknown device client'));
      return ok(issueLogin(ctx, reply, user));
    },
  );

  app.get('/api/uaa/oauth/refresh', { config: { public: true } }, async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_TOKEN_COOKIE];
    const refreshed = refreshToken && refreshToken.length <= 200 ? ctx.tokens.refresh(refreshToken) : null;
    const user = refreshed && findUser(ctx.db, refreshed.userId);
    if (!refreshed || !user) throw errors.unauthorized();
    setAccessCookie(ctx, reply, refreshed.accessToken);
    const social = refreshed.openid ? { openid: refreshed.openid, unionid: refreshed.unionid ?? '' } : null;
    return ok(loginData(ctx, user, refreshed.accessToken, refreshed.expiresIn, social));
  });

  app.get<{ Querystring: { signature?: string } }>(
    '/api/uaa/oauth/me',
    { schema: { querystring: object({ signature: str(128), noIntercept: flag }) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { signature } = request.query;
      if (signature) reply.header(SIGNATURE_HEADER, signatureHeader(ctx.signingSecret, signature, auth.user.id));
      return ok(meData(ctx, auth.user.id, readAccessToken(request) ?? ''));
    },
  );

  app.post('/api/uaa/oauth/logout', async (request, reply) => {
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
    unitImgPath: `/api/storage/show/unit/${unit.id}`,
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
