/** §2 sub-application viewport: how many sub-apps stay mounted while hidden, by default. */
export const DEFAULT_KEEP_ALIVE = 5;

export interface KeepAliveState {
  /** Mounted sub-apps, least recently shown first. */
  kept: string[];
  /** Sub-apps unmounted by this visit (their DOM is to be freed). */
  evicted: string[];
}

/**
 * A visit to `key`: it becomes the most recent; beyond `cap` (at least 1) the least recently shown are evicted.
 * Pure: the viewport mounts `kept` and frees `evicted`.
 */
export function visitKeepAlive(kept: readonly string[], key: string, cap = DEFAULT_KEEP_ALIVE): KeepAliveState {
  const limit = Math.max(1, Math.floor(cap) || 1);
  const next = [...kept.filter((item) => item !== key), key];
  const evicted = next.splice(0, Math.max(0, next.length - limit));
  return { kept: next, evicted };
}
