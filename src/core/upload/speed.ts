// Speed and time remaining from byte counts over a sliding window, on an injected clock (tests move it by hand).

export const SPEED_WINDOW_MS = 5000;
/**
 * A time left is told once the speed has been measured over this long: over the first moments the browser takes
 * bytes into its send buffer far faster than the network carries them, and "1 s left" became "7 s" (issue 69).
 */
export const ESTIMATE_AFTER_MS = 1000;

export interface RateMeter {
  /** The running total of bytes, now. */
  record(totalBytes: number): void;
  /** Bytes per second over the window; 0 until two samples lie apart in time. */
  speed(): number;
  /** Seconds to move `bytesLeft` at the current speed; undefined until it was measured for ESTIMATE_AFTER_MS. */
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
      const measured = (samples.at(-1)?.at ?? 0) - (samples[0]?.at ?? 0);
      return speed > 0 && measured >= ESTIMATE_AFTER_MS ? Math.max(0, bytesLeft) / speed : undefined;
    },
    reset() {
      samples = [];
    },
  };
  return meter;
}
