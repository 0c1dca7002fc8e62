import type { FaceEvent } from './machine';
import type { FaceRun } from './run';

// §4's time limit on detection (15 s without a capture), counted from when the detector can run, once per
// generation: detection may begin in the countdown and go on into detecting, where the limit starts.

/** Starts the limit for `generation` once `model()` has loaded; where the machine keeps detecting, it starts again. */
export function createTimeLimit(
  timeoutMs: number,
  model: () => Promise<boolean>,
  run: FaceRun,
  dispatch: (event: FaceEvent) => void,
): (generation: number) => Promise<void> {
  let limited = -1;
  function keep(generation: number): void {
    run.later(timeoutMs, () => {
      dispatch({ type: 'timedOut' });
      if (run.current(generation)) keep(generation);
    });
  }
  return async (generation) => {
    if (!(await model()) || !run.current(generation) || limited === generation) return;
    limited = generation;
    keep(generation);
  };
}
