import * as qs from 'qs-esm';
import { apiUrl, type Site, siteRoot, siteUrl } from '../routes/site';

// Wire encoding of §7: query strings and form bodies spell nested keys with dots (`a.b=1`), as qs `allowDots`.

export type Params = Record<string, unknown>;

export function encodeParams(params: Params | undefined): string {
  return params ? qs.stringify(params, { allowDots: true, skipNulls: true }) : '';
}

/** `_t` keeps browsers and proxies from serving a stale GET/DELETE (§7). */
export const TIMESTAMP_PARAM = '_t';

/**
 * `/api/...` and `/zuul/api/...` are the platform's calls, which `apiBase` may place on another host; everything
 * else (language files, stylesheets, manifests, version files) comes from the page's own origin under the platform's
 * prefix (issue 8 §14, issue 53).
 */
export function isApiPath(url: string): boolean {
  return /^\/(?:zuul\/)?api\//.test(url);
}

/** A root-relative path (`/pages/…/lang/en.json`) under the site's prefix; any other URL resolved on the site. */
function resourceUrl(site: Site, url: string): string {
  return /^\/(?![/\\])/.test(url) ? siteUrl(site, url) : new URL(url, siteRoot(site)).href;
}

/**
 * The absolute request URL, never left for `fetch` to resolve against `document.baseURI` (a `<base href>` may name
 * another host): an API path on the site's API base; any other relative URL on the site (page origin and prefix);
 * an absolute URL as it is; then the query.
 */
export function buildUrl(site: Site, url: string, query: string): string {
  const absolute = isApiPath(url) ? apiUrl(site, url) : resourceUrl(site, url);
  if (query === '') return absolute;
  return `${absolute}${absolute.includes('?') ? '&' : '?'}${query}`;
}

function isBinary(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** Multipart body of an upload: files as files, other values as text, nulls left out. */
export function toFormData(data: Params | FormData | undefined): FormData {
  if (data instanceof FormData) return data;
  const form = new FormData();
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value === undefined || value === null) continue;
    if (isBinary(value)) form.append(key, value, (value as File).name ?? key);
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

export interface EncodedBody {
  body: FormData | string | undefined;
  contentType: string | undefined;
}

export function encodeBody(method: string, data: unknown, json: boolean): EncodedBody {
  if (method === 'upload') return { body: toFormData(data as Params | FormData | undefined), contentType: undefined };
  if (method === 'get' || method === 'delete' || data === undefined) return { body: undefined, contentType: undefined };
  if (json) return { body: JSON.stringify(data), contentType: 'application/json' };
  return {
    body: encodeParams(data as Params),
    contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
  };
}
