// The face controller's hold on its async work: a generation bumped at each change of status, so that work started
// for an older status sees it and stops, and the timers of the current status, cleared with it.

export interface FaceRun {
  /** The generation now: work takes it when it starts. */
  readonly generation: number;
  /** Whether work started at `generation` is still for the current status. */
  current(generation: number): boolean;
  /** Runs `run` after `ms`, unless the status changes first or the function it returns is called. */
  later(ms: number, run: () => void): () => void;
  /** The status changed: older work stops and its timers are cleared. */
  advance(): void;
}

export function createFaceRun(): FaceRun {
  let generation = 0;
  let timers: ReturnType<typeof setTimeout>[] = [];
  return {
    get generation() {
      return generation;
    },
    current: (started) => started === generation,
    later(ms, run) {
      const timer = setTimeout(run, ms);
      timers.push(timer);
      return () => clearTimeout(timer);
    },
    advance() {
      generation += 1;
      for (const timer of timers) clearTimeout(timer);
      timers = [];
    },
  };
}
