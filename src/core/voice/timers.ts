import type { VoiceEvent, VoiceTimer } from './machine';

// The machine's named timers: one of each at a time, and the machine hears when one runs out. They are the global
// timers, so tests drive them with fake timers.

export interface VoiceTimers {
  /** Starts `timer` anew (one still running is dropped). */
  start(timer: VoiceTimer, ms: number): void;
  clear(timer: VoiceTimer): void;
}

export function createVoiceTimers(dispatch: (event: VoiceEvent) => void): VoiceTimers {
  const running = new Map<VoiceTimer, ReturnType<typeof setTimeout>>();
  return {
    start(timer, ms) {
      clearTimeout(running.get(timer));
      running.set(
        timer,
        setTimeout(() => {
          running.delete(timer);
          dispatch({ type: 'timer', timer });
        }, ms),
      );
    },
    clear(timer) {
      clearTimeout(running.get(timer));
      running.delete(timer);
    },
  };
}
