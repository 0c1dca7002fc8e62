import type { TimerHandle, Timers } from '../../demo/server/util/timers';

/**
 * The server clock handed to `createServer({ now })` by tests: time moves only when a test says so, so lifetimes
 * (tokens, tickets, windows, sweeps) are tested without sleeping. Starts at the real time, since file times on disk
 * (chunk ages) are compared with it.
 */
export class ManualClock {
  private at = Date.now();

  readonly now = (): number => this.at;

  advance(seconds: number): void {
    this.at += seconds * 1000;
  }
}

/**
 * Timers handed to `createServer({ speechTimers })`: they run only when a test moves them on, so the speech gateway's
 * limits (seconds each) are tested without waiting for them.
 */
export class ManualTimers implements Timers {
  private at = 0;
  private pending: { due: number; run: () => void; handle: TimerHandle }[] = [];

  readonly set = (run: () => void, ms: number): TimerHandle => {
    const handle = { timer: Symbol('timer') };
    this.pending.push({ due: this.at + ms, run, handle });
    return handle;
  };

  readonly clear = (handle: TimerHandle | undefined): void => {
    this.pending = this.pending.filter((timer) => timer.handle !== handle);
  };

  /** The delays (ms from now) of the timers waiting to run. */
  delays(): number[] {
    return this.pending.map((timer) => timer.due - this.at);
  }

  /** Moves time on by `ms`, running each timer that falls due on the way, earliest first. */
  advance(ms: number): void {
    const until = this.at + ms;
    for (;;) {
      const next = this.pending.filter((timer) => timer.due <= until).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.at = next.due;
      this.clear(next.handle);
      next.run();
    }
    this.at = until;
  }
}
