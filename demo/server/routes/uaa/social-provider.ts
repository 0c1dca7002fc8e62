import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import type { ServerContext } from '../../context';
import { sameOriginRedirect } from '../../redirects';
import { object, str } from '../../schemas';
import { escapeHtml } from '../../util/html';
import { randomToken } from '../../util/ids';

// A stand-in for the providers' authorisation page (WeCom and WeChat's open.weixin.qq.com/connect/oauth2/authorize),
// as /sso/login stands in for an SSO system: the widgets send a work-chat or chat-app user here with the provider's
// app id (`{qy|mp}_info`), and the person picks who they are; the page goes back to `redirect_uri` with `code` and
// `state`, as the real provider does, and `POST /api/uaa/social/{state}` finishes the sign-in. The real providers
// only return to the app's trusted domains; this stand-in to the server's own origin or an allowed one, resolved
// once by redirects.ts like every redirect. "Refuse" goes back
// with `state` only, as the real provider does when the user declines.

interface AuthorizeQuery {
  appid?: string;
  redirect_uri?: string;
  response_type?: string;
  scope?: string;
  state?: string;
}

interface Provider {
  key: string;
  name: string;
}

interface Identity {
  code: string;
  realName: string;
  loginName: string;
}

export function registerSocialProviderRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: AuthorizeQuery }>(
    ENDPOINTS.socialProviderPage,
    {
      schema: {
        querystring: object({
          appid: str(64),
          redirect_uri: str(2000),
          response_type: str(16),
          scope: str(64),
          state: str(128, { pattern: '^[A-Za-z0-9]*$' }),
        }),
      },
    },
    async (request, reply) => {
      const { appid = '', redirect_uri = '', response_type = '', state = '' } = request.query;
      const provider = ctx.db.prepare('SELECT key, name FROM social_providers WHERE app_id = ?').get(appid) as
        | Provider
        | undefined;
      if (!provider) return refuse(reply, '应用 appid 无效', 'Unknown appid');
      if (response_type !== 'code') return refuse(reply, 'response_type 必须为 code', 'response_type must be code');
      const back = sameOriginRedirect(ctx, request, redirect_uri);
      if (!back) return refuse(reply, '回调地址不在可信域名内', 'redirect_uri is not on a trusted domain');
      const identities = boundIdentities(ctx, provider.key);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(authorizePage(provider, identities, back, state));
    },
  );
}

/** `redirect_uri` with `code` (when the person agreed) and `state` added, its own query kept. */
/**
 * The accounts bound to the provider, each with a fresh code that stands for it, as a real provider gives one per
 * authorisation: codes sign in once (social.ts), so the page cannot hand out the seeded ones.
 */
function boundIdentities(ctx: ServerContext, provider: string): Identity[] {
  const bound = ctx.db
    .prepare(
      `SELECT DISTINCT b.openid AS openid, b.unionid AS unionid, u.real_name AS realName, u.login_name AS loginName
       FROM social_codes c
       JOIN social_bindings b ON b.provider = c.provider AND b.openid = c.openid
       JOIN users u ON u.id = b.user_id
       WHERE c.provider = ? ORDER BY u.login_name`,
    )
    .all(provider) as (Omit<Identity, 'code'> & { openid: string; unionid: string })[];
  const mint = ctx.db.prepare('INSERT INTO social_codes (provider, code, openid, unionid) VALUES (?, ?, ?, ?)');
  return bound.map(({ openid, unionid, realName, loginName }) => {
    const code = `demo-${randomToken(12)}`;
    mint.run(provider, code, openid, unionid);
    return { code, realName, loginName };
  });
}

function returnUrl(back: URL, state: string, code?: string): string {
  const url = new URL(back);
  if (code) url.searchParams.set('code', code);
  url.searchParams.set('state', state);
  return url.href;
}

function refuse(reply: FastifyReply, zh: string, en: string) {
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .send(page('授权失败 · Authorisation failed', `<p class="error" role="alert">${escapeHtml(`${zh} / ${en}`)}</p>`));
}

function authorizePage(provider: Provider, identities: Identity[], back: URL, state: string): string {
  const choice = (href: string, label: string, id: string) =>
    `<li><a id="${id}" href="${escapeHtml(href)}">${escapeHtml(label)}</a></li>`;
  const known = identities.map((identity) =>
    choice(
      returnUrl(back, state, identity.code),
      `${identity.realName}（${identity.loginName}）`,
      `as-${identity.loginName}`,
    ),
  );
  // Any other well-formed code is an identity no account is bound to yet: the sign-in leads to the bind page.
  const stranger = choice(
    returnUrl(back, state, `demo-new-${randomToken(8)}`),
    '新用户（尚未绑定学校账号） / Someone not linked to a school account yet',
    'as-new',
  );
  const body = `<h1>${escapeHtml(provider.name)} <small>(stand-in / 演示)</small></h1>
<p>${escapeHtml(`示范应用请求获取你的身份，以登录 ${back.host}。`)}<br>
${escapeHtml(`The demo app asks who you are, to sign you in to ${back.host}.`)}</p>
<p>你是 / You are:</p>
<ul>${[...known, stranger].join('')}</ul>
<p><a id="refuse" class="refuse" href="${escapeHtml(returnUrl(back, state))}">拒绝 / Refuse</a></p>`;
  return page(`${provider.name} 授权 · Authorise`, body);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f6fb;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #dde3ee;border-radius:4px;padding:24px;width:min(360px,calc(100vw - 32px))}
ul{list-style:none;padding:0;display:grid;gap:8px}a{display:block;padding:10px 12px;border:1px solid #c8d1e0;border-radius:4px;color:#1f4f9e;text-decoration:none;min-height:24px}
a:hover,a:focus-visible{border-color:#457CD6;outline:2px solid #457CD6;outline-offset:1px}.refuse{color:#555;text-align:center}
.error{color:#b42318}small{color:#555;font-weight:normal}</style></head>
<body><main>${body}</main></body></html>`;
}
