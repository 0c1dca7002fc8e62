import { SIGNATURE_QUERY } from '../api/wire';
import { currentSessionEpoch } from '../session/state';
import { pageSingleton } from '../shared';
import { encodeParams, type Params, TIMESTAMP_PARAM } from './encode';

// Answers a page carries (issue 70): a server that knows the session a page is for may send, inside the page, its
// answers to the calls the page's first screen makes (the signed-in desktop: `me`, the unit's config, the icons…),
// each under the call's path and query. The request client answers such a GET from them, once, instead of going to
// the network: the page's first screen then waits for no round trip. A later call of the same kind goes to the
// network as always (fresh counts), and so does every call when the page carries none (a §7 server as written, a
// static deployment). They belong to the session the page was made for: a sign-in or a switch drops them. And to the
// page's start: a call first made later (the desktop opened after a sub-app the page was entered on) must not show
// what was true when the page was sent, so they are dropped PAGE_ANSWERS_MAX_AGE_MS after the page kept them.

/** The id of the `<script type="application/json">` the answers come in. */
export const PAGE_ANSWERS_ID = 'ph-page-answers';

/** One call's answer as the page carries it. */
export interface PageAnswer {
  /** The call's path (`/api/uaa/oauth/me`) and query (answerKey). */
  key: string;
  status: number;
  body: unknown;
}

/** How long after the page kept them its answers may answer a call: its first screen's calls come well within it. */
export const PAGE_ANSWERS_MAX_AGE_MS = 15_000;

/** Query values that are not part of a call's identity: the timestamp and the signature are new on every call. */
const UNKEYED = new Set([TIMESTAMP_PARAM, SIGNATURE_QUERY]);

/** A GET's identity: its path and its query with the keys sorted, without `_t` and the signature. */
export function answerKey(path: string, params: Params | undefined): string {
  const kept = Object.keys(params ?? {})
    .filter((name) => !UNKEYED.has(name))
    .sort()
    .map((name) => [name, (params as Params)[name]] as const);
  const query = encodeParams(Object.fromEntries(kept));
  return query ? `${path}?${query}` : path;
}

const kept = /* @__PURE__ */ pageSingleton('page-answers', () => ({
  answers: new Map<string, PageAnswer>(),
  epoch: -1,
  keptAt: 0,
}));

function isPageAnswer(value: unknown): value is PageAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { key, status } = value as Partial<PageAnswer>;
  return typeof key === 'string' && key.startsWith('/') && typeof status === 'number';
}

/** Keeps the answers a page carries (anything that is not a list of answers is ignored); how many were kept. */
export function keepPageAnswers(list: unknown, now = Date.now()): number {
  kept.answers.clear();
  kept.epoch = currentSessionEpoch();
  kept.keptAt = now;
  if (!Array.isArray(list)) return 0;
  for (const answer of list) if (isPageAnswer(answer)) kept.answers.set(answer.key, answer);
  return kept.answers.size;
}

/** The page's answer to a GET of `path` with `params`, taken (a second call goes to the network); else undefined. */
export function takePageAnswer(path: string, params: Params | undefined, now = Date.now()): PageAnswer | undefined {
  if (kept.answers.size === 0) return undefined;
  if (kept.epoch !== currentSessionEpoch() || now - kept.keptAt > PAGE_ANSWERS_MAX_AGE_MS) {
    kept.answers.clear();
    return undefined;
  }
  const key = answerKey(path, params);
  const answer = kept.answers.get(key);
  kept.answers.delete(key);
  return answer;
}

/** The answers the page carries in `<script type="application/json" id="ph-page-answers">`, kept; how many. */
export function keepAnswersOfPage(doc: Pick<Document, 'getElementById'>, now = Date.now()): number {
  const script = doc.getElementById(PAGE_ANSWERS_ID);
  if (!script?.textContent) return 0;
  try {
    return keepPageAnswers(JSON.parse(script.textContent), now);
  } catch {
    return 0;
  }
}
