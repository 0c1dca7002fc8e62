import { vi } from 'vitest';
import { getCurrentTest } from 'vitest/suite';

// How the Node tiers wait (docs/architecture.md › How tests wait): for a condition, for as long as the running test may
// still run. vi.waitFor gives up after 1 s unless told otherwise, and a fixed budget shorter than the test's own
// timeout fails when a loaded machine is slow rather than when the code is wrong. This one takes no budget: it gives up
// just before vitest would time the test out, so that the failure is the assertion that never passed.

/** The real clock, as vitest reads it for a test's start: a test on fake timers moves only the fake Date. */
const realNow = Date.now;
/** Vitest's own timer fires this long after the wait gives up. */
const REPORT_MARGIN_MS = 200;
/** Vitest's default test timeout, for a wait outside a test. */
const DEFAULT_TEST_TIMEOUT_MS = 5000;

/** How long the running test may still wait: its timeout, less what it has used and a margin to report the failure. */
export function timeLeftMs(): number {
  const test = getCurrentTest();
  const timeout = test?.timeout ?? DEFAULT_TEST_TIMEOUT_MS;
  const elapsed = test?.result?.startTime === undefined ? 0 : realNow() - test.result.startTime;
  return Math.max(timeout - elapsed - REPORT_MARGIN_MS, 0);
}

/** Resolves with `check`'s result once it stops throwing; polls every 20 ms. */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: timeLeftMs(), interval: 20 });
}
