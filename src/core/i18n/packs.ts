import { ENDPOINTS, endpointPath } from '../api/wire';
import type { Env } from '../config/options';
import { request } from '../http/request';
import { pageSingleton } from '../shared';
import { DEFAULT_LANGUAGE, type Language } from './language';
import { $languageTable } from './translate';

export interface LanguageRootContext {
  /** Path of the current URL. */
  pathname: string;
  /** Configured root path (default `pages`). */
  rootPath: string;
  env: Env;
  /** Page code; in development codes containing area/Area live under `area`. */
  pageCode: string;
}

/** §7 notes: the root segment of the page language file. */
export function languageRoot(ctx: LanguageRootContext): string {
  if (ctx.env === 'development') return /area/i.test(ctx.pageCode) ? 'area' : ctx.rootPath;
  const first = ctx.pathname.split('/').find((segment) => segment !== '');
  return first && !first.includes('.') ? first : ctx.rootPath;
}

export function sharedLanguagePackUrl(language: Language): string {
  return endpointPath(ENDPOINTS.sharedLanguagePack, { file: `${language}-ph.json` });
}

export function pageLanguagePackUrl(root: string, pageCode: string, appCode: string, language: Language): string {
  return endpointPath(ENDPOINTS.pageLanguagePack, { root, page: pageCode, file: `${language}-${appCode}.json` });
}

/** Fetches one JSON file; resolves undefined on any failure (§4: failures are ignored). */
export type PackFetcher = (url: string) => Promise<Record<string, string> | undefined>;

/**
 * Language files go through the request flow without interceptors and may be cached (§7 notes): no notice, and a
 * 401 on one never refreshes the session or sends the user to the login page (issue 8 §14).
 */
const defaultFetcher: PackFetcher = (url) =>
  request<Record<string, string>>({
    url,
    method: 'get',
    raw: true,
    cached: true,
    noIntercept: true,
    skipAuthRecovery: true,
  }).catch(() => undefined);

/** Only a key-to-text object is a pack; an HTML error page or a list is ignored like a failure. */
function isTable(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface LoadLanguagePackOptions extends LanguageRootContext {
  language: Language;
  appCode: string;
  /** A preloaded table becomes the active table and nothing is fetched. */
  preloaded?: Record<string, string>;
  /** Skip the shared `common-ph` file. */
  skipShared?: boolean;
  fetcher?: PackFetcher;
}

/**
 * Which language $languageTable was loaded for, and the latest load: a pack merges only into a table of its own
 * language (switching en → zh-HK must not keep English texts), and an answer arriving after the user moved on to
 * another language is not applied.
 */
const tableState = /* @__PURE__ */ pageSingleton('language-table-state', () => ({
  language: undefined as Language | undefined,
  latest: 0,
}));

/** §4 Language packs; resolves with the active table once every fetch has settled. */
export async function loadLanguagePack(options: LoadLanguagePackOptions): Promise<Record<string, string>> {
  const load = ++tableState.latest;
  if (options.language === DEFAULT_LANGUAGE) {
    // Nothing is loaded for zh-CN (the built-in text is Chinese); a table loaded for another language is dropped.
    tableState.language = DEFAULT_LANGUAGE;
    $languageTable.set({});
    return $languageTable.get();
  }
  if (options.preloaded) {
    tableState.language = options.language;
    $languageTable.set({ ...options.preloaded });
    return $languageTable.get();
  }
  const fetcher = options.fetcher ?? defaultFetcher;
  const urls = [
    ...(options.skipShared ? [] : [sharedLanguagePackUrl(options.language)]),
    pageLanguagePackUrl(languageRoot(options), options.pageCode, options.appCode, options.language),
  ];
  // Fetched together, merged in order: the page file overrides the shared one.
  const tables = await Promise.all(urls.map((url) => fetcher(url).catch(() => undefined)));
  const base = tableState.language === options.language ? $languageTable.get() : {};
  const merged = Object.assign({}, base, ...tables.filter(isTable));
  if (load !== tableState.latest) return merged;
  tableState.language = options.language;
  $languageTable.set(merged);
  return merged;
}
