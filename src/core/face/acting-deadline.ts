import { LIVENESS_ACTING_FRAMES, LIVENESS_ACTING_MOST_MS, LIVENESS_ACTING_MS } from './liveness';
import type { FaceRun } from './run';

// The time limit of the liveness movement (issue 54): a person who is getting on with it is not cut off by a slow
// detector, and nobody is followed past the challenge's window. acting.ts decides what progress is.
//
// Without progress the widget waits LIVENESS_ACTING_MS and LIVENESS_ACTING_FRAMES frames, whichever ends later: the
// person is given so many looks at her turns, not only so much time. A slow phone's detector (or a busy machine's)
// takes a frame in half a second or more where a quick one takes five or more: in 8 s it could miss a turn back and
// again, and the slower one it then asks for did not fit in the time left.

export interface ActingDeadline {
  /** The movement began (`began`) or made progress: the wait for the next progress starts again. */
  extend(began: boolean): void;
  /** A frame of the movement was followed (after `extend` where it made progress). */
  sampled(): void;
}

export function createActingDeadline(run: FaceRun, timedOut: () => void): ActingDeadline {
  let cancelWait: (() => void) | null = null;
  let cancelMost: (() => void) | null = null;
  let frames = 0;
  let waited = false;
  const giveUpIfDue = () => {
    if (waited && frames >= LIVENESS_ACTING_FRAMES) timedOut();
  };
  return {
    extend(began) {
      if (began) {
        cancelMost?.();
        cancelMost = run.later(LIVENESS_ACTING_MOST_MS, timedOut);
      }
      frames = 0;
      waited = false;
      cancelWait?.();
      cancelWait = run.later(LIVENESS_ACTING_MS, () => {
        waited = true;
        giveUpIfDue();
      });
    },
    sampled() {
      frames += 1;
      giveUpIfDue();
    },
  };
}
