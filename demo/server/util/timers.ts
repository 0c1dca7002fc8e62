// Timers a part of the server runs on, injected so that tests move time themselves (test/server/clock.ts
// ManualTimers) instead of sleeping. The real ones never keep the process alive.

export type TimerHandle = { readonly timer: unknown };

export interface Timers {
  /** Runs `run` once after `ms`. */
  set(run: () => void, ms: number): TimerHandle;
  /** Cancels a timer (nothing for one already run, cancelled, or undefined). */
  clear(handle: TimerHandle | undefined): void;
}

export const realTimers: Timers = {
  set(run, ms) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return { timer };
  },
  clear(handle) {
    if (handle) clearTimeout(handle.timer as ReturnType<typeof setTimeout>);
  },
};
