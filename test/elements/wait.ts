import { waitUntil as pollUntil } from '@open-wc/testing';
import { timeLeftMs } from './mocha-runs';

// How element tests wait (docs/architecture.md › How tests wait): for a condition, for as long as the test or hook
// that waits may still run. @open-wc's waitUntil gives up after 1 s unless told otherwise, and any fixed budget
// shorter than the test's own timeout is a timed test in disguise: it fails when a loaded machine is slow, not when the
// code is wrong. This waitUntil takes no budget: it gives up only just before mocha would time the test out, so that
// the failure still names the condition that never came.

/** Mocha's own timer fires this long after a wait gives up, so the wait's message is the one reported. */
const REPORT_MARGIN_MS = 200;

/** Resolves once `condition` holds; fails with `message` only when the running test or hook is about to time out. */
export function waitUntil(condition: () => unknown, message?: string): Promise<void> {
  return pollUntil(condition, message, { timeout: Math.max(timeLeftMs() - REPORT_MARGIN_MS, 0) });
}
