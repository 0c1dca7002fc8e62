import type { FastifyInstance } from 'fastify';
import type { AuthorizeResult } from '../../../../src/core/api/types';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { issueLogin, requireAuth } from '../../auth/session';
import type { ServerContext } from '../../context';
import { areLinked, findUser } from '../../db/users';
import { ApiError, errors, fieldError, ok } from '../../envelope';
import { registeredRedirect } from '../../redirects';
import { id, object, str } from '../../schemas';
import { randomToken } from '../../util/ids';

const CODE_TTL_SECONDS = 300;

interface AuthorizeBody {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  state?: string;
  unitHost?: string;
  scope?: string;
}

export function registerAuthorizeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: AuthorizeBody }>(
    ENDPOINTS.authorize,
    {
      schema: {
        body: object({
          response_type: str(20),
          client_id: str(64),
          redirect_uri: str(2000),
          state: str(500),
          unitHost: str(253),
          scope: str(200),
        }),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body ?? {};
      if (!body.client_id) {
        throw new ApiError(
          400,
          'missing_client_id',
          { zh: '缺少 client_id，请返回重试！', en: 'Missing client_id, please go back and try again!' },
          [fieldError('client_id', { zh: '缺少 client_id', en: 'Missing client_id' })],
        );
      }
      if (body.response_type && body.response_type !== 'code') {
        throw new ApiError(400, 'unsupported_response_type', {
          zh: '仅支持 code',
          en: 'Only response_type=code is supported',
        });
      }
      const client = ctx.db.prepare('SELECT id, redirect_uris FROM oauth_clients WHERE id = ?').get(body.client_id) as
        | { id: string; redirect_uris: string }
        | undefined;
      if (!client) throw new ApiError(400, 'invalid_client', { zh: '未登记的应用', en: 'Unknown client_id' });
      const registered = JSON.parse(client.redirect_uris) as string[];
      const target = registeredRedirect(registered, body.redirect_uri || (registered[0] as string));
      if (!target) {
        throw new ApiError(400, 'invalid_redirect_uri', {
          zh: '回调地址未登记',
          en: 'redirect_uri is not registered for this client',
        });
      }
      const code = randomToken(24);
      ctx.db
        .prepare(
          'INSERT INTO auth_codes (code, client_id, user_id, redirect_uri, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(code, client.id, auth.user.id, target.href, body.scope ?? '', ctx.seconds() + CODE_TTL_SECONDS);
      target.searchParams.set('code', code);
      if (body.state) target.searchParams.set('state', body.state);
      const result: AuthorizeResult = { redirect: target.toString() };
      return ok(result);
    },
  );

  app.get<{ Querystring: { userId: string } }>(
    ENDPOINTS.switchLogin,
    { schema: { querystring: object({ userId: id }, ['userId']) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const target = findUser(ctx.db, request.query.userId);
      if (!target || !areLinked(ctx.db, auth.user.id, target.id)) throw errors.forbidden();
      ctx.tokens.endSession(auth.sessionId);
      return ok(issueLogin(ctx, reply, target));
    },
  );
}
