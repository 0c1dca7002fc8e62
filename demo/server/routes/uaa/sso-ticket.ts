import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENDPOINTS, INVALID_GRANT } from '../../../../src/core/api/wire';
import { issueLogin } from '../../auth/session';
import type { ServerContext } from '../../context';
import { findUser } from '../../db/users';
import { ApiError, ok } from '../../envelope';
import { object, str } from '../../schemas';
import { sha256 } from '../../util/ids';

/** The ticket of the sign-in page traded for a login, posted or in the query. */
export function registerSsoTicketRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const ticketLogin = (ticket: string | undefined, reply: FastifyReply) => {
    const hash = ticket ? sha256(ticket) : '';
    // Consumed in the same statement that reads it: a ticket logs in once.
    const row = ctx.db
      .prepare('DELETE FROM sso_tickets WHERE hash = ? AND expires_at > ? RETURNING user_id')
      .get(hash, ctx.seconds()) as { user_id: string } | undefined;
    const user = row && findUser(ctx.db, row.user_id);
    if (!user) {
      throw new ApiError(400, INVALID_GRANT, { zh: '票据无效或已使用', en: 'The ticket is invalid or already used' });
    }
    return ok(issueLogin(ctx, reply, user));
  };
  const ticketSchema = object({ ticket: str(100, { minLength: 1 }) }, ['ticket']);
  app.post<{ Body: { ticket: string } }>(
    ENDPOINTS.ssoTicketLogin,
    { config: { public: true, loginLike: true }, schema: { body: ticketSchema } },
    async (request, reply) => ticketLogin(request.body.ticket, reply),
  );
  app.get<{ Querystring: { ticket: string } }>(
    ENDPOINTS.ssoTicketLogin,
    { config: { public: true, loginLike: true }, schema: { querystring: ticketSchema } },
    async (request, reply) => ticketLogin(request.query.ticket, reply),
  );
}
