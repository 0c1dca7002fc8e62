// §4's countdown: a tick a second from the camera's opening. It runs apart from the run's generation (run.ts): the
// turns asked for during the countdown (acting.ts) change the status, and must neither restart nor stop its seconds.

export interface CountdownClock {
  /** Counts from a full second now; a clock already running starts again. */
  start(): void;
  stop(): void;
}

/** Calls `tick` each second for as long as `running()` says the state still counts down after it. */
export function createCountdownClock(tick: () => void, running: () => boolean): CountdownClock {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const next = () => {
    timer = setTimeout(() => {
      timer = null;
      tick();
      if (running()) next();
    }, 1000);
  };
  return {
    start() {
      stop();
      next();
    },
    stop,
  };
}
