// The page location behind a thin adapter: navigation decisions of http and auth are observable in Node tests.
import { pageSingleton } from '../shared';

export interface LocationAdapter {
  /** Full current URL. */
  href(): string;
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

function browserLocation(): LocationAdapter | null {
  if (typeof location === 'undefined') return null;
  return {
    href: () => location.href,
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

/** A recording adapter for tests and server-side rendering. */
export function memoryLocation(start = 'http://localhost/'): LocationAdapter & { visited: string[]; reloads: number } {
  const state = { href: start, visited: [] as string[], reloads: 0 };
  return {
    href: () => state.href,
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
