import type { LocationAdapter } from '../config/location';
import { pageSingleton } from '../shared';
import type { AfterSignIn, PastNavigation } from './redirect';

// What decideAfterSignIn (redirect.ts) needs to know of earlier navigations, and the doing of its answer. A router
// whose catch-all sends an unknown landing page back to the app's login page made the page sign the user through
// again on every load (issue 68): the tab keeps its last navigation after a sign-in in session storage, and each
// page location remembers whether it has navigated already.

/** Where the tab keeps its last navigation after a sign-in (session storage by default; injectable in tests). */
export interface NavigationLog {
  last(): PastNavigation | null;
  record(navigation: PastNavigation): void;
}

const STORAGE_KEY = 'ph-widgets.navigatedAfterSignIn';

/** The log in this tab's session storage; a page without one (a server, a sandbox) keeps nothing. */
export function sessionNavigationLog(): NavigationLog {
  const storage = () => {
    try {
      return typeof sessionStorage === 'undefined' ? null : sessionStorage;
    } catch {
      return null;
    }
  };
  return {
    last() {
      try {
        const value: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
        const entry = value as Partial<PastNavigation> | null;
        return typeof entry?.url === 'string' && typeof entry.at === 'number' ? { url: entry.url, at: entry.at } : null;
      } catch {
        return null;
      }
    },
    record(navigation) {
      try {
        storage()?.setItem(STORAGE_KEY, JSON.stringify(navigation));
      } catch {
        // Storage full or refused: the loop guard of this page load still holds.
      }
    },
  };
}

/** The locations (one per page, a test's each) that have navigated after a sign-in during this page load. */
const navigated = /* @__PURE__ */ pageSingleton('navigated-after-sign-in', () => new WeakSet<LocationAdapter>());

export function navigatedThisLoad(location: LocationAdapter): boolean {
  return navigated.has(location);
}

/** Carries out what decideAfterSignIn answered; a navigation is remembered first. */
export function followAfterSignIn(
  next: AfterSignIn,
  deps: { location: LocationAdapter; navigation: NavigationLog },
  now = Date.now(),
): void {
  if (next.action === 'reload') deps.location.reload();
  if (next.action !== 'go') return;
  navigated.add(deps.location);
  deps.navigation.record({ url: next.url, at: now });
  deps.location.assign(next.url);
}
