import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { checkPassword } from '../../auth/password-check';
import type { ServerContext } from '../../context';
import { ApiError, ok } from '../../envelope';
import { publicOrigin, sameOriginRedirect } from '../../redirects';
import { object, str } from '../../schemas';
import { escapeHtml } from '../../util/html';
import { randomToken, sha256 } from '../../util/ids';

/** How long a ticket of the sign-in page may be traded for a login (sso-ticket.ts). */
const TICKET_TTL_SECONDS = 120;
const DEFAULT_RETURN = '/demo/';
/** Double-submit token of the sign-in form: the cookie and the hidden field must carry the same random value. */
const FORM_COOKIE = 'ph_sso_form';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

interface SsoBody {
  username: string;
  password: string;
  redirect_uri?: string;
  csrf?: string;
}

/** The SSO sign-in page (the small identity provider): its address, the form, and the form's post. */
export function registerSsoPageRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(ENDPOINTS.ssoLoginUrl, { config: { public: true } }, async (request) =>
    ok(`${publicOrigin(ctx, request)}${ENDPOINTS.ssoPage}`),
  );

  // The bait link `?redirect_uri=…` is resolved before it reaches the form: the form only ever carries a URL the
  // server would redirect to anyway.
  app.get<{ Querystring: { redirect_uri?: string } }>(
    ENDPOINTS.ssoPage,
    { schema: { querystring: object({ redirect_uri: str(2000) }) } },
    async (request, reply) =>
      ssoPage(reply, returnUrl(ctx, request, request.query.redirect_uri), formToken(ctx, request, reply)),
  );

  // The small identity provider: one password check (the same limit as the API login), then a one-time ticket.
  app.post<{ Body: SsoBody }>(
    ENDPOINTS.ssoPage,
    {
      schema: {
        body: object(
          {
            username: str(64, { minLength: 1 }),
            password: str(128, { minLength: 1 }),
            redirect_uri: str(2000),
            csrf: str(64),
          },
          ['username', 'password'],
        ),
      },
    },
    async (request, reply) => {
      const back = returnUrl(ctx, request, request.body.redirect_uri);
      if (!sameSite(ctx, request)) {
        return ssoPage(reply.status(403), back, formToken(ctx, request, reply), {
          zh: '请从登录页面提交',
          en: 'Please sign in from the sign-in page',
        });
      }
      let userId: string;
      try {
        userId = (await checkPassword(ctx, request, reply, request.body)).id;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return ssoPage(
          reply.status(error.status).headers(error.headers),
          back,
          formToken(ctx, request, reply),
          error.text,
        );
      }
      const ticket = randomToken(24);
      ctx.db
        .prepare('INSERT INTO sso_tickets (hash, user_id, expires_at) VALUES (?, ?, ?)')
        .run(sha256(ticket), userId, ctx.seconds() + TICKET_TTL_SECONDS);
      back.searchParams.set('ticket', ticket);
      return reply.redirect(back.href, 302);
    },
  );
}

function returnUrl(ctx: ServerContext, request: FastifyRequest, candidate: string | undefined): URL {
  const resolved = candidate ? sameOriginRedirect(ctx, request, candidate) : null;
  return resolved ?? new URL(DEFAULT_RETURN, publicOrigin(ctx, request));
}

/**
 * Login CSRF: a browser always names the posting page's origin, which must be this server; a client that sends
 * no Origin must send back the form's own token (cookie and hidden field alike).
 */
function sameSite(ctx: ServerContext, request: FastifyRequest<{ Body: SsoBody }>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === publicOrigin(ctx, request);
  const cookie = request.cookies[FORM_COOKIE];
  return Boolean(cookie && TOKEN_PATTERN.test(cookie) && request.body.csrf === cookie);
}

function formToken(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[FORM_COOKIE];
  const token = existing && TOKEN_PATTERN.test(existing) ? existing : randomToken(32);
  reply.setCookie(FORM_COOKIE, token, {
    path: ENDPOINTS.ssoPage,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.options.secureCookies,
  });
  return token;
}

function ssoPage(reply: FastifyReply, back: URL, token: string, error?: { zh: string; en: string }) {
  return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>统一身份认证 · Single sign-on</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f6fb;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;border:1px solid #dde3ee;border-radius:4px;padding:24px;width:300px;display:grid;gap:12px}
input,button{font:inherit;padding:8px;border:1px solid #c8d1e0;border-radius:4px}button{background:#457CD6;color:#fff;border:0}
.error{color:#b42318}</style></head>
<body><form method="post" action="${ENDPOINTS.ssoPage}">
<h1>统一身份认证 <small>Single sign-on</small></h1>
${error ? `<p class="error" role="alert">${escapeHtml(`${error.zh} / ${error.en}`)}</p>` : ''}
<label>账号 Account <input name="username" autocomplete="username" required></label>
<label>密码 Password <input name="password" type="password" autocomplete="current-password" required></label>
<input type="hidden" name="redirect_uri" value="${escapeHtml(back.href)}">
<input type="hidden" name="csrf" value="${escapeHtml(token)}">
<button type="submit">登录 Sign in</button>
</form></body></html>`);
}
