import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVALID_GRANT } from '../../../../src/core/api/wire';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { issueLogin } from '../../auth/session';
import type { ServerContext } from '../../context';
import { findUser, findUserByLogin } from '../../db/users';
import { ApiError, bilingual, ok } from '../../envelope';
import { object, str } from '../../schemas';
import { escapeHtml } from '../../util/html';
import { nowSeconds, randomToken, sha256 } from '../../util/ids';

export const SSO_PAGE_PATH = '/sso/login';
/** The ticket-login call; the widget's `loginTickitConifg.apipath` points here. */
export const SSO_TICKET_PATH = '/api/sso/ticket/login';
const TICKET_TTL_SECONDS = 120;
const DEFAULT_RETURN = '/demo/';

export function registerSsoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/sso/select/login/url', { config: { public: true } }, async (request) =>
    ok(`${origin(request)}${SSO_PAGE_PATH}`),
  );

  app.get<{ Querystring: { redirect_uri?: string } }>(
    SSO_PAGE_PATH,
    { schema: { querystring: object({ redirect_uri: str(2000) }) } },
    async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(ssoPage(request.query.redirect_uri ?? '', '')),
  );

  // The small identity provider: checks the password (same rate limit as the API login) and hands back a ticket.
  app.post<{ Body: { username: string; password: string; redirect_uri?: string } }>(
    SSO_PAGE_PATH,
    {
      schema: {
        body: object(
          { username: str(64, { minLength: 1 }), password: str(128, { minLength: 1 }), redirect_uri: str(2000) },
          ['username', 'password'],
        ),
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const back = safeReturn(request, request.body.redirect_uri);
      const html = (status: number, error: string) =>
        reply.status(status).type('text/html; charset=utf-8').send(ssoPage(back, error));
      if (ctx.limiter.isBlocked(username, request.ip)) return html(429, '登录失败次数过多 / Too many failed sign-ins');
      const user = findUserByLogin(ctx.db, username.trim());
      const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !valid) {
        ctx.limiter.recordFailure(username, request.ip);
        return html(400, '用户名或密码错误 / Incorrect user name or password');
      }
      ctx.limiter.recordSuccess(username);
      const ticket = randomToken(24);
      ctx.db
        .prepare('INSERT INTO sso_tickets (hash, user_id, expires_at) VALUES (?, ?, ?)')
        .run(sha256(ticket), user.id, nowSeconds() + TICKET_TTL_SECONDS);
      const target = new URL(back, origin(request));
      target.searchParams.set('ticket', ticket);
      return reply.redirect(target.toString(), 302);
    },
  );

  const ticketLogin = (ticket: string | undefined, reply: Parameters<typeof issueLogin>[1]) => {
    const hash = ticket ? sha256(ticket) : '';
    // Consumed in the same statement that reads it: a ticket logs in once.
    const row = ctx.db
      .prepare('DELETE FROM sso_tickets WHERE hash = ? AND expires_at > ? RETURNING user_id')
      .get(hash, nowSeconds()) as { user_id: string } | undefined;
    const user = row && findUser(ctx.db, row.user_id);
    if (!user)
      throw new ApiError(400, INVALID_GRANT, bilingual('票据无效或已使用', 'The ticket is invalid or already used'));
    return ok(issueLogin(ctx, reply, user));
  };
  const ticketSchema = object({ ticket: str(100, { minLength: 1 }) }, ['ticket']);
  app.post<{ Body: { ticket: string } }>(
    SSO_TICKET_PATH,
    { config: { public: true, loginLike: true }, schema: { body: ticketSchema } },
    async (request, reply) => ticketLogin(request.body.ticket, reply),
  );
  app.get<{ Querystring: { ticket: string } }>(
    SSO_TICKET_PATH,
    { config: { public: true, loginLike: true }, schema: { querystring: ticketSchema } },
    async (request, reply) => ticketLogin(request.query.ticket, reply),
  );
}

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Only a path on this server, so the SSO page cannot be used to bounce a ticket to another site. */
function safeReturn(request: FastifyRequest, candidate: string | undefined): string {
  if (!candidate) return DEFAULT_RETURN;
  try {
    const url = new URL(candidate, origin(request));
    return url.origin === origin(request) ? `${url.pathname}${url.search}${url.hash}` : DEFAULT_RETURN;
  } catch {
    return DEFAULT_RETURN;
  }
}

function ssoPage(redirectUri: string, error: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>统一身份认证 · Single sign-on</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f6fb;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;border:1px solid #dde3ee;border-radius:4px;padding:24px;width:300px;display:grid;gap:12px}
input,button{font:inherit;padding:8px;border:1px solid #c8d1e0;border-radius:4px}button{background:#457CD6;color:#fff;border:0}
.error{color:#b42318}</style></head>
<body><form method="post" action="${SSO_PAGE_PATH}">
<h1>统一身份认证 <small>Single sign-on</small></h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label>账号 Account <input name="username" autocomplete="username" required></label>
<label>密码 Password <input name="password" type="password" autocomplete="current-password" required></label>
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
<button type="submit">登录 Sign in</button>
</form></body></html>`;
}
