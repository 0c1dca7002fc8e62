import { atom, computed } from 'nanostores';
import { pageSingleton } from '../shared';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './language';
import { BUILTIN_STRINGS } from './strings';

// The active language and the text table every element reads. Packs loaded at run time (loadLanguagePack)
// are merged into $languageTable and win over the built-in strings. Built-in strings are core's own plus what
// each element and the shell add for themselves (addStrings), so a page carries only the texts of what it loads.

export const $language = /* @__PURE__ */ pageSingleton('language', () => atom<Language>(DEFAULT_LANGUAGE));
/** Key-to-text table of loaded language packs, merged (§4 Language packs). */
export const $languageTable = /* @__PURE__ */ pageSingleton('language-table', () => atom<Record<string, string>>({}));

export type TranslateParams = Record<string, string | number>;
export type StringTable = Record<Language, Record<string, string>>;

const builtin = /* @__PURE__ */ pageSingleton(
  'builtin-strings',
  (): StringTable => ({
    'zh-CN': { ...BUILTIN_STRINGS['zh-CN'] },
    en: { ...BUILTIN_STRINGS.en },
    'zh-HK': { ...BUILTIN_STRINGS['zh-HK'] },
  }),
);

/** Adds built-in texts (an element's or the shell's), in the three languages. */
export function addStrings(strings: StringTable): void {
  for (const language of LANGUAGES) Object.assign(builtin[language], strings[language]);
}

function lookup(language: Language, table: Record<string, string>, key: string): string {
  return table[key] ?? builtin[language][key] ?? builtin[DEFAULT_LANGUAGE][key] ?? key;
}

function interpolate(text: string, params?: TranslateParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Text for `key` in the current language, `{name}` placeholders filled from params; the key itself when unknown. */
export function t(key: string, params?: TranslateParams): string {
  return interpolate(lookup($language.get(), $languageTable.get(), key), params);
}

/** A text lookup: `key` in one language, `{name}` placeholders filled from params; the key itself when unknown. */
export type Translate = (key: string, params?: TranslateParams) => string;

const builtinTranslators = new Map<Language, Translate>();

/**
 * A store that changes whenever the language or the table does: components subscribe to re-render. With no pack
 * loaded it holds builtinTranslator's function itself, so that an element hydrating server markup in the page's own
 * language finds nothing changed and does not render twice.
 */
export const $translate = computed([$language, $languageTable], (language, table): Translate => {
  if (Object.keys(table).length === 0) return builtinTranslator(language);
  return (key, params) => interpolate(lookup(language, table, key), params);
});

/**
 * The built-in texts of a language alone, no loaded pack: what a server renders an element with, and so what the
 * browser renders first when it hydrates that markup. One function per language, as React's server snapshots must be.
 */
export function builtinTranslator(language: Language): Translate {
  let translate = builtinTranslators.get(language);
  if (!translate) {
    translate = (key, params) => interpolate(lookup(language, {}, key), params);
    builtinTranslators.set(language, translate);
  }
  return translate;
}
