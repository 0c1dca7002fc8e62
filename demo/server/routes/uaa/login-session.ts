import type { FastifyInstance } from 'fastify';
import type { MeData } from '../../../../src/core/api/types';
import { ENDPOINTS, endpointPath, REFRESH_TOKEN_COOKIE, SIGNATURE_HEADER } from '../../../../src/core/api/wire';
import {
  clearCookies,
  loginData,
  readAccessToken,
  requireAuth,
  setAccessCookie,
  setRefreshCookie,
} from '../../auth/session';
import { signatureHeader } from '../../auth/signature';
import type { ServerContext } from '../../context';
import { findUnit, findUser, isAdmin, isFaceTerminal } from '../../db/users';
import { errors, ok } from '../../envelope';
import { flag, object, str } from '../../schemas';

/** A signed-in session's calls: the refresh of its tokens, who it is (me), and its end (logout). */
export function registerSessionRoutes(app: FastifyInstance, ctx: ServerContext): void {
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
      if (signature)
        reply.header(SIGNATURE_HEADER, signatureHeader(ctx.keys.responseSignature, signature, auth.user.id));
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
    // Added (issue 69): a clock-in terminal's account lands on the clock-in page and opens nothing else.
    ...(isFaceTerminal(ctx.db, user.id) ? { faceTerminal: true } : {}),
  };
}
