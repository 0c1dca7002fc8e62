import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MeData } from '../../../src/core/api/types';
import { ACCESS_TOKEN_COOKIE, DEVICE_HEADER, DEVICES } from '../../../src/core/api/wire';
import {
  type FirstScreenCall,
  type FirstScreenPage,
  firstScreenCalls,
  ME_CALL,
} from '../../../src/core/desktop/first-screen';
import { encodeParams } from '../../../src/core/http/encode';
import { answerKey, PAGE_ANSWERS_ID, type PageAnswer } from '../../../src/core/http/page-answers';
import { startTagAttributes } from '../prerender';
import { scriptSafeJson } from '../util/html';

// The signed-in desktop's first answers, sent inside its page (issue 70): a site page that says <!--#page-answers-->
// gets there, for a request with a session, a `<script type="application/json" id="ph-page-answers">` holding the
// answers to `me` and to every call of its first screen (core's firstScreenCalls), each made here through the server's
// own routes (inject) with the request's cookies, so each answer is exactly what the call would have had. Without a
// session, or when `me` refuses it, the mark is taken out and the page makes its calls as before. A page with answers
// is that session's alone: the caller sends it `private, no-store`.

export const PAGE_ANSWERS_MARK = '<!--#page-answers-->';

/** The page's own options (#root's data-*): its app code, its tree's code and the device its calls name. */
export function firstScreenPageOf(html: string): (FirstScreenPage & { device: string }) | null {
  const data = [...html.matchAll(/<div\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi)]
    .map((tag) => startTagAttributes(tag[1] ?? ''))
    .find((attributes) => attributes.id === 'root');
  if (!data) return null;
  const code = data['data-code'] || 'desktop';
  const device = data['data-device'] ?? '';
  return {
    appCode: data['data-app-code'] || 'base',
    treeCode: data['data-tree-code'] || code,
    device: (DEVICES as readonly string[]).includes(device) ? device : 'pc',
  };
}

async function answerOf(
  app: FastifyInstance,
  call: FirstScreenCall,
  headers: Record<string, string>,
): Promise<PageAnswer | null> {
  const query = encodeParams(call.params);
  const answer = await app.inject({ method: 'GET', url: query ? `${call.url}?${query}` : call.url, headers });
  // Only what the call answered in full: anything else the page asks for itself (a refresh, an error it shows).
  if (answer.statusCode !== 200) return null;
  let body: unknown;
  try {
    body = answer.json();
  } catch {
    return null;
  }
  return { key: answerKey(call.url, call.params), status: answer.statusCode, body };
}

/** The answers for the session `request` carries, `me` first; null without a session or when `me` refuses it. */
export async function pageAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  page: FirstScreenPage & { device: string },
): Promise<PageAnswer[] | null> {
  if (!request.cookies[ACCESS_TOKEN_COOKIE]) return null;
  const headers = { cookie: String(request.headers.cookie ?? ''), [DEVICE_HEADER]: page.device };
  const me = await answerOf(app, ME_CALL, headers);
  const data = (me?.body as { status?: number; data?: MeData | null } | undefined) ?? {};
  if (!me || data.status !== 200 || !data.data) return null;
  const rest = await Promise.all(firstScreenCalls(data.data, page).map((call) => answerOf(app, call, headers)));
  return [me, ...rest.filter((answer): answer is PageAnswer => answer !== null)];
}

/** The page with its answers where it asks for them (or without the mark); whether it now holds any. */
export async function withPageAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  html: string,
): Promise<{ html: string; personal: boolean }> {
  if (!html.includes(PAGE_ANSWERS_MARK)) return { html, personal: false };
  const page = firstScreenPageOf(html);
  const answers = page ? await pageAnswers(app, request, page) : null;
  const script = answers
    ? `<script type="application/json" id="${PAGE_ANSWERS_ID}">${scriptSafeJson(answers)}</script>`
    : '';
  return { html: html.replace(PAGE_ANSWERS_MARK, () => script), personal: answers !== null };
}
