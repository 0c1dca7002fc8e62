import type { Framing } from './framing';
import type { Box } from './geometry';

// What detection has seen of the hold so far: its own file, as both the states (state.ts) and the liveness turns
// during the hold (acting.ts) carry it.

/** What detection has seen so far. */
export interface Watch {
  /** The faces of the last detection, in view px (for the overlay). */
  faces: Box[];
  /** Detections in a row with exactly one face on target. */
  hits: number;
  /** The advice for the last detection; absent before the first. */
  framing?: Framing;
  /**
   * This run of hits already led to a capture: the person just served is still in front. A clock-in terminal counts
   * again once the run ends (a detection without one face on target), so that nobody is clocked in twice by standing
   * still; a click on 'Next' or 'Click to try again' counts at once.
   */
  spent?: boolean;
  /**
   * When the last hit was counted (ms; for the liveness frames, when it was due). They count the hold too, and come
   * faster than §4's detections: one hit per FACE_DETECT_INTERVAL_MS, so more than 8 hits still take 2 seconds.
   */
  hitAt?: number;
}
