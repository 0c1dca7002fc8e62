// The three languages, and which one a page shows. The list lives here, not in translate.ts, so the built-in strings
// (strings.ts), which translate.ts reads, can name the languages without importing it back.

export const LANGUAGES = ['zh-CN', 'en', 'zh-HK'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
/** Each language named in itself: the language menu's items and the site pages' language links. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English', 'zh-HK': '繁體中文' };

/** §5: only zh-CN, en and zh-HK are languages; anything else means zh-CN. */
export function normalizeLanguage(value: unknown): Language {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

/** The places a language can come from, in the priority order of §9. */
export interface LanguageSources {
  /** `language` query value of the current URL. */
  query?: string | null;
  /** The language the page passed in. */
  argument?: string | null;
  /** Stored `lange_` value. */
  stored?: string | null;
  /** Stored `lang` value. */
  storedLang?: string | null;
}

/** The first source that holds a value wins, then it is normalised (an invalid value means zh-CN, §5). */
export function resolveLanguage(sources: LanguageSources): Language {
  const first = [sources.query, sources.argument, sources.stored, sources.storedLang].find(
    (value) => typeof value === 'string' && value !== '',
  );
  return normalizeLanguage(first);
}

/**
 * The language a page shows when it offers only some (its own `languages`): the language itself when offered, else
 * Chinese for traditional Chinese, else the first one offered.
 */
export function offeredLanguage(language: Language, offered: readonly Language[] | undefined): Language {
  if (!offered || offered.length === 0 || offered.includes(language)) return language;
  if (language === 'zh-HK' && offered.includes(DEFAULT_LANGUAGE)) return DEFAULT_LANGUAGE;
  return offered[0] as Language;
}

/** Reads the `language` query value of a URL (the first source of §9). */
export function languageFromUrl(href: string): string | null {
  try {
    return new URL(href).searchParams.get('language');
  } catch {
    return null;
  }
}
