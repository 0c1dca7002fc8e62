// The page location behind a thin adapter: navigation decisions of http and auth are observable in Node tests.
import { pageSingleton } from '../shared';

/** How the page's document came: the address it was loaded at (before any `replaceState`), and whether a redirect led there. */
export interface LoadedDocument {
  url: string;
  redirected: boolean;
}

export interface LocationAdapter {
  /** Full current URL. */
  href(): string;
  /** How this document was loaded, where the browser tells (the navigation's timing entry). */
  loaded?(): LoadedDocument | null;
  assign(url: string): void;
  reload(): void;
  /** Changes the address in place, without a new history entry or a load (strips secrets from the URL). */
  replace(url: string): void;
}

const unavailable: LocationAdapter = {
  href: () => 'http://localhost/',
  assign: () => {},
  reload: () => {},
  replace: () => {},
};

/** The document's navigation entry: its `name` stays the address it was loaded at when a router replaces it. */
function loadedDocument(): LoadedDocument | null {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return null;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry ? { url: entry.name, redirected: entry.redirectCount > 0 } : null;
}

function browserLocation(): LocationAdapter | null {
  if (typeof location === 'undefined') return null;
  return {
    href: () => location.href,
    loaded: loadedDocument,
    assign: (url) => location.assign(url),
    reload: () => location.reload(),
    replace: (url) => history.replaceState(history.state, '', url),
  };
}

// One per page, like the stores: a test (or an app shell) that replaces it replaces it for every bundle.
const slot = /* @__PURE__ */ pageSingleton('location', () => ({ current: browserLocation() ?? unavailable }));

export function setLocationAdapter(adapter: LocationAdapter): void {
  slot.current = adapter;
}

export function getLocation(): LocationAdapter {
  return slot.current;
}

/**
 * A recording adapter for tests and server-side rendering: a document loaded at `start` (`replace` moves the address
 * as a router does, the document stays the one loaded there).
 */
export function memoryLocation(start = 'http://localhost/'): LocationAdapter & { visited: string[]; reloads: number } {
  const state = { href: start, visited: [] as string[], reloads: 0 };
  return {
    href: () => state.href,
    loaded: () => ({ url: start, redirected: false }),
    assign(url) {
      state.href = new URL(url, state.href).href;
      state.visited.push(state.href);
    },
    reload() {
      state.reloads++;
    },
    replace(url) {
      state.href = new URL(url, state.href).href;
    },
    get visited() {
      return state.visited;
    },
    get reloads() {
      return state.reloads;
    },
  };
}
