import type { LocationAdapter } from '../config/location';
import { pageSingleton } from '../shared';
import { currentSessionEpoch } from './state';

/**
 * The session epoch in which this page last set off for the login page. A second departure in the same epoch would
 * abort the first navigation (seen: a sign-out leaving while the 401s of requests the cleared session set off asked
 * for the login page again): the page leaves once, and again only after a new sign-in.
 */
const departure = /* @__PURE__ */ pageSingleton('login-departure', () => ({ epoch: -1 }));

/** Goes to `url` (the login page, with or without the way back) unless this session is already leaving for it. */
export function leaveForLogin(here: LocationAdapter, url: string): boolean {
  const epoch = currentSessionEpoch();
  if (departure.epoch === epoch) return false;
  departure.epoch = epoch;
  here.assign(url);
  return true;
}
