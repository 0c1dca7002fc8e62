import { getLocation } from '../config/location';
import { requireConfig } from '../config/phinit';
import type { PhConfig } from '../config/resolve';
import { siteOf, sitePath } from '../routes/site';
import { $storedLang, $storedLanguage } from '../session/prefs';
import { type Language, languageFromUrl, normalizeLanguage, offeredLanguage, resolveLanguage } from './language';
import { loadLanguagePack, type PackFetcher } from './packs';
import { $language } from './translate';

export interface LanguageInitContext {
  /** Current page URL (its `language` query value and its path). */
  href: string;
  config: Pick<
    PhConfig,
    'language' | 'code' | 'appCode' | 'rootPath' | 'env' | 'languagePack' | 'skipSharedLanguagePack'
  > &
    Partial<Pick<PhConfig, 'languages' | 'apiBase' | 'basePath'>>;
  fetcher?: PackFetcher;
}

/** This page's own context: its address and phinit's configuration (phinit must have run). */
function pageContext(): LanguageInitContext {
  return { href: getLocation().href(), config: requireConfig() };
}

function loadFor(language: Language, ctx: LanguageInitContext): Promise<Record<string, string>> {
  const { config } = ctx;
  return loadLanguagePack({
    language,
    appCode: config.appCode,
    pageCode: config.code,
    rootPath: config.rootPath,
    env: config.env,
    // The page's path below the platform's prefix: its first segment names the language file's root (§7).
    pathname: sitePath(siteOf(ctx.href, config), ctx.href) ?? new URL(ctx.href).pathname,
    preloaded: config.languagePack,
    skipShared: config.skipSharedLanguagePack,
    fetcher: ctx.fetcher,
  });
}

/**
 * Page start: the language of §9's order becomes active, then its pack loads. A valid `language` query value is
 * the visitor's choice (a language link): it is stored under `lange_` so that the pages after it keep it, also when
 * this page does not offer it (a page listing only zh-CN and en still hands `?language=zh-HK` on to the desktop). A
 * page that does not offer the language shows the nearest one it offers. Without a context, this page's, after phinit
 * (an app's start: `phinit(…); initLanguage();`).
 */
export async function initLanguage(ctx: LanguageInitContext = pageContext()): Promise<Language> {
  const query = languageFromUrl(ctx.href);
  const chosen = resolveLanguage({
    query,
    argument: ctx.config.language,
    stored: $storedLanguage.get(),
    storedLang: $storedLang.get(),
  });
  const language = offeredLanguage(chosen, ctx.config.languages);
  if (query && normalizeLanguage(query) === query) $storedLanguage.set(chosen);
  $language.set(language);
  await loadFor(language, ctx);
  return language;
}

/** The user picked a language: it is stored under `lange_` so the next page starts with it. */
export async function changeLanguage(value: string, ctx: LanguageInitContext = pageContext()): Promise<Language> {
  const language = offeredLanguage(normalizeLanguage(value), ctx.config.languages);
  $storedLanguage.set(language);
  $language.set(language);
  await loadFor(language, ctx);
  return language;
}
