// Speed and time remaining from byte counts over a sliding window, on an injected clock (tests move it by hand).

export const SPEED_WINDOW_MS = 5000;

export interface RateMeter {
  /** The running total of bytes, now. */
  record(totalBytes: number): void;
  /** Bytes per second over the window; 0 until two samples lie apart in time. */
  speed(): number;
  /** Seconds to move `bytesLeft` at the current speed; undefined while the speed is unknown. */
  remaining(bytesLeft: number): number | undefined;
  reset(): void;
}

export function createRateMeter(now: () => number, windowMs = SPEED_WINDOW_MS): RateMeter {
  let samples: Array<{ at: number; total: number }> = [];
  const meter: RateMeter = {
    record(totalBytes) {
      const at = now();
      samples.push({ at, total: totalBytes });
      // Keep one sample at or before the window's start, so the window is always covered.
      while (samples.length > 2 && (samples[1] as { at: number }).at <= at - windowMs) samples.shift();
    },
    speed() {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last || last.at <= first.at) return 0;
      return Math.max(0, ((last.total - first.total) * 1000) / (last.at - first.at));
    },
    remaining(bytesLeft) {
      const speed = meter.speed();
      return speed > 0 ? Math.max(0, bytesLeft) / speed : undefined;
    },
    reset() {
      samples = [];
    },
  };
  return meter;
}
