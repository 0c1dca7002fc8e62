import { pageSingleton } from '../shared';
import { type Theme, themeStylesheetUrl } from './model';

// §4 "Some theme CSS is cached in session storage": the text of a named theme's stylesheet is kept for the browser
// session, so the next page of the session applies the theme without a fetch, and elements can adopt the text into
// their shadow roots (a document-level <link> does not reach inside them).

export const THEME_CSS_CACHE_PREFIX = 'ph_theme_css:';

type TextStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface ThemeCssOptions {
  /** Fetches the stylesheet text; a same-origin `fetch` by default. */
  fetchText?: (url: string) => Promise<string>;
  /** sessionStorage by default; `undefined` caches nothing. */
  storage?: TextStorage | undefined;
}

function sessionStore(): TextStorage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage access throws when cookies are blocked: the CSS is then fetched each time.
    return undefined;
  }
}

function readCached(storage: TextStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

async function fetchCss(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.text();
}

/** One fetch per stylesheet at a time, however many elements ask together. */
const inFlight = /* @__PURE__ */ pageSingleton('theme-css-in-flight', () => new Map<string, Promise<string | null>>());

/**
 * The CSS text of a theme's stylesheet: from the session cache, else fetched once and cached. Null for the default
 * and custom colours (they have no stylesheet) and when the stylesheet cannot be fetched (nothing is cached then).
 */
export function loadThemeCss(theme: Theme | string, options: ThemeCssOptions = {}): Promise<string | null> {
  const url = themeStylesheetUrl(theme);
  if (!url) return Promise.resolve(null);
  const storage = 'storage' in options ? options.storage : sessionStore();
  const key = `${THEME_CSS_CACHE_PREFIX}${url}`;
  const cached = readCached(storage, key);
  if (cached !== null) return Promise.resolve(cached);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const load = (async () => {
    try {
      const css = await (options.fetchText ?? fetchCss)(url);
      try {
        storage?.setItem(key, css);
      } catch {
        // Quota exceeded: the text is still used, only not kept.
      }
      return css;
    } catch {
      return null;
    } finally {
      inFlight.delete(key);
    }
  })();
  inFlight.set(key, load);
  return load;
}
