import {
  FACE_CAPTURE_HITS,
  FACE_DETECT_INTERVAL_MS,
  FACE_NEXT_PERSON_AFTER_FAILURE_MS,
  FACE_NEXT_PERSON_MS,
  type FaceMode,
} from './constants';
import { framingAdvice } from './framing';
import type { Box } from './geometry';
import type { FaceState, Watch } from './state';

// Counting hits (§4: more than 8 detections in a row with one face on target), and the clock-in terminal's queue
// (issue 54): the camera stays open, detection runs on while a result shows, and the terminal goes back to detecting
// by itself, carrying the hits already counted.

/** Nothing seen yet. */
export const FRESH_WATCH: Watch = { faces: [], hits: 0 };
/** Right after a capture: the one in front was just served. */
export const SPENT_WATCH: Watch = { faces: [], hits: 0, spent: true };

/**
 * One detection (at `at` ms, where known): a hit adds to the run unless the run is spent; anything else ends it.
 * `paced`: the detection comes faster than detection's own loop (a liveness frame), and hits keep that loop's
 * cadence: one is due FACE_DETECT_INTERVAL_MS after the last, so a run never counts faster than one a cadence.
 */
export function watchAfter(watch: Watch, faces: Box[], guide: Box, at?: number, paced = false): Watch {
  const framing = framingAdvice(faces, guide);
  if (framing !== 'onTarget') return { faces, framing, hits: 0 };
  if (watch.spent) return { faces, framing, hits: 0, spent: true };
  const due = paced && watch.hits > 0 && watch.hitAt !== undefined ? watch.hitAt + FACE_DETECT_INTERVAL_MS : null;
  if (due !== null && at !== undefined && at < due) return { ...watch, faces, framing };
  const hitAt = due ?? at;
  return { faces, framing, hits: watch.hits + 1, ...(hitAt === undefined ? {} : { hitAt }) };
}

/** §4: more than 8 hits in a row capture (a spent run never does). */
export const capturesNow = (watch: Watch): boolean => !watch.spent && watch.hits > FACE_CAPTURE_HITS;

/** The same watch, counted from now on even if it was spent (a click asked for it). */
export function unspent({ faces, hits, framing }: Watch): Watch {
  return framing ? { faces, hits, framing } : { faces, hits };
}

/**
 * Whether detection is counting a hold that no photo has ended yet: the countdown, detecting, or the liveness
 * challenge asked for with the hold still running. The controller keeps one detection loop through these; while the
 * user turns, the liveness frames count the hold instead (acting.ts).
 */
export function holdRunning(state: FaceState): boolean {
  if (state.status === 'detecting' || state.status === 'countdown') return true;
  return state.status === 'challenging' && state.image === null;
}

/** The seconds of §4's countdown the stage shows: its own, or what is left of it while the turns begin during it. */
export function countdownLeft(state: FaceState): number | null {
  if (state.status === 'countdown') return state.remaining;
  if (state.status === 'challenging' || state.status === 'acting') return state.countdown ?? null;
  return null;
}

/** The results a clock-in terminal shows while it detects the next person. */
export type QueueDisplay = Extract<FaceState, { status: 'success' | 'failed' | 'timeout' }>;

/**
 * What a result's detection counts on from: after a clock-in, the person served is spent; after a refusal or the
 * time limit nobody was served, so whoever stays in front is counted and tries again once the result has shown.
 */
export const displayWatch = (state: QueueDisplay): Watch =>
  state.watch ?? (state.status === 'success' ? SPENT_WATCH : FRESH_WATCH);

/**
 * How long a clock-in terminal shows `state` before it goes back to detecting by itself; null where it waits for a
 * click (login and collect, or a camera closed behind a hidden tab). Detection runs on meanwhile.
 */
export function queueDisplayMs(state: FaceState, mode: FaceMode, cameraOpen: boolean): number | null {
  if (mode !== 'orther' || !cameraOpen) return null;
  switch (state.status) {
    case 'success':
      return FACE_NEXT_PERSON_MS;
    case 'failed':
    case 'timeout':
      return FACE_NEXT_PERSON_AFTER_FAILURE_MS;
    default:
      return null;
  }
}

/** The faces to draw over the live picture: what the last detection found, while anything is detecting. */
export function facesSeen(state: FaceState): Box[] | null {
  switch (state.status) {
    case 'ready':
    case 'detecting':
      return state.faces;
    case 'success':
    case 'failed':
    case 'timeout':
      return state.watch?.faces ?? null;
    default:
      return null;
  }
}
