// §9 face constants, and the few timings derived from them.

export const FACE_MODES = ['collect', 'login', 'orther'] as const;
/** collect registers a face, login signs in with it, orther (the spec's spelling, a wire value) clocks in. */
export type FaceMode = (typeof FACE_MODES)[number];

export const FACE_LIVENESS = ['auto', 'off', 'required'] as const;
/**
 * Whether login and clock-in ask the server for a liveness challenge (issue 37) before the plain §7 call: `auto` asks,
 * and an answer of 401, 403, 404, 405 or 501 means this back end has no liveness check (issue 67), so the photo goes
 * alone; `off` never asks; `required` asks, and such an answer is an error. A back end that wants liveness refuses a
 * plain call itself.
 */
export type FaceLiveness = (typeof FACE_LIVENESS)[number];

/** Seconds counted down after the camera opens, before capture is enabled. */
export const FACE_COUNTDOWN_SECONDS = 3;
/** Login and clock-in give up when no capture happened this long after detection began. */
export const FACE_TIMEOUT_MS = 15_000;
/** Login and clock-in capture once the face has been on target for more than this many detections in a row. */
export const FACE_CAPTURE_HITS = 8;
/**
 * Login and clock-in ask for the liveness turns during the hold while it has at most this many hits (issue 54): with
 * 5 or more of its 2 seconds left, the turns fit in them. Nearer its end the photo is taken first and the turns follow,
 * as facing the camera again after the turns would take people longer (about 0.8 s) than the rest of the hold.
 */
export const FACE_TURNS_DURING_HOLD_MAX_HITS = 4;
/**
 * Pause between two detections. §8's timeout text asks for "more than 2 seconds" on target, which is what more than
 * 8 hits mean at one detection per 250 ms; it also leaves the CPU of a shared terminal mostly idle.
 */
export const FACE_DETECT_INTERVAL_MS = 250;
/**
 * Detections keep that cadence from one start to the next (a detection of 60–90 ms used to stretch it to 3.3 a
 * second, and the hold to 2.7 s); a detector slower than the interval still leaves the CPU this much rest between two.
 */
export const FACE_DETECT_REST_MS = 60;

/** How long to wait before the next detection, when the last one took `elapsedMs` from its start. */
export function detectionPause(elapsedMs: number): number {
  return Math.max(FACE_DETECT_INTERVAL_MS - elapsedMs, FACE_DETECT_REST_MS);
}
/**
 * Clock-in (`orther`) serves a queue (issue 54): the success line (who, when) shows this long, then the terminal looks
 * for the next person by itself. Detection runs on meanwhile, so the next person's hits are already counted.
 */
export const FACE_NEXT_PERSON_MS = 1500;
/** …and a refusal or the timeout prompt this long, long enough to be read. */
export const FACE_NEXT_PERSON_AFTER_FAILURE_MS = 3000;
/** The guide box is this share of the view's width. */
export const FACE_GUIDE_RATIO = 0.35;
/** A face is on target when its box is within this many px of the guide box in position and in size. */
export const FACE_TARGET_TOLERANCE_PX = 50;
/** The captured photo is this many px square… */
export const FACE_CAPTURE_PX = 480;
/** …except on screens narrower than this, where it takes the body's size. */
export const FACE_NARROW_SCREEN_PX = 761;
/** JPEG quality of the captured photo (§9: quality 1). */
export const FACE_JPEG_QUALITY = 1;
