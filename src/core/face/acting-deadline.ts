import { LIVENESS_ACTING_MOST_MS, LIVENESS_ACTING_MS } from './liveness';
import type { FaceRun } from './run';

// The time limit of the liveness movement (issue 54): a person who is getting on with it is not cut off by a slow
// detector, and nobody is followed past the challenge's window. acting.ts decides what progress is.

export interface ActingDeadline {
  /** The movement began (`began`) or made progress: LIVENESS_ACTING_MS from now, within LIVENESS_ACTING_MOST_MS. */
  extend(began: boolean): void;
}

export function createActingDeadline(run: FaceRun, timedOut: () => void): ActingDeadline {
  let cancel: (() => void) | null = null;
  let mostAt = 0;
  return {
    extend(began) {
      const now = Date.now();
      if (began) mostAt = now + LIVENESS_ACTING_MOST_MS;
      cancel?.();
      cancel = run.later(Math.min(LIVENESS_ACTING_MS, mostAt - now), timedOut);
    },
  };
}
