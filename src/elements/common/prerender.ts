import { useStore } from '@nanostores/react';
import { createContext, useContext } from 'react';
import { $language, $translate, builtinTranslator, LANGUAGES, type Language, type Translate } from '../../core';

// An element whose markup a server rendered (ph-widgets/server, into a declarative shadow root) is hydrated: React
// adopts the server's nodes instead of making new ones, so a field typed into before the scripts ran keeps its text,
// focus and input-method composition. Hydration must first render exactly what the server sent, whatever the page has
// set since (a stored language, say): the language texts are read through useSyncExternalStore's server snapshot,
// pinned to the server's language, and React renders again with the page's own straight after.

/** The attribute of the stylesheet a server puts first in the markup it renders: its value is the markup's language. */
export const PRERENDER_MARK = 'data-ph-prerender';

/** The stylesheet copy a server put at the top of this shadow root, if any (`:scope` means nothing in a shadow root). */
export function prerenderedStyle(root: ShadowRoot): HTMLStyleElement | null {
  const first = root.firstElementChild;
  return first instanceof HTMLStyleElement && first.hasAttribute(PRERENDER_MARK) ? first : null;
}

/** The language of the server-rendered markup in this shadow root, or null when it holds none. */
export function prerenderedLanguage(root: ShadowRoot): Language | null {
  const language = prerenderedStyle(root)?.getAttribute(PRERENDER_MARK) ?? '';
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : null;
}

/** The language the server rendered this element's markup in, while it is hydrated; null when rendered here. */
export const PrerenderLanguage = createContext<Language | null>(null);

/** `$translate`, as the server rendered it while the element hydrates. */
export function useTranslate(): Translate {
  const pinned = useContext(PrerenderLanguage);
  return useStore($translate, { ssr: pinned ? () => builtinTranslator(pinned) : false });
}

/** `$language`, as the server rendered it while the element hydrates. */
export function useLanguage(): Language {
  const pinned = useContext(PrerenderLanguage);
  return useStore($language, { ssr: pinned ? () => pinned : false });
}
